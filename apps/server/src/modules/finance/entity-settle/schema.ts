import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at } from '../../../platform/db/columns.js';

/** money: numeric with 4 decimals, read as decimal strings (decimal.js in code) */
const money = (name: string) => numeric(name, { precision: 20, scale: 4 });

/** settlement account codes: `ES` and a number, never reused */
export const entityAccountCodeSeq = pgSequence('fin_entity_account_code_seq', { startWith: 1001 });

/**
 * Settlement accounts between two of our contracting entities (decision 0119): the seller (the
 * supplier's entity, which paid the route) and the buyer (the customer's entity, which earned the
 * revenue), in one currency, with the transfer-price rule: cost plus `markup_pct` percent.
 */
export const finEntityAccounts = pgTable(
  'fin_entity_accounts',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    sellerEntityId: integer('seller_entity_id').notNull(),
    buyerEntityId: integer('buyer_entity_id').notNull(),
    currency: text('currency').notNull(),
    markupPct: numeric('markup_pct', { precision: 5, scale: 2 }).notNull().default('0'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdBy: integer('created_by'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_entity_accounts_code_uq').on(t.code),
    uniqueIndex('fin_entity_accounts_pair_uq').on(t.sellerEntityId, t.buyerEntityId, t.currency),
    index('fin_entity_accounts_buyer_idx').on(t.buyerEntityId),
    index('fin_entity_accounts_currency_idx').on(t.currency),
    index('fin_entity_accounts_enabled_idx').on(t.enabled),
    index('fin_entity_accounts_updated_idx').on(t.updatedAt),
    check('fin_entity_accounts_pair', sql`${t.sellerEntityId} <> ${t.buyerEntityId}`),
    check('fin_entity_accounts_markup', sql`${t.markupPct} >= 0 and ${t.markupPct} <= 100`),
  ],
);

/**
 * One period (month) of one settlement account: the cross-entity traffic's volume and cost, the
 * settlement amount by the account's rule as it was when generated, and the proofreading — each
 * side's confirmed amount, the state, a dispute's note. Rebuilt by generation while not confirmed.
 */
export const finEntitySettlements = pgTable(
  'fin_entity_settlements',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    /** YYYY-MM */
    period: text('period').notNull(),
    accountId: integer('account_id').notNull(),
    sellerEntityId: integer('seller_entity_id').notNull(),
    buyerEntityId: integer('buyer_entity_id').notNull(),
    currency: text('currency').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
    cost: money('cost').notNull().default('0'),
    markupPct: numeric('markup_pct', { precision: 5, scale: 2 }).notNull().default('0'),
    amount: money('amount').notNull().default('0'),
    lines: integer('lines').notNull().default(0),
    state: text('state', { enum: ['pending', 'confirmed', 'disputed'] })
      .notNull()
      .default('pending'),
    sellerAmount: money('seller_amount'),
    buyerAmount: money('buyer_amount'),
    note: text('note'),
    generatedAt: at('generated_at').notNull(),
    confirmedAt: at('confirmed_at'),
  },
  (t) => [
    uniqueIndex('fin_entity_settlements_period_uq').on(t.period, t.accountId),
    index('fin_entity_settlements_account_idx').on(t.accountId, t.period),
    index('fin_entity_settlements_seller_idx').on(t.sellerEntityId, t.period),
    index('fin_entity_settlements_buyer_idx').on(t.buyerEntityId, t.period),
    index('fin_entity_settlements_state_idx').on(t.state),
    index('fin_entity_settlements_generated_idx').on(t.generatedAt),
    // the report's and the proofreading's default order: newest period first
    index('fin_entity_settlements_period_idx').on(t.period.desc().nullsFirst(), t.id),
  ],
);

/** The day × product × destination lines behind a settlement (replaced with it on a rebuild). */
export const finEntitySettlementLines = pgTable(
  'fin_entity_settlement_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the resource kernel's optimistic-lock column; lines are never updated */
    version: integer('version').notNull().default(1),
    settlementId: integer('settlement_id').notNull(),
    accountId: integer('account_id').notNull(),
    period: text('period').notNull(),
    day: date('day').notNull(),
    product: text('product').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
    cost: money('cost').notNull().default('0'),
    amount: money('amount').notNull().default('0'),
  },
  (t) => [
    uniqueIndex('fin_entity_lines_uq').on(t.settlementId, t.day, t.product, t.country),
    index('fin_entity_lines_account_idx').on(t.accountId, t.day),
    index('fin_entity_lines_period_idx').on(t.period, t.day),
    index('fin_entity_lines_day_idx').on(t.day, t.id),
    index('fin_entity_lines_country_idx').on(t.country, t.day),
  ],
);
