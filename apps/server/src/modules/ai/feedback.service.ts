import { type ChatFeedbackBody, LIKE_TYPES, type Locale } from '@portal/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { aiChatFeedbacks, aiChats, aiFeedbackTags } from './schema.js';

/** Spec 5: a like type is required; LIKE or DISLIKE. */
export async function feedbackTags(db: Db, likeType: string | undefined, locale: Locale) {
  const type = likeType?.trim().toUpperCase();
  if (!type) throw new AppError('AI_LIKE_TYPE_REQUIRED');
  if (!(LIKE_TYPES as readonly string[]).includes(type)) throw new AppError('AI_LIKE_TYPE_UNKNOWN');
  const rows = await db
    .select()
    .from(aiFeedbackTags)
    .where(and(eq(aiFeedbackTags.likeType, type), eq(aiFeedbackTags.enabled, true)))
    .orderBy(asc(aiFeedbackTags.sort), asc(aiFeedbackTags.id));
  return rows.map((r) => ({ tagName: locale === 'zh-CN' ? r.tagName : r.tagNameEn }));
}

/**
 * Records a like (with at least one tag) or a dislike (optional tags and text) on one of the
 * user's own answers and sets the answer's like state.
 */
export async function submitFeedback(db: Db, userId: number, body: ChatFeedbackBody) {
  const tags = (body.tag ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (body.like === 1 && !tags.length) throw new AppError('AI_TAG_REQUIRED');
  await db.transaction(async (tx) => {
    const [chat] = await tx
      .select({ id: aiChats.id })
      .from(aiChats)
      .where(and(eq(aiChats.uuid, body.chatUuid), eq(aiChats.userId, userId)));
    if (!chat) throw new AppError('AI_CHAT_NOT_FOUND');
    await tx.insert(aiChatFeedbacks).values({
      chatId: chat.id,
      userId,
      like: body.like,
      tag: tags.join(',') || null,
      content: body.content || null,
    });
    await tx.update(aiChats).set({ like: body.like }).where(eq(aiChats.id, chat.id));
  });
}
