import type { FieldKind } from '@portal/contracts/fields';

/**
 * What a list column shows, for its width: every field kind of `@portal/contracts/fields`, plus
 * the few column shapes lists have besides fields.
 */
export type ColumnKind = FieldKind | 'id' | 'code' | 'name' | 'status' | 'tags' | 'title';

/** Column widths (px) by kind, chosen so a list of a dozen columns fits a 1280 px screen. */
export const COLUMN_WIDTHS: Readonly<Record<ColumnKind, number>> = {
  text: 160,
  textarea: 220,
  email: 200,
  phone: 150,
  number: 100,
  money: 130,
  percent: 90,
  date: 110,
  datetime: 150,
  boolean: 80,
  enum: 110,
  dict: 120,
  user: 110,
  department: 140,
  customer: 180,
  supplier: 180,
  country: 110,
  operator: 150,
  attachment: 120,
  id: 80,
  code: 130,
  name: 140,
  status: 100,
  tags: 180,
  title: 240,
};

/** Kinds whose values can run long: one line, cut with an ellipsis, the whole value in a tooltip. */
const LONG_KINDS: ReadonlySet<ColumnKind> = new Set<ColumnKind>([
  'text',
  'textarea',
  'email',
  'customer',
  'supplier',
  'department',
  'title',
  'name',
  'code',
  'operator',
]);

export const columnWidth = (kind: ColumnKind): number => COLUMN_WIDTHS[kind];
export const isLongKind = (kind: ColumnKind): boolean => LONG_KINDS.has(kind);
/** Numbers line up on the right. */
export const alignOf = (kind: ColumnKind): 'right' | undefined =>
  kind === 'number' || kind === 'money' || kind === 'percent' ? 'right' : undefined;
