import {
  ERP_COUNTERPART_KINDS,
  ERP_DOC_STATES,
  ERP_DOC_TYPES,
  ERP_MAPPING_KINDS,
  ERP_MATERIAL_PRODUCTS,
} from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at } from '../../../platform/db/columns.js';
import { searchColumn, searchIndex } from '../../../platform/db/search.js';

/** One line of an ERP document: the material, quantity, unit price and amount (decimal strings). */
export interface ErpLine {
  material: string | null;
  qty: string;
  price: string;
  amount: string;
}

/** `financial-erp/basic-data-material/material` (decision 0118): finance's material list. */
export const finErpMaterials = pgTable(
  'fin_erp_materials',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    name: text('name').notNull(),
    product: text('product', { enum: ERP_MATERIAL_PRODUCTS }).notNull(),
    unit: text('unit').notNull(),
    /** the product's material on documents produced from the ledgers (one per product) */
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: at('updated_at').notNull().defaultNow(),
    search: searchColumn('search', ['code', 'name']),
  },
  (t) => [
    uniqueIndex('fin_erp_materials_code_uq').on(t.code),
    uniqueIndex('fin_erp_materials_default_uq').on(t.product).where(sql`is_default`),
    index('fin_erp_materials_product_idx').on(t.product),
    index('fin_erp_materials_enabled_idx').on(t.enabled),
    index('fin_erp_materials_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
    searchIndex('fin_erp_materials_search_idx', t.search),
  ],
);

/** `kingdeeSet/relationMapping` (decision 0118): our code of a kind → Kingdee's code. */
export const finErpMappings = pgTable(
  'fin_erp_mappings',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    kind: text('kind', { enum: ERP_MAPPING_KINDS }).notNull(),
    ourCode: text('our_code').notNull(),
    kingdeeCode: text('kingdee_code').notNull(),
    kingdeeName: text('kingdee_name'),
    remark: text('remark'),
    updatedBy: integer('updated_by'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    search: searchColumn('search', ['our_code', 'kingdee_code', 'kingdee_name']),
  },
  (t) => [
    uniqueIndex('fin_erp_mappings_uq').on(t.kind, t.ourCode),
    index('fin_erp_mappings_code_idx').on(t.ourCode),
    index('fin_erp_mappings_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
    searchIndex('fin_erp_mappings_search_idx', t.search),
  ],
);

/**
 * ERP documents (decision 0118): one per source entry (`source_key`, unique: production is
 * idempotent), numbered per type and day, draft → approved (and back while not exported).
 */
export const finErpDocuments = pgTable(
  'fin_erp_documents',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    type: text('type', { enum: ERP_DOC_TYPES }).notNull(),
    number: text('number').notNull(),
    docDate: date('doc_date').notNull(),
    state: text('state', { enum: ERP_DOC_STATES }).notNull().default('draft'),
    counterpartKind: text('counterpart_kind', { enum: ERP_COUNTERPART_KINDS }).notNull(),
    counterpartId: integer('counterpart_id').notNull(),
    /** the counterpart's code and name, entity code when produced: the document keeps what it said */
    counterpartCode: text('counterpart_code').notNull(),
    counterpartName: text('counterpart_name').notNull(),
    entityCode: text('entity_code'),
    currency: text('currency').notNull(),
    amount: numeric('amount', { precision: 20, scale: 4 }).notNull(),
    lines: jsonb('lines').$type<ErpLine[]>().notNull(),
    /** `<ledger>:<entry id>`, e.g. `fin:123` (customer ledger), `sup:45` (supplier ledger) */
    sourceKey: text('source_key').notNull(),
    exportedAt: at('exported_at'),
    approvedBy: integer('approved_by'),
    approvedAt: at('approved_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['number', 'counterpart_code', 'counterpart_name']),
  },
  (t) => [
    uniqueIndex('fin_erp_documents_number_uq').on(t.number),
    uniqueIndex('fin_erp_documents_source_uq').on(t.sourceKey),
    index('fin_erp_documents_state_idx').on(t.type, t.state),
    index('fin_erp_documents_currency_idx').on(t.type, t.currency),
    index('fin_erp_documents_date_idx').on(t.type, t.docDate),
    index('fin_erp_documents_created_idx').on(t.type, t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('fin_erp_documents_search_idx', t.search),
    check('fin_erp_documents_amount', sql`${t.amount} > 0`),
  ],
);

/** The last number given per type and day (`SKD-20261130-0001`). */
export const finErpDocCounters = pgTable(
  'fin_erp_doc_counters',
  {
    type: text('type', { enum: ERP_DOC_TYPES }).notNull(),
    day: date('day').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.day] })],
);

/** ERP settings (decision 0127): one row; whether the daily job produces yesterday's documents. */
export const finErpSettings = pgTable(
  'fin_erp_settings',
  {
    id: integer('id').primaryKey().default(1),
    dailyProduce: boolean('daily_produce').notNull().default(true),
    updatedBy: integer('updated_by'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('fin_erp_settings_one', sql`${t.id} = 1`)],
);
