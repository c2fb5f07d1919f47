import type { AffectedAccount, QuotedRow } from '@portal/contracts/quotation';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Quote groups (`quote-group/quote`, `az`): many consumer accounts follow one customer price book;
 * an account's own row overrides its group's.
 */
export const qmGroups = pgTable(
  'qm_groups',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    kind: text('kind', { enum: ['quote', 'az'] }).notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('qm_groups_name_uq').on(t.kind, t.name)],
);

/** An account (finance's consumer account id, stored only) follows at most one group of each kind. */
export const qmGroupMembers = pgTable(
  'qm_group_members',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => qmGroups.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['quote', 'az'] }).notNull(),
    accountId: integer('account_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('qm_group_members_account_uq').on(t.accountId, t.kind)],
);

/**
 * Price rows of versioned books. A book is (kind, owner): a customer account's or a quote group's
 * prices, or a channel's costs. A destination is a network (MCC+MNC), a country default, a voice
 * prefix, or nothing (number rental, e-mail), with the WhatsApp category beside it. A new price never
 * overwrites: it closes the row in force at its own effective time (`effective_until`).
 */
export const qmPrices = pgTable(
  'qm_prices',
  {
    id: serial('id').primaryKey(),
    bookKind: text('book_kind', { enum: ['account', 'group', 'channel'] }).notNull(),
    bookId: integer('book_id').notNull(),
    product: text('product', { enum: ['sms', 'voice', 'whatsapp', 'number', 'email'] }).notNull(),
    /** 'network' | 'country' | 'prefix' | 'any' */
    destKind: text('dest_kind', { enum: ['network', 'country', 'prefix', 'any'] }).notNull(),
    /** the network code, country code or prefix; '' for 'any' */
    dest: text('dest').notNull(),
    /** the country of a network or prefix row, for lists and limits */
    country: text('country'),
    /** WhatsApp conversation category; '' when the product has none */
    category: text('category').notNull().default(''),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    connectFee: numeric('connect_fee', { precision: 18, scale: 6 }).notNull().default('0'),
    firstIncrement: integer('first_increment').notNull().default(1),
    nextIncrement: integer('next_increment').notNull().default(1),
    currency: text('currency').notNull(),
    effectiveFrom: at('effective_from').notNull(),
    effectiveUntil: at('effective_until'),
    /** costs: charged when submitted to the channel or when delivered */
    chargeOn: text('charge_on', { enum: ['submit', 'delivery'] }),
    source: text('source', { enum: ['manual', 'import', 'approval', 'seed'] }).notNull(),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('qm_prices_book_idx').on(t.bookKind, t.bookId, t.product),
    index('qm_prices_dest_idx').on(t.bookKind, t.bookId, t.product, t.dest, t.category, t.effectiveFrom),
    check('qm_prices_period_ck', sql`${t.effectiveUntil} is null or ${t.effectiveUntil} > ${t.effectiveFrom}`),
    check('qm_prices_increments_ck', sql`${t.firstIncrement} > 0 and ${t.nextIncrement} > 0`),
    check('qm_prices_price_ck', sql`${t.unitPrice} >= 0 and ${t.connectFee} >= 0`),
  ],
);

/** `sms-price-limit` / `tariff`: the least a customer may pay per country or network and product. */
export const qmPriceLimits = pgTable(
  'qm_price_limits',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    product: text('product', { enum: ['sms', 'voice', 'whatsapp', 'number', 'email'] }).notNull(),
    country: text('country').notNull(),
    /** a network of the country, or none for the whole country (unique with it: nulls not distinct) */
    network: text('network'),
    minPrice: numeric('min_price', { precision: 18, scale: 6 }),
    /** least margin over the dearest live cost, percent of the price */
    minMarginPct: numeric('min_margin_pct', { precision: 9, scale: 4 }),
    currency: text('currency').notNull(),
    updatedBy: integer('updated_by'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('qm_price_limits_uq').on(t.product, t.country, t.network).nullsNotDistinct(),
    index('qm_price_limits_country_idx').on(t.country, t.id),
  ],
);

