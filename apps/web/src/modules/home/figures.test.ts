import { describe, expect, it } from 'vitest';
import { greetingOf, presentFigures, trendSeries } from './figures';

describe('home figures', () => {
  it('shows only the figures present in the answer', () => {
    expect(presentFigures({ quickAccess: [], isSimbank: false, dateSettings: null })).toEqual([]);
    expect(presentFigures({ todoNum: 3, myCustomer: 0, quickAccess: [] }).map((f) => [f.key, f.value])).toEqual([
      ['todoNum', 3],
      ['myCustomer', 0],
    ]);
    expect(presentFigures(undefined)).toEqual([]);
  });

  it('shows unread messages as a count, never as yes / no', () => {
    expect(presentFigures({ unread: true, unreadNum: 7, quickAccess: [] })).toEqual([
      { key: 'unread', value: 7, to: '/message/notification' },
    ]);
    expect(presentFigures({ unread: false, unreadNum: 0, quickAccess: [] }).map((f) => f.value)).toEqual([0]);
    // only the flag reported: no count to show, so no figure (never faked)
    expect(presentFigures({ unread: true, quickAccess: [] })).toEqual([]);
  });

  it('shows a figure that waits for its data as waiting, with no number', () => {
    const f = presentFigures({ todoNum: 1, waiting: { todaySend: 'traffic', trend: 'traffic' }, quickAccess: [] });
    expect(f).toEqual([
      { key: 'todoNum', value: 1, to: '/general/my-agent' },
      { key: 'todaySend', value: null, to: null, waitsFor: 'traffic' },
    ]);
  });

  it('draws the trend by day, revenue per currency', () => {
    const s = trendSeries({
      days: ['2026-11-23', '2026-11-24'],
      count: [3, 4],
      revenue: [{ currency: 'USD', values: ['0.5', '1.25'] }],
    });
    expect(s).toEqual({ days: ['11-23', '11-24'], count: [3, 4], revenue: [{ currency: 'USD', values: [0.5, 1.25] }] });
  });

  it('greets by the time of day', () => {
    expect(greetingOf(8)).toBe('morning');
    expect(greetingOf(13)).toBe('afternoon');
    expect(greetingOf(21)).toBe('evening');
  });
});
