import { describe, expect, it } from 'vitest';
import { DEFAULT_INBOX_SETTINGS, hasSpamWord, inboxSettings } from './settings.js';

describe('inbox settings (decision 0062)', () => {
  it('takes the defaults and refuses out-of-range values', () => {
    expect(inboxSettings.safeParse(DEFAULT_INBOX_SETTINGS).success).toBe(true);
    expect(inboxSettings.safeParse({ ...DEFAULT_INBOX_SETTINGS, spamRetentionDays: null }).success).toBe(true);
    for (const bad of [
      { maxMessageMb: 0 },
      { maxMessageMb: 51 },
      { spamRetentionDays: 0 },
      { spamRetentionDays: 1.5 },
      { spamWords: [''] },
      { spamWords: ['a\nb'] },
      { spamWords: Array.from({ length: 101 }, (_, i) => `w${i}`) },
    ])
      expect(inboxSettings.safeParse({ ...DEFAULT_INBOX_SETTINGS, ...bad }).success).toBe(false);
  });

  it('finds a spam word in a subject regardless of case; none finds nothing', () => {
    expect(hasSpamWord('You won the LOTTERY', ['lottery'])).toBe(true);
    expect(hasSpamWord('免费礼品等你领', ['免费礼品'])).toBe(true);
    expect(hasSpamWord('Quarterly rates', ['lottery'])).toBe(false);
    expect(hasSpamWord('anything', [])).toBe(false);
  });
});
