import { randomUUID } from 'node:crypto';
import type { AiChat, AiConversation, ChatPage, PageResult } from '@portal/contracts';
import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { aiChats, aiConversations } from './schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec 5: top, delete and detail need a UUID; a missing or malformed one gets its own code. */
export function requireUuid(value: string | undefined): string {
  const v = value?.trim() ?? '';
  if (!UUID.test(v)) throw new AppError('AI_UUID_REQUIRED');
  return v.toLowerCase();
}

/** The user's own conversation; anyone else's does not exist for them. */
export async function ownConversation(db: DbOrTx, userId: number, uuid: string | undefined) {
  const [row] = await db
    .select()
    .from(aiConversations)
    .where(and(eq(aiConversations.uuid, requireUuid(uuid)), eq(aiConversations.userId, userId)));
  if (!row) throw new AppError('AI_CONVERSATION_NOT_FOUND');
  return row;
}

const TITLE_MAX = 30;
export const titleOf = (question: string) => {
  const chars = Array.from(question.replace(/\s+/g, ' ').trim());
  return chars.length > TITLE_MAX ? `${chars.slice(0, TITLE_MAX).join('')}…` : chars.join('');
};

export const conversationOf = (r: typeof aiConversations.$inferSelect): AiConversation => ({
  uuid: r.uuid,
  title: r.title,
  isTop: r.isTop,
  updatedAt: r.updatedAt.toISOString(),
});

export async function createConversation(db: Db, userId: number, initialQuestion: string) {
  const [row] = await db
    .insert(aiConversations)
    .values({ uuid: randomUUID(), userId, title: titleOf(initialQuestion) })
    .returning();
  return { uuid: row!.uuid, title: row!.title };
}

/** The user's conversations: pinned first, then the most recently used. */
export async function listConversations(
  db: Db,
  userId: number,
  q: { page: number; size: number },
): Promise<PageResult<AiConversation>> {
  const mine = eq(aiConversations.userId, userId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(aiConversations).where(mine);
  const rows = await db
    .select()
    .from(aiConversations)
    .where(mine)
    .orderBy(desc(aiConversations.isTop), desc(aiConversations.updatedAt), desc(aiConversations.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { records: rows.map(conversationOf), total, page: q.page, size: q.size };
}

export const chatOf = (r: typeof aiChats.$inferSelect): AiChat => ({
  id: r.id,
  uuid: r.uuid,
  userQuery: r.userQuery,
  aiResponse: r.aiResponse,
  like: r.like === 0 || r.like === 1 ? r.like : null,
  kbDocuments: r.kbDocuments,
  guessQuestions: r.guessQuestions,
  status: r.status as AiChat['status'],
  createdAt: r.createdAt.toISOString(),
});

/** A page of history older than `lastChatId` (newest page when absent), oldest first. */
export async function chatHistory(
  db: Db,
  userId: number,
  uuid: string | undefined,
  q: { lastChatId?: number | undefined; limit: number },
): Promise<ChatPage> {
  const conv = await ownConversation(db, userId, uuid);
  const rows = await db
    .select()
    .from(aiChats)
    .where(and(eq(aiChats.conversationId, conv.id), q.lastChatId ? lt(aiChats.id, q.lastChatId) : undefined))
    .orderBy(desc(aiChats.id))
    .limit(q.limit + 1);
  const hasMore = rows.length > q.limit;
  return { chats: rows.slice(0, q.limit).reverse().map(chatOf), hasMore };
}

/** Pins or unpins (toggles when `isTop` is not given); answers the new state. */
export async function setTop(db: Db, userId: number, uuid: string | undefined, isTop?: boolean) {
  const conv = await ownConversation(db, userId, uuid);
  const next = isTop ?? !conv.isTop;
  await db.update(aiConversations).set({ isTop: next }).where(eq(aiConversations.id, conv.id));
  return { ...conversationOf(conv), isTop: next };
}

export async function deleteConversation(db: Db, userId: number, uuid: string | undefined) {
  const conv = await ownConversation(db, userId, uuid);
  // its chats and their feedback go with it (foreign keys cascade)
  await db.delete(aiConversations).where(eq(aiConversations.id, conv.id));
  return conv.uuid;
}
