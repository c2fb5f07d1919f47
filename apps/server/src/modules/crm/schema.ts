import { contactResource, customerResource, opportunityResource } from '@portal/contracts/crm';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';
import { searchColumn, searchColumnFor, searchIndex } from '../../platform/db/search.js';

/** customer codes: `CU` and a number from this sequence, never reused */
export const customerCodeSeq = pgSequence('crm_customer_code_seq', { startWith: 100001 });

export const crmCustomers = pgTable(
  'crm_customers',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    name: text('name').notNull(),
    alias: text('alias').notNull(),
    type: text('type', { enum: ['C', 'R'] }).notNull(),
    country: text('country').notNull(),
    industry: text('industry'),
    level: text('level'),
    source: text('source'),
    /** the R-end business partner this customer came through */
    agentId: integer('agent_id'),
    emailDomains: text('email_domains').array().notNull().default(sql`'{}'::text[]`),
    phone: text('phone'),
    address: text('address'),
    ownerId: integer('owner_id'),
    ownedAt: at('owned_at'),
    departmentId: integer('department_id'),
    state: text('state', { enum: ['private', 'open_sea', 'blacklist'] })
      .notNull()
      .default('private'),
    blacklistReason: text('blacklist_reason'),
    locked: boolean('locked').notNull().default(false),
    dealt: boolean('dealt').notNull().default(false),
    lastContactAt: at('last_contact_at'),
    nextContactAt: at('next_contact_at'),
    /** the next contact time a reminder was sent for (a new follow-up with a new time re-arms it) */
    remindedFor: at('reminded_for'),
    /** its last return to the open sea (set with the return, decision 0033) */
    returnedAt: at('returned_at'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    search: searchColumnFor(customerResource),
  },
  (t) => [
    uniqueIndex('crm_customers_code_uq').on(t.code),
    uniqueIndex('crm_customers_alias_uq').on(sql`lower(${t.alias})`),
    index('crm_customers_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    // the keyword's trigrams with the owner, state and country in one index (btree_gin): a keyword
    // with a sales' own scope or those filters is one index read of the rows having all, not a
    // fetch of every candidate row or a BitmapAnd of two large bitmaps (decision 0089)
    index('crm_customers_search_trgm').using('gin', t.search.op('gin_trgm_ops'), t.ownerId, t.state, t.country),
    index('crm_customers_domains_gin').using('gin', t.emailDomains),
    index('crm_customers_phone_idx').on(t.phone),
    index('crm_customers_type_idx').on(t.type),
    index('crm_customers_state_idx').on(t.state),
    index('crm_customers_country_idx').on(t.country),
    index('crm_customers_level_idx').on(t.level),
    index('crm_customers_industry_idx').on(t.industry),
    index('crm_customers_source_idx').on(t.source),
    index('crm_customers_returned_idx').on(t.returnedAt),
    index('crm_customers_owner_idx').on(t.ownerId, t.createdAt),
    // the list's owner, state and country filters together: one index range, not a BitmapAnd of
    // two 30,000-row bitmaps (decision 0089)
    index('crm_customers_owner_state_country_idx').on(t.ownerId, t.state, t.country),
    // an agent's customers newest first (agent-query/customer, decision 0147): a page read off the index (0152)
    index('crm_customers_agent_idx').on(t.agentId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('crm_customers_dealt_idx').on(t.dealt),
    // the lists' default order (newest first, id as the tie-break): top-20 by index, not a sort of the table.
    // Migration 0072 re-creates it with INCLUDE (owner_id, state, country, search), which drizzle cannot
    // say: the kernel's walks in this order check those columns in the index alone (decision 0098)
    index('crm_customers_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('crm_customers_last_contact_idx').on(t.lastContactAt),
    index('crm_customers_next_contact_idx').on(t.nextContactAt),
  ],
);

export const crmContacts = pgTable(
  'crm_contacts',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    customerId: integer('customer_id').notNull(),
    name: text('name').notNull(),
    title: text('title'),
    phone: text('phone'),
    email: text('email'),
    keyDecisionMaker: boolean('key_decision_maker').notNull().default(false),
    remark: text('remark'),
    ownerId: integer('owner_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumnFor(contactResource),
  },
  (t) => [
    index('crm_contacts_customer_idx').on(t.customerId),
    index('crm_contacts_kdm_idx').on(t.keyDecisionMaker),
    index('crm_contacts_owner_idx').on(t.ownerId),
    index('crm_contacts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('crm_contacts_phone_idx').on(t.phone),
    // the mail room's counterpart lookup (addresses are stored lower-case)
    index('crm_contacts_email_idx').on(t.email),
    searchIndex('crm_contacts_search_trgm', t.search),
  ],
);

export const crmOpportunities = pgTable(
  'crm_opportunities',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    customerId: integer('customer_id').notNull(),
    name: text('name').notNull(),
    stage: text('stage').notNull(),
    winRate: doublePrecision('win_rate'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    expectedCloseDate: date('expected_close_date', { mode: 'string' }),
    status: text('status', { enum: ['open', 'won', 'lost', 'invalid'] })
      .notNull()
      .default('open'),
    lostReason: text('lost_reason'),
    ownerId: integer('owner_id'),
    closedAt: at('closed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumnFor(opportunityResource),
  },
  (t) => [
    index('crm_opportunities_customer_idx').on(t.customerId),
    index('crm_opportunities_stage_idx').on(t.stage),
    index('crm_opportunities_status_idx').on(t.status),
    index('crm_opportunities_owner_idx').on(t.ownerId),
    index('crm_opportunities_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('crm_opportunities_search_trgm', t.search),
  ],
);

/**
 * Opportunity stages per department group: a department uses the stages of itself or its nearest
 * ancestor that has some; `department_id` null is the company default.
 */
export const crmOpportunityStages = pgTable(
  'crm_opportunity_stages',
  {
    id: serial('id').primaryKey(),
    departmentId: integer('department_id'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    winRate: doublePrecision('win_rate').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('crm_opportunity_stages_uq').on(sql`coalesce(${t.departmentId}, 0)`, t.code)],
);

/** E-mail domains that never identify a company (gmail.com, qq.com): `crm/rules/domain` edits them. */
export const crmFreeMailDomains = pgTable(
  'crm_free_mail_domains',
  {
    /** the settings screen's record id (the domain stays the key the duplicate check reads) */
    id: serial('id').notNull(),
    version: integer('version').notNull().default(1),
    domain: text('domain').primaryKey(),
    remark: text('remark'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    search: searchColumn('search', ['domain']),
  },
  (t) => [
    uniqueIndex('crm_free_mail_domains_id_uq').on(t.id),
    searchIndex('crm_free_mail_domains_search_trgm', t.search),
  ],
);

/**
 * Applications on a customer that run through the approval engine (alias change, class A, source
 * change, team name change, blacklist): the record and its state; the request is `instance_id`.
 * One pending application per customer and kind (partial unique index).
 */
export const crmApplications = pgTable(
  'crm_applications',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    kind: text('kind', { enum: ['alias', 'classA', 'source', 'teamName', 'blacklist'] }).notNull(),
    customerId: integer('customer_id').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    reason: text('reason').notNull(),
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    instanceId: integer('instance_id'),
    initiatorId: integer('initiator_id').notNull(),
    opinion: text('opinion'),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
    search: searchColumn('search', ['code']),
  },
  (t) => [
    uniqueIndex('crm_applications_code_uq').on(t.code),
    uniqueIndex('crm_applications_pending_uq').on(t.customerId, t.kind).where(sql`${t.state} = 'pending'`),
    index('crm_applications_customer_idx').on(t.customerId),
    index('crm_applications_instance_idx').on(t.instanceId),
    index('crm_applications_initiator_idx').on(t.initiatorId, t.createdAt),
    index('crm_applications_kind_state_idx').on(t.kind, t.state),
    index('crm_applications_state_idx').on(t.state),
    index('crm_applications_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('crm_applications_search_trgm', t.search),
  ],
);
