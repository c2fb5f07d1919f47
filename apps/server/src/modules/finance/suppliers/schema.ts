import {
  SOA_STATES,
  SUPPLIER_APPLICATION_KINDS,
  SUPPLIER_BILL_STATES,
  SUPPLIER_CONTROL_KINDS,
  SUPPLIER_ENTRY_KINDS,
  SUPPLIER_OVERDUE_REASONS,
  SUPPLIER_OVERDUE_STATES,
  SUPPLIER_OVERDUE_STEPS,
  SUPPLIER_PAY_STATES,
  SUPPLIER_PRODUCTS,
} from '@portal/contracts/finance';
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
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchColumn, searchIndex } from '../../../platform/db/search.js';

const at = (name: string) => timestamp(name, { withTimezone: true });
/** minor units of the row's currency */
const minor = (name: string) => bigint(name, { mode: 'number' });

/** supplier-account codes `SA…`, supplier-application codes `SP…` */
export const supplierAccountCodeSeq = pgSequence('fin_supplier_account_code_seq', { startWith: 300001 });
/** supplier-bill codes `SB…`, statement codes `SOA…` (decision 0107) */
export const supplierBillCodeSeq = pgSequence('fin_supplier_bill_code_seq', { startWith: 100001 });
export const soaCodeSeq = pgSequence('fin_soa_code_seq', { startWith: 100001 });
export const supplierApplicationCodeSeq = pgSequence('fin_supplier_application_code_seq', { startWith: 700001 });

/**
 * What we hold at (positive) or owe to (negative) one supplier for one product in one currency.
 * `balance`, `prepaid`, `costs` and `last_entry_at` are kept by the entries' insert trigger only
 * (`fin_supplier_accounts_guard` refuses any other change of them).
 */
export const finSupplierAccounts = pgTable(
  'fin_supplier_accounts',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    /** SRM's supplier (read through SRM's exported refs) */
    supplierId: integer('supplier_id').notNull(),
    product: text('product', { enum: SUPPLIER_PRODUCTS }).notNull(),
    currency: text('currency').notNull(),
    balance: minor('balance').notNull().default(0),
    prepaid: minor('prepaid').notNull().default(0),
    costs: minor('costs').notNull().default(0),
    lastEntryAt: at('last_entry_at'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_supplier_accounts_code_uq').on(t.code),
    uniqueIndex('fin_supplier_accounts_uq').on(t.supplierId, t.product, t.currency),
    index('fin_supplier_accounts_product_idx').on(t.product, t.createdAt.desc().nullsFirst(), t.id),
    index('fin_supplier_accounts_currency_idx').on(t.currency),
    index('fin_supplier_accounts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    check('fin_supplier_accounts_totals', sql`${t.prepaid} >= 0 and ${t.costs} >= 0`),
  ],
);

/** Insert-only: every movement of a supplier account, once by its key; signs by kind are checked. */
export const finSupplierEntries = pgTable(
  'fin_supplier_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the kernel's optimistic-lock column; entries are never updated, so it stays 1 */
    version: integer('version').notNull().default(1),
    key: text('key').notNull(),
    supplierAccountId: integer('supplier_account_id').notNull(),
    kind: text('kind', { enum: SUPPLIER_ENTRY_KINDS }).notNull(),
    amount: minor('amount').notNull(),
    currency: text('currency').notNull(),
    day: date('day').notNull(),
    balanceAfter: minor('balance_after').notNull().default(0),
    applicationId: integer('application_id'),
    note: text('note'),
    actorId: integer('actor_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_supplier_entries_key_uq').on(t.key),
    index('fin_supplier_entries_account_idx').on(t.supplierAccountId, t.createdAt.desc().nullsFirst(), t.id),
    index('fin_supplier_entries_kind_idx').on(t.kind),
    index('fin_supplier_entries_day_idx').on(t.day),
    index('fin_supplier_entries_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    check(
      'fin_supplier_entries_sign',
      sql`case ${t.kind} when 'prepayment' then ${t.amount} > 0 when 'payment' then ${t.amount} > 0
        when 'cost' then ${t.amount} < 0 when 'write_off' then ${t.amount} < 0 else ${t.amount} <> 0 end`,
    ),
  ],
);

