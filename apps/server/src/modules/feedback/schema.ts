import { feedbackResource } from '@portal/contracts/feedback';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { searchColumnFor, searchIndex } from '../../platform/db/search.js';

/** Which menu items ask their users for a rating, and how often. */
export const scoreConfigs = pgTable('feedback_score_configs', {
  resourceId: integer('resource_id').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  /** the question in Chinese (null: the default wording) */
  question: text('question'),
  /** the question in English (null: the default wording) */
  questionEn: text('question_en'),
  periodDays: integer('period_days').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const scores = pgTable(
  'feedback_scores',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    resourceId: integer('resource_id').notNull(),
    /** 1-5; null: the user closed the question without rating (it still counts for the period) */
    score: integer('score'),
    content: text('content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_scores_user_resource_idx').on(t.userId, t.resourceId, t.createdAt)],
);

/** Feedback types the user picks from ("question list"). */
export const feedbackQuestions = pgTable('feedback_questions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Settings of the feedback dialog (one row per key: 'tips'). */
export const feedbackSettings = pgTable('feedback_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's feedback: pending until answered, replied, closed by a manager. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    questionId: integer('question_id').notNull(),
    content: text('content').notNull(),
    page: text('page'),
    status: text('status', { enum: ['pending', 'replied', 'closed'] })
      .notNull()
      .default('pending'),
    replyCount: integer('reply_count').notNull().default(0),
    imageCount: integer('image_count').notNull().default(0),
    /** the author has a reply they have not opened yet */
    unseenReply: boolean('unseen_reply').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    search: searchColumnFor(feedbackResource),
  },
  (t) => [
    index('feedbacks_user_created_idx').on(t.userId, t.createdAt),
    index('feedbacks_status_created_idx').on(t.status, t.createdAt),
    index('feedbacks_question_idx').on(t.questionId),
    index('feedbacks_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    searchIndex('feedbacks_search_trgm', t.search),
  ],
);

export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: serial('id').primaryKey(),
    feedbackId: integer('feedback_id').notNull(),
    userId: integer('user_id').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_replies_feedback_idx').on(t.feedbackId, t.createdAt)],
);

/**
 * Screenshots of a feedback: png/jpeg/gif files of the platform upload service (at most 3),
 * in the order the user added them.
 */
export const feedbackScreenshots = pgTable(
  'feedback_screenshots',
  {
    feedbackId: integer('feedback_id').notNull(),
    fileId: uuid('file_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.feedbackId, t.fileId] })],
);
