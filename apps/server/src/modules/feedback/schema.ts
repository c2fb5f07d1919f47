import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Which menu items ask their users for a rating, and how often. */
export const scoreConfigs = pgTable('feedback_score_configs', {
  resourceId: integer('resource_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  question: text('question'),
  periodDays: integer('period_days').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const scores = pgTable(
  'feedback_scores',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    resourceId: integer('resource_id').notNull(),
    score: integer('score').notNull(),
    content: text('content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_scores_user_resource_idx').on(t.userId, t.resourceId, t.createdAt)],
);
