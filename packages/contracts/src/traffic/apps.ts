import { z } from 'zod';
import { pageQuery, pageResult } from '../paging.js';
import { coerceInt32, int32, int53 } from '../validation/scalars.js';

/**
 * app-query/sms and app-query/voice (应用查询, decision 0138): the customers' client applications
 * (finance `client`, APP… ids: one product of one account) with their traffic in a range, read from the
 * daily rollup. The rollups carry the account and the product, not the application: a row is one
 * account's traffic in the screen's product (per UTC day when asked) and names the account's
 * applications of that product; with one application (the usual case) it is that application's traffic.
 */
export const appQuery = pageQuery.extend({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  accountId: coerceInt32().optional(),
  customerId: coerceInt32().optional(),
  /** an application's APP… id: its account's traffic in the screen's product */
  appId: z.string().trim().max(32).optional(),
  /** the accounts' sales owner (as the rollup holds it) */
  ownerId: coerceInt32().optional(),
  /** one row per UTC day too */
  byDay: z.enum(['true', 'false']).optional(),
});
export type AppQuery = z.infer<typeof appQuery>;

export const appRef = z.object({ appId: z.string(), name: z.string(), state: z.string() });
export type AppRef = z.infer<typeof appRef>;

export const appTrafficRow = z.object({
  /** YYYY-MM-DD when by day */
  day: z.string().nullable(),
  accountId: int32(),
  accountCode: z.string().nullable(),
  customerId: int32(),
  customerCode: z.string().nullable(),
  customerName: z.string().nullable(),
  ownerId: int32().nullable(),
  ownerName: z.string().nullable(),
  /** the account's applications of the screen's product */
  apps: z.array(appRef),
  currency: z.string(),
  /** SMS: messages; voice: attempts */
  count: int53(),
  /** SMS: parts (billed) */
  segments: int53(),
  /** SMS: delivered parts */
  delivered: int53(),
  /** SMS: delivered / parts, percent */
  deliveredRate: z.string().nullable(),
  /** voice */
  answered: int53(),
  asr: z.string().nullable(),
  /** seconds per answered call */
  acd: z.string().nullable(),
  minutes: z.string(),
  revenue: z.string(),
});
export type AppTrafficRow = z.infer<typeof appTrafficRow>;
export const appTrafficPage = pageResult(appTrafficRow);
export type AppTrafficPage = z.infer<typeof appTrafficPage>;
