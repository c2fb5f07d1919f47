import type { DingNoticeRow, Locale } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { nameIn } from '../../platform/i18n/names.js';
import { dingNotices } from './schema.js';

type Row = typeof dingNotices.$inferSelect;

export const toDingRow = (r: Row, locale: Locale): DingNoticeRow => ({
  id: r.id,
  version: r.version,
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
      const [row] = await tx
        .update(dingNotices)
        .set({ ...values, version: sql`${dingNotices.version} + 1` })
        .where(eq(dingNotices.id, body.id))
        .returning();
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
  const version = sql`${dingNotices.version} + 1`;
  const [row] = await db
    .update(dingNotices)
    .set(
      enabled
        ? { enabled, pushedAt: now, pushCount: sql`${dingNotices.pushCount} + 1`, updatedAt: now, version }
        : { enabled, updatedAt: now, version },
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
