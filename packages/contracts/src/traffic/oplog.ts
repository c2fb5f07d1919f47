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
  /**
   * kind `request` (decision 0151): an audited call on the account or one of its records — the record's kind
   * (labelled), the call (method, path) and its outcome, the failure's code and message in the caller's language
   */
  request: z
    .object({
      subjectKind: z.string(),
      subjectLabel: z.string(),
      method: z.string(),
      path: z.string(),
      ok: z.boolean(),
      statusCode: int32(),
      resultCode: int32().nullable(),
      message: z.string().nullable(),
    })
    .nullable(),
});
export type OperationLogRow = z.infer<typeof operationLogRow>;
/** the kind of the audited-request lines (decision 0151) */
export const OPLOG_REQUEST_KIND = 'request';

export const operationLogPage = pageResult(operationLogRow).extend({
  account: z.object({ id: int32(), code: z.string() }),
  /** the kinds of record the account has (the filter's choices), labelled */
  kinds: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type OperationLogPage = z.infer<typeof operationLogPage>;