/** `quote-set`: one row of quotation settings. */
export const qmSettings = pgTable('qm_settings', {
  id: integer('id').primaryKey(),
  /** days an increase waits before it takes effect (decreases take effect at once) */
  increaseNoticeDays: integer('increase_notice_days').notNull().default(7),
  updatedBy: integer('updated_by'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Special-price requests: a customer price below its limit, decided by the approval engine. */
export const qmSpecialPrices = pgTable(
  'qm_special_prices',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    bookKind: text('book_kind', { enum: ['account', 'group'] }).notNull(),
    bookId: integer('book_id').notNull(),
    product: text('product', { enum: ['sms', 'voice', 'whatsapp', 'number', 'email'] }).notNull(),
    destKind: text('dest_kind', { enum: ['network', 'country', 'prefix', 'any'] }).notNull(),
    dest: text('dest').notNull(),
    category: text('category').notNull().default(''),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    connectFee: numeric('connect_fee', { precision: 18, scale: 6 }).notNull().default('0'),
    firstIncrement: integer('first_increment').notNull().default(1),
    nextIncrement: integer('next_increment').notNull().default(1),
    currency: text('currency').notNull(),
    effectiveFrom: at('effective_from').notNull(),
    /** the limit the price fell below, as read when applied */
    limitText: text('limit_text').notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    approvalId: integer('approval_id'),
    /** the price row the approval wrote */
    priceId: integer('price_id'),
    applicantId: integer('applicant_id').notNull(),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('qm_special_prices_state_idx').on(t.state, t.createdAt),
    index('qm_special_prices_applicant_idx').on(t.applicantId),
    index('qm_special_prices_approval_idx').on(t.approvalId),
  ],
);

/**
 * Supplier-quote requests: a channel cost that raises a live channel's cost or exceeds the price of
 * a customer whose traffic is routed there, kept out of the book until the approval engine decides.
 */
export const qmSupplierQuotes = pgTable(
  'qm_supplier_quotes',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    channelId: integer('channel_id').notNull(),
    /** the channel's code when asked (srm's, read through `channelRefs`) */
    channelCode: text('channel_code').notNull(),
    product: text('product', { enum: ['sms', 'voice', 'whatsapp', 'number', 'email'] }).notNull(),
    destKind: text('dest_kind', { enum: ['network', 'country', 'prefix', 'any'] }).notNull(),
    dest: text('dest').notNull(),
    country: text('country'),
    category: text('category').notNull().default(''),
    /** the cost in force at the effective time, in the new cost's currency; null: a new destination */
    oldCost: numeric('old_cost', { precision: 18, scale: 6 }),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    connectFee: numeric('connect_fee', { precision: 18, scale: 6 }).notNull().default('0'),
    firstIncrement: integer('first_increment').notNull().default(1),
    nextIncrement: integer('next_increment').notNull().default(1),
    currency: text('currency').notNull(),
    chargeOn: text('charge_on', { enum: ['submit', 'delivery'] }),
    effectiveFrom: at('effective_from').notNull(),
    /** the cost goes up on a live channel */
    raise: boolean('raise').notNull(),
    /** the cost is above the price of at least one routed account */
    overPrice: boolean('over_price').notNull(),
    /** the accounts routed to the channel for the destination, as found when asked */
    affected: jsonb('affected').$type<AffectedAccount[]>().notNull(),
    affectedCount: integer('affected_count').notNull(),
    /** a price-list import's request: how many lines (`qm_supplier_quote_lines`) it holds; 0: one saved cost */
    lineCount: integer('line_count').notNull().default(0),
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    approvalId: integer('approval_id'),
    /** the cost row the approval wrote */
    priceId: integer('price_id'),
    applicantId: integer('applicant_id').notNull(),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('qm_supplier_quotes_state_idx').on(t.state, t.createdAt),
    index('qm_supplier_quotes_product_idx').on(t.product),
    index('qm_supplier_quotes_applicant_idx').on(t.applicantId),
    index('qm_supplier_quotes_approval_idx').on(t.approvalId),
    check('qm_supplier_quotes_cost_ck', sql`${t.unitPrice} >= 0`),
  ],
);

/**
 * The lines of a supplier-quote request started by a price-list import (decision 0103): the rows of
 * the list that need approval (a raise on a live channel, or over a routed account's price); the
 * approval writes them all in its transaction, a rejection none.
 */
export const qmSupplierQuoteLines = pgTable(
  'qm_supplier_quote_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => qmSupplierQuotes.id, { onDelete: 'cascade' }),
    /** the list's row number */
    row: integer('row').notNull(),
    destKind: text('dest_kind', { enum: ['network', 'country', 'prefix', 'any'] }).notNull(),
    dest: text('dest').notNull(),
    country: text('country'),
    label: text('label').notNull().default(''),
    oldCost: numeric('old_cost', { precision: 18, scale: 6 }),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull(),
    firstIncrement: integer('first_increment').notNull().default(1),
    nextIncrement: integer('next_increment').notNull().default(1),
    currency: text('currency').notNull(),
    effectiveFrom: at('effective_from').notNull(),
    raise: boolean('raise').notNull(),
    overPrice: boolean('over_price').notNull(),
    affected: jsonb('affected').$type<AffectedAccount[]>().notNull(),
    /** the cost row the approval wrote */
    priceId: integer('price_id'),
  },
  (t) => [
    index('qm_supplier_quote_lines_quote_idx').on(t.quoteId, t.row),
    check('qm_supplier_quote_lines_cost_ck', sql`${t.unitPrice} >= 0`),
  ],
);

