import {
  type FillVar,
  type Locale,
  MESSAGE_STATUS,
  type MessageRow,
  type MessageType,
  type PushMessage,
} from '@portal/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { renderMessage } from '../../platform/i18n/message-templates.js';
import type { Notification } from '../../platform/notify.js';
import { mcMessages } from './schema.js';

type Row = typeof mcMessages.$inferSelect;

/**
 * A notification may carry template variables (the new-mail notice: {newEmailNum} and
 * {emailboxType}); the client fills them into the content template (spec 3 "Push message").
 */
export type TemplatedNotification = Notification & { vars?: Record<string, string | number> };

/** A stored message's title and content in the reader's language (old, untemplated rows as stored). */
export const textOf = (
  r: Pick<Row, 'title' | 'content' | 'templateKey' | 'templateVars'>,
  locale: Locale,
): { title: string; content: string } =>
  (r.templateKey ? renderMessage({ key: r.templateKey, vars: r.templateVars }, locale) : null) ?? {
    title: r.title,
    content: r.content,
  };

export const toMessageRow = (r: Row, locale: Locale): MessageRow => ({
  id: r.id,
  type: r.type,
  msgType: r.msgType,
  ...textOf(r, locale),
  link: r.link,
  sourceKind: r.sourceKind,
  sourceId: r.sourceId,
  status: r.status === MESSAGE_STATUS.READ ? 1 : 0,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
});

export const toPushMessage = (r: Row, locale: Locale): PushMessage => {
  const { title, content } = textOf(r, locale);
  return {
    event: 'message',
    id: r.id,
    type: r.type,
    msgType: r.msgType,
    title,
    link: r.link,
    msgFillAfterVar: JSON.stringify(r.fillVars),
    msgContentTemplate: content,
    createdAt: r.createdAt.toISOString(),
  };
};

/** Stores one message per recipient in one statement; returns the new ids with their users. */
export async function storeMessages(db: Db, n: TemplatedNotification): Promise<{ id: number; userId: number }[]> {
  const fillVars: FillVar[] = Object.entries(n.vars ?? {}).map(([k, v]) => ({
    key: `{${k}}`,
    showFieldName: String(v),
  }));
  const userIds = [...new Set(n.userIds)];
  if (userIds.length === 0) return [];
  return db
    .insert(mcMessages)
    .values(
      userIds.map((userId) => ({
        userId,
        type: n.type,
        msgType: n.msgType ?? 1,
        title: n.title,
        content: n.content,
        fillVars,
        templateKey: n.template?.key ?? null,
        templateVars: n.template?.vars ?? null,
        link: n.link ?? null,
        sourceKind: n.source?.kind ?? null,
        sourceId: n.source?.id ?? null,
      })),
    )
    .returning({ id: mcMessages.id, userId: mcMessages.userId });
}

export async function messageById(db: Db, id: number): Promise<Row | undefined> {
  const [row] = await db.select().from(mcMessages).where(eq(mcMessages.id, id));
  return row;
}

/** The bell's latest items. */
export async function latestMessages(
  db: Db,
  userId: number,
  locale: Locale,
  size: number,
  status?: 0 | 1,
): Promise<MessageRow[]> {
  const where = [eq(mcMessages.userId, userId)];
  if (status !== undefined) where.push(eq(mcMessages.status, status));
  const rows = await db
    .select()
    .from(mcMessages)
    .where(and(...where))
    // the list's own order (newest first, then id), which the recipient's time index serves
    .orderBy(desc(mcMessages.createdAt), mcMessages.id)
    .limit(size);
  return rows.map((r) => toMessageRow(r, locale));
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mcMessages)
    .where(and(eq(mcMessages.userId, userId), eq(mcMessages.status, MESSAGE_STATUS.UNREAD)));
  return row?.n ?? 0;
}

export async function countsByType(db: Db, userId: number) {
  const rows = await db
    .select({
      type: mcMessages.type,
      total: count(),
      unread: sql<number>`count(*) filter (where ${mcMessages.status} = 0)`.mapWith(Number),
    })
    .from(mcMessages)
    .where(eq(mcMessages.userId, userId))
    .groupBy(mcMessages.type)
    .orderBy(mcMessages.type);
  return rows;
}

/** Marks the user's own messages; others' ids are ignored. Returns how many changed. */
export async function setStatus(db: Db, userId: number, ids: number[], status: 0 | 1): Promise<number> {
  const rows = await db
    .update(mcMessages)
    .set({
      status,
      readAt: status === MESSAGE_STATUS.READ ? new Date() : null,
      version: sql`${mcMessages.version} + 1`,
    })
    .where(and(eq(mcMessages.userId, userId), inArray(mcMessages.id, ids), sql`${mcMessages.status} <> ${status}`))
    .returning({ id: mcMessages.id });
  return rows.length;
}

export async function readAll(db: Db, userId: number, type?: MessageType): Promise<number> {
  const where = [eq(mcMessages.userId, userId), eq(mcMessages.status, MESSAGE_STATUS.UNREAD)];
  if (type) where.push(eq(mcMessages.type, type));
  const rows = await db
    .update(mcMessages)
    .set({ status: MESSAGE_STATUS.READ, readAt: new Date(), version: sql`${mcMessages.version} + 1` })
    .where(and(...where))
    .returning({ id: mcMessages.id });
  return rows.length;
}
