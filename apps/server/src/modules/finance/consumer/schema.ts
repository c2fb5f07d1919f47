import {
  AWS_USER_KINDS,
  AWS_USER_STATES,
  CLIENT_STATES,
  CONTRACT_STATES,
  VERIFICATION_STATES,
  VERIFICATION_SUBJECTS,
} from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgSequence, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../../platform/db/columns.js';
import { searchColumn, searchIndex } from '../../../platform/db/search.js';

const files = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/** client application ids `APP…` (decision 0121) */
export const clientAppSeq = pgSequence('fin_client_app_seq', { startWith: 300001 });

/**
 * An account customer's identity verification (decision 0121): documents (files-platform ids), the
 * reviewer's decision. One pending per account (the partial unique index: two submissions at once
 * leave one).
 */
export const finVerifications = pgTable(
  'fin_verifications',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    accountId: integer('account_id').notNull(),
    subject: text('subject', { enum: VERIFICATION_SUBJECTS }).notNull(),
    legalName: text('legal_name').notNull(),
    documentNo: text('document_no').notNull(),
    documents: files('documents'),
    /** the document's last valid day (decision 0133): the account is "expiring" 30 days before */
    validUntil: date('valid_until'),
    state: text('state', { enum: VERIFICATION_STATES }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['legal_name', 'document_no']),
  },
  (t) => [
    uniqueIndex('fin_verifications_pending_uq').on(t.accountId).where(sql`state = 'pending'`),
    index('fin_verifications_account_idx').on(t.accountId),
    index('fin_verifications_state_idx').on(t.state),
    index('fin_verifications_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('fin_verifications_reviewed_idx').on(t.reviewedAt),
    searchIndex('fin_verifications_search_idx', t.search),
  ],
);

/** An account's contract: unique number, term, the signed file, terminated early with a reason. */
export const finContracts = pgTable(
  'fin_contracts',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    contractNo: text('contract_no').notNull(),
    title: text('title').notNull(),
    accountId: integer('account_id').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    signedOn: date('signed_on'),
    files: files('files'),
    state: text('state', { enum: CONTRACT_STATES }).notNull().default('active'),
    terminateReason: text('terminate_reason'),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['contract_no', 'title']),
  },
  (t) => [
    uniqueIndex('fin_contracts_no_uq').on(t.contractNo),
    index('fin_contracts_account_idx').on(t.accountId),
    index('fin_contracts_state_idx').on(t.state),
    index('fin_contracts_ends_idx').on(t.endsOn),
    index('fin_contracts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('fin_contracts_search_idx', t.search),
    check('fin_contracts_term', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** A client application (sub-account) of an account, for one of its products. */
export const finClients = pgTable(
  'fin_clients',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    appId: text('app_id').notNull(),
    name: text('name').notNull(),
    accountId: integer('account_id').notNull(),
    product: text('product').notNull(),
    state: text('state', { enum: CLIENT_STATES }).notNull().default('active'),
    disableReason: text('disable_reason'),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['app_id', 'name']),
  },
  (t) => [
    uniqueIndex('fin_clients_app_uq').on(t.appId),
    index('fin_clients_account_idx').on(t.accountId),
    index('fin_clients_product_idx').on(t.product),
    index('fin_clients_state_idx').on(t.state),
    index('fin_clients_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('fin_clients_search_idx', t.search),
  ],
);

/** A cloud sender user linked to an account: an IAM user ARN or an SES identity, per region. */
export const finAwsUsers = pgTable(
  'fin_aws_users',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    kind: text('kind', { enum: AWS_USER_KINDS }).notNull(),
    identity: text('identity').notNull(),
    region: text('region').notNull(),
    accountId: integer('account_id').notNull(),
    state: text('state', { enum: AWS_USER_STATES }).notNull().default('pending'),
    verifiedAt: at('verified_at'),
    disableReason: text('disable_reason'),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['identity']),
  },
  (t) => [
    uniqueIndex('fin_aws_users_identity_uq').on(t.region, t.identity),
    index('fin_aws_users_account_idx').on(t.accountId),
    index('fin_aws_users_region_idx').on(t.region),
    index('fin_aws_users_state_idx').on(t.state),
    index('fin_aws_users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('fin_aws_users_verified_idx').on(t.verifiedAt),
    searchIndex('fin_aws_users_search_idx', t.search),
  ],
);
