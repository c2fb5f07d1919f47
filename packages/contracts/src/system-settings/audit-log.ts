import { z } from 'zod';
import { pageQuery } from '../paging.js';
import { int32, int32Id, int53, text } from '../validation/scalars.js';

export const AUDIT_RESULTS = ['success', 'failure'] as const;
/** Default and widest window of the system log: a query names at most this many days. */
export const AUDIT_DEFAULT_DAYS = 7;
export const AUDIT_MAX_DAYS = 92;

const isoTime = () => text().datetime({ offset: true });

export const auditListQuery = pageQuery.extend({
  userId: int32Id().optional(),
  /** ISO times; absent: the last 7 days */
  from: isoTime().optional(),
  to: isoTime().optional(),
  /** part of the path or of the route's summary */
  keyword: text().trim().max(128).optional(),
  result: z.enum(AUDIT_RESULTS).optional(),
  /** one record's entries (`<kind>:<id>`, e.g. `dept:12`, `dict:crm.industry`): its history */
  subject: text()
    .trim()
    .max(64)
    .regex(/^[a-z]+:[a-z0-9][a-z0-9._]*$/)
    .optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditRow = z.object({
  id: int53(),
  at: text(),
  userId: int32().nullable(),
  username: text().nullable(),
  method: text(),
  route: text(),
  path: text(),
  summary: text().nullable(),
  subject: text().nullable(),
  statusCode: int32(),
  resultCode: int32().nullable(),
  durationMs: int32().nullable(),
  ip: text().nullable(),
  userAgent: text().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
