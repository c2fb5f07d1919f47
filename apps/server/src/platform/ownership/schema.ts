import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Colleagues a record is shared with (team): a member sees the record through the resource's data
 * scope; a `read` member may not change it. `entity` is the resource key (`crm.customer`).
 */
export const recordMembers = pgTable(
  'record_members',
  {
    entity: text('entity').notNull(),
    recordId: integer('record_id').notNull(),
    userId: integer('user_id').notNull(),
    access: text('access').notNull(),
    grantedBy: integer('granted_by'),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entity, t.recordId, t.userId] }),
    index('record_members_user_idx').on(t.userId, t.entity, t.recordId),
  ],
);

/**
 * Every owner change of an owned record (claim, distribute, return, transfer): the transfer list,
 * and what the claim rules read (today's claims, the last return for cool-down and embargo).
 * Insert-only; `at` comes from the platform clock.
 */
export const ownerChanges = pgTable(
  'owner_changes',
  {
    id: serial('id').primaryKey(),
    entity: text('entity').notNull(),
    recordId: integer('record_id').notNull(),
    kind: text('kind').notNull(),
    fromUserId: integer('from_user_id'),
    toUserId: integer('to_user_id'),
    actorId: integer('actor_id'),
    reason: text('reason'),
    related: jsonb('related').$type<string[]>(),
    keepAs: text('keep_as'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('owner_changes_record_idx').on(t.entity, t.recordId, t.at.desc().nullsFirst()),
    index('owner_changes_claims_idx').on(t.entity, t.toUserId, t.kind, t.at),
    index('owner_changes_list_idx').on(t.entity, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
