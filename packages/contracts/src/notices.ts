import { z } from 'zod';

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