/** Money movements of supplier accounts asked for by a person, decided by the approval engine. */
export const finSupplierApplications = pgTable(
  'fin_supplier_applications',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    kind: text('kind', { enum: SUPPLIER_APPLICATION_KINDS }).notNull(),
    supplierAccountId: integer('supplier_account_id').notNull(),
    amount: minor('amount').notNull(),
    currency: text('currency').notNull(),
    reference: text('reference'),
    reason: text('reason').notNull(),
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    instanceId: integer('instance_id'),
    applicantId: integer('applicant_id').notNull(),
    deciderId: integer('decider_id'),
    entryId: bigint('entry_id', { mode: 'number' }),
    /** the confirmed supplier bill a payment pays (decision 0120) */
    billId: integer('bill_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
    /** the list's keyword: code or bank reference (decision 0104) */
    search: searchColumn('search', ['code', 'reference']),
  },
  (t) => [
    uniqueIndex('fin_supplier_applications_code_uq').on(t.code),
    searchIndex('fin_supplier_applications_search_idx', t.search),
    index('fin_supplier_applications_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('fin_supplier_applications_account_idx').on(t.supplierAccountId),
    index('fin_supplier_applications_kind_idx').on(t.kind),
    index('fin_supplier_applications_state_idx').on(t.state),
    index('fin_supplier_applications_decided_idx').on(t.decidedAt),
    uniqueIndex('fin_supplier_applications_instance_uq').on(t.instanceId),
    index('fin_supplier_applications_bill_idx').on(t.billId),
    // one bad-debt application under review per account (decision 0125)
    uniqueIndex('fin_supplier_applications_write_off_open_uq')
      .on(t.supplierAccountId)
      .where(sql`${t.kind} = 'write_off' and ${t.state} = 'pending'`),
    // a bill's difference is posted once: under review or approved (decision 0125)
    uniqueIndex('fin_supplier_applications_bill_difference_uq')
      .on(t.billId)
      .where(sql`${t.kind} = 'bill' and ${t.state} in ('pending', 'approved')`),
  ],
);

/** `recon-config`: one row per supplier product, the tolerance of a bill line (decision 0107). */
export const finReconConfig = pgTable(
  'fin_recon_config',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    product: text('product', { enum: SUPPLIER_PRODUCTS }).notNull(),
    tolerancePct: numeric('tolerance_pct', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    toleranceAmount: minor('tolerance_amount').notNull(),
    remark: text('remark'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_recon_config_product_uq').on(t.product),
    index('fin_recon_config_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
    check('fin_recon_config_range', sql`${t.tolerancePct} between 0 and 100 and ${t.toleranceAmount} >= 0`),
  ],
);

/**
 * A supplier's bill for one product, currency and period (decision 0107): their lines compared with
 * our cost of the supplier's channels. Totals are written with the lines, in one transaction.
 */
export const finSupplierBills = pgTable(
  'fin_supplier_bills',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    supplierId: integer('supplier_id').notNull(),
    product: text('product', { enum: SUPPLIER_PRODUCTS }).notNull(),
    currency: text('currency').notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    reference: text('reference'),
    state: text('state', { enum: SUPPLIER_BILL_STATES }).notNull().default('draft'),
    theirAmount: minor('their_amount').notNull().default(0),
    ourCost: minor('our_cost').notNull().default(0),
    difference: minor('difference').notNull().default(0),
    lines: integer('lines').notNull().default(0),
    flagged: integer('flagged').notNull().default(0),
    note: text('note'),
    /** approved payments against the bill (decision 0120), kept by the approval handler only */
    paid: minor('paid').notNull().default(0),
    payState: text('pay_state', { enum: SUPPLIER_PAY_STATES }).notNull().default('unpaid'),
    createdBy: integer('created_by'),
    checkedAt: at('checked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** the mail room's mail the lines were last read from (decision 0126), with what it said then */
    sourceMailId: integer('source_mail_id'),
    sourceMailSubject: text('source_mail_subject'),
    sourceMailFrom: text('source_mail_from'),
    sourceFile: text('source_file'),
    search: searchColumn('search', ['code', 'reference']),
  },
  (t) => [
    uniqueIndex('fin_supplier_bills_code_uq').on(t.code),
    searchIndex('fin_supplier_bills_search_idx', t.search),
    index('fin_supplier_bills_supplier_idx').on(t.supplierId),
    index('fin_supplier_bills_product_idx').on(t.product),
    index('fin_supplier_bills_state_idx').on(t.state),
    index('fin_supplier_bills_pay_state_idx').on(t.payState, t.state),
    index('fin_supplier_bills_period_idx').on(t.periodFrom.desc().nullsFirst(), t.id),
    index('fin_supplier_bills_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    check('fin_supplier_bills_period', sql`${t.periodFrom} <= ${t.periodTo}`),
    check('fin_supplier_bills_paid', sql`${t.paid} >= 0 and ${t.paid} <= greatest(${t.theirAmount}, 0)`),
  ],
);

/** One line of a supplier bill: theirs (day, country, count, amount) beside ours from traffic. */
export const finSupplierBillLines = pgTable(
  'fin_supplier_bill_lines',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    billId: integer('bill_id').notNull(),
    day: date('day').notNull(),
    country: text('country').notNull(),
    theirCount: numeric('their_count', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    ourCount: numeric('our_count', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    theirAmount: minor('their_amount').notNull(),
    ourCost: minor('our_cost').notNull(),
    difference: minor('difference').notNull(),
    flagged: boolean('flagged').notNull(),
  },
  (t) => [
    uniqueIndex('fin_supplier_bill_lines_uq').on(t.billId, t.day, t.country),
    index('fin_supplier_bill_lines_day_idx').on(t.day, t.id),
    index('fin_supplier_bill_lines_flagged_idx').on(t.flagged, t.billId),
    index('fin_supplier_bill_lines_country_idx').on(t.country),
  ],
);

/** A statement of account with one supplier account for a period: our side from its entries, theirs as entered. */
export const finSoas = pgTable(
  'fin_soas',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    supplierId: integer('supplier_id').notNull(),
    product: text('product', { enum: SUPPLIER_PRODUCTS }).notNull(),
    currency: text('currency').notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    opening: minor('opening').notNull(),
    costs: minor('costs').notNull(),
    payments: minor('payments').notNull(),
    adjustments: minor('adjustments').notNull(),
    closing: minor('closing').notNull(),
    theirClosing: minor('their_closing').notNull(),
    state: text('state', { enum: SOA_STATES }).notNull().default('open'),
    note: text('note'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['code']),
  },
  (t) => [
    uniqueIndex('fin_soas_code_uq').on(t.code),
    searchIndex('fin_soas_search_idx', t.search),
    index('fin_soas_supplier_idx').on(t.supplierId),
    index('fin_soas_product_idx').on(t.product),
    index('fin_soas_state_idx').on(t.state),
    index('fin_soas_period_idx').on(t.periodFrom.desc().nullsFirst(), t.id),
    index('fin_soas_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    check('fin_soas_period', sql`${t.periodFrom} <= ${t.periodTo}`),
  ],
);

/**
 * Supplier control lists (decision 0114): one row per list (`blacklist`, `exempt`, `whitelist`) and
 * supplier; it counts on a day from `from_day` through `until` (null: no end) while enabled.
 */
export const finSupplierControls = pgTable(
  'fin_supplier_controls',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    kind: text('kind', { enum: SUPPLIER_CONTROL_KINDS }).notNull(),
    /** SRM's supplier */
    supplierId: integer('supplier_id').notNull(),
    fromDay: date('from_day').notNull(),
    until: date('until'),
    enabled: boolean('enabled').notNull().default(true),
    reason: text('reason').notNull(),
    createdBy: integer('created_by'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_supplier_controls_uq').on(t.kind, t.supplierId),
    index('fin_supplier_controls_supplier_idx').on(t.supplierId, t.kind),
    index('fin_supplier_controls_enabled_idx').on(t.enabled, t.kind),
    index('fin_supplier_controls_from_idx').on(t.fromDay.desc().nullsFirst(), t.id),
    index('fin_supplier_controls_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
    check('fin_supplier_controls_days', sql`${t.until} is null or ${t.until} >= ${t.fromDay}`),
  ],
);

/**
 * `supplier-control-set` (decision 0114): supplier-overdue thresholds per currency from a day; the row
 * in force on a day is the latest first day not after it.
 */
export const finSupplierControlSet = pgTable(
  'fin_supplier_control_set',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    currency: text('currency').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    dueDays: integer('due_days').notNull(),
    warnDays: integer('warn_days').notNull(),
    balanceFloor: minor('balance_floor').notNull(),
    toOwner: boolean('to_owner').notNull().default(true),
    toFinance: boolean('to_finance').notNull().default(false),
    remark: text('remark'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_supplier_control_set_uq').on(t.currency, t.effectiveFrom),
    index('fin_supplier_control_set_from_idx').on(t.effectiveFrom.desc().nullsFirst(), t.id),
    check(
      'fin_supplier_control_set_range',
      sql`${t.dueDays} between 0 and 365 and ${t.warnDays} between 0 and 60 and ${t.balanceFloor} >= 0`,
    ),
  ],
);

/**
 * The supplier-overdue list (decision 0120): one row per confirmed bill the daily job found falling
 * due (`warned_at`) or overdue (`overdue_at`); each step is stamped, and told, once. `settled` when
 * the bill is paid in full.
 */
export const finSupplierOverdue = pgTable(
  'fin_supplier_overdue',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    /** the unpaid bill (reason `bill`) */
    billId: integer('bill_id'),
    reason: text('reason', { enum: SUPPLIER_OVERDUE_REASONS }).notNull().default('bill'),
    /** the prepaid account under its floor (reason `floor`), its balance when found and the floor then */
    supplierAccountId: integer('supplier_account_id'),
    balance: minor('balance'),
    floor: minor('floor'),
    supplierId: integer('supplier_id').notNull(),
    currency: text('currency').notNull(),
    /** a bill's due day; an account's day it was found under its floor */
    dueDay: date('due_day').notNull(),
    step: text('step', { enum: SUPPLIER_OVERDUE_STEPS }).notNull(),
    warnedAt: at('warned_at'),
    overdueAt: at('overdue_at'),
    state: text('state', { enum: SUPPLIER_OVERDUE_STATES }).notNull().default('open'),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('fin_supplier_overdue_bill_uq').on(t.billId),
    // one open row per account under its floor; settled rows stay, a later drop opens a new one
    uniqueIndex('fin_supplier_overdue_account_uq').on(t.supplierAccountId).where(sql`${t.state} = 'open'`),
    index('fin_supplier_overdue_reason_idx').on(t.reason),
    check(
      'fin_supplier_overdue_reason_ref',
      sql`(${t.reason} = 'bill' and ${t.billId} is not null) or (${t.reason} = 'floor' and ${t.supplierAccountId} is not null)`,
    ),
    index('fin_supplier_overdue_due_idx').on(t.dueDay, t.id),
    index('fin_supplier_overdue_supplier_idx').on(t.supplierId),
    index('fin_supplier_overdue_step_idx').on(t.step),
    index('fin_supplier_overdue_state_idx').on(t.state),
  ],
);
