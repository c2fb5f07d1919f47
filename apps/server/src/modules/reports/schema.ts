import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A report sent by mail after each complete period (decision 0066): the report's key, day / week /
 * month, the recipients, the language and drill-down it is sent in, and the last period sent (a period is sent once; a failure is kept and retried).
 */
export const rptSubscriptions = pgTable(
  'rpt_subscriptions',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    report: text('report').notNull(),
    frequency: text('frequency', { enum: ['day', 'week', 'month'] }).notNull(),
    recipients: text('recipients').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ownerId: integer('owner_id').notNull(),
    /** the language of the file and the mail (decision 0072); the subscriptions before it were sent in Chinese */
    locale: text('locale', { enum: ['zh-CN', 'en'] })
      .notNull()
      .default('zh-CN'),
    /** the drill-down the report is sent at, as JSON `[{dim, value, label}]` (empty: the top level) */
    filters: text('filters').notNull().default('[]'),
    /** the first day of the last period sent */
    lastPeriod: text('last_period'),
    lastSentAt: at('last_sent_at'),
    lastError: text('last_error'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('rpt_subscriptions_owner_idx').on(t.ownerId),
    index('rpt_subscriptions_report_idx').on(t.report),
    index('rpt_subscriptions_frequency_idx').on(t.frequency),
    index('rpt_subscriptions_enabled_idx').on(t.enabled),
    index('rpt_subscriptions_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
  ],
);
