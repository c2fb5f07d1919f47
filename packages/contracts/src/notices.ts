import { z } from 'zod';
import { pageQuery } from './paging.js';
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

export const versionRecord = z.object({
  id: int32(),
  version: text(),
  innerVersion: text().nullable(),
  /** the title in the caller's language (the other form when that one is empty) */
  title: text(),
  /** both forms, for the editor */
  titleZh: text(),
  titleEn: text(),
  content: text(),
  popup: z.boolean(),
  publishedAt: text().nullable(),
  createdAt: text(),
  updatedAt: text(),
});
export type VersionRecord = z.infer<typeof versionRecord>;

export const versionPageQuery = pageQuery.extend({
  keyword: text().trim().max(100).optional(),
  published: z.enum(['yes', 'no']).optional(),
});
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
export const dingNoticeRow = z.object({
  id: int32(),
  /** the title in the caller's language; both forms for the editor */
  title: text(),
  titleZh: text(),
  titleEn: text(),
  content: text(),
  enabled: z.boolean(),
  link: text().nullable(),
  pushedAt: text().nullable(),
  pushCount: int32(),
  createdAt: text(),
  updatedAt: text(),
});
export type DingNoticeRow = z.infer<typeof dingNoticeRow>;
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
export const dingNoticePageQuery = pageQuery.extend({
  keyword: text().trim().max(100).optional(),
  enabled: z.enum(['yes', 'no']).optional(),
});
