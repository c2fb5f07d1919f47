import { z } from 'zod';
import { pageQuery } from './paging.js';

export const needScoreQuery = z.object({ resourceId: z.coerce.number().int().positive() });
/** the question in Chinese and in English (null: the default wording of the reader's language) */
export const needScore = z.object({
  need: z.boolean(),
  question: z.string().nullable(),
  questionEn: z.string().nullable(),
});
/** The user closed the rating question without rating: not asked again within the period. */
export const dismissScoreBody = z.object({ resourceId: z.number().int().positive() });
export const commitScoreBody = z.object({
  resourceId: z.number().int().positive(),
  score: z.number().int().min(1).max(5),
  content: z.string().trim().max(500).optional(),
});
export type CommitScoreBody = z.infer<typeof commitScoreBody>;

/* ---- feedback (spec 7 /v2/sys/staff/feedback...) ---- */

export const FEEDBACK_STATUSES = ['pending', 'replied', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const MAX_FEEDBACK_IMAGES = 3;
/** bytes of one screenshot (checked by the form before it uploads) */
export const MAX_FEEDBACK_IMAGE_BYTES = 1024 * 1024;
export const FEEDBACK_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
/** extensions a screenshot (a file of the upload service) may have */
export const FEEDBACK_IMAGE_EXTS = ['png', 'jpg', 'jpeg', 'gif'] as const;

export const feedbackQuestion = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export const questionListUpdateBody = z.object({
  questions: z
    .array(
      z.object({
        id: z.number().int().positive().optional(),
        name: z.string().trim().min(1).max(50),
        enabled: z.boolean().default(true),
      }),
    )
    .min(1)
    .max(30),
});
export const feedbackTips = z.object({ tips: z.string() });
export const feedbackTipsBody = z.object({ tips: z.string().trim().max(500) });

/** Which menu items ask for a rating (the popup triggers). */
export const popupConfigRow = z.object({
  resourceId: z.number().int(),
  resourceName: z.string().nullable(),
  router: z.string().nullable(),
  enabled: z.boolean(),
  question: z.string().nullable(),
  questionEn: z.string().nullable(),
  periodDays: z.number().int(),
});
export const popupConfigBody = z.object({
  resourceId: z.number().int().positive(),
  enabled: z.boolean(),
  question: z.string().trim().max(200).nullable().default(null),
  questionEn: z.string().trim().max(200).nullable().default(null),
  periodDays: z.number().int().min(1).max(365).default(30),
});
export const popupConfigDeleteBody = z.object({ resourceId: z.number().int().positive() });

export const commitFeedbackBody = z.object({
  questionId: z.number().int().positive(),
  content: z.string().trim().min(1).max(2000),
  /** the page the user was on */
  page: z.string().max(256).regex(/^\//).optional(),
  /** screenshots uploaded first through the upload service (POST /v2/sys/staff/file/upload) */
  screenshotIds: z
    .array(z.string().uuid())
    .max(MAX_FEEDBACK_IMAGES)
    .refine((ids) => new Set(ids).size === ids.length, 'each screenshot once')
    .default([]),
});
export type CommitFeedbackBody = z.infer<typeof commitFeedbackBody>;

export const feedbackRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  questionId: z.number().int(),
  questionName: z.string().nullable(),
  content: z.string(),
  page: z.string().nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  replyCount: z.number().int(),
  imageCount: z.number().int(),
  /** a reply the author has not seen yet */
  unseenReply: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;
export const feedbackReplyRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
/** A screenshot with a short-lived signed URL of the upload service. */
export const feedbackScreenshot = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type FeedbackScreenshot = z.infer<typeof feedbackScreenshot>;
export const feedbackDetail = feedbackRow.extend({
  screenshots: z.array(feedbackScreenshot),
  replies: z.array(feedbackReplyRow),
  closedAt: z.string().nullable(),
});
export type FeedbackDetail = z.infer<typeof feedbackDetail>;

const isoDate = z.string().datetime({ offset: true });
export const myFeedbackQuery = pageQuery.extend({ status: z.enum(FEEDBACK_STATUSES).optional() });
export const manageFeedbackQuery = pageQuery.extend({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  questionId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(100).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type ManageFeedbackQuery = z.infer<typeof manageFeedbackQuery>;
export const feedbackIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const feedbackReplyBody = z.object({
  id: z.number().int().positive(),
  content: z.string().trim().min(1).max(2000),
  /** close the feedback with this reply */
  close: z.boolean().default(false),
});
export const feedbackCloseBody = z.object({ id: z.number().int().positive() });
export const feedbackCount = z.object({ count: z.number().int() });
export const hasFeedback = z.object({ has: z.boolean() });
