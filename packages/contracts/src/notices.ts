import { z } from 'zod';
import { LIVE_RESOURCES } from './live-constants.js';
import { pageQuery } from './paging.js';
import { Perm } from './permissions.js';
import { defineResource, type ResourceRow } from './resource/define.js';
import { resourceSchemas } from './resource/schemas.js';
import { isNoticeLink } from './validation/link.js';
import { coerceInt32, int32, int32Id, text } from './validation/scalars.js';

export const versionDetail = z.object({
  id: int32(),
  version: text(),
  title: text(),
  /** release notes, markdown */
  content: text(),
  publishedAt: text(),
});
export type VersionDetail = z.infer<typeof versionDetail>;

/** Spec 3 "Version notice": popupState 1 = show the release notes on start. */
export const versionPopup = z.object({
  popupState: z.union([z.literal(0), z.literal(1)]),
  versionDetail: versionDetail.nullable(),
});
export const versionPopupRead = z.object({ id: int32Id() });

/* ---- version records (spec 7 /v2/sys/staff/version) ---- */
const isoDate = text().datetime({ offset: true });
const V = '/v2/sys/staff/version';
const shown = { readOnly: true, required: true } as const;

/**
 * `/setModule/publicnotice/noticeconfig`, versions tab: its list and export are the kernel's; save,
 * notes, delete, detail and the timeline stay the room's spec calls. The spec's answer has the
 * release's `version` text, so the optimistic version travels as `rowVersion` (decision 0095).
 */
export const versionRecordResource = defineResource({
  key: LIVE_RESOURCES.noticeVersions,
  title: { zh: '版本记录', en: 'Version records' },
  api: `${V}/manage`,
  paths: { page: `${V}/page`, export: `${V}/export` },
  routes: { list: '/setModule/publicnotice/noticeconfig' },
  titleField: 'title',
  versionKey: 'rowVersion',
  fields: {
    version: { kind: 'text', label: { zh: '版本号', en: 'Version' }, ...shown },
    innerVersion: { kind: 'text', label: { zh: '内部版本号', en: 'Inner version' }, readOnly: true },
    /** the title in the caller's language (the other form when that one is empty) */
    title: { kind: 'text', label: { zh: '标题', en: 'Title' }, ...shown },
    /** both forms, for the editor */
    titleZh: { kind: 'text', label: { zh: '标题（中文）', en: 'Title (Chinese)' }, ...shown },
    titleEn: { kind: 'text', label: { zh: '标题（英文）', en: 'Title (English)' }, ...shown },
    /** the notes (markdown) in the caller's language (the other form when that one is empty) */
    content: { kind: 'textarea', label: { zh: '更新内容', en: 'Release notes' }, ...shown },
    contentZh: { kind: 'textarea', label: { zh: '更新内容（中文）', en: 'Release notes (Chinese)' }, ...shown },
    contentEn: { kind: 'textarea', label: { zh: '更新内容（英文）', en: 'Release notes (English)' }, ...shown },
    popup: { kind: 'boolean', label: { zh: '启动弹窗', en: 'Popup on start' }, ...shown },
    /** null: a draft */
    publishedAt: {
      kind: 'datetime',
      label: { zh: '发布时间', en: 'Published' },
      readOnly: true,
      emptyLabel: { zh: '草稿', en: 'Draft' },
    },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, ...shown },
    updatedAt: { kind: 'datetime', label: { zh: '更新时间', en: 'Updated' }, ...shown },
  },
  list: {
    columns: ['version', 'innerVersion', 'title', 'popup', 'publishedAt'],
    /** the file keeps the layout it had before the port */
    exportColumns: ['version', 'innerVersion', 'title', 'content', 'popup', 'publishedAt', 'createdAt'],
    filters: {
      keyword: { op: 'like', fields: ['version', 'titleZh', 'titleEn'], label: { zh: '关键词', en: 'Keyword' } },
      published: {
        op: 'set',
        field: 'publishedAt',
        label: { zh: '状态', en: 'State' },
        choices: { yes: { zh: '已发布', en: 'Published' }, no: { zh: '草稿', en: 'Draft' } },
      },
    },
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [] },
  access: { list: Perm.NOTICE_CONFIG },
  export: { fileName: { zh: '版本记录', en: 'version-records' } },
  history: false,
});

/** A version record as the list, the timeline, the detail and a save answer it. */
export const versionRecord = resourceSchemas(versionRecordResource).row;
export type VersionRecord = ResourceRow<typeof versionRecordResource>;

