import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    username: text('username'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    detail: jsonb('detail'),
    /** the route's OpenAPI summary: what the call does, in words */
    summary: text('summary'),
    /** the record the call changed, `<kind>:<id>` (set by the route): its history */
    subject: text('subject'),
    /** the envelope's code (0 success, else the catalogue code) */
    resultCode: integer('result_code'),
    durationMs: integer('duration_ms'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_user_idx').on(t.userId, t.at),
    index('audit_log_subject_idx').on(t.subject, t.at),
  ],
);
