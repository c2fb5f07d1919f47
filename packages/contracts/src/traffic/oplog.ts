import { z } from 'zod';
import { pageQuery, pageResult } from '../paging.js';
import { coerceInt32, int32, int53, text } from '../validation/scalars.js';

/**
 * `operationLog` (操作日志, decision 0145): one consumer account's operation log, read from the record
 * history of the account and of the records hanging on it. `kind` is the history entity
 * (`finance.workspace`…); the range is required and at most the query screens' 93 days.
 */
export const operationLogQuery = pageQuery.extend({
  accountId: coerceInt32().min(1),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  kind: text().max(64).optional(),
});
export type OperationLogQuery = z.infer<typeof operationLogQuery>;

/** one field's change, labelled and its values read as text in the caller's language */
export const operationLogChange = z.object({
  field: z.string(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
});
export type OperationLogChange = z.infer<typeof operationLogChange>;

export const operationLogRow = z.object({
  id: int53(),
  at: z.string(),
  actorId: int32().nullable(),
  actorName: z.string().nullable(),
  /** the history entity, e.g. `finance.account` */
  kind: z.string(),
  /** its title in the caller's language */
  kindLabel: z.string(),
  recordId: z.string(),
  /** the record event's kind: created, updated, state, command, comment… */
  action: z.string(),
  /** a command's label, when the action is one */
  command: z.string().nullable(),
  body: z.string().nullable(),
  changes: z.array(operationLogChange),
});
export type OperationLogRow = z.infer<typeof operationLogRow>;

export const operationLogPage = pageResult(operationLogRow).extend({
  account: z.object({ id: int32(), code: z.string() }),
  /** the kinds of record the account has (the filter's choices), labelled */
  kinds: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type OperationLogPage = z.infer<typeof operationLogPage>;
