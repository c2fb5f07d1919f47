import { versionRecordResource } from '@portal/contracts';
import { isNull } from 'drizzle-orm';
import { nameInSql } from '../../platform/i18n/names.js';
import { bindResource, localized } from '../../platform/resource/index.js';
import { versionNotices as v } from './schema.js';

/**
 * The version records list and its export (deleted records are kept, marked, and never listed);
 * every signed-in user hears of their changes: published ones feed everyone's timeline.
 */
export const versionRecordList = bindResource(versionRecordResource, {
  table: v,
  rows: isNull(v.deletedAt),
  search: { keyword: v.search },
  changesToAll: true,
  columns: {
    version: v.version,
    innerVersion: v.innerVersion,
    title: localized((locale) => nameInSql(locale, v.title, v.titleEn)),
    titleZh: v.title,
    titleEn: v.titleEn,
    content: localized((locale) => nameInSql(locale, v.content, v.contentEn)),
    contentZh: v.content,
    contentEn: v.contentEn,
    popup: v.popup,
    publishedAt: v.publishedAt,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  },
});
