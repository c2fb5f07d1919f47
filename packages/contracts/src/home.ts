import { z } from 'zod';
import { int32, text } from './validation/scalars.js';

export const quickEntrance = z.object({ path: text().max(256), sort: int32() });
export type QuickEntrance = z.infer<typeof quickEntrance>;
export const MAX_QUICK_ENTRANCES = 12;
export const quickEntranceSaveBody = z.object({
  paths: z
    .array(text().regex(/^\/[A-Za-z0-9/_-]*$/, 'a portal path'))
    .max(MAX_QUICK_ENTRANCES)
    .refine((a) => new Set(a).size === a.length, 'duplicate entries'),
});

/** Per-user settings: the onboarding guide flags, the home date mode, and the like. */
export const USER_SETTING_TYPES = ['guide', 'dateMode'] as const;
export const userSettingQuery = z.object({ type: z.enum(USER_SETTING_TYPES) });
export const userSetting = z.object({
  type: z.enum(USER_SETTING_TYPES),
  remark: text().max(200).nullable(),
  content: z.record(text(), z.unknown()),
});
export type UserSetting = z.infer<typeof userSetting>;
export const userSettingBody = userSetting.extend({
  remark: text().max(200).nullable().default(null),
  content: z.record(text(), z.unknown()).refine((c) => JSON.stringify(c).length <= 8000, 'content too large'),
});

/**
 * Home overview figures. Each is present only when its module exists and reports it;
 * a figure that is missing is left off the screen, never faked.
 */
export const homeSummary = z.object({
  unread: z.boolean().optional(),
  /** how many unread messages (the figure the overview shows; `unread` is the bell's flag) */
  unreadNum: int32().optional(),
  myCustomer: int32().optional(),
  todayCustomer: int32().optional(),
  task: int32().optional(),
  todaySend: int32().optional(),
  linkPromotion: text().optional(),
  applyNum: int32().optional(),
  ccNum: int32().optional(),
  handleNum: int32().optional(),
  todoNum: int32().optional(),
  quickAccess: z.array(quickEntrance),
  isSimbank: z.boolean(),
  dateSettings: userSetting.nullable(),
});
export type HomeSummary = z.infer<typeof homeSummary>;

export const loginPrompt = z.object({ id: int32(), title: text(), content: text() }).nullable();
export const promotionLinkQuery = z.object({ jobNumber: text().min(1).max(32) });
export const promotionLink = z.object({ link: text().nullable() });
