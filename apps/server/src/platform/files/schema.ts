import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Stored files. The bytes live in the storage backend under `storage_key`; rows only describe them. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: integer('owner_user_id'),
    purpose: text('purpose').notNull(),
    name: text('name').notNull(),
    ext: text('ext').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** null: kept until its owner record deletes it */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId, t.createdAt), index('files_expires_idx').on(t.expiresAt)],
);

/** A resumable (segmented) upload in progress. */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    segmentSize: integer('segment_size').notNull(),
    totalSegments: integer('total_segments').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_sessions_created_idx').on(t.createdAt)],
);

/** Segments received for an upload (the bytes are staged on local disk until assembly). */
export const uploadSegments = pgTable(
  'upload_segments',
  {
    uploadId: uuid('upload_id').notNull(),
    idx: integer('idx').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.idx] })],
);