export const versionSaveBody = z.object({
  id: int32Id().optional(),
  version: text().trim().min(1).max(40),
  innerVersion: text()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits, dot, dash, underscore')
    .optional(),
  title: text().trim().min(1).max(200),
  /** the English title; empty: English readers see the Chinese one */
  titleEn: text().trim().max(200).default(''),
  content: text().max(20_000).default(''),
  /** the English notes; empty: English readers see the Chinese ones */
  contentEn: text().max(20_000).default(''),
  popup: z.boolean().default(false),
  /** null = draft */
  publishedAt: isoDate.nullable().default(null),
});
export type VersionSaveBody = z.infer<typeof versionSaveBody>;
export const versionDocBody = z.object({ id: int32Id(), content: text().max(20_000) });
export const versionIdBody = z.object({ id: int32Id() });
export const versionIdQuery = z.object({ id: coerceInt32().positive() });
export const innerVersionQuery = z.object({
  innerVersion: text().trim().min(1).max(40),
  excludeId: coerceInt32().positive().optional(),
});
export const innerVersionExists = z.object({ exists: z.boolean() });
export const versionOption = z.object({ id: int32(), version: text(), title: text() });
export const timelineQuery = pageQuery.extend({ year: coerceInt32().min(2000).max(2100).optional() });

/* ---- ding notices (spec 7 /v2/sys/staff/dingNotice) ---- */
const D = '/v2/sys/staff/dingNotice';

/** `/setModule/publicnotice/noticeconfig`, ding tab: its list and export are the kernel's; save and enable the room's calls. */
export const dingNoticeResource = defineResource({
  key: LIVE_RESOURCES.dingNotices,
  title: { zh: '钉钉通知', en: 'Ding notices' },
  api: `${D}/manage`,
  paths: { page: `${D}/page`, export: `${D}/export` },
  routes: { list: '/setModule/publicnotice/noticeconfig' },
  titleField: 'title',
  fields: {
    /** in the caller's language (the other form when that one is empty) */
    title: { kind: 'text', label: { zh: '标题', en: 'Title' }, ...shown },
    /** both forms, for the editor */
    titleZh: { kind: 'text', label: { zh: '标题（中文）', en: 'Title (Chinese)' }, ...shown },
    titleEn: { kind: 'text', label: { zh: '标题（英文）', en: 'Title (English)' }, ...shown },
    content: { kind: 'textarea', label: { zh: '内容', en: 'Content' }, ...shown },
    link: { kind: 'text', label: { zh: '链接', en: 'Link' }, readOnly: true },
    enabled: { kind: 'boolean', label: { zh: '启用', en: 'On' }, ...shown },
    pushCount: { kind: 'number', label: { zh: '推送次数', en: 'Pushes' }, quantity: true, ...shown },
    pushedAt: { kind: 'datetime', label: { zh: '最近推送', en: 'Last pushed' }, readOnly: true },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, ...shown },
    updatedAt: { kind: 'datetime', label: { zh: '更新时间', en: 'Updated' }, ...shown },
  },
  list: {
    columns: ['title', 'content', 'pushCount', 'pushedAt', 'enabled'],
    /** the file keeps the layout it had before the port */
    exportColumns: ['title', 'content', 'link', 'enabled', 'pushCount', 'pushedAt', 'createdAt'],
    filters: {
      keyword: { op: 'like', fields: ['titleZh', 'titleEn'], label: { zh: '关键词', en: 'Keyword' } },
      enabled: { op: 'eq', field: 'enabled' },
    },
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [] },
  access: { list: Perm.NOTICE_CONFIG },
  export: { fileName: { zh: '钉钉通知', en: 'ding-notices' } },
  history: false,
});

/** A ding notice as the list, the detail and a save answer it. */
export const dingNoticeRow = resourceSchemas(dingNoticeResource).row;
export type DingNoticeRow = ResourceRow<typeof dingNoticeResource>;
export const dingNoticeSaveBody = z.object({
  id: int32Id().optional(),
  title: text().trim().min(1).max(100),
  titleEn: text().trim().max(100).default(''),
  content: text().trim().min(1).max(2000),
  link: text()
    .max(256)
    .refine(isNoticeLink, 'an http(s) address or a portal path starting with a single /')
    .nullable()
    .default(null),
});
export const dingNoticeEnableBody = z.object({ id: int32Id(), enabled: z.boolean() });
