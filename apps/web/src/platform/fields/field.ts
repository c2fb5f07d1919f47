import type { FieldKind, FieldRules } from '@portal/contracts/fields';
import dayjs, { type Dayjs, isDayjs } from 'dayjs';

/**
 * What the web needs to show, enter or filter one field: its kind, rules and choices, labels
 * already in the reader's language. Approval form fields and resource fields both map onto it.
 */
export interface FieldDesc {
  kind: FieldKind;
  label: string;
  required?: boolean;
  rules?: FieldRules;
  /** the choices of an `enum` field */
  options?: { value: string | number; label: string; color?: string }[];
  /** the dictionary of a `dict` field */
  dict?: string;
  /** typed unseen (a password) */
  secret?: boolean;
  /** a list of values */
  multiple?: boolean;
  /** the id of a record with no field kind of its own (a role): entered as ids until an override picks it */
  ref?: string;
  /** an exact decimal amount held as text: read as a number */
  decimal?: boolean;
  /** a count (rows, messages, seconds): read with thousands separators */
  quantity?: boolean;
  /** shown for no value in place of '-' (a draft's publication time: "Draft") */
  emptyLabel?: string;
}

const DATE = 'YYYY-MM-DD';

/** Dates travel as `YYYY-MM-DD`, date-times as ISO 8601 with offset; pickers hold dayjs values. */
export const toWire = (kind: FieldKind, d: Dayjs | null | undefined): string | undefined =>
  d ? (kind === 'date' ? d.format(DATE) : d.format()) : undefined;

/**
 * Form.Item props turning the wire value of a date field into a picker value and back (a range
 * for filters); other kinds need none.
 */
export function dateItemProps(kind: FieldKind, range = false) {
  if (kind !== 'date' && kind !== 'datetime') return {};
  const load = (v: unknown) => (typeof v === 'string' && v ? dayjs(v) : undefined);
  const save = (d: unknown) => (isDayjs(d) ? toWire(kind, d) : undefined);
  return range
    ? {
        getValueProps: (v: unknown) => ({ value: Array.isArray(v) ? v.map(load) : undefined }),
        normalize: (v: unknown) => (Array.isArray(v) ? v.map((d) => save(d) ?? null) : undefined),
      }
    : {
        getValueProps: (v: unknown) => ({ value: load(v) }),
        normalize: save,
      };
}
