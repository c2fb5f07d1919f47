import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchColumn, searchIndex } from '../../platform/db/search.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** supplier codes: `SP` and a number from this sequence, never reused */
export const supplierCodeSeq = pgSequence('srm_supplier_code_seq', { startWith: 200001 });

/**
 * Suppliers: carriers, aggregators, SIM farms and equipment vendors we buy from. The channels half
 * of the room references `srm_suppliers.id` and checks `admitted` before a route carries traffic.
 */
export const srmSuppliers = pgTable(
  'srm_suppliers',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    name: text('name').notNull(),
    alias: text('alias').notNull(),
    type: text('type', { enum: ['operator', 'aggregator', 'sim_farm', 'equipment_vendor'] }).notNull(),
    products: text('products').array().notNull().default(sql`'{}'::text[]`),
    country: text('country').notNull(),
    level: text('level'),
    source: text('source'),
    /** our contracting entity (reference data `reference_entities`) */
    entityId: integer('entity_id'),
    paymentMethod: text('payment_method'),
    paymentTermDays: integer('payment_term_days'),
    domains: text('domains').array().notNull().default(sql`'{}'::text[]`),
    phone: text('phone'),
    address: text('address'),
    remark: text('remark'),
    ownerId: integer('owner_id'),
    ownedAt: at('owned_at'),
    departmentId: integer('department_id'),
    state: text('state', { enum: ['private', 'sea', 'blacklist'] })
      .notNull()
      .default('private'),
    blacklistReason: text('blacklist_reason'),
    locked: boolean('locked').notNull().default(false),
    /** set only by an approved admission application (the approval's business handler) */
    admitted: boolean('admitted').notNull().default(false),
    admittedAt: at('admitted_at'),
    lastContactAt: at('last_contact_at'),
    nextContactAt: at('next_contact_at'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    search: searchColumn('search', ['name', 'alias', 'code']),
  },
  (t) => [
    uniqueIndex('srm_suppliers_code_uq').on(t.code),
    uniqueIndex('srm_suppliers_alias_uq').on(sql`lower(${t.alias})`),
    index('srm_suppliers_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    searchIndex('srm_suppliers_search_trgm', t.search),
    index('srm_suppliers_domains_gin').using('gin', t.domains),
    index('srm_suppliers_phone_idx').on(t.phone),
    index('srm_suppliers_type_idx').on(t.type),
    index('srm_suppliers_state_idx').on(t.state),
    index('srm_suppliers_country_idx').on(t.country),
    index('srm_suppliers_level_idx').on(t.level),
    index('srm_suppliers_source_idx').on(t.source),
    index('srm_suppliers_admitted_idx').on(t.admitted),
    index('srm_suppliers_owner_idx').on(t.ownerId, t.createdAt),
    index('srm_suppliers_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('srm_suppliers_last_contact_idx').on(t.lastContactAt),
  ],
);

export const srmContacts = pgTable(
  'srm_contacts',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    supplierId: integer('supplier_id').notNull(),
    name: text('name').notNull(),
    role: text('role'),
    phone: text('phone'),
    email: text('email'),
    im: text('im'),
    remark: text('remark'),
    ownerId: integer('owner_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['name', 'email', 'phone']),
  },
  (t) => [
    index('srm_contacts_supplier_idx').on(t.supplierId),
    index('srm_contacts_role_idx').on(t.role),
    index('srm_contacts_owner_idx').on(t.ownerId),
    index('srm_contacts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('srm_contacts_phone_idx').on(t.phone),
    searchIndex('srm_contacts_search_trgm', t.search),
  ],
);

/**
 * Supplier admission (准入): an application with documents (upload service file ids) and the
 * due-diligence checklist, decided by the approval engine; approval sets the supplier's `admitted`.
 */
export const srmAdmissions = pgTable(
  'srm_admissions',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    supplierId: integer('supplier_id').notNull(),
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    /** the checklist's item keys answered yes (SRM_CHECKLIST) */
    checklist: jsonb('checklist').$type<Record<string, boolean>>().notNull().default({}),
    documents: text('documents').array().notNull().default(sql`'{}'::text[]`),
    note: text('note'),
    approvalId: integer('approval_id'),
    applicantId: integer('applicant_id').notNull(),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['note']),
  },
  (t) => [
    index('srm_admissions_supplier_idx').on(t.supplierId),
    index('srm_admissions_state_idx').on(t.state),
    index('srm_admissions_applicant_idx').on(t.applicantId),
    index('srm_admissions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    uniqueIndex('srm_admissions_approval_uq').on(t.approvalId),
    searchIndex('srm_admissions_search_trgm', t.search),
  ],
);

/** The purchasing settings (sea rules, duplicate check): one JSON document per key, validated by contracts. */
export const srmSettings = pgTable('srm_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Transfer, entity and source change requests through approval (0049, 0061): one pending per supplier and kind. */
export const srmSupplierRequests = pgTable(
  'srm_supplier_requests',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    supplierId: integer('supplier_id').notNull(),
    kind: text('kind', { enum: ['transfer', 'entity', 'source'] }).notNull(),
    fromUserId: integer('from_user_id'),
    toUserId: integer('to_user_id'),
    withContacts: boolean('with_contacts'),
    keepAs: text('keep_as', { enum: ['none', 'read', 'write'] }),
    fromEntityId: integer('from_entity_id'),
    toEntityId: integer('to_entity_id'),
    fromSource: text('from_source'),
    toSource: text('to_source'),
    reason: text('reason').notNull(),
    state: text('state', { enum: ['pending', 'approved', 'rejected', 'withdrawn'] })
      .notNull()
      .default('pending'),
    approvalId: integer('approval_id'),
    applicantId: integer('applicant_id').notNull(),
    decidedAt: at('decided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['reason']),
  },
  (t) => [
    index('srm_supplier_requests_supplier_idx').on(t.supplierId),
    index('srm_supplier_requests_state_idx').on(t.state),
    index('srm_supplier_requests_kind_idx').on(t.kind),
    index('srm_supplier_requests_applicant_idx').on(t.applicantId),
    index('srm_supplier_requests_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    uniqueIndex('srm_supplier_requests_approval_uq').on(t.approvalId),
    uniqueIndex('srm_supplier_requests_pending_uq').on(t.supplierId, t.kind).where(sql`state = 'pending'`),
    searchIndex('srm_supplier_requests_search_trgm', t.search),
  ],
);
