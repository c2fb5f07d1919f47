import { z } from 'zod';
import { text } from './validation/scalars.js';

/**
 * The record pickers (`GET /v2/sys/staff/options/:kind`): customers, agents (R-end customers),
 * suppliers, consumer accounts, staff and supplier channels by code or name, or the given ids, within
 * the caller's data scope. Each kind is answered by the room that keeps it (server platform/options); any
 * signed-in user may ask, and sees only the records their data scope covers (decision 0132; channels have
 * no owner: those who read channels or traffic records by channel see them all, others none).
 */
export const OPTION_KINDS = ['customer', 'agent', 'supplier', 'account', 'staff', 'channel'] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];
export const OPTIONS_PATH = '/v2/sys/staff/options';
/** a search answers at most this many records */
export const OPTIONS_MAX = 20;
/** a look-up names at most this many ids */
export const OPTIONS_IDS_MAX = 100;

export const isOptionKind = (k: string | undefined): k is OptionKind =>
  !!k && (OPTION_KINDS as readonly string[]).includes(k);

/**
 * The record kind a field picks, if any: a `customer` / `supplier` field, or a field whose `ref`
 * names one of the kinds (`ref: 'account'`, `ref: 'agent'`).
 */
export function optionKindOf(field: { kind: string; ref?: string }): OptionKind | undefined {
  if (isOptionKind(field.ref)) return field.ref;
  return isOptionKind(field.kind) ? field.kind : undefined;
}

export const optionsQuery = z.object({
  keyword: text().trim().max(64).optional(),
  /** a look-up instead of a search: comma-separated record ids */
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'comma-separated record ids')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)).max(OPTIONS_IDS_MAX))
    .optional(),
});
export type OptionsQuery = z.infer<typeof optionsQuery>;

export const optionsParams = z.object({ kind: text().max(32) });

/** one record as a picker shows it: code and name (a staff member: job number, and name in the reader's language) */
export const recordOption = z.object({
  id: z.number().int(),
  code: text(),
  name: text(),
});
export type RecordOption = z.infer<typeof recordOption>;
