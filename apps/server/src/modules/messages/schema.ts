import { messageResource } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { searchColumnFor, searchIndex } from '../../platform/db/search.js';
import type { TextVars } from '../../platform/i18n/message-templates.js';

/**
 * The message center: one row per recipient. Produced by any module through the platform
 * notifier, pushed live to the recipient, read and marked here.
 */
export const mcMessages = pgTable(
  'mc_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** approval | alarm | mail | system | feedback | notice */
    type: text('type').notNull(),
    /** 1 ordinary, 2 new-mail notice */
    msgType: smallint('msg_type').notNull().default(1),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** msgFillAfterVar: [{key, showFieldName}] filled into the content template by the client */
    fillVars: jsonb('fill_vars').$type<{ key: string; showFieldName: string }[]>().notNull().default(sql`'[]'::jsonb`),
    /** a templated message: rendered in the reader's language when read (title/content hold the Chinese text) */
    templateKey: text('template_key'),
    templateVars: jsonb('template_vars').$type<TextVars>(),
    link: text('link'),
    sourceKind: text('source_kind'),
    sourceId: text('source_id'),
    /** 0 unread, 1 read */
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** the list's optimistic version (the resource kernel's row key); a state change bumps it */
    version: integer('version').notNull().default(1),
    /** the keyword filter's search text: the stored (Chinese) title and content */
    search: searchColumnFor(messageResource),
  },
  // every read is one recipient's (a personal list): each index starts with the recipient
  (t) => [
    index('mc_messages_user_created_id_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id),
    index('mc_messages_user_status_type_idx').on(t.userId, t.status, t.type),
    index('mc_messages_user_type_idx').on(t.userId, t.type),
    searchIndex('mc_messages_search_trgm', t.search),
  ],
);
