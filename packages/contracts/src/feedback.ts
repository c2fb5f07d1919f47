import { z } from 'zod';
import { coerceInt32, int32, int32Id, int53, text } from './validation/scalars.js';

export const needScoreQuery = z.object({ resourceId: coerceInt32().positive() });
/** the question in Chinese and in English (null: the default wording of the reader's language) */
export const needScore = z.object({
  need: z.boolean(),
  question: text().nullable(),
  questionEn: text().nullable(),
});
/** The user closed the rating question without rating: not asked again within the period. */
export const dismissScoreBody = z.object({ resourceId: int32().positive() });
export const commitScoreBody = z.object({
  resourceId: int32Id(),
  score: int32().min(1).max(5),
  content: text().trim().max(500).optional(),
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
  id: int32(),
  name: text(),
  sort: int32(),
  enabled: z.boolean(),
});
export const questionListUpdateBody = z.object({
  questions: z
    .array(
      z.object({
        id: int32Id().optional(),
        name: text().trim().min(1).max(50),
        enabled: z.boolean().default(true),
      }),
    )
    .min(1)
    .max(30),
});
export const feedbackTips = z.object({ tips: text() });
export const feedbackTipsBody = z.object({ tips: text().trim().max(500) });

/** Which menu items ask for a rating (the popup triggers). */
export const popupConfigRow = z.object({
  resourceId: int32(),
  resourceName: text().nullable(),
  router: text().nullable(),
  enabled: z.boolean(),
  question: text().nullable(),
  questionEn: text().nullable(),
  periodDays: int32(),
});
export const popupConfigBody = z.object({
  resourceId: int32Id(),
  enabled: z.boolean(),
  question: text().trim().max(200).nullable().default(null),
  questionEn: text().trim().max(200).nullable().default(null),
  periodDays: int32().min(1).max(365).default(30),
});
export const popupConfigDeleteBody = z.object({ resourceId: int32Id() });

export const commitFeedbackBody = z.object({
  questionId: int32Id(),
  content: text().trim().min(1).max(2000),
  /** the page the user was on */
  page: text().max(256).regex(/^\//).optional(),
  /** screenshots uploaded first through the upload service (POST /v2/sys/staff/file/upload) */
  screenshotIds: z
    .array(text().uuid())
    .max(MAX_FEEDBACK_IMAGES)
    .refine((ids) => new Set(ids).size === ids.length, 'each screenshot once')
    .default([]),
});
export type CommitFeedbackBody = z.infer<typeof commitFeedbackBody>;

export const feedbackRow = z.object({
  id: int32(),
  userId: int32(),
  userName: text(),
  questionId: int32(),
  questionName: text().nullable(),
  content: text(),
  page: text().nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  replyCount: int32(),
  imageCount: int32(),
  /** a reply the author has not seen yet */
  unseenReply: z.boolean(),
  createdAt: text(),
  updatedAt: text(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;
export const feedbackReplyRow = z.object({
  id: int32(),
  userId: int32(),
  userName: text(),
  content: text(),
  createdAt: text(),
});
/** A screenshot with a short-lived signed URL of the upload service. */
export const feedbackScreenshot = z.object({
  id: text(),
  name: text(),
  size: int53(),
  url: text(),
});
export type FeedbackScreenshot = z.infer<typeof feedbackScreenshot>;
export const feedbackDetail = feedbackRow.extend({
  screenshots: z.array(feedbackScreenshot),
  replies: z.array(feedbackReplyRow),
  closedAt: text().nullable(),
});
export type FeedbackDetail = z.infer<typeof feedbackDetail>;

export const feedbackIdQuery = z.object({ id: coerceInt32().positive() });
export const feedbackReplyBody = z.object({
  id: int32Id(),
  content: text().trim().min(1).max(2000),
  /** close the feedback with this reply */
  close: z.boolean().default(false),
});
export const feedbackCloseBody = z.object({ id: int32Id() });
export const feedbackCount = z.object({ count: int32() });
export const hasFeedback = z.object({ has: z.boolean() });
