import { APPLICATION_KINDS, IDENTITY_STATES } from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
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
    /** an approved temporary credit on top of the line, through `temp_credit_until` (then shrunk by the expiry job) */
    tempCredit: money('temp_credit').notNull().default('0'),
    tempCreditUntil: date('temp_credit_until'),
    /** an approved payment deferral: the overdue ladder leaves the account alone through this day */
    deferredUntil: date('deferred_until'),
    /** the overdue ladder's bad-debt step: the day it handed the account to bad debt (null once nothing is overdue) */
    badDebtSince: date('bad_debt_since'),
    billCycle: text('bill_cycle', { enum: ['monthly', 'semimonthly', 'weekly'] })
      .notNull()
      .default('monthly'),
    entityId: integer('entity_id'),
    /**
     * the main account (主账户) this one is a sub-account of (decision 0134): same customer and
     * currency, never itself, no chains; its money reaches this one by approved allocations
     */
    mainAccountId: integer('main_account_id'),
    state: text('state', { enum: ['applying', 'active', 'suspended', 'closed', 'rejected'] })
      .notNull()
      .default('applying'),
    approvalId: integer('approval_id'),
    applicantId: integer('applicant_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    openedAt: at('opened_at'),
    /** where the customer's bills and statements are mailed (decision 0135), kept by finance */
    billingEmail: text('billing_email'),
    /** the language of those mails */
    billingLocale: text('billing_locale', { enum: ['zh-CN', 'en'] })
      .notNull()
      .default('zh-CN'),
    /** its issued bills and statements are mailed by the nightly job (decision 0142); needs a billing e-mail */
    autoMail: boolean('auto_mail').notNull().default(false),
    /** the identity state read from the latest verification (decision 0133; consumer/identity.ts keeps it) */
    identityState: text('identity_state', { enum: IDENTITY_STATES }).notNull().default('none'),
    /** the latest verification of the account (fin_verifications.id) */
    identityId: integer('identity_id'),
    search: searchColumn('search', ['code']),
  },
  (t) => [
    uniqueIndex('fin_accounts_code_uq').on(t.code),
    index('fin_accounts_customer_idx').on(t.customerId),
    index('fin_accounts_state_idx').on(t.state),
    index('fin_accounts_billing_idx').on(t.billing),
    index('fin_accounts_currency_idx').on(t.currency),
    index('fin_accounts_bad_debt_idx').on(t.badDebtSince),
    index('fin_accounts_identity_state_idx').on(t.identityState),
    index('fin_accounts_auto_mail_idx').on(t.id).where(sql`${t.autoMail}`),
    index('fin_accounts_main_idx').on(t.mainAccountId),
    check('fin_accounts_main_not_self', sql`${t.mainAccountId} <> ${t.id}`),
    index('fin_accounts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('fin_accounts_search_idx', t.search),
    check('fin_accounts_credit_nonneg', sql`${t.creditLine} >= 0`),
    check('fin_accounts_temp_credit_nonneg', sql`${t.tempCredit} >= 0`),
    check(
      'fin_accounts_prepaid_floor',
      sql`${t.billing} <> 'prepaid' or ${t.balance} >= -(${t.creditLine} + ${t.tempCredit})`,
    ),
  ],
);