/** `quote-email-template`: the subject and body of quote mails per language, with `{variable}` placeholders. */
export const qmEmailTemplates = pgTable('qm_email_templates', {
  locale: text('locale', { enum: ['zh-CN', 'en'] }).primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** `quote-email`: a quote of a customer account or a quote group sent through the mail room, kept as sent. */
export const qmQuoteEmails = pgTable(
  'qm_quote_emails',
  {
    id: serial('id').primaryKey(),
    /** the kernel's optimistic version (a sent quote is never changed) */
    version: integer('version').notNull().default(1),
    /** the quoted book: one customer account's (with its group's rows), a quote group's, or a supplier channel's costs */
    bookKind: text('book_kind', { enum: ['account', 'group', 'channel'] }).notNull(),
    bookId: integer('book_id').notNull(),
    /** the account code or the group name, as sent */
    bookName: text('book_name').notNull(),
    product: text('product', { enum: ['sms', 'voice', 'whatsapp', 'number', 'email'] }).notNull(),
    /** the price category quoted (`otp`, `ai`: an OTP or AI-voice quote); '' for the standard prices */
    category: text('category').notNull().default(''),
    locale: text('locale', { enum: ['zh-CN', 'en'] }).notNull(),
    toList: jsonb('to_list').$type<{ email: string; name?: string | null }[]>().notNull(),
    ccList: jsonb('cc_list').$type<{ email: string; name?: string | null }[]>().notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    rows: jsonb('rows').$type<QuotedRow[]>().notNull(),
    /** from when every quoted price is in force (an increase waits its notice days) */
    effectiveFrom: at('effective_from').notNull(),
    /** the XLSX price list attached to the mail (platform files); none on the demo's seeded quotes */
    fileId: text('file_id'),
    /** the mail room's sent message; none on the demo's seeded quotes */
    mailId: integer('mail_id'),
    messageId: text('message_id'),
    /** the signed public link stops opening after this time */
    linkExpiresAt: at('link_expires_at').notNull(),
    sentBy: integer('sent_by').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [
    index('qm_quote_emails_sent_idx').on(t.sentAt),
    index('qm_quote_emails_book_idx').on(t.bookKind, t.bookId),
    index('qm_quote_emails_book_id_idx').on(t.bookId),
    index('qm_quote_emails_product_idx').on(t.product),
  ],
);

/** `billing-method`: how a product is billed to customers (submit or delivery, increments). */
export const qmBillingMethods = pgTable(
  'qm_billing_methods',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    product: text('product', { enum: ['sms', 'voice', 'whatsapp', 'number', 'email'] }).notNull(),
    basis: text('basis', { enum: ['submit', 'delivery'] }).notNull(),
    firstIncrement: integer('first_increment').notNull().default(1),
    nextIncrement: integer('next_increment').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('qm_billing_methods_code_uq').on(t.code),
    index('qm_billing_methods_product_idx').on(t.product),
    index('qm_billing_methods_basis_idx').on(t.basis),
    check('qm_billing_methods_increments', sql`${t.firstIncrement} >= 1 and ${t.nextIncrement} >= 1`),
  ],
);

/**
 * AI vendor quote runs (`supplier-quote/ai-quote-log`, decision 0112): a supplier's price list read
 * into a draft supplier quote — the column mapping and what made it, the rows read, understood and
 * not (with reasons), and the outcome (saved through the import commit, or discarded).
 */
export const qmAiQuoteRuns = pgTable(
  'qm_ai_quote_runs',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    channelId: integer('channel_id').notNull(),
    channelCode: text('channel_code').notNull(),
    product: text('product', { enum: ['sms', 'voice', 'whatsapp', 'number', 'email'] }).notNull(),
    category: text('category').notNull().default(''),
    sourceKind: text('source_kind', { enum: ['file', 'mail'] }).notNull(),
    /** the file's name, or the mail's subject */
    source: text('source').notNull(),
    mailId: integer('mail_id'),
    mappedBy: text('mapped_by', { enum: ['rules', 'model', 'staff'] }).notNull(),
    /** field → column index of the sheet */
    mapping: jsonb('mapping').$type<Record<string, number | null>>().notNull(),
    /** the mapping as read by people: `rate ← "Price (USD)"` */
    mappingText: text('mapping_text').notNull(),
    headerRow: integer('header_row').notNull(),
    rowsRead: integer('rows_read').notNull(),
    rowsUnderstood: integer('rows_understood').notNull(),
    rowsNotUnderstood: integer('rows_not_understood').notNull(),
    /** the first reasons rows were not understood, one a line */
    reasons: text('reasons').notNull().default(''),
    outcome: text('outcome', { enum: ['draft', 'saved', 'discarded'] })
      .notNull()
      .default('draft'),
    savedCount: integer('saved_count'),
    heldCount: integer('held_count'),
    /** the supplier-quote request holding the rows that need approval */
    requestId: integer('request_id'),
    userId: integer('user_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
  },
  (t) => [
    index('qm_ai_quote_runs_outcome_idx').on(t.outcome),
    index('qm_ai_quote_runs_product_idx').on(t.product),
    index('qm_ai_quote_runs_mapped_by_idx').on(t.mappedBy),
    index('qm_ai_quote_runs_created_idx').on(t.createdAt),
    index('qm_ai_quote_runs_user_idx').on(t.userId),
  ],
);
