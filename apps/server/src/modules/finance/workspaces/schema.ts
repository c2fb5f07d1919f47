import { WORKSPACE_KEY_STATES, WORKSPACE_STATES } from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchColumn, searchIndex } from '../../../platform/db/search.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** workspace codes `WS…` (decision 0116) */
export const workspaceCodeSeq = pgSequence('fin_workspace_code_seq', { startWith: 200001 });

/** A customer's workspace on the messaging platform, billed to one consumer account. */
export const finWorkspaces = pgTable(
  'fin_workspaces',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    code: text('code').notNull(),
    name: text('name').notNull(),
    accountId: integer('account_id').notNull(),
    state: text('state', { enum: WORKSPACE_STATES }).notNull().default('active'),
    suspendReason: text('suspend_reason'),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['code', 'name']),
  },
  (t) => [
    uniqueIndex('fin_workspaces_code_uq').on(t.code),
    index('fin_workspaces_account_idx').on(t.accountId),
    index('fin_workspaces_state_idx').on(t.state),
    index('fin_workspaces_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('fin_workspaces_search_idx', t.search),
  ],
);

/**
 * A workspace's API key: only the SHA-256 of the secret is kept (unique: the look-up of a presented
 * key), with its first characters as `prefix` to recognise it. A rotation marks the old key
 * `rotated`, valid until `expires_at`, and names its successor in the new key's `rotated_from`: at
 * most one successor per key (the unique index), so two rotations at once leave one new key.
 */
export const finWorkspaceKeys = pgTable(
  'fin_workspace_keys',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    workspaceId: integer('workspace_id').notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    state: text('state', { enum: WORKSPACE_KEY_STATES }).notNull().default('active'),
    /** entries as typed, normalised to one per line; empty: any IP */
    allowIps: text('allow_ips'),
    expiresAt: at('expires_at'),
    rotatedFrom: integer('rotated_from'),
    revokedAt: at('revoked_at'),
    lastUsedAt: at('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    search: searchColumn('search', ['prefix', 'name']),
  },
  (t) => [
    uniqueIndex('fin_workspace_keys_hash_uq').on(t.hash),
    uniqueIndex('fin_workspace_keys_rotated_from_uq').on(t.rotatedFrom),
    index('fin_workspace_keys_workspace_idx').on(t.workspaceId),
    index('fin_workspace_keys_state_idx').on(t.state),
    index('fin_workspace_keys_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('fin_workspace_keys_search_idx', t.search),
    check('fin_workspace_keys_hash_hex', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check('fin_workspace_keys_rotated_expires', sql`${t.state} <> 'rotated' or ${t.expiresAt} is not null`),
  ],
);
