import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One preference of one user: a table's columns, density or saved filters (`@portal/contracts/prefs`). */
export const userPrefs = pgTable(
  'user_prefs',
  {
    userId: integer('user_id').notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);
