import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownedRecordColumns } from '../../platform/db/columns.js';

/** A chat session of one user (spec 3: uuid, title, isTop). Deleted sessions are gone for good. */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    ...ownedRecordColumns(),
    uuid: uuid('uuid').notNull().unique(),
    title: text('title').notNull(),
    isTop: boolean('is_top').notNull().default(false),
  },
  (t) => [index('ai_conversations_user_idx').on(t.userId, t.isTop, t.updatedAt)],
);

/** One question and its answer (spec 3 chat message). status: streaming → done | stopped | failed. */
export const aiChats = pgTable(
  'ai_chats',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    userQuery: text('user_query').notNull(),
    aiResponse: text('ai_response').notNull().default(''),
    status: text('status').notNull().default('streaming'),
    like: smallint('like'),
    kbDocuments: jsonb('kb_documents').$type<{ documentName: string; documentUrl: string }[]>().notNull().default([]),
    guessQuestions: jsonb('guess_questions').$type<string[]>().notNull().default([]),
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('ai_chats_conversation_idx').on(t.conversationId, t.id)],
);

/** Like / dislike feedback on an answer (spec 3: like, tag comma-joined, content, chatUuid). */
export const aiChatFeedbacks = pgTable(
  'ai_chat_feedbacks',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => aiChats.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    like: smallint('like').notNull(),
    tag: text('tag'),
    content: text('content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_chat_feedbacks_chat_idx').on(t.chatId)],
);

/** The tags a like (LIKE) or dislike (DISLIKE) offers. */
export const aiFeedbackTags = pgTable(
  'ai_feedback_tags',
  {
    id: serial('id').primaryKey(),
    likeType: text('like_type').notNull(),
    tagName: text('tag_name').notNull(),
    tagNameEn: text('tag_name_en').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('ai_feedback_tags_type_name_uq').on(t.likeType, t.tagName)],
);

/** The managed list of suggested questions, by type (the module a question is about). */
export const aiCommonQuestions = pgTable(
  'ai_common_questions',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    locale: text('locale').notNull(),
    question: text('question').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('ai_common_questions_uq').on(t.locale, t.question),
    index('ai_common_questions_type_idx').on(t.type),
  ],
);

/**
 * A knowledge-base document. Built-in documents come from apps/server/knowledge (slug = file
 * name); a removed one keeps its row (deleted_at) so the next start does not bring it back.
 */
export const aiKbDocuments = pgTable(
  'ai_kb_documents',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique(),
    slug: text('slug'),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    /** the text the index reads: markdown for md, plain text extracted from the others */
    body: text('body').notNull(),
    bytes: integer('bytes').notNull(),
    builtin: boolean('builtin').notNull().default(false),
    /** the uploaded original in the file service (files.id); null for the built-in documents */
    fileId: uuid('file_id'),
    /** raised on every change of the text: what a persisted search index is compared against */
    revision: integer('revision').notNull().default(1),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ai_kb_documents_slug_uq').on(t.slug).where(sql`${t.slug} is not null`),
    uniqueIndex('ai_kb_documents_file_uq').on(t.fileId).where(sql`${t.fileId} is not null`),
    index('ai_kb_documents_live_idx').on(t.deletedAt, t.updatedAt),
  ],
);

/** The passages of a document, in order, with the heading path they sit under. */
export const aiKbChunks = pgTable(
  'ai_kb_chunks',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => aiKbDocuments.id, { onDelete: 'cascade' }),
    ord: integer('ord').notNull(),
    heading: text('heading').notNull(),
    text: text('text').notNull(),
  },
  (t) => [uniqueIndex('ai_kb_chunks_doc_ord_uq').on(t.documentId, t.ord)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The search index as built, persisted so a start loads it instead of re-indexing every passage:
 * gzipped JSON of the documents it holds (uuid, revision, passages) and MiniSearch's own
 * serialisation. One row per index fingerprint (tokenizer, ICU data, index options).
 */
export const aiKbIndexSnapshots = pgTable('ai_kb_index_snapshots', {
  fingerprint: text('fingerprint').primaryKey(),
  data: bytea('data').notNull(),
  documents: integer('documents').notNull(),
  passages: integer('passages').notNull(),
  savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
});
