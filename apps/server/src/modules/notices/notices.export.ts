import { type Locale, Perm, versionPageQuery } from '@portal/contracts';
import { count } from 'drizzle-orm';
import { defineExportSource, utcTimeCell } from '../../platform/exports/source.js';
import { nameInSql } from '../../platform/i18n/names.js';
import { versionNotices } from './schema.js';
import { versionListOrder, versionListWhere } from './versions.service.js';

const yesNo = (v: unknown, locale: Locale) =>
  v ? (locale === 'zh-CN' ? '是' : 'Yes') : locale === 'zh-CN' ? '否' : 'No';
const text = (v: unknown) => (v == null ? null : String(v));

/** Version records of the notice settings as a file: the list's filters and order (versions.service). */
export const versionRecordsExport = defineExportSource({
  key: 'notices.versions',
  perm: Perm.NOTICE_CONFIG,
  query: versionPageQuery,
  title: { 'zh-CN': '版本记录', en: 'version-records' },
  columns: [
    { zh: '版本号', en: 'Version', width: 12 },
    { zh: '内部版本号', en: 'Inner version', width: 14 },
    { zh: '标题', en: 'Title', width: 30 },
    { zh: '更新内容', en: 'Release notes', width: 60 },
    { zh: '启动弹窗', en: 'Popup on start', width: 10 },
    { zh: '发布时间 (UTC)', en: 'Published (UTC)', width: 20 },
    { zh: '创建时间 (UTC)', en: 'Created (UTC)', width: 20 },
  ],
  async count(db, _auth, q) {
    const [row] = await db.select({ n: count() }).from(versionNotices).where(versionListWhere(q));
    return row?.n ?? 0;
  },
  select(db, _auth, q, locale) {
    return db
      .select({
        version: versionNotices.version,
        innerVersion: versionNotices.innerVersion,
        title: nameInSql(locale, versionNotices.title, versionNotices.titleEn),
        content: nameInSql(locale, versionNotices.content, versionNotices.contentEn),
        popup: versionNotices.popup,
        publishedAt: versionNotices.publishedAt,
        createdAt: versionNotices.createdAt,
      })
      .from(versionNotices)
      .where(versionListWhere(q))
      .orderBy(...versionListOrder)
      .toSQL();
  },
  cells(row, locale) {
    const [version, innerVersion, title, content, popup, publishedAt, createdAt] = row;
    return [
      String(version),
      text(innerVersion),
      String(title),
      String(content),
      yesNo(popup, locale),
      publishedAt == null ? (locale === 'zh-CN' ? '草稿' : 'Draft') : utcTimeCell(publishedAt),
      utcTimeCell(createdAt),
    ];
  },
});
