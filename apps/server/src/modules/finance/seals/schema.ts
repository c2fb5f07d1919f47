import {
  CONTRACT_TYPES,
  COUNTERPART_KINDS,
  contractArchiveResource,
  ORIGINAL_STATES,
  SEAL_KINDS,
  sealApplicationResource,
} from '@portal/contracts/finance';
import { APPROVAL_RECORD_STATES } from '@portal/contracts/resource';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at } from '../../../platform/db/columns.js';
import { searchColumn, searchColumnFor, searchIndex } from '../../../platform/db/search.js';

/** seal application codes `SA…` (decision 0117) */
export const sealApplicationCodeSeq = pgSequence('fin_seal_application_code_seq', { startWith: 100001 });

/** A company seal: its kind, the contracting entity (main body) it belongs to, who keeps it. */
export const finSeals = pgTable(
  'fin_seals',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    name: text('name').notNull(),
    kind: text('kind', { enum: SEAL_KINDS }).notNull(),
    entityId: integer('entity_id').notNull(),
    keeperId: integer('keeper_id').notNull(),
    active: boolean('active').notNull().default(true),
    validUntil: date('valid_until'),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['name']),
  },
  (t) => [
    uniqueIndex('fin_seals_entity_name_uq').on(t.entityId, t.name),
    index('fin_seals_kind_idx').on(t.kind),
    index('fin_seals_entity_idx').on(t.entityId),
    index('fin_seals_active_idx').on(t.active),
    index('fin_seals_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('fin_seals_search_idx', t.search),
  ],
);

/** The contract columns an application and its archive record share (copied on archiving). */
const contract = () => ({
  counterpartKind: text('counterpart_kind', { enum: COUNTERPART_KINDS }).notNull(),
  counterpartId: integer('counterpart_id').notNull(),
  counterpartName: text('counterpart_name').notNull(),
  title: text('title').notNull(),
  contractType: text('contract_type', { enum: CONTRACT_TYPES }).notNull(),
  /** minor units of `currency` */
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  startDay: date('start_day').notNull(),
  endDay: date('end_day'),
  sealIds: integer('seal_ids').array().notNull(),
  sealNames: text('seal_names').notNull(),
  copies: integer('copies').notNull(),
  files: text('files').array().notNull(),
});

/**
 * An application to seal a contract: pending until its approval request ends; the approval handler
 * sets the state and, approved, writes the archive record in the approval's transaction.
 */
export const finSealApplications = pgTable(
  'fin_seal_applications',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    ...contract(),
    reason: text('reason'),
    state: text('state', { enum: APPROVAL_RECORD_STATES }).notNull().default('pending'),
    approvalId: integer('approval_id'),
    archiveNo: text('archive_no'),
    applicantId: integer('applicant_id').notNull(),
    deciderId: integer('decider_id'),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumnFor(sealApplicationResource),
  },
  (t) => [
    uniqueIndex('fin_seal_applications_code_uq').on(t.code),
    index('fin_seal_applications_approval_idx').on(t.approvalId),
    index('fin_seal_applications_state_idx').on(t.state),
    index('fin_seal_applications_counterpart_idx').on(t.counterpartKind, t.counterpartId),
    index('fin_seal_applications_applicant_idx').on(t.applicantId),
    index('fin_seal_applications_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('fin_seal_applications_search_idx', t.search),
    check('fin_seal_applications_term', sql`${t.endDay} is null or ${t.endDay} >= ${t.startDay}`),
    check('fin_seal_applications_amount', sql`${t.amount} >= 0`),
  ],
);

/**
 * A sealed contract in the archive, numbered `HT-YYYYMMDD-NNN` by its archiving day (`archive_day`,
 * `seq` the day's running number: unique, so two approvals at once never share a number).
 */
export const finContractArchives = pgTable(
  'fin_contract_archives',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    archiveNo: text('archive_no').notNull(),
    archiveDay: date('archive_day').notNull(),
    seq: integer('seq').notNull(),
    applicationId: integer('application_id').notNull(),
    applicationCode: text('application_code').notNull(),
    ...contract(),
    originalState: text('original_state', { enum: ORIGINAL_STATES }).notNull().default('awaiting'),
    returnedBy: integer('returned_by'),
    returnedOn: date('returned_on'),
    remark: text('remark'),
    applicantId: integer('applicant_id').notNull(),
    archivedAt: at('archived_at').notNull(),
    search: searchColumnFor(contractArchiveResource),
  },
  (t) => [
    uniqueIndex('fin_contract_archives_no_uq').on(t.archiveNo),
    uniqueIndex('fin_contract_archives_day_seq_uq').on(t.archiveDay, t.seq),
    uniqueIndex('fin_contract_archives_application_uq').on(t.applicationId),
    index('fin_contract_archives_counterpart_idx').on(t.counterpartKind, t.counterpartId),
    index('fin_contract_archives_type_idx').on(t.contractType),
    index('fin_contract_archives_original_idx').on(t.originalState),
    index('fin_contract_archives_applicant_idx').on(t.applicantId),
    index('fin_contract_archives_archived_idx').on(t.archivedAt.desc().nullsFirst(), t.id),
    index('fin_contract_archives_end_idx').on(t.endDay, t.id),
    searchIndex('fin_contract_archives_search_idx', t.search),
    check(
      'fin_contract_archives_returned',
      sql`${t.originalState} <> 'filed' or (${t.returnedBy} is not null and ${t.returnedOn} is not null)`,
    ),
  ],
);

/**
 * Expiry reminders told (decision 0128): one row per seal or archived contract and the last day it
 * was told about; a changed expiry day arms a new reminder, the same day is never told twice.
 */
export const finSealReminders = pgTable(
  'fin_seal_reminders',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['seal', 'contract'] }).notNull(),
    recordId: integer('record_id').notNull(),
    dueDay: date('due_day').notNull(),
    noticedAt: at('noticed_at').notNull(),
  },
  (t) => [uniqueIndex('fin_seal_reminders_record_uq').on(t.kind, t.recordId)],
);
