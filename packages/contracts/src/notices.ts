import { z } from 'zod';
import { pageQuery } from './paging.js';
import { isNoticeLink } from './validation/link.js';

export const versionDetail = z.object({
  id: z.number().int(),
  version: z.string(),
  title: z.string(),
  /** release notes, markdown */
  content: z.string(),
  publishedAt: z.string(),
});
export type VersionDetail = z.infer<typeof versionDetail>;

/** Spec 3 "Version notice": popupState 1 = show the release notes on start. */
export const versionPopup = z.object({
  popupState: z.union([z.literal(0), z.literal(1)]),
  versionDetail: versionDetail.nullable(),
});
export const versionPopupRead = z.object({ id: z.number().int().positive() });

/* ---- version records (spec 7 /v2/sys/staff/version) ---- */
const isoDate = z.string().datetime({ offset: true });

export const versionRecord = z.object({
  id: z.number().int(),
  version: z.string(),
  innerVersion: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  popup: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VersionRecord = z.infer<typeof versionRecord>;

export const versionPageQuery = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  published: z.enum(['yes', 'no']).optional(),
});
export const versionSaveBody = z.object({
  id: z.number().int().positive().optional(),
  version: z.string().trim().min(1).max(40),
  innerVersion: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits, dot, dash, underscore')
    .optional(),
  title: z.string().trim().min(1).max(200),
  content: z.string().max(20_000).default(''),
  popup: z.boolean().default(false),
  /** null = draft */
  publishedAt: isoDate.nullable().default(null),
});
export type VersionSaveBody = z.infer<typeof versionSaveBody>;
export const versionDocBody = z.object({ id: z.number().int().positive(), content: z.string().max(20_000) });
export const versionIdBody = z.object({ id: z.number().int().positive() });
export const versionIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const innerVersionQuery = z.object({
  innerVersion: z.string().trim().min(1).max(40),
  excludeId: z.coerce.number().int().positive().optional(),
});
export const innerVersionExists = z.object({ exists: z.boolean() });
export const versionOption = z.object({ id: z.number().int(), version: z.string(), title: z.string() });
export const timelineQuery = pageQuery.extend({ year: z.coerce.number().int().min(2000).max(2100).optional() });

/* ---- ding notices (spec 7 /v2/sys/staff/dingNotice) ---- */
export const dingNoticeRow = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  enabled: z.boolean(),
  link: z.string().nullable(),
  pushedAt: z.string().nullable(),
  pushCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DingNoticeRow = z.infer<typeof dingNoticeRow>;
export const dingNoticeSaveBody = z.object({
  id: z.number().int().positive().optional(),
  title: z.string().trim().min(1).max(100),
  content: z.string().trim().min(1).max(2000),
  link: z
    .string()
    .max(256)
    .refine(isNoticeLink, 'an http(s) address or a portal path starting with a single /')
    .nullable()
    .default(null),
});
export const dingNoticeEnableBody = z.object({ id: z.number().int().positive(), enabled: z.boolean() });
export const dingNoticePageQuery = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  enabled: z.enum(['yes', 'no']).optional(),
});
