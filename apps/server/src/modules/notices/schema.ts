import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Release notes (version iteration). `popup` ones are shown to every user once on start. */
export const versionNotices = pgTable(
  'version_notices',
  {
    id: serial('id').primaryKey(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    popup: boolean('popup').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('version_notices_published_idx').on(t.publishedAt)],
);

export const versionReads = pgTable(
  'version_reads',
  {
    userId: integer('user_id').notNull(),
    versionId: integer('version_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.versionId] })],
);
