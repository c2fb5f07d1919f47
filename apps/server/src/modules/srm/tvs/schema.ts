import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { searchColumn, searchIndex } from '../../../platform/db/search.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Withdrawal requests of SIM-farm partners (suppliers of type `sim_farm`): what their devices earned
 * over a period, approved, then marked paid with finance's reference. No ledger here (decision 0083).
 */
export const srmTvsWithdrawals = pgTable(
  'srm_tvs_withdrawals',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    supplierId: integer('supplier_id').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    /** minor units of `currency` */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    payee: text('payee').notNull(),
    /** the partner's statement (file ids); null when none, as the attachment field reads it */
    documents: text('documents').array(),
    state: text('state', { enum: ['requested', 'approved', 'rejected', 'paid', 'cancelled'] })
      .notNull()
      .default('requested'),
    decidedBy: integer('decided_by'),
    rejectReason: text('reject_reason'),
    paymentRef: text('payment_ref'),
    paidAt: at('paid_at'),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['payee', 'payment_ref']),
  },
  (t) => [
    searchIndex('srm_tvs_withdrawals_search_trgm', t.search),
    index('srm_tvs_withdrawals_supplier_idx').on(t.supplierId, t.currency, t.periodFrom),
    index('srm_tvs_withdrawals_state_idx').on(t.state),
    index('srm_tvs_withdrawals_currency_idx').on(t.currency),
    index('srm_tvs_withdrawals_amount_idx').on(t.amount),
    index('srm_tvs_withdrawals_period_idx').on(t.periodTo),
    index('srm_tvs_withdrawals_paid_idx').on(t.paidAt),
    index('srm_tvs_withdrawals_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);

/** Notices to the SIM-farm partners: draft → published → withdrawn. */
export const srmTvsNotices = pgTable(
  'srm_tvs_notices',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** ISO country codes of the partners it is for; empty: all partners */
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    pinned: boolean('pinned').notNull().default(false),
    state: text('state', { enum: ['draft', 'published', 'withdrawn'] })
      .notNull()
      .default('draft'),
    publishedAt: at('published_at'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['title', 'body']),
  },
  (t) => [
    searchIndex('srm_tvs_notices_search_trgm', t.search),
    index('srm_tvs_notices_state_idx').on(t.state),
    index('srm_tvs_notices_title_idx').on(t.title),
    index('srm_tvs_notices_published_idx').on(t.publishedAt),
    index('srm_tvs_notices_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);

/** Content-rewriting rules for messages leaving through a SIM-farm partner (all partners when none). */
export const srmTvsRewrites = pgTable(
  'srm_tvs_rewrites',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    name: text('name').notNull(),
    supplierId: integer('supplier_id'),
    country: text('country'),
    match: text('match', { enum: ['text', 'regex'] }).notNull(),
    pattern: text('pattern').notNull(),
    replacement: text('replacement'),
    priority: integer('priority').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['name', 'pattern']),
  },
  (t) => [
    searchIndex('srm_tvs_rewrites_search_trgm', t.search),
    index('srm_tvs_rewrites_supplier_idx').on(t.supplierId),
    index('srm_tvs_rewrites_country_idx').on(t.country),
    index('srm_tvs_rewrites_enabled_idx').on(t.enabled),
    index('srm_tvs_rewrites_name_idx').on(t.name),
    index('srm_tvs_rewrites_priority_idx').on(t.priority, t.id),
    index('srm_tvs_rewrites_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);
