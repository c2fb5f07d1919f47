import { describe, expect, it } from 'vitest';
import { detectLocale, isLocale } from './locale-detect';

describe('detectLocale', () => {
  it.each([['zh'], ['zh-CN'], ['zh-TW'], ['zh-HK'], ['zh_Hans'], ['ZH-sg']])('%s is Chinese', (lang) => {
    expect(detectLocale([lang])).toBe('zh-CN');
  });

  it.each([['en-US'], ['fr'], ['zhx'], ['de-CH']])('%s is English', (lang) => {
    expect(detectLocale([lang])).toBe('en');
  });

  it('uses the first preferred language only', () => {
    expect(detectLocale(['en-GB', 'zh-CN'])).toBe('en');
    expect(detectLocale(['', 'zh-TW'])).toBe('zh-CN');
  });

  it('falls back to English when nothing is known', () => {
    expect(detectLocale([])).toBe('en');
  });

  it('recognises the supported locales', () => {
    expect(isLocale('zh-CN')).toBe(true);
    expect(isLocale('zh')).toBe(false);
  });
});
