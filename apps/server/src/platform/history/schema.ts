import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Record history ("chatter"): what happened to one business record, newest first. `entity` names
 * the resource (`crm.customer`), `record_id` its key as text so every key type fits. Insert-only.
 */
export const recordEvents = pgTable(
  'record_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: text('entity').notNull(),
    recordId: text('record_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    kind: text('kind').notNull(),
    changes: jsonb('changes'),
    body: text('body'),
    data: jsonb('data'),
  },
  (t) => [
    index('record_events_timeline_idx').on(t.entity, t.recordId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
