import { type Locale, manageFeedbackQuery, Perm } from '@portal/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import { defineExportSource, utcTimeCell } from '../../platform/exports/source.js';
import { feedbackOrder, manageFeedbackWhere } from './feedback.service.js';
import { feedbackQuestions, feedbacks } from './schema.js';

const STATUS_TEXT: Record<string, Record<Locale, string>> = {
  pending: { 'zh-CN': '待处理', en: 'Waiting' },
  replied: { 'zh-CN': '已回复', en: 'Replied' },
  closed: { 'zh-CN': '已关闭', en: 'Closed' },
};

/** The feedback management list as a file: the list's filters and order (feedback.service). */
export const manageFeedbackExport = defineExportSource({
  key: 'feedback.manage',
  perm: Perm.FEEDBACK_MANAGE,
  query: manageFeedbackQuery,
  title: { 'zh-CN': '用户反馈', en: 'feedback' },
  columns: [
    { zh: '编号', en: 'ID', width: 8 },
    { zh: '反馈人', en: 'From', width: 14 },
    { zh: '类型', en: 'Type', width: 14 },
    { zh: '反馈内容', en: 'Feedback', width: 50 },
    { zh: '页面', en: 'Page', width: 30 },
    { zh: '状态', en: 'State', width: 10 },
    { zh: '回复数', en: 'Replies', width: 8 },
    { zh: '截图数', en: 'Screenshots', width: 10 },
    { zh: '反馈时间 (UTC)', en: 'Sent at (UTC)', width: 20 },
    { zh: '更新时间 (UTC)', en: 'Updated (UTC)', width: 20 },
  ],
  async count(db, _auth, q) {
    const [row] = await db.select({ n: count() }).from(feedbacks).where(manageFeedbackWhere(q));
    return row?.n ?? 0;
  },
  select(db, _auth, q) {
    return db
      .select({
        id: feedbacks.id,
        userName: sql<string>`coalesce(${staffUsers.name}, '')`,
        questionName: feedbackQuestions.name,
        content: feedbacks.content,
        page: feedbacks.page,
        status: feedbacks.status,
        replyCount: feedbacks.replyCount,
        imageCount: feedbacks.imageCount,
        createdAt: feedbacks.createdAt,
        updatedAt: feedbacks.updatedAt,
      })
      .from(feedbacks)
      .leftJoin(staffUsers, eq(staffUsers.id, feedbacks.userId))
      .leftJoin(feedbackQuestions, eq(feedbackQuestions.id, feedbacks.questionId))
      .where(manageFeedbackWhere(q))
      .orderBy(...feedbackOrder(q))
      .toSQL();
  },
  cells(row, locale) {
    const [id, userName, questionName, content, page, status, replyCount, imageCount, createdAt, updatedAt] = row;
    return [
      Number(id),
      String(userName ?? ''),
      questionName == null ? null : String(questionName),
      String(content),
      page == null ? null : String(page),
      STATUS_TEXT[String(status)]?.[locale] ?? String(status),
      Number(replyCount),
      Number(imageCount),
      utcTimeCell(createdAt),
      utcTimeCell(updatedAt),
    ];
  },
});
