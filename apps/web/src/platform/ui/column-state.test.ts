import { describe, expect, it } from 'vitest';
import { arrangeColumns, chooserItems, defaultHidden, moveColumn, toggleColumn, totalWidth } from './column-state';

const cols = [
  { key: 'name', width: 140 },
  { key: 'email', width: 200, secondary: true },
  { key: 'phone', width: 150, secondary: true },
  { key: 'createdAt', width: 150 },
  { key: 'action', width: 120, fixed: 'right' },
];
const keys = (list: { key?: unknown }[]) => list.map((c) => c.key);

describe('arrangeColumns', () => {
  it('keeps the declared order without a saved one', () => {
    expect(keys(arrangeColumns(cols, undefined))).toEqual(['name', 'email', 'phone', 'createdAt', 'action']);
  });

  it('follows the saved order and hides saved hidden columns; fixed columns stay at their end', () => {
    const pref = { order: ['createdAt', 'name', 'phone', 'email'], hidden: ['phone'] };
    expect(keys(arrangeColumns(cols, pref))).toEqual(['createdAt', 'name', 'email', 'action']);
  });

  it('drops saved keys the list no longer has and puts new columns after their declared predecessor', () => {
    const pref = { order: ['createdAt', 'gone', 'name'], hidden: ['gone'] };
    expect(keys(arrangeColumns(cols, pref))).toEqual(['createdAt', 'name', 'email', 'phone', 'action']);
  });

  it('uses the fallback hidden set only while nothing is saved', () => {
    expect(keys(arrangeColumns(cols, undefined, ['email']))).toEqual(['name', 'phone', 'createdAt', 'action']);
    expect(keys(arrangeColumns(cols, { order: [], hidden: [] }, ['email']))).toHaveLength(5);
  });
});

describe('defaultHidden', () => {
  it('hides the last secondary columns until the table fits, and no more', () => {
    // 760 px in all
    expect(defaultHidden(cols, 800)).toEqual([]);
    expect(defaultHidden(cols, 700)).toEqual(['phone']);
    expect(defaultHidden(cols, 500)).toEqual(['phone', 'email']);
    // primary columns never collapse
    expect(defaultHidden(cols, 100)).toEqual(['phone', 'email']);
    expect(defaultHidden(cols, undefined)).toEqual([]);
  });

  it('lets ranked columns go in rank order: the highest first, the rightmost of a rank first', () => {
    const ranked = [
      { key: 'name', width: 140 },
      { key: 'code', width: 130, secondary: 1 },
      { key: 'email', width: 200, secondary: true },
      { key: 'createdAt', width: 150, secondary: 1 },
      { key: 'action', width: 120, fixed: 'right' },
    ];
    expect(defaultHidden(ranked, 600)).toEqual(['email']);
    expect(defaultHidden(ranked, 450)).toEqual(['email', 'createdAt']);
    expect(defaultHidden(ranked, 100)).toEqual(['email', 'createdAt', 'code']);
  });
});

describe('chooser edits', () => {
  const items = chooserItems(cols, { order: ['phone', 'name', 'email', 'createdAt'], hidden: ['email'] });

  it('lists choosable columns in the current order with their visibility', () => {
    expect(items.map((i) => [i.key, i.visible])).toEqual([
      ['phone', true],
      ['name', true],
      ['email', false],
      ['createdAt', true],
    ]);
  });

  it('toggles and moves, returning the pref to save', () => {
    expect(toggleColumn(items, 'email', true)).toEqual({ order: ['phone', 'name', 'email', 'createdAt'], hidden: [] });
    expect(moveColumn(items, 'name', -1)).toEqual({
      order: ['name', 'phone', 'email', 'createdAt'],
      hidden: ['email'],
    });
    expect(moveColumn(items, 'phone', -1).order[0]).toBe('phone');
    expect(moveColumn(items, 'createdAt', 1).order[3]).toBe('createdAt');
  });

  it('never hides the last visible column', () => {
    const one = chooserItems(cols, { order: [], hidden: ['email', 'phone', 'createdAt'] });
    expect(toggleColumn(one, 'name', false).hidden).not.toContain('name');
  });
});

describe('totalWidth', () => {
  it('adds the widths, counting 120 px for a column without one', () => {
    expect(totalWidth(cols)).toBe(760);
    expect(totalWidth([{ key: 'a' }, { key: 'b', width: 80 }])).toBe(200);
  });
});
