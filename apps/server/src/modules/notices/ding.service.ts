import type { DingNoticeRow, Locale, PageResult } from '@portal/contracts';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { Db } from '../../platform/db/index.js';
import { containsPattern } from '../../platform/db/like.js';
import { AppError } from '../../platform/http/errors.js';
import { nameIn } from '../../platform/i18n/names.js';
import { dingNotices } from './schema.js';

type Row = typeof dingNotices.$inferSelect;

export const toDingRow = (r: Row, locale: Locale): DingNoticeRow => ({
  id: r.id,
  title: nameIn(locale, r.title, r.titleEn),
  titleZh: r.title,
  titleEn: r.titleEn,
  content: r.content,
  enabled: r.enabled,
  link: r.link,
  pushedAt: r.pushedAt?.toISOString() ?? null,
  pushCount: r.pushCount,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The filters of the ding notice list (and its export). */
export function dingListWhere(q: { keyword?: string; enabled?: 'yes' | 'no' }): SQL | undefined {
  const where: SQL[] = [];
  if (q.keyword)
    where.push(
      or(ilike(dingNotices.title, containsPattern(q.keyword)), ilike(dingNotices.titleEn, containsPattern(q.keyword)))!,
    );
  if (q.enabled) where.push(eq(dingNotices.enabled, q.enabled === 'yes'));
  return where.length ? and(...where) : undefined;
}
export const dingListOrder = [desc(dingNotices.createdAt), desc(dingNotices.id)];

export async function dingPage(
  db: Db,
  q: { page: number; size: number; keyword?: string; enabled?: 'yes' | 'no' },
  locale: Locale,
): Promise<PageResult<DingNoticeRow>> {
  const cond = dingListWhere(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(dingNotices)
      .where(cond)
      .orderBy(...dingListOrder)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(dingNotices).where(cond),
  ]);
  return { records: rows.map((r) => toDingRow(r, locale)), total: total?.n ?? 0, page: q.page, size: q.size };
}

export async function dingById(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(dingNotices).where(eq(dingNotices.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function saveDing(
  db: Db,
  userId: number,
  body: { id?: number; title: string; titleEn: string; content: string; link: string | null },
  locale: Locale,
): Promise<DingNoticeRow> {
  const values = {
    title: body.title,
    titleEn: body.titleEn,
    content: body.content,
    link: body.link,
    updatedAt: new Date(),
  };
  // a transaction: the check-repeat outcome is recorded with the change (idempotence service)
  return db.transaction(async (tx) => {
    if (body.id) {
      const [row] = await tx.update(dingNotices).set(values).where(eq(dingNotices.id, body.id)).returning();
      if (!row) throw new AppError('NOT_FOUND');
      return toDingRow(row, locale);
    }
    const [row] = await tx
      .insert(dingNotices)
      .values({ ...values, createdBy: userId })
      .returning();
    return toDingRow(row!, locale);
  });
}

/** Switches a notice on (it is pushed now) or off. Returns the row when it must be pushed. */
export async function setDingEnabled(db: Db, id: number, enabled: boolean): Promise<Row | null> {
  const now = new Date();
  const [row] = await db
    .update(dingNotices)
    .set(
      enabled
        ? { enabled, pushedAt: now, pushCount: sql`${dingNotices.pushCount} + 1`, updatedAt: now }
        : { enabled, updatedAt: now },
    )
    .where(eq(dingNotices.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return enabled ? row : null;
}

export async function activeStaffIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.status, 'active'));
  return rows.map((r) => r.id);
}
