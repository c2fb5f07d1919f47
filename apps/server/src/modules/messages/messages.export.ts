import { centerListQuery, type Locale, type MessageType } from '@portal/contracts';
import { count } from 'drizzle-orm';
import { defineExportSource, utcTimeCell } from '../../platform/exports/source.js';
import type { TextVars } from '../../platform/i18n/message-templates.js';
import { mcMessages } from './schema.js';
import { centerOrder, centerWhere, textOf } from './service.js';

const TYPE_TEXT: Record<MessageType, Record<Locale, string>> = {
  approval: { 'zh-CN': '审批', en: 'Approval' },
  alarm: { 'zh-CN': '预警', en: 'Alarm' },
  mail: { 'zh-CN': '邮件', en: 'Mail' },
  system: { 'zh-CN': '系统', en: 'System' },
  feedback: { 'zh-CN': '反馈', en: 'Feedback' },
  notice: { 'zh-CN': '公告', en: 'Notice' },
};
const STATUS_TEXT: Record<Locale, [string, string]> = { 'zh-CN': ['未读', '已读'], en: ['Unread', 'Read'] };

/**
 * The message center's list as a file: any signed-in user, and only ever the caller's own
 * messages (centerWhere starts from the caller's user id), with the list's filters and order.
 */
export const centerMessagesExport = defineExportSource({
  key: 'messages.center',
  query: centerListQuery,
  title: { 'zh-CN': '我的消息', en: 'my messages' },
  columns: [
    { zh: '类型', en: 'Type', width: 10 },
    { zh: '标题', en: 'Title', width: 36 },
    { zh: '内容', en: 'Content', width: 60 },
    { zh: '状态', en: 'State', width: 8 },
    { zh: '时间 (UTC)', en: 'Time (UTC)', width: 20 },
    { zh: '阅读时间 (UTC)', en: 'Read at (UTC)', width: 20 },
  ],
  async count(db, auth, q) {
    const [row] = await db.select({ n: count() }).from(mcMessages).where(centerWhere(auth.userId, q));
    return row?.n ?? 0;
  },
  select(db, auth, q) {
    return db
      .select({
        type: mcMessages.type,
        title: mcMessages.title,
        content: mcMessages.content,
        templateKey: mcMessages.templateKey,
        templateVars: mcMessages.templateVars,
        status: mcMessages.status,
        createdAt: mcMessages.createdAt,
        readAt: mcMessages.readAt,
      })
      .from(mcMessages)
      .where(centerWhere(auth.userId, q))
      .orderBy(...centerOrder(q))
      .toSQL();
  },
  cells([type, title, content, templateKey, templateVars, status, createdAt, readAt], locale) {
    const text = textOf(
      {
        title: String(title),
        content: String(content),
        templateKey: templateKey as string | null,
        templateVars: (typeof templateVars === 'string' ? JSON.parse(templateVars) : templateVars) as TextVars | null,
      },
      locale,
    );
    return [
      TYPE_TEXT[type as MessageType]?.[locale] ?? String(type),
      text.title,
      text.content,
      STATUS_TEXT[locale][Number(status) === 1 ? 1 : 0],
      utcTimeCell(createdAt),
      utcTimeCell(readAt),
    ];
  },
});
