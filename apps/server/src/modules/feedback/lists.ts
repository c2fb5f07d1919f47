import { feedbackResource, myFeedbackResource } from '@portal/contracts/feedback';
import { sql } from 'drizzle-orm';
import type { EventBus } from '../../platform/events/bus.js';
import { staffNameSql } from '../../platform/i18n/names.js';
import { publishRecordChanged } from '../../platform/live/record-changes.js';
import { bindResource, type FieldSource, localized } from '../../platform/resource/index.js';
import { feedbacks } from './schema.js';

/** Both lists read the same columns; names come from their tables (a select drops table names: qualified by hand). */
const columns: Record<string, FieldSource> = {
  id: feedbacks.id,
  userId: feedbacks.userId,
  userName: localized((l) => sql`coalesce(${staffNameSql(l, sql.raw('"feedbacks"."user_id"'))}, '')`),
  questionId: feedbacks.questionId,
  questionName: sql`(select fq.name from feedback_questions fq where fq.id = "feedbacks"."question_id")`,
  content: feedbacks.content,
  page: feedbacks.page,
  status: feedbacks.status,
  replyCount: feedbacks.replyCount,
  imageCount: feedbacks.imageCount,
  unseenReply: feedbacks.unseenReply,
  createdAt: feedbacks.createdAt,
  updatedAt: feedbacks.updatedAt,
  closedAt: feedbacks.closedAt,
};

/** The managers' list (page and export); answers and closing stay the room's own calls. */
export const feedbackList = bindResource(feedbackResource, {
  table: feedbacks,
  search: { keyword: feedbacks.search },
  columns,
});
/** "My feedback": a personal list, each user their own. */
export const myFeedbackList = bindResource(myFeedbackResource, {
  table: feedbacks,
  search: { keyword: feedbacks.search },
  columns,
});

/** A feedback was sent, answered or closed: the managers' open lists and its author's refresh. */
export const publishFeedbackChanged = (bus: EventBus, id: number) =>
  Promise.all([
    publishRecordChanged(bus, feedbackList.def.key, id),
    publishRecordChanged(bus, myFeedbackList.def.key, id),
  ]);
