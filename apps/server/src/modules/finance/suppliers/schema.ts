import { SUPPLIER_APPLY_KINDS, SUPPLIER_ENTRY_KINDS, SUPPLIER_PRODUCTS } from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
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
        when 'cost' then ${t.amount} < 0 else ${t.amount} <> 0 end`,
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
    kind: text('kind', { enum: SUPPLIER_APPLY_KINDS }).notNull(),
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
  ],
);
