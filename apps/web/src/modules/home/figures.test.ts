import { describe, expect, it } from 'vitest';
import { greetingOf, presentFigures } from './figures';

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

  it('greets by the time of day', () => {
    expect(greetingOf(8)).toBe('morning');
    expect(greetingOf(13)).toBe('afternoon');
    expect(greetingOf(21)).toBe('evening');
  });
});