/** Applications: opening an account, or moving money; each decided by its approval process. */
export const finApplications = pgTable(
  'fin_applications',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    kind: text('kind', { enum: APPLICATION_KINDS }).notNull(),
    accountId: integer('account_id').notNull(),
    /** the money moved, or the new credit line of a credit application */
    amount: money('amount'),
    /** a credit application: the line before it */
    previousAmount: money('previous_amount'),
    /** a billing-method or bill-cycle change: the value before and the one asked for */
    changeFrom: text('change_from'),
    changeTo: text('change_to'),
    /** a temporary credit's last day, or a deferral's */
    until: date('until'),
    currency: text('currency').notNull(),
    reference: text('reference'),
    reason: text('reason'),
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    instanceId: integer('instance_id'),
    applicantId: integer('applicant_id').notNull(),
    /** who approved or rejected it (the approval's actor) */
    deciderId: integer('decider_id'),
    entryId: bigint('entry_id', { mode: 'number' }),
    /** a refund: the approved recharge or payment application it gives money back from */
    sourceId: integer('source_id'),
    /**
     * a recharge or payment: how much of it approved refunds gave back; moved only by a refund's
     * approval (under this row's lock), and the check refuses more than the amount (FIN_REFUND_OVER)
     */
    refunded: money('refunded').notNull().default('0'),
    /** a write-off: the overdue bill it writes off (decision 0080) */
    billId: integer('bill_id'),
    /** an allocation: the account the money goes to (`account_id` is where it comes from; decisions 0134, 0141) */
    subAccountId: integer('sub_account_id'),
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
    index('fin_applications_source_idx').on(t.sourceId),
    check('fin_applications_refunded', sql`${t.refunded} >= 0 and ${t.refunded} <= coalesce(${t.amount}, 0)`),
    // one credit-control change under review per account and kind (FIN_APPLICATION_PENDING)
    uniqueIndex('fin_applications_pending_change_uq')
      .on(t.accountId, t.kind)
      .where(sql`state = 'pending' and kind in ('temp_credit', 'deferral', 'billing_change', 'cycle_change')`),
    searchIndex('fin_applications_search_idx', t.search),
    // one write-off of a bill under review or done (FIN_WRITE_OFF_PENDING): never two at once
    uniqueIndex('fin_applications_write_off_uq')
      .on(t.billId)
      .where(sql`kind = 'write_off' and state in ('pending', 'approved')`),
    // one reinstatement of an account under review (FIN_REINSTATE_PENDING)
    uniqueIndex('fin_applications_reinstate_uq').on(t.accountId).where(sql`kind = 'reinstate' and state = 'pending'`),
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
    /** how the money came in when it did not come through an application: `u_platform`, paid online (decision 0128) */
    channel: text('channel', { enum: ['u_platform'] }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_ledger_entries_key_uq').on(t.key),
    // the U-platform list's order over its own entries only
    index('fin_ledger_entries_channel_created_idx')
      .on(t.channel, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`channel is not null`),
    uniqueIndex('fin_ledger_entries_reverses_uq').on(t.reversesId),
    index('fin_ledger_entries_account_idx').on(t.accountId, t.id),
    // an account's entries over a period (the bill run, settling, statements): without it the planner
    // ANDs the account's entries with every account's of the period, once per account
    index('fin_ledger_entries_account_day_idx').on(t.accountId, t.day),
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

/**
 * `account/snapshot`: each opened account's balances at the end of a day, from the ledger's entries by
 * their day (decision 0092). Written once per account and day by the nightly job, never updated.
 */
export const finAccountSnapshots = pgTable(
  'fin_account_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the kernel's optimistic-lock column; snapshots are never updated, so it stays 1 */
    version: integer('version').notNull().default(1),
    day: date('day').notNull(),
    accountId: integer('account_id').notNull(),
    currency: text('currency').notNull(),
    billing: text('billing', { enum: ['prepaid', 'postpaid'] }).notNull(),
    state: text('state').notNull(),
    opening: money('opening').notNull(),
    credits: money('credits').notNull(),
    debits: money('debits').notNull(),
    closing: money('closing').notNull(),
    creditLine: money('credit_line').notNull(),
    tempCredit: money('temp_credit').notNull(),
    entries: integer('entries').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_account_snapshots_day_account_uq').on(t.day, t.accountId),
    index('fin_account_snapshots_day_idx').on(t.day.desc().nullsFirst(), t.id),
    index('fin_account_snapshots_account_idx').on(t.accountId, t.day.desc().nullsFirst()),
    index('fin_account_snapshots_currency_idx').on(t.currency, t.day.desc().nullsFirst()),
    index('fin_account_snapshots_billing_idx').on(t.billing, t.day.desc().nullsFirst()),
    index('fin_account_snapshots_state_idx').on(t.state, t.day.desc().nullsFirst()),
    check('fin_account_snapshots_closing', sql`${t.closing} = ${t.opening} + ${t.credits} - ${t.debits}`),
  ],
);

/** bill numbers: `BL` and a number from this sequence */
export const billCodeSeq = pgSequence('fin_bill_code_seq', { startWith: 300001 });

/**
 * `bill-cycle` settings: payment terms and grace period per cycle, effective from a day (a change
 * applies to periods ending from then on; bills already issued keep theirs).
 */
export const finBillCycles = pgTable(
  'fin_bill_cycles',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    cycle: text('cycle', { enum: ['monthly', 'semimonthly', 'weekly'] }).notNull(),
    effectiveFrom: date('effective_from').notNull(),
    termDays: integer('term_days').notNull().default(15),
    graceDays: integer('grace_days').notNull().default(5),
    remark: text('remark'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_bill_cycles_cycle_uq').on(t.cycle, t.effectiveFrom),
    index('fin_bill_cycles_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
    check('fin_bill_cycles_days', sql`${t.termDays} >= 0 and ${t.graceDays} >= 0`),
  ],
);

/**
 * The automatic mailing's state of a bill or statement (decision 0142): a run claims the record
 * (`mail_claimed_at`, so two runs at once mail it once), counts its tries, keeps the last failure.
 */
const autoMailColumns = () => ({
  mailClaimedAt: at('mail_claimed_at'),
  mailTries: integer('mail_tries').notNull().default(0),
  mailFailed: boolean('mail_failed').notNull().default(false),
  mailError: text('mail_error'),
});

/** The finance room's settings, one JSON value per key (`autoMail`: the sender mailbox, decision 0142). */
export const finSettings = pgTable('fin_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Postpaid bills: one per account and closed period (the unique index makes a second run a no-op).
 * `unpaid` is derived from the account's balance by `settleBills` (payments settle the oldest first).
 */
export const finBills = pgTable(
  'fin_bills',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    accountId: integer('account_id').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    amount: money('amount').notNull(),
    unpaid: money('unpaid').notNull(),
    currency: text('currency').notNull(),
    dueDay: date('due_day').notNull(),
    /** the day after which an unpaid bill is overdue (due day + grace) */
    overdueAfter: date('overdue_after').notNull(),
    state: text('state', { enum: ['draft', 'issued', 'partly_paid', 'paid', 'overdue', 'written_off'] })
      .notNull()
      .default('issued'),
    issuedAt: at('issued_at').notNull(),
    /** the last time the bill was mailed to the customer, by whom and to whom (decision 0135) */
    mailedAt: at('mailed_at'),
    mailedBy: integer('mailed_by'),
    mailedTo: text('mailed_to'),
    ...autoMailColumns(),
    search: searchColumn('search', ['code']),
  },
  (t) => [
    uniqueIndex('fin_bills_code_uq').on(t.code),
    uniqueIndex('fin_bills_period_uq').on(t.accountId, t.periodStart),
    index('fin_bills_state_idx').on(t.state),
    index('fin_bills_period_end_idx').on(t.periodEnd),
    index('fin_bills_issued_idx').on(t.issuedAt.desc().nullsFirst(), t.id),
    index('fin_bills_due_idx').on(t.dueDay),
    searchIndex('fin_bills_search_idx', t.search),
    index('fin_bills_mail_failed_idx').on(t.mailFailed),
    index('fin_bills_mail_pending_idx').on(t.accountId).where(sql`${t.mailedAt} is null`),
    check('fin_bills_amounts', sql`${t.amount} >= 0 and ${t.unpaid} >= 0 and ${t.unpaid} <= ${t.amount}`),
  ],
);

/** prepaid statement numbers: `ST` and a number from this sequence */
export const statementCodeSeq = pgSequence('fin_statement_code_seq', { startWith: 700001 });

/**
 * Prepaid monthly statements (decision 0111): one per prepaid account and closed month (the unique index
 * makes a second run a no-op), from the ledger's entries by their day. Never updated.
 */
export const finStatements = pgTable(
  'fin_statements',
  {
    id: serial('id').primaryKey(),
    /** the kernel's optimistic-lock column; statements are never updated, so it stays 1 */
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    accountId: integer('account_id').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    currency: text('currency').notNull(),
    opening: money('opening').notNull(),
    moneyIn: money('money_in').notNull(),
    moneyOut: money('money_out').notNull(),
    consumption: money('consumption').notNull(),
    closing: money('closing').notNull(),
    entries: integer('entries').notNull(),
    issuedAt: at('issued_at').notNull(),
    /** the last time the statement was mailed to the customer, by whom and to whom (decision 0135) */
    mailedAt: at('mailed_at'),
    mailedBy: integer('mailed_by'),
    mailedTo: text('mailed_to'),
    ...autoMailColumns(),
    search: searchColumn('search', ['code']),
  },
  (t) => [
    uniqueIndex('fin_statements_code_uq').on(t.code),
    uniqueIndex('fin_statements_period_uq').on(t.accountId, t.periodStart),
    index('fin_statements_period_idx').on(t.periodStart),
    index('fin_statements_issued_idx').on(t.issuedAt.desc().nullsFirst(), t.id),
    searchIndex('fin_statements_search_idx', t.search),
    index('fin_statements_mail_failed_idx').on(t.mailFailed),
    index('fin_statements_mail_pending_idx').on(t.accountId).where(sql`${t.mailedAt} is null`),
    check(
      'fin_statements_closing',
      sql`${t.moneyIn} >= 0 and ${t.moneyOut} >= 0 and ${t.consumption} >= 0
        and ${t.closing} = ${t.opening} + ${t.moneyIn} - ${t.moneyOut} - ${t.consumption}`,
    ),
  ],
);

/** `credit-rule`: the overdue ladder's steps. */
export const finCreditRules = pgTable(
  'fin_credit_rules',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    step: integer('step').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    overdueDays: integer('overdue_days').notNull().default(0),
    minUnpaid: money('min_unpaid'),
    minBills: integer('min_bills'),
    action: text('action', { enum: ['notify_owner', 'warn_customer', 'suspend', 'bad_debt'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_credit_rules_step_uq').on(t.step),
    index('fin_credit_rules_action_idx').on(t.action),
    index('fin_credit_rules_enabled_idx').on(t.enabled),
    index('fin_credit_rules_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
  ],
);

/** `credit-whitelist`: accounts the ladder leaves alone (through `until`, or for good). */
export const finCreditWhitelist = pgTable(
  'fin_credit_whitelist',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    accountId: integer('account_id').notNull(),
    until: date('until'),
    enabled: boolean('enabled').notNull().default(true),
    reason: text('reason').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_credit_whitelist_account_uq').on(t.accountId),
    index('fin_credit_whitelist_enabled_idx').on(t.enabled),
    index('fin_credit_whitelist_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
  ],
);

/** `notify`: who is told when a ladder step of an action fires (every row of the action adds its people). */
export const finNotify = pgTable(
  'fin_notify',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    name: text('name').notNull(),
    action: text('action', { enum: ['notify_owner', 'warn_customer', 'suspend', 'bad_debt'] }).notNull(),
    toOwner: boolean('to_owner').notNull().default(true),
    toFinance: boolean('to_finance').notNull().default(false),
    userId: integer('user_id'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('fin_notify_action_idx').on(t.action),
    index('fin_notify_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
  ],
);

/**
 * What the ladder did: one row per account, step and episode (the oldest overdue bill); the unique
 * index makes each step fire once however often or concurrently the job runs.
 */
export const finOverdueActions = pgTable(
  'fin_overdue_actions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    ruleId: integer('rule_id').notNull(),
    billId: integer('bill_id').notNull(),
    action: text('action', { enum: ['notify_owner', 'warn_customer', 'suspend', 'bad_debt'] }).notNull(),
    at: at('at').notNull(),
    /** a suspension the ladder lifted once nothing was overdue any more */
    liftedAt: at('lifted_at'),
  },
  (t) => [
    uniqueIndex('fin_overdue_actions_once_uq').on(t.accountId, t.ruleId, t.billId),
    index('fin_overdue_actions_account_idx').on(t.accountId, t.at),
  ],
);
