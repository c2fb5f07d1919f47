import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });
const ruleColumns = () => ({
  id: serial('id').primaryKey(),
  version: integer('version').notNull().default(1),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** `crm/rules/retention`: one row per customer level; the row without a level serves the others. */
export const crmRetentionRules = pgTable(
  'crm_retention_rules',
  {
    ...ruleColumns(),
    level: text('level'),
    /** 0: this condition is off */
    followUpDays: integer('follow_up_days').notNull(),
    dealDays: integer('deal_days').notNull(),
    noticeDays: integer('notice_days').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('crm_retention_rules_level_uq').on(sql`coalesce(${t.level}, '')`)],
);

/** `crm/rules/level`: owned-customer limits for the company, a department or a user. */
export const crmLevelRules = pgTable(
  'crm_level_rules',
  {
    ...ruleColumns(),
    subject: text('subject', { enum: ['company', 'department', 'user'] }).notNull(),
    departmentId: integer('department_id'),
    userId: integer('user_id'),
    userLimit: integer('user_limit'),
    departmentLimit: integer('department_limit'),
    countDealt: boolean('count_dealt').notNull().default(false),
    lockLimit: integer('lock_limit'),
    dailyClaimCap: integer('daily_claim_cap'),
    cooldownDays: integer('cooldown_days'),
    embargoDays: integer('embargo_days'),
  },
  (t) => [
    uniqueIndex('crm_level_rules_subject_uq').on(
      t.subject,
      sql`coalesce(${t.departmentId}, 0)`,
      sql`coalesce(${t.userId}, 0)`,
    ),
  ],
);

/** `crm/rules/churn`: stored and editable; evaluated once traffic rollups exist. */
export const crmChurnRules = pgTable(
  'crm_churn_rules',
  {
    ...ruleColumns(),
    level: text('level'),
    dropPercent: integer('drop_percent').notNull(),
    windowDays: integer('window_days').notNull(),
    returnToSea: boolean('return_to_sea').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('crm_churn_rules_level_uq').on(sql`coalesce(${t.level}, '')`)],
);

/** `crm/rules/allow-buka`: staff who may take back their own returned customers without the cool-down. */
export const crmBukaAllow = pgTable(
  'crm_buka_allow',
  {
    ...ruleColumns(),
    userId: integer('user_id').notNull(),
    until: date('until', { mode: 'string' }),
    reason: text('reason').notNull(),
  },
  (t) => [uniqueIndex('crm_buka_allow_user_uq').on(t.userId)],
);

/** The return time each customer's owner was last told of (a new time, after a follow-up, tells again). */
export const crmReturnNotices = pgTable('crm_return_notices', {
  customerId: integer('customer_id').primaryKey(),
  dueAt: at('due_at').notNull(),
  noticedAt: at('noticed_at').notNull(),
});
