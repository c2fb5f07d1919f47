import type { Locale, PageResult, VersionRecord, VersionSaveBody } from '@portal/contracts';
import { and, count, desc, eq, gte, isNotNull, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { nameIn, nameInSql } from '../../platform/i18n/names.js';
import { versionNotices } from './schema.js';

type Row = typeof versionNotices.$inferSelect;

const toRecord = (r: Row, locale: Locale): VersionRecord => ({
  id: r.id,
  rowVersion: r.rowVersion,
  version: r.version,
  innerVersion: r.innerVersion,
  title: nameIn(locale, r.title, r.titleEn),
  titleZh: r.title,
  titleEn: r.titleEn,
  content: nameIn(locale, r.content, r.contentEn),
  contentZh: r.content,
  contentEn: r.contentEn,
  popup: r.popup,
  publishedAt: r.publishedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const live = isNull(versionNotices.deletedAt);

const publishedNow = () =>
  and(live, isNotNull(versionNotices.publishedAt), lte(versionNotices.publishedAt, new Date()));

/** The release timeline: published records, newest first, optionally of one year. */
export async function timeline(
  db: Db,
  q: { page: number; size: number; year?: number },
  locale: Locale,
): Promise<PageResult<VersionRecord>> {
  const where: SQL[] = [publishedNow()!];
  if (q.year) {
    where.push(gte(versionNotices.publishedAt, new Date(Date.UTC(q.year, 0, 1))));
    where.push(lt(versionNotices.publishedAt, new Date(Date.UTC(q.year + 1, 0, 1))));
  }
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(versionNotices)
      .where(cond)
      .orderBy(desc(versionNotices.publishedAt), desc(versionNotices.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(versionNotices).where(cond),
  ]);
  return { records: rows.map((r) => toRecord(r, locale)), total: total?.n ?? 0, page: q.page, size: q.size };
}

/** Published versions for a select. */
export async function versionOptions(db: Db, locale: Locale) {
  return db
    .select({
      id: versionNotices.id,
      version: versionNotices.version,
      title: nameInSql(locale, versionNotices.title, versionNotices.titleEn),
    })
    .from(versionNotices)
    .where(publishedNow())
    .orderBy(desc(versionNotices.publishedAt))
    .limit(200);
}

/** A published record for everyone; drafts only for editors. */
export async function versionDetailOf(db: Db, id: number, editor: boolean, locale: Locale): Promise<VersionRecord> {
  const [row] = await db
    .select()
    .from(versionNotices)
    .where(and(eq(versionNotices.id, id), live));
  const visible = row && (editor || (row.publishedAt !== null && row.publishedAt <= new Date()));
  if (!visible) throw new AppError('NOT_FOUND');
  return toRecord(row, locale);
}

export async function innerVersionExists(db: Db, innerVersion: string, excludeId?: number): Promise<boolean> {
  const where = [live, eq(versionNotices.innerVersion, innerVersion)];
  if (excludeId) where.push(ne(versionNotices.id, excludeId));
  const [row] = await db
    .select({ id: versionNotices.id })
    .from(versionNotices)
    .where(and(...where))
    .limit(1);
  return !!row;
}

export async function saveVersion(
  db: Db,
  userId: number,
  body: VersionSaveBody,
  locale: Locale,
): Promise<VersionRecord> {
  const innerVersion = body.innerVersion || null;
  if (innerVersion && (await innerVersionExists(db, innerVersion, body.id))) {
    throw new AppError('INNER_VERSION_TAKEN', { vars: { value: innerVersion } });
  }
  const values = {
    version: body.version,
    innerVersion,
    title: body.title,
    titleEn: body.titleEn,
    content: body.content,
    contentEn: body.contentEn,
    popup: body.popup,
    publishedAt: body.publishedAt ? new Date(body.publishedAt) : null,
    updatedAt: new Date(),
  };
  // a transaction: the check-repeat outcome is recorded with the change (idempotence service)
  return db.transaction(async (tx) => {
    if (body.id) {
      const [row] = await tx
        .update(versionNotices)
        .set({ ...values, rowVersion: sql`${versionNotices.rowVersion} + 1` })
        .where(and(eq(versionNotices.id, body.id), live))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      return toRecord(row, locale);
    }
    const [row] = await tx
      .insert(versionNotices)
      .values({ ...values, createdBy: userId })
      .returning();
    return toRecord(row!, locale);
  });
}

export async function updateDoc(db: Db, id: number, content: string) {
  const rows = await db
    .update(versionNotices)
    .set({ content, updatedAt: new Date(), rowVersion: sql`${versionNotices.rowVersion} + 1` })
    .where(and(eq(versionNotices.id, id), live))
    .returning({ id: versionNotices.id });
  if (!rows.length) throw new AppError('NOT_FOUND');
}

export async function deleteVersion(db: Db, id: number) {
  const rows = await db
    .update(versionNotices)
    .set({ deletedAt: new Date(), rowVersion: sql`${versionNotices.rowVersion} + 1` })
    .where(and(eq(versionNotices.id, id), live))
    .returning({ id: versionNotices.id });
  if (!rows.length) throw new AppError('NOT_FOUND');
}
