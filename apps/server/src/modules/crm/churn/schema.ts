import { integer, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The last churn flag of a customer (`crm/rules/churn`): the daily job flags a customer again only
 * once a whole window has passed since, so a continuing fall is told once per window, not daily.
 */
export const crmChurnFlags = pgTable('crm_churn_flags', {
  /** no foreign key: tests and benches truncate the customers alone (customers are never deleted) */
  customerId: integer('customer_id').primaryKey(),
  flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull(),
  windowDays: integer('window_days').notNull(),
  /** paid traffic of the window before and of the last window (revenue, the accounts' currencies summed) */
  before: numeric('before', { precision: 20, scale: 6 }).notNull(),
  recent: numeric('recent', { precision: 20, scale: 6 }).notNull(),
  /** the fall measured, in whole per cent */
  fallPercent: integer('fall_percent').notNull(),
});
