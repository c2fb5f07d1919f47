import { dingNoticeResource } from '@portal/contracts';
import { nameInSql } from '../../platform/i18n/names.js';
import { bindResource, localized } from '../../platform/resource/index.js';
import { dingNotices } from './schema.js';

/** The ding notice list and its export; saving and switching on (the push) stay the room's calls. */
export const dingNoticeList = bindResource(dingNoticeResource, {
  table: dingNotices,
  search: { keyword: dingNotices.search },
  columns: {
    title: localized((locale) => nameInSql(locale, dingNotices.title, dingNotices.titleEn)),
    titleZh: dingNotices.title,
    titleEn: dingNotices.titleEn,
    content: dingNotices.content,
    link: dingNotices.link,
    enabled: dingNotices.enabled,
    pushCount: dingNotices.pushCount,
    pushedAt: dingNotices.pushedAt,
    createdAt: dingNotices.createdAt,
    updatedAt: dingNotices.updatedAt,
  },
});
