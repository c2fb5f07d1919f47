import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchColumn, searchIndex } from '../../platform/db/search.js';

const at = (name: string) => timestamp(name, { withTimezone: true });
/** money: numeric with 4 decimals, read as decimal strings (decimal.js in code), never floats */
const money = (name: string) => numeric(name, { precision: 20, scale: 4 });

/** account codes: `CA` and a number from this sequence, never reused */
export const accountCodeSeq = pgSequence('fin_account_code_seq', { startWith: 800001 });
/** application codes: `FA` and a number */
export const applicationCodeSeq = pgSequence('fin_application_code_seq', { startWith: 500001 });

/**
 * Consumer accounts: a customer's (crm) account on the messaging platform. `balance` is kept by the
 * ledger's insert trigger only (a direct change is refused by `fin_accounts_guard`), and a prepaid
 * balance below minus its credit line is refused by the check.
 */
export const finAccounts = pgTable(
  'fin_accounts',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    customerId: integer('customer_id').notNull(),
    products: text('products').array().notNull().default(sql`'{}'::text[]`),
    currency: text('currency').notNull(),
    billing: text('billing', { enum: ['prepaid', 'postpaid'] }).notNull(),
    creditLine: money('credit_line').notNull().default('0'),
    balance: money('balance').notNull().default('0'),
    billCycle: text('bill_cycle', { enum: ['monthly', 'semimonthly', 'weekly'] })
      .notNull()
      .default('monthly'),
    entityId: integer('entity_id'),
    state: text('state', { enum: ['applying', 'active', 'suspended', 'closed', 'rejected'] })
      .notNull()
      .default('applying'),
    approvalId: integer('approval_id'),
    applicantId: integer('applicant_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    openedAt: at('opened_at'),
    search: searchColumn('search', ['code']),
  },
  (t) => [
    uniqueIndex('fin_accounts_code_uq').on(t.code),
    index('fin_accounts_customer_idx').on(t.customerId),
    index('fin_accounts_state_idx').on(t.state),
    index('fin_accounts_billing_idx').on(t.billing),
    index('fin_accounts_currency_idx').on(t.currency),
    index('fin_accounts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('fin_accounts_search_idx', t.search),
    check('fin_accounts_credit_nonneg', sql`${t.creditLine} >= 0`),
    check('fin_accounts_prepaid_floor', sql`${t.billing} <> 'prepaid' or ${t.balance} >= -${t.creditLine}`),
  ],
);

/** Applications: opening an account, or moving money; each decided by its approval process. */
export const finApplications = pgTable(
  'fin_applications',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    kind: text('kind', {
      enum: ['open', 'recharge', 'payment', 'hedge', 'gift', 'manual', 'prepay_credit', 'postpay_credit'],
    }).notNull(),
    accountId: integer('account_id').notNull(),
    /** the money moved, or the new credit line of a credit application */
    amount: money('amount'),
    /** a credit application: the line before it */
    previousAmount: money('previous_amount'),
    currency: text('currency').notNull(),
    reference: text('reference'),
    reason: text('reason'),
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    instanceId: integer('instance_id'),
    applicantId: integer('applicant_id').notNull(),
    entryId: bigint('entry_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
    search: searchColumn('search', ['code', 'reference']),
  },
  (t) => [
    uniqueIndex('fin_applications_code_uq').on(t.code),
    index('fin_applications_kind_idx').on(t.kind),
    index('fin_applications_state_idx').on(t.state),
    index('fin_applications_account_idx').on(t.accountId),
    index('fin_applications_instance_idx').on(t.instanceId),
    index('fin_applications_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('fin_applications_decided_idx').on(t.decidedAt),
    searchIndex('fin_applications_search_idx', t.search),
  ],
);

/**
 * The ledger, customer side: one insert-only row per movement of an account's money (signed: a
 * credit to the customer is positive). Its insert trigger moves the account's balance in the same
 * transaction and writes nothing else; UPDATE and DELETE are refused by a trigger.
 */
export const finLedgerEntries = pgTable(
  'fin_ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the kernel's optimistic-lock column; entries are never updated, so it stays 1 */
    version: integer('version').notNull().default(1),
    key: text('key').notNull(),
    accountId: integer('account_id').notNull(),
    kind: text('kind', {
      enum: ['recharge', 'payment', 'hedge', 'gift', 'adjustment', 'consumption', 'refund', 'bill', 'write_off'],
    }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** the account's balance right after this entry (set by the insert trigger) */
    balanceAfter: money('balance_after').notNull().default('0'),
    day: date('day').notNull(),
    applicationId: integer('application_id'),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    note: text('note'),
    actorId: integer('actor_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_ledger_entries_key_uq').on(t.key),
    uniqueIndex('fin_ledger_entries_reverses_uq').on(t.reversesId),
    index('fin_ledger_entries_account_idx').on(t.accountId, t.id),
    index('fin_ledger_entries_kind_idx').on(t.kind),
    index('fin_ledger_entries_day_idx').on(t.day),
    index('fin_ledger_entries_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    check('fin_ledger_entries_nonzero', sql`${t.amount} <> 0`),
  ],
);

/**
 * The ledger, contra side: the book each entry is balanced against (bank, revenue, payable, gift
 * expense, adjustment, receivable, bad debt), amount of the opposite sign; insert-only. Per day the
 * two sides sum to zero (debits equal credits), which the daily reconciliation proves.
 */
export const finLedgerContra = pgTable(
  'fin_ledger_contra',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    book: text('book').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    day: date('day').notNull(),
  },
  (t) => [uniqueIndex('fin_ledger_contra_entry_uq').on(t.entryId), index('fin_ledger_contra_day_idx').on(t.day)],
);

/** What each daily reconciliation found (one row per run). */
export const finReconRuns = pgTable(
  'fin_recon_runs',
  {
    id: serial('id').primaryKey(),
    day: date('day').notNull(),
    ok: text('ok', { enum: ['ok', 'failed'] }).notNull(),
    findings: text('findings').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('fin_recon_runs_day_idx').on(t.day)],
);
