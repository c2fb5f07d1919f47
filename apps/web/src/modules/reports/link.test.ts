import { describe, expect, it } from 'vitest';
import { periodOfLink } from './link';

const shown = (from: string | null, to: string | null) => {
  const p = periodOfLink(from, to);
  return p && [p.period, p.from.format('YYYY-MM-DD'), p.to.format('YYYY-MM-DD')];
};

describe('a report link’s period', () => {
  it('opens a Monday–Sunday week, a calendar month or a day as such, anything else as custom', () => {
    expect(shown('2026-11-16', '2026-11-22')).toEqual(['week', '2026-11-16', '2026-11-22']);
    expect(shown('2026-02-01', '2026-02-28')).toEqual(['month', '2026-02-01', '2026-02-28']);
    expect(shown('2026-11-20', '2026-11-20')).toEqual(['day', '2026-11-20', '2026-11-20']);
    // seven days not starting on Monday
    expect(shown('2026-11-17', '2026-11-23')?.[0]).toBe('custom');
  });

  it('ignores a link without a valid range', () => {
    expect(shown(null, '2026-11-20')).toBeNull();
    expect(shown('2026-02-30', '2026-03-01')).toBeNull();
    expect(shown('2026-11-22', '2026-11-16')).toBeNull();
  });
});
