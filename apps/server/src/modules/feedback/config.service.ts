import { and, asc, count, eq, notInArray } from 'drizzle-orm';
import { resources } from '../../platform/access/schema.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { feedbackQuestions, feedbackSettings, scoreConfigs } from './schema.js';

export async function questionList(db: DbOrTx, onlyEnabled: boolean) {
  return db
    .select({
      id: feedbackQuestions.id,
      name: feedbackQuestions.name,
      sort: feedbackQuestions.sort,
      enabled: feedbackQuestions.enabled,
    })
    .from(feedbackQuestions)
    .where(onlyEnabled ? eq(feedbackQuestions.enabled, true) : undefined)
    .orderBy(asc(feedbackQuestions.sort), asc(feedbackQuestions.id));
}

/**
 * Replaces the list in its given order: listed ids are renamed and re-sorted, new names are
 * added, ids no longer listed are disabled (feedback already given keeps its type).
 */
export async function updateQuestions(db: Db, list: { id?: number; name: string; enabled: boolean }[]) {
  // the answer is read in the same transaction: a check-repeat command's outcome is recorded with it
  return db.transaction(async (tx) => {
    const keep: number[] = [];
    for (const [sort, q] of list.entries()) {
      if (q.id) {
        const rows = await tx
          .update(feedbackQuestions)
          .set({ name: q.name, enabled: q.enabled, sort, updatedAt: new Date() })
          .where(eq(feedbackQuestions.id, q.id))
          .returning({ id: feedbackQuestions.id });
        if (!rows.length) throw new AppError('NOT_FOUND');
        keep.push(q.id);
      } else {
        const [row] = await tx
          .insert(feedbackQuestions)
          .values({ name: q.name, enabled: q.enabled, sort })
          .returning({ id: feedbackQuestions.id });
        keep.push(row!.id);
      }
    }
    await tx
      .update(feedbackQuestions)
      .set({ enabled: false, updatedAt: new Date() })
      .where(and(notInArray(feedbackQuestions.id, keep), eq(feedbackQuestions.enabled, true)));
    return questionList(tx, false);
  });
}

const TIPS = 'tips';

export async function tipsOf(db: Db): Promise<string> {
  const [row] = await db.select().from(feedbackSettings).where(eq(feedbackSettings.key, TIPS));
  return row?.value ?? '';
}

export async function saveTips(db: Db, userId: number, tips: string) {
  await db
    .insert(feedbackSettings)
    .values({ key: TIPS, value: tips, updatedBy: userId })
    .onConflictDoUpdate({
      target: feedbackSettings.key,
      set: { value: tips, updatedBy: userId, updatedAt: new Date() },
    });
}

/** Menu items that ask for a rating (the popup triggers), with their menu names. */
export async function popupConfigPage(db: Db, q: { page: number; size: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        resourceId: scoreConfigs.resourceId,
        resourceName: resources.name,
        router: resources.router,
        enabled: scoreConfigs.enabled,
        question: scoreConfigs.question,
        questionEn: scoreConfigs.questionEn,
        periodDays: scoreConfigs.periodDays,
      })
      .from(scoreConfigs)
      .leftJoin(resources, eq(resources.id, scoreConfigs.resourceId))
      .orderBy(asc(scoreConfigs.resourceId))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(scoreConfigs),
  ]);
  return { records: rows, total: total?.n ?? 0, page: q.page, size: q.size };
}

export async function savePopupConfig(
  db: Db,
  c: { resourceId: number; enabled: boolean; question: string | null; questionEn: string | null; periodDays: number },
) {
  const [menu] = await db
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.id, c.resourceId), eq(resources.type, 'menu')));
  if (!menu) throw new AppError('NOT_FOUND');
  const set = {
    enabled: c.enabled,
    question: c.question,
    questionEn: c.questionEn,
    periodDays: c.periodDays,
    updatedAt: new Date(),
  };
  await db
    .insert(scoreConfigs)
    .values({ resourceId: c.resourceId, ...set })
    .onConflictDoUpdate({ target: scoreConfigs.resourceId, set });
}

export async function deletePopupConfig(db: Db, resourceId: number) {
  const rows = await db.delete(scoreConfigs).where(eq(scoreConfigs.resourceId, resourceId)).returning();
  if (!rows.length) throw new AppError('NOT_FOUND');
}
