import { sql } from 'drizzle-orm';
import {
  boolean,
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

/** channel codes: `CH` and a number from this sequence, never reused */
export const channelCodeSeq = pgSequence('srm_channel_code_seq', { startWith: 300001 });

/** A supplier route (`srm_suppliers.id`); the connection secret only sealed (AES-256-GCM). */
export const srmChannels = pgTable(
  'srm_channels',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    name: text('name').notNull(),
    supplierId: integer('supplier_id').notNull(),
    product: text('product', { enum: ['sms', 'voice', 'whatsapp', 'email'] }).notNull(),
    protocol: text('protocol', { enum: ['smpp', 'http', 'sip'] }).notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    systemId: text('system_id'),
    /** `v1.<iv>.<tag>.<ciphertext>`; never selected into an answer, a log line or an export */
    secretSealed: text('secret_sealed'),
    prefixes: text('prefixes').array().notNull().default(sql`'{}'::text[]`),
    senderIdType: text('sender_id_type'),
    senderIdRegistration: boolean('sender_id_registration'),
    capacity: integer('capacity').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    state: text('state', { enum: ['testing', 'live', 'paused', 'closed'] })
      .notNull()
      .default('testing'),
    stateChangedAt: at('state_changed_at'),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['name', 'code']),
  },
  (t) => [
    uniqueIndex('srm_channels_code_uq').on(t.code),
    searchIndex('srm_channels_search_trgm', t.search),
    index('srm_channels_supplier_idx').on(t.supplierId),
    index('srm_channels_product_idx').on(t.product),
    index('srm_channels_protocol_idx').on(t.protocol),
    index('srm_channels_state_idx').on(t.state),
    index('srm_channels_capacity_idx').on(t.capacity),
    index('srm_channels_name_idx').on(t.name),
    index('srm_channels_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('srm_channels_prefixes_gin').using('gin', t.prefixes),
  ],
);

/** A network (MCC+MNC) a messaging channel covers; also the rows of `channel/info`. */
export const srmChannelNetworks = pgTable(
  'srm_channel_networks',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    channelId: integer('channel_id').notNull(),
    mccmnc: text('mccmnc').notNull(),
    /** copied from the reference reader when the coverage is written (rooms never read its tables) */
    country: text('country'),
    operatorName: text('operator_name'),
    operatorNameEn: text('operator_name_en'),
    search: searchColumn('search', ['mccmnc']),
  },
  (t) => [
    uniqueIndex('srm_channel_networks_uq').on(t.channelId, t.mccmnc),
    index('srm_channel_networks_mccmnc_idx').on(t.mccmnc, t.id),
    index('srm_channel_networks_country_idx').on(t.country, t.mccmnc),
    index('srm_channel_networks_channel_idx').on(t.channelId, t.mccmnc),
    searchIndex('srm_channel_networks_search_trgm', t.search),
  ],
);

