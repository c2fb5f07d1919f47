import { dingNoticeResource, versionRecordResource } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchColumnFor, searchIndex } from '../../platform/db/search.js';

/** Release notes (version iteration). `popup` ones are shown to every user once on start. */
export const versionNotices = pgTable(
  'version_notices',
  {
    id: serial('id').primaryKey(),
    version: text('version').notNull(),
    /** internal build number, unique among live records ("inner version exists") */
    innerVersion: text('inner_version'),
    title: text('title').notNull(),
    /** the English title; readers in English get it, or the Chinese one when it is empty */
    titleEn: text('title_en').notNull().default(''),
    content: text('content').notNull(),
    /** the English notes; readers in English get them, or the Chinese ones when empty */
    contentEn: text('content_en').notNull().default(''),
    popup: boolean('popup').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** the optimistic version (the record's `version` is the release's version text) */
    rowVersion: integer('row_version').notNull().default(1),
    search: searchColumnFor(versionRecordResource, 'keyword', { columns: { titleZh: 'title' } }),
  },
  (t) => [
    index('version_notices_published_idx').on(t.publishedAt),
    index('version_notices_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('version_notices_search_trgm', t.search),
    uniqueIndex('version_notices_inner_version_uq')
      .on(t.innerVersion)
      .where(sql`${t.deletedAt} is null and ${t.innerVersion} is not null`),
  ],
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

/** Ding notices: announcements pushed to every staff member live and to the workplace-chat webhook. */
export const dingNotices = pgTable(
  'ding_notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull().default(''),
    content: text('content').notNull(),
    link: text('link'),
    enabled: boolean('enabled').notNull().default(false),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    pushCount: integer('push_count').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    search: searchColumnFor(dingNoticeResource, 'keyword', { columns: { titleZh: 'title' } }),
  },
  (t) => [
    index('ding_notices_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('ding_notices_enabled_idx').on(t.enabled, t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('ding_notices_search_trgm', t.search),
  ],
);
