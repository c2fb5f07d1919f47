import { z } from 'zod';

export const quickEntrance = z.object({ path: z.string().max(256), sort: z.number().int() });
export type QuickEntrance = z.infer<typeof quickEntrance>;
export const MAX_QUICK_ENTRANCES = 12;
export const quickEntranceSaveBody = z.object({
  paths: z
    .array(z.string().regex(/^\/[A-Za-z0-9/_-]*$/, 'a portal path'))
    .max(MAX_QUICK_ENTRANCES)
    .refine((a) => new Set(a).size === a.length, 'duplicate entries'),
});

/** Per-user settings: the onboarding guide flags, the home date mode, and the like. */
export const USER_SETTING_TYPES = ['guide', 'dateMode'] as const;
export const userSettingQuery = z.object({ type: z.enum(USER_SETTING_TYPES) });
export const userSetting = z.object({
  type: z.enum(USER_SETTING_TYPES),
  remark: z.string().max(200).nullable(),
  content: z.record(z.string(), z.unknown()),
});
export type UserSetting = z.infer<typeof userSetting>;
export const userSettingBody = userSetting.extend({
  remark: z.string().max(200).nullable().default(null),
  content: z.record(z.string(), z.unknown()).refine((c) => JSON.stringify(c).length <= 8000, 'content too large'),
});

/**
 * Home overview figures. Each is present only when its module exists and reports it;
 * a figure that is missing is left off the screen, never faked.
 */
export const homeSummary = z.object({
  unread: z.boolean().optional(),
  /** how many unread messages (the figure the overview shows; `unread` is the bell's flag) */
  unreadNum: z.number().int().optional(),
  myCustomer: z.number().int().optional(),
  todayCustomer: z.number().int().optional(),
  task: z.number().int().optional(),
  todaySend: z.number().int().optional(),
  linkPromotion: z.string().optional(),
  applyNum: z.number().int().optional(),
  ccNum: z.number().int().optional(),
  handleNum: z.number().int().optional(),
  todoNum: z.number().int().optional(),
  quickAccess: z.array(quickEntrance),
  isSimbank: z.boolean(),
  dateSettings: userSetting.nullable(),
});
export type HomeSummary = z.infer<typeof homeSummary>;

export const loginPrompt = z.object({ id: z.number().int(), title: z.string(), content: z.string() }).nullable();
export const promotionLinkQuery = z.object({ jobNumber: z.string().min(1).max(32) });
export const promotionLink = z.object({ link: z.string().nullable() });
