import type { Locale, VersionDetail } from '@portal/contracts';
import { and, desc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { nameIn } from '../../platform/i18n/names.js';
import { versionNotices, versionReads } from './schema.js';

/** The newest published popup notice; popupState 1 while the user has not closed it. */
export async function versionPopupOf(
  db: Db,
  userId: number,
  locale: Locale,
): Promise<{ popupState: 0 | 1; versionDetail: VersionDetail | null }> {
  const [latest] = await db
    .select()
    .from(versionNotices)
    .where(
      and(
        eq(versionNotices.popup, true),
        isNull(versionNotices.deletedAt),
        isNotNull(versionNotices.publishedAt),
        lte(versionNotices.publishedAt, new Date()),
      ),
    )
    .orderBy(desc(versionNotices.publishedAt))
    .limit(1);
  if (!latest) return { popupState: 0, versionDetail: null };
  const [read] = await db
    .select()
    .from(versionReads)
    .where(and(eq(versionReads.userId, userId), eq(versionReads.versionId, latest.id)));
  return {
    popupState: read ? 0 : 1,
    versionDetail: {
      id: latest.id,
      version: latest.version,
      title: nameIn(locale, latest.title, latest.titleEn),
      content: nameIn(locale, latest.content, latest.contentEn),
      publishedAt: latest.publishedAt!.toISOString(),
    },
  };
}

export async function markVersionRead(db: Db, userId: number, versionId: number): Promise<boolean> {
  const [exists] = await db
    .select({ id: versionNotices.id })
    .from(versionNotices)
    .where(eq(versionNotices.id, versionId));
  if (!exists) return false;
  await db.insert(versionReads).values({ userId, versionId }).onConflictDoNothing();
  return true;
}
