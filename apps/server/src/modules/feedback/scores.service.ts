import type { CommitScoreBody } from '@portal/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { scoreConfigs, scores } from './schema.js';

/** A menu item needs a rating from a user when it is configured and they have not rated it this period. */
export async function needScoreOf(db: Db, userId: number, resourceId: number) {
  const [cfg] = await db.select().from(scoreConfigs).where(eq(scoreConfigs.resourceId, resourceId));
  if (!cfg?.enabled) return { need: false, question: null, questionEn: null };
  const since = new Date(Date.now() - cfg.periodDays * 86_400_000);
  const [recent] = await db
    .select({ id: scores.id })
    .from(scores)
    .where(and(eq(scores.userId, userId), eq(scores.resourceId, resourceId), gt(scores.createdAt, since)))
    .limit(1);
  return { need: !recent, question: cfg.question, questionEn: cfg.questionEn };
}

export async function commitScore(db: Db, userId: number, body: CommitScoreBody) {
  const { need } = await needScoreOf(db, userId, body.resourceId);
  if (!need) throw new AppError('CONFLICT');
  await db
    .insert(scores)
    .values({ userId, resourceId: body.resourceId, score: body.score, content: body.content ?? null });
}

/**
 * The user closed the question without rating: recorded like an answer without a score, so it is
 * not asked again within the period (in any session). Nothing to record when it is not due.
 */
export async function dismissScore(db: Db, userId: number, resourceId: number) {
  const { need } = await needScoreOf(db, userId, resourceId);
  if (need) await db.insert(scores).values({ userId, resourceId, score: null, content: null });
}
