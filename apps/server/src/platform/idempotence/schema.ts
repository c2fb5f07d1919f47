import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const idempotenceKeys = pgTable(
  'idempotence_keys',
  {
    key: uuid('key').primaryKey(),
    userId: integer('user_id').notNull(),
    state: text('state', { enum: ['issued', 'running', 'done'] })
      .notNull()
      .default('issued'),
    route: text('route'),
    requestHash: text('request_hash'),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /** when the running attempt claimed the key; a claim older than RUNNING_STALE_MS is taken over */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idempotence_keys_expires_idx').on(t.expiresAt)],
);
