import { defineOwnership } from '@portal/contracts/ownership';
import { defineResource } from '@portal/contracts/resource';
import { and, eq, sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { searchColumn } from '../../src/platform/db/search.js';
import type { Module } from '../../src/platform/module.js';
import { bindOwnership, mountOwnership, NO_RULES, type OwnershipRules } from '../../src/platform/ownership/index.js';
import { bindResource, mountResource } from '../../src/platform/resource/index.js';

/**
 * A test-only owned record ("lead") proving the ownership piece without any room: its table is
 * created when the fixture room registers, its keys are test keys granted by the test itself.
 */
export const leads = pgTable('test_leads', {
  id: serial('id').primaryKey(),
  version: integer('version').notNull().default(1),
  name: text('name').notNull(),
  ownerId: integer('owner_id'),
  ownerAt: timestamp('owner_at', { withTimezone: true }),
  state: text('state').notNull().default('private'),
  locked: boolean('locked').notNull().default(false),
  dealt: boolean('dealt').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  search: searchColumn('search', ['name']),
});

/** Related records a transfer may take along. */
export const leadNotes = pgTable('test_lead_notes', {
  id: serial('id').primaryKey(),
  leadId: integer('lead_id').notNull(),
  ownerId: integer('owner_id').notNull(),
  body: text('body').notNull(),
});

export const K = {
  list: 'test:lead',
  edit: 'test:lead:edit',
  pool: 'test:lead:pool',
  claim: 'test:lead:claim',
  distribute: 'test:lead:distribute',
  returnToPool: 'test:lead:return',
  transfer: 'test:lead:transfer',
  share: 'test:lead:share',
  log: 'test:lead:log',
  admin: 'test:lead:admin',
} as const;

const enumState = [
  { value: 'private', label: { zh: '私有', en: 'Private' } },
  { value: 'pool', label: { zh: '公海', en: 'Pool' } },
  { value: 'blacklist', label: { zh: '黑名单', en: 'Blacklist' } },
] as const;

export const leadResource = defineResource({
  key: 'test.lead',
  title: { zh: '线索', en: 'Leads' },
  api: '/v2/test/lead',
  routes: { list: '/test/lead' },
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: { zh: '名称', en: 'Name' }, required: true, track: true },
    ownerId: { kind: 'user', label: { zh: '负责人', en: 'Owner' }, readOnly: true, track: true },
    ownerAt: { kind: 'datetime', label: { zh: '负责时间', en: 'Owner since' }, readOnly: true },
    state: { kind: 'enum', label: { zh: '状态', en: 'State' }, readOnly: true, track: true, options: enumState },
    locked: { kind: 'boolean', label: { zh: '锁定', en: 'Locked' }, readOnly: true },
    dealt: { kind: 'boolean', label: { zh: '成交', en: 'Dealt' }, readOnly: true },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
  },
  list: {
    columns: ['name', 'ownerId', 'state', 'createdAt'],
    filters: { keyword: { op: 'like', fields: ['name'] }, state: { op: 'eq', field: 'state' } },
    sortable: ['name', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['name'] }] },
  access: { list: K.list, create: K.edit, update: K.edit, owner: 'ownerId' },
  history: {},
});

export const leadOwnership = defineOwnership({
  resource: leadResource,
  pool: { zh: '线索公海', en: 'Lead pool' },
  perms: {
    pool: K.pool,
    claim: K.claim,
    distribute: K.distribute,
    returnToPool: K.returnToPool,
    transfer: K.transfer,
    share: K.share,
    log: K.log,
    admin: K.admin,
  },
  related: { notes: { zh: '备注', en: 'Notes' } },
});

/** The rules the fixture's provider answers; tests change them. */
export const fixtureRules: OwnershipRules = { ...NO_RULES };

export const boundLeads = bindResource(leadResource, {
  table: leads,
  search: { keyword: leads.search },
  columns: {
    name: leads.name,
    ownerId: leads.ownerId,
    ownerAt: leads.ownerAt,
    state: leads.state,
    locked: leads.locked,
    dealt: leads.dealt,
    createdAt: leads.createdAt,
  },
  hooks: {
    // a lead someone adds is theirs
    beforeCreate: async (ctx) => ({ ownerId: ctx.auth.userId, ownerAt: ctx.p.clock.now(), state: 'private' }),
  },
});

export const leadOwners = bindOwnership(leadOwnership, boundLeads, {
  fields: { owner: 'ownerId', ownerTime: 'ownerAt', state: 'state', locked: 'locked', dealt: 'dealt' },
  poolState: 'pool',
  ownedState: 'private',
  rules: async () => fixtureRules,
  related: {
    notes: async ({ tx, recordId, fromUserId, toUserId }) => {
      await tx
        .update(leadNotes)
        .set({ ownerId: toUserId })
        .where(and(eq(leadNotes.leadId, recordId), eq(leadNotes.ownerId, fromUserId)));
    },
  },
});

export const leadsModule: Module = {
  name: 'test-leads',
  async register(app, p) {
    await p.db.execute(sql`create table if not exists test_leads (id serial primary key,
      version integer not null default 1, name text not null, owner_id integer, owner_at timestamptz,
      state text not null default 'private', locked boolean not null default false,
      dealt boolean not null default false, created_at timestamptz not null default now(),
      search text generated always as (lower(coalesce(name, ''))) stored not null)`);
    await p.db.execute(sql`create table if not exists test_lead_notes (id serial primary key,
      lead_id integer not null, owner_id integer not null, body text not null)`);
    await mountResource(app, p, boundLeads);
    await mountOwnership(app, p, leadOwners);
  },
};