export const srmSenderIds = pgTable(
  'srm_sender_ids',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    senderId: text('sender_id').notNull(),
    channelId: integer('channel_id').notNull(),
    country: text('country').notNull(),
    /** a crm customer's id (read through the crm room's picker, never its table) */
    customerId: integer('customer_id').notNull(),
    state: text('state', { enum: ['requested', 'submitted', 'approved', 'rejected', 'expired'] })
      .notNull()
      .default('requested'),
    expiresOn: date('expires_on', { mode: 'string' }),
    /** the expiry date a reminder was sent for (a renewal with a new date re-arms it) */
    remindedFor: date('reminded_for', { mode: 'string' }),
    rejectReason: text('reject_reason'),
    documents: text('documents').array().notNull().default(sql`'{}'::text[]`),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['sender_id']),
  },
  (t) => [
    uniqueIndex('srm_sender_ids_uq').on(t.channelId, t.country, t.customerId, sql`lower(${t.senderId})`),
    searchIndex('srm_sender_ids_search_trgm', t.search),
    index('srm_sender_ids_channel_idx').on(t.channelId),
    index('srm_sender_ids_country_idx').on(t.country),
    index('srm_sender_ids_customer_idx').on(t.customerId),
    index('srm_sender_ids_state_idx').on(t.state, t.expiresOn),
    index('srm_sender_ids_expires_idx').on(t.expiresOn),
    index('srm_sender_ids_sender_idx').on(t.senderId),
    index('srm_sender_ids_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);

export const srmRouteBinds = pgTable(
  'srm_route_binds',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    customerId: integer('customer_id').notNull(),
    /** one consumer account of the customer (finance's, read through the accounts port); null: all its accounts */
    accountId: integer('account_id'),
    accountCode: text('account_code'),
    country: text('country').notNull(),
    network: text('network'),
    channelId: integer('channel_id').notNull(),
    priority: integer('priority').notNull(),
    weight: integer('weight').notNull(),
    windowFrom: text('window_from'),
    windowTo: text('window_to'),
    effectiveFrom: at('effective_from').notNull(),
    effectiveTo: at('effective_to'),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('srm_route_binds_resolve_idx').on(t.customerId, t.country, t.network, t.effectiveFrom),
    index('srm_route_binds_account_idx').on(t.accountId),
    index('srm_route_binds_account_code_idx').on(t.accountCode),
    index('srm_route_binds_country_idx').on(t.country),
    index('srm_route_binds_network_idx').on(t.network),
    index('srm_route_binds_channel_idx').on(t.channelId),
    index('srm_route_binds_priority_idx').on(t.priority),
    index('srm_route_binds_effective_idx').on(t.effectiveFrom),
    index('srm_route_binds_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);

const gatewayColumns = () => ({
  id: serial('id').primaryKey(),
  version: integer('version').notNull().default(1),
  name: text('name').notNull(),
  ips: text('ips').array().notNull(),
  port: integer('port').notNull(),
  prefixes: text('prefixes').array().notNull().default(sql`'{}'::text[]`),
  capacity: integer('capacity').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark'),
  createdAt: at('created_at').notNull().defaultNow(),
  search: searchColumn('search', ['name']),
});

export const srmLandingGateways = pgTable(
  'srm_landing_gateways',
  { ...gatewayColumns(), supplierId: integer('supplier_id').notNull(), priority: integer('priority').notNull() },
  (t) => [
    searchIndex('srm_landing_gateways_search_trgm', t.search),
    index('srm_landing_gateways_supplier_idx').on(t.supplierId),
    index('srm_landing_gateways_enabled_idx').on(t.enabled),
    index('srm_landing_gateways_name_idx').on(t.name),
    index('srm_landing_gateways_priority_idx').on(t.priority),
    index('srm_landing_gateways_capacity_idx').on(t.capacity),
    index('srm_landing_gateways_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);

export const srmDockingGateways = pgTable(
  'srm_docking_gateways',
  {
    ...gatewayColumns(),
    customerId: integer('customer_id').notNull(),
    channelIds: integer('channel_ids').array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    searchIndex('srm_docking_gateways_search_trgm', t.search),
    index('srm_docking_gateways_customer_idx').on(t.customerId),
    index('srm_docking_gateways_enabled_idx').on(t.enabled),
    index('srm_docking_gateways_name_idx').on(t.name),
    index('srm_docking_gateways_capacity_idx').on(t.capacity),
    index('srm_docking_gateways_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);

/** The voice switch's allow-list: networks in CIDR text form, none overlapping another. */
export const srmGatewayIps = pgTable(
  'srm_gateway_ips',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    cidr: text('cidr').notNull(),
    side: text('side', { enum: ['landing', 'docking'] }).notNull(),
    description: text('description').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['cidr', 'description']),
  },
  (t) => [
    uniqueIndex('srm_gateway_ips_cidr_uq').on(t.cidr),
    searchIndex('srm_gateway_ips_search_trgm', t.search),
    index('srm_gateway_ips_side_idx').on(t.side),
    index('srm_gateway_ips_enabled_idx').on(t.enabled),
    index('srm_gateway_ips_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);

/**
 * Channel resources (`channel-resource-mgr`): a vendor's SIM-bank ports, number range or WhatsApp
 * number, in the pool or allocated to one consumer account (finance's id and code, stored only).
 */
export const srmChannelResources = pgTable(
  'srm_channel_resources',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    identifier: text('identifier').notNull(),
    kind: text('kind', { enum: ['sim_ports', 'number_range', 'whatsapp_number', 'sender_number'] }).notNull(),
    supplierId: integer('supplier_id').notNull(),
    product: text('product', { enum: ['sms', 'voice', 'whatsapp'] }).notNull(),
    country: text('country').notNull(),
    capacity: integer('capacity').notNull(),
    state: text('state', { enum: ['pool', 'allocated', 'retired'] })
      .notNull()
      .default('pool'),
    accountId: integer('account_id'),
    accountCode: text('account_code'),
    allocatedAt: at('allocated_at'),
    remark: text('remark'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['identifier']),
  },
  (t) => [
    uniqueIndex('srm_channel_resources_identifier_uq').on(t.kind, t.identifier),
    searchIndex('srm_channel_resources_search_trgm', t.search),
    index('srm_channel_resources_identifier_idx').on(t.identifier),
    index('srm_channel_resources_kind_idx').on(t.kind),
    index('srm_channel_resources_supplier_idx').on(t.supplierId, t.state),
    index('srm_channel_resources_product_idx').on(t.product),
    index('srm_channel_resources_country_idx').on(t.country),
    index('srm_channel_resources_state_idx').on(t.state),
    index('srm_channel_resources_account_idx').on(t.accountCode),
    index('srm_channel_resources_capacity_idx').on(t.capacity),
    index('srm_channel_resources_allocated_idx').on(t.allocatedAt),
    index('srm_channel_resources_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);
