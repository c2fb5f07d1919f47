import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const quickEntrances = pgTable(
  'home_quick_entrances',
  {
    userId: integer('user_id').notNull(),
    path: text('path').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.path] })],
);

export const userSettings = pgTable(
  'user_settings',
  {
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    remark: text('remark'),
    content: jsonb('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** Notices shown once after signing in (configured by administrators). */
export const loginPrompts = pgTable(
  'login_prompts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_prompts_enabled_idx').on(t.enabled, t.createdAt)],
);
