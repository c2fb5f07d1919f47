import { describe, expect, it } from 'vitest';
import { dash, formatMinor, formatNumber } from './format.js';

describe('formatNumber (spec 5)', () => {
  it('groups thousands', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-1234.5)).toBe('-1,234.5');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
  });

  it('shows up to 6 decimals, rounded, without trailing zeros', () => {
    expect(formatNumber(1234567.1234567)).toBe('1,234,567.123457');
    expect(formatNumber(0.000001)).toBe('0.000001');
    expect(formatNumber(0.0000004)).toBe('0');
    expect(formatNumber(1.5)).toBe('1.5');
    expect(formatNumber(2.1, 6)).toBe('2.1');
    expect(formatNumber(1.23456789, 2)).toBe('1.23');
  });

  it('pads amounts to a minimum of decimals and keeps the rest up to the maximum', () => {
    expect(formatNumber('4198.5', 6, 2)).toBe('4,198.50');
    expect(formatNumber('5', 6, 2)).toBe('5.00');
    expect(formatNumber('0.0035', 6, 2)).toBe('0.0035');
    expect(formatNumber('-12.345678', 6, 2)).toBe('-12.345678');
  });

  it('never shows -0 for a negative value that rounds to zero', () => {
    expect(formatNumber(-0.0000004)).toBe('0');
    expect(formatNumber('-0.0000001')).toBe('0');
  });

  it('formats numeric strings (database numerics) exactly, even past double precision', () => {
    expect(formatNumber('1234.5')).toBe('1,234.5');
    expect(formatNumber(' 42 ')).toBe('42');
    expect(formatNumber('0.1234567')).toBe('0.123457');
    expect(formatNumber('1234567890123.123456')).toBe('1,234,567,890,123.123456');
    expect(formatNumber('98765432109876543210')).toBe('98,765,432,109,876,543,210');
  });

  it('shows a dash for missing or non-numeric values', () => {
    for (const v of [null, undefined, '', '   ', 'abc', '0x10', '1,000', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatNumber(v as number | string | null | undefined), String(v)).toBe('-');
    }
  });
});

describe('formatMinor', () => {
  it('shows integer minor units with the currency decimals', () => {
    expect(formatMinor(123456789)).toBe('1,234,567.89');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(-99)).toBe('-0.99');
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(123456, 3)).toBe('123.456');
    expect(formatMinor(42, 0)).toBe('42');
  });

  it('shows bigint amounts exactly', () => {
    expect(formatMinor(12345678901234567n)).toBe('123,456,789,012,345.67');
    expect(formatMinor(-5n)).toBe('-0.05');
    expect(formatMinor(100n, 0)).toBe('100');
  });
});

describe('dash', () => {
  it('shows a dash for missing values and the value otherwise', () => {
    expect(dash(null)).toBe('-');
    expect(dash(undefined)).toBe('-');
    expect(dash('')).toBe('-');
    expect(dash(0)).toBe('0');
    expect(dash(false)).toBe('false');
    expect(dash('text')).toBe('text');
  });
});
