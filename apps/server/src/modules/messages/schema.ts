import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    index('mc_messages_user_created_idx').on(t.userId, t.createdAt),
    index('mc_messages_user_unread_idx').on(t.userId, t.type).where(sql`${t.status} = 0`),
  ],
);
