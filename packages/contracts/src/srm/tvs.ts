import { z } from 'zod';
import { pageQuery, pageResult } from '../paging.js';
import { coerceInt32, text } from '../validation/scalars.js';
import { SUPPLIER_STATES } from './supplier.js';

/** `tvs/account-query` looks back at most this many UTC days (the daily rollups' reach on a screen). */
export const TVS_MAX_DAYS = 92;

/**
 * `tvs/account-query`: the SIM-farm partners (suppliers of type `sim_farm`) and what their channels
 * carried over the last `days` UTC days, today included, from the traffic rollups.
 */
export const tvsAccountQuery = pageQuery.extend({
  days: coerceInt32().min(1).max(TVS_MAX_DAYS).default(7),
  /** code, name or alias */
  keyword: text().max(64).optional(),
  country: text().max(2).optional(),
  state: z.enum(SUPPLIER_STATES).optional(),
});
export type TvsAccountQuery = z.infer<typeof tvsAccountQuery>;

export const tvsAccountRow = z.object({
  supplierId: z.number(),
  code: z.string(),
  name: z.string(),
  country: z.string(),
  state: z.enum(SUPPLIER_STATES),
  admitted: z.boolean(),
  channels: z.number(),
  liveChannels: z.number(),
  /** SMS parts submitted through the partner's channels, and of them delivered */
  smsParts: z.number(),
  delivered: z.number(),
  /** percent, two decimals; null without parts */
  deliveryRate: z.string().nullable(),
  /** average submit → delivery report time of the delivered parts, ms; null without one */
  deliveryMs: z.number().nullable(),
  /** voice call attempts and the answered percent (two decimals; null without attempts) */
  calls: z.number(),
  asr: z.string().nullable(),
});
export type TvsAccountRow = z.infer<typeof tvsAccountRow>;

export const tvsAccountPage = pageResult(tvsAccountRow).extend({
  /** first and last UTC day of the figures */
  from: z.string(),
  to: z.string(),
  /** false when the traffic room is not mounted: partners are listed without figures */
  available: z.boolean(),
});
export type TvsAccountPage = z.infer<typeof tvsAccountPage>;
