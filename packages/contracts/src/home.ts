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

/** Where figures come from that may not be connected yet (a room being built elsewhere). */
export const HOME_DATA_SOURCES = ['traffic', 'ledger'] as const;
export type HomeDataSource = (typeof HOME_DATA_SOURCES)[number];
/** Days the home charts cover. */
export const HOME_TREND_DAYS = 30;
export const homeTrend = z.object({
  days: z.array(text()),
  /** messages / calls sent per day */
  count: z.array(z.number().int().nonnegative()),
  /** revenue per day, one series per currency (decimal strings) */
  revenue: z.array(z.object({ currency: text(), values: z.array(text()) })),
});
export type HomeTrend = z.infer<typeof homeTrend>;
// the live resource of the overview's figures lives with the live constants (no zod: the home screen loads with the shell)
export { HOME_FIGURES_RESOURCE } from './live-constants.js';

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
  /** my customers whose next contact falls due today or earlier (part of `task`) */
  followUpDue: int32().optional(),
  /** my volume and revenue of the last 30 days (UTC days, oldest first), from the traffic rollups */
  trend: homeTrend.optional(),
  /**
   * Figures that cannot be computed yet, with the data each waits for (e.g. todaySend → traffic):
   * the overview says so instead of showing a number.
   */
  waiting: z.record(text(), z.enum(HOME_DATA_SOURCES)).optional(),
  quickAccess: z.array(quickEntrance),
  isSimbank: z.boolean(),
  dateSettings: userSetting.nullable(),
});
export type HomeSummary = z.infer<typeof homeSummary>;

export const loginPrompt = z.object({ id: int32(), title: text(), content: text() }).nullable();
export const promotionLinkQuery = z.object({ jobNumber: text().min(1).max(32) });
export const promotionLink = z.object({ link: text().nullable() });
