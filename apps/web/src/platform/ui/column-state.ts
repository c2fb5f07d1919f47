import type { TableColumnsPref } from '@portal/contracts/prefs';

/** The parts of a list column the chooser needs. */
export interface ChoosableColumn {
  key?: unknown;
  width?: unknown;
  fixed?: unknown;
  /**
   * shown by default only where the table has room for it; a number ranks it (the highest rank
   * goes first, `true` counts as 2), so a list can let its last facts go before its key columns
   */
  secondary?: boolean | number;
}

export const keyOf = (c: ChoosableColumn): string | undefined =>
  typeof c.key === 'string' || typeof c.key === 'number' ? String(c.key) : undefined;

/** Columns without a key, and fixed ones (the row actions), are always shown in place. */
const choosable = (c: ChoosableColumn) => keyOf(c) !== undefined && !c.fixed;

/** The width a column takes in the fit calculation (a column without a width counts as 120 px). */
const widthForFit = (c: ChoosableColumn) => (typeof c.width === 'number' ? c.width : 120);

/** The table's scroll width: its columns side by side (antd stretches the table to its box when wider). */
export const totalWidth = (columns: readonly ChoosableColumn[]): number =>
  columns.reduce((sum, c) => sum + widthForFit(c), 0);

const rankOf = (c: ChoosableColumn): number =>
  c.secondary === true ? 2 : typeof c.secondary === 'number' ? c.secondary : 0;

/**
 * Secondary columns hidden by default so the table fits `room` px: the highest-ranked first, the
 * rightmost of a rank first, and only as many as needed.
 */
export function defaultHidden(columns: readonly ChoosableColumn[], room: number | undefined): string[] {
  if (!room) return [];
  let total = totalWidth(columns);
  const hidden: string[] = [];
  const candidates = columns
    .map((c, i) => ({ c, i, rank: rankOf(c) }))
    .filter(({ c, rank }) => rank > 0 && keyOf(c) !== undefined && choosable(c))
    .sort((a, b) => b.rank - a.rank || b.i - a.i);
  for (const { c } of candidates) {
    if (total <= room) break;
    hidden.push(keyOf(c)!);
    total -= widthForFit(c);
  }
  return hidden;
}

/**
 * The columns as the user arranged them: saved order first (unknown keys dropped, new columns in
 * their declared place after), hidden ones left out. Fixed columns keep their declared ends.
 */
export function arrangeColumns<C extends ChoosableColumn>(
  columns: readonly C[],
  pref: TableColumnsPref | undefined,
  fallbackHidden: readonly string[] = [],
): C[] {
  const hidden = new Set(pref ? pref.hidden : fallbackHidden);
  const sortable = columns.filter(choosable);
  const byKey = new Map(sortable.map((c) => [keyOf(c)!, c]));
  const ordered = (pref?.order ?? []).flatMap((k) => byKey.get(k) ?? []);
  // a column the save does not know goes right after the column declared before it
  sortable.forEach((c, i) => {
    if (ordered.includes(c)) return;
    const before = i > 0 ? ordered.indexOf(sortable[i - 1]!) : -1;
    ordered.splice(before + 1, 0, c);
  });
  let next = 0;
  return columns
    .map((c) => (choosable(c) ? ordered[next++]! : c))
    .filter((c) => !choosable(c) || !hidden.has(keyOf(c)!));
}

/** The chooser's list: every choosable column in the current order, with whether it is shown. */
export function chooserItems<C extends ChoosableColumn>(
  columns: readonly C[],
  pref: TableColumnsPref | undefined,
  fallbackHidden: readonly string[] = [],
): { key: string; column: C; visible: boolean }[] {
  const hidden = new Set(pref ? pref.hidden : fallbackHidden);
  const all = arrangeColumns(columns, { order: pref?.order ?? [], hidden: [] }).filter(choosable);
  return all.map((c) => ({ key: keyOf(c)!, column: c, visible: !hidden.has(keyOf(c)!) }));
}

/** The pref after showing or hiding one column (at least one column stays visible). */
export function toggleColumn(
  items: readonly { key: string; visible: boolean }[],
  key: string,
  visible: boolean,
): TableColumnsPref {
  const next = items.map((i) => (i.key === key ? { ...i, visible } : i));
  if (!next.some((i) => i.visible)) return toPref(items);
  return toPref(next);
}

/** The pref after moving one column up (-1) or down (+1). */
export function moveColumn(
  items: readonly { key: string; visible: boolean }[],
  key: string,
  step: -1 | 1,
): TableColumnsPref {
  const from = items.findIndex((i) => i.key === key);
  const to = from + step;
  if (from < 0 || to < 0 || to >= items.length) return toPref(items);
  const next = [...items];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return toPref(next);
}

const toPref = (items: readonly { key: string; visible: boolean }[]): TableColumnsPref => ({
  order: items.map((i) => i.key),
  hidden: items.filter((i) => !i.visible).map((i) => i.key),
});
