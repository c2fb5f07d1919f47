import type { CommitFeedbackBody, FeedbackDetail } from '@portal/contracts';
import { FEEDBACK_IMAGE_EXTS, MAX_FEEDBACK_IMAGE_BYTES, Perm } from '@portal/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { claimFilesForAttach } from '../../platform/files/attach.js';
import { files } from '../../platform/files/schema.js';
import type { FileService } from '../../platform/files/service.js';
import { AppError } from '../../platform/http/errors.js';
import { loadRecord, visibleFields } from '../../platform/resource/query.js';
import { feedbackList, myFeedbackList } from './lists.js';
import { feedbackQuestions, feedbackReplies, feedbackScreenshots, feedbacks } from './schema.js';

const refuseScreenshot = (id: string, message: string) =>
  new AppError('VALIDATION_FAILED', { data: [{ field: 'body.screenshotIds', message: `${id}: ${message}` }] });
const screenshotData = (id: string) => ({ data: [{ field: 'body.screenshotIds', message: id }] });

/**
 * Screenshots must be the author's own system uploads (the platform's attach rule: another user's
 * file id is treated as unknown, an export is never attachable), png/jpeg/gif by their stored
 * extension (the upload service has checked the magic bytes against it) and at most 1 MB each.
 */
async function checkScreenshots(db: DbOrTx, userId: number, ids: string[]) {
  const rows = await claimFilesForAttach(db, userId, ids, {
    refuse: (reason, id) =>
      reason === 'unknown'
        ? refuseScreenshot(id, 'unknown file')
        : new AppError('FILE_PURPOSE_NOT_ATTACHABLE', { vars: { value: id }, ...screenshotData(id) }),
  });
  for (const row of rows) {
    if (!(FEEDBACK_IMAGE_EXTS as readonly string[]).includes(row.ext)) {
      throw new AppError('FEEDBACK_IMAGE_INVALID', screenshotData(row.id));
    }
    if (row.size > MAX_FEEDBACK_IMAGE_BYTES) throw new AppError('FEEDBACK_IMAGE_TOO_LARGE', screenshotData(row.id));
  }
}

/** Stores a feedback with its screenshots (file ids of the upload service) in one transaction. */
export async function commitFeedback(db: Db, userId: number, body: CommitFeedbackBody): Promise<{ id: number }> {
  const ids = body.screenshotIds;
  return db.transaction(async (tx) => {
    await checkScreenshots(tx, userId, ids);
    const [question] = await tx
      .select({ enabled: feedbackQuestions.enabled })
      .from(feedbackQuestions)
      .where(eq(feedbackQuestions.id, body.questionId));
    if (!question?.enabled) throw new AppError('FEEDBACK_QUESTION_UNKNOWN');
    const [row] = await tx
      .insert(feedbacks)
      .values({
        userId,
        questionId: body.questionId,
        content: body.content,
        page: body.page ?? null,
        imageCount: ids.length,
      })
      .returning({ id: feedbacks.id });
    if (ids.length) {
      await tx.insert(feedbackScreenshots).values(ids.map((fileId, sort) => ({ feedbackId: row!.id, fileId, sort })));
    }
    return { id: row!.id };
  });
}

/** My feedbacks with a reply I have not opened. */
export async function countUnseenReplies(db: Db, userId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(feedbacks)
    .where(and(eq(feedbacks.userId, userId), eq(feedbacks.unseenReply, true)));
  return r?.n ?? 0;
}

export async function countPending(db: Db): Promise<number> {
  const [r] = await db.select({ n: count() }).from(feedbacks).where(eq(feedbacks.status, 'pending'));
  return r?.n ?? 0;
}

export async function hasFeedback(db: Db, userId: number): Promise<boolean> {
  const [r] = await db.select({ id: feedbacks.id }).from(feedbacks).where(eq(feedbacks.userId, userId)).limit(1);
  return !!r;
}

async function lockFeedback(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(feedbacks).where(eq(feedbacks.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A manager answers (and may close) a feedback; returns the author to notify. */
export async function replyToFeedback(
  db: Db,
  replierId: number,
  body: { id: number; content: string; close: boolean },
): Promise<{ authorId: number }> {
  return db.transaction(async (tx) => {
    const fb = await lockFeedback(tx, body.id);
    if (fb.status === 'closed') throw new AppError('FEEDBACK_CLOSED');
    await tx.insert(feedbackReplies).values({ feedbackId: fb.id, userId: replierId, content: body.content });
    const now = new Date();
    await tx
      .update(feedbacks)
      .set({
        status: body.close ? 'closed' : 'replied',
        replyCount: sql`${feedbacks.replyCount} + 1`,
        unseenReply: true,
        updatedAt: now,
        version: sql`${feedbacks.version} + 1`,
        ...(body.close ? { closedAt: now } : {}),
      })
      .where(eq(feedbacks.id, fb.id));
    return { authorId: fb.userId };
  });
}

export async function closeFeedback(db: Db, id: number): Promise<{ authorId: number }> {
  return db.transaction(async (tx) => {
    const fb = await lockFeedback(tx, id);
    if (fb.status === 'closed') throw new AppError('FEEDBACK_CLOSED');
    const now = new Date();
    await tx
      .update(feedbacks)
      .set({ status: 'closed', closedAt: now, updatedAt: now, version: sql`${feedbacks.version} + 1` })
      .where(eq(feedbacks.id, id));
    return { authorId: fb.userId };
  });
}

/**
 * One feedback with its screenshots (each with a short-lived signed URL) and replies, for its
 * author or a manager (the managers' list or the author's own, as the lists scope them). The
 * author opening it clears their "new reply" mark.
 */
export async function feedbackDetail(
  db: Db,
  fileService: Pick<FileService, 'url'>,
  id: number,
  auth: AuthContext,
): Promise<FeedbackDetail> {
  const list = auth.perms.has(Perm.FEEDBACK_MANAGE) ? feedbackList : myFeedbackList;
  const row = (await loadRecord(db, list, auth, id, visibleFields(list.def, auth))) as FeedbackDetail;
  const [screenshots, replies] = await Promise.all([
    db
      .select({ id: files.id, name: files.name, size: files.size })
      .from(feedbackScreenshots)
      .innerJoin(files, eq(files.id, feedbackScreenshots.fileId))
      .where(eq(feedbackScreenshots.feedbackId, id))
      .orderBy(feedbackScreenshots.sort),
    db
      .select({
        id: feedbackReplies.id,
        userId: feedbackReplies.userId,
        userName: sql<string>`coalesce(${staffUsers.name}, '')`,
        content: feedbackReplies.content,
        createdAt: feedbackReplies.createdAt,
      })
      .from(feedbackReplies)
      .leftJoin(staffUsers, eq(staffUsers.id, feedbackReplies.userId))
      .where(eq(feedbackReplies.feedbackId, id))
      .orderBy(feedbackReplies.createdAt, feedbackReplies.id),
  ]);
  const mine = row.userId === auth.userId;
  if (mine && row.unseenReply) {
    await db.update(feedbacks).set({ unseenReply: false }).where(eq(feedbacks.id, id));
  }
  return {
    ...row,
    unseenReply: mine ? false : row.unseenReply,
    screenshots: screenshots.map((f) => ({ ...f, url: fileService.url(f.id) })),
    replies: replies.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}
