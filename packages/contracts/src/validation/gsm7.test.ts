import { describe, expect, it } from 'vitest';
import { gsm7Length, isGsm7, smsSegments } from './gsm7.js';

describe('isGsm7', () => {
  it('accepts ASCII and the GSM characters above code 127', () => {
    expect(isGsm7('Hello, world! 123 @_$')).toBe(true);
    expect(isGsm7('£¥èéùìòÇØøÅåΔΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà')).toBe(true);
    expect(isGsm7('line\nbreak\r')).toBe(true);
    expect(isGsm7('')).toBe(true);
  });

  it('accepts the extension characters', () => {
    expect(isGsm7('^€{}[]~|\\')).toBe(true);
  });

  it('spec 5: every character up to code 127 counts as compatible, even outside the GSM table', () => {
    expect(isGsm7('`')).toBe(true);
  });

  it('refuses a text with any character above 127 outside the GSM set', () => {
    expect(isGsm7('你好')).toBe(false);
    expect(isGsm7('price 5€ 你')).toBe(false);
    expect(isGsm7('δ')).toBe(false); // small Greek letters are not in the table, capitals are
    expect(isGsm7('ç')).toBe(false);
    expect(isGsm7('😀')).toBe(false);
    expect(isGsm7('«quote»')).toBe(false);
  });
});

describe('gsm7Length', () => {
  it('counts the extension characters ^ € { } [ ] ~ | \\ as two', () => {
    for (const ch of ['^', '€', '{', '}', '[', ']', '~', '|', '\\']) expect(gsm7Length(ch), ch).toBe(2);
    expect(gsm7Length('^€{}[]~|\\')).toBe(18);
  });

  it('counts every other character as one', () => {
    expect(gsm7Length('abc')).toBe(3);
    expect(gsm7Length('Ä£ @')).toBe(4);
    expect(gsm7Length('a€b')).toBe(4);
    expect(gsm7Length('')).toBe(0);
  });
});

describe('smsSegments', () => {
  it('GSM-7: one segment up to 160 septets, then 153 per segment', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', length: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', length: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
    expect(smsSegments('a'.repeat(459)).segments).toBe(3);
    expect(smsSegments('a'.repeat(460)).segments).toBe(4);
  });

  it('GSM-7: extension characters push the length over a boundary', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', length: 160, segments: 1 });
    expect(smsSegments(`${'€'.repeat(80)}a`)).toEqual({ encoding: 'GSM-7', length: 161, segments: 2 });
    expect(smsSegments(`${'a'.repeat(159)}{`)).toEqual({ encoding: 'GSM-7', length: 161, segments: 2 });
  });

  it('one Chinese character turns the whole text into UCS-2: 70 per segment, then 67', () => {
    expect(smsSegments('你好')).toEqual({ encoding: 'UCS-2', length: 2, segments: 1 });
    expect(smsSegments('中'.repeat(70))).toEqual({ encoding: 'UCS-2', length: 70, segments: 1 });
    expect(smsSegments('中'.repeat(71))).toEqual({ encoding: 'UCS-2', length: 71, segments: 2 });
    expect(smsSegments('中'.repeat(134)).segments).toBe(2);
    expect(smsSegments('中'.repeat(135)).segments).toBe(3);
    // 100 GSM characters alone fit one segment; with one Chinese character they need two
    expect(smsSegments('a'.repeat(100)).segments).toBe(1);
    expect(smsSegments(`${'a'.repeat(100)}中`)).toEqual({ encoding: 'UCS-2', length: 101, segments: 2 });
  });

  it('UCS-2: extension characters count once, characters outside the BMP twice', () => {
    expect(smsSegments('中€').length).toBe(2);
    expect(smsSegments('😀')).toEqual({ encoding: 'UCS-2', length: 2, segments: 1 });
    expect(smsSegments('😀'.repeat(35)).segments).toBe(1);
    expect(smsSegments('😀'.repeat(36)).segments).toBe(2);
  });

  it('an empty text is one GSM-7 segment of length 0', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', length: 0, segments: 1 });
  });
});
