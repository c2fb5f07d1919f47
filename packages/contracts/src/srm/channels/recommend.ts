import { z } from 'zod';
import { channelQuality } from './quality.js';

/** `channelRecommend`: a messaging destination (a country, optionally one network), a product, a customer's account. */
export const recommendQuery = z.object({
  product: z.enum(['sms', 'whatsapp']),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
  network: z
    .string()
    .regex(/^\d{5,6}$/)
    .optional(),
  /** the code of finance's consumer account whose price the margin is taken against */
  accountCode: z.string().trim().min(1).max(32).optional(),
  /** testing channels too (live ones only by default) */
  includeTesting: z.boolean().default(false),
  /** what ranks first: cost (quality breaks ties) or quality (cost breaks ties) */
  rankBy: z.enum(['cost', 'quality']).default('cost'),
});
export type RecommendQuery = z.infer<typeof recommendQuery>;

/** How a row came after the one above it that ranks equal by the first criterion (ties explained). */
export const TIE_BREAKS = ['quality', 'cost', 'state', 'capacity', 'code'] as const;

export const recommendRow = z.object({
  rank: z.number(),
  channelId: z.number(),
  code: z.string(),
  name: z.string(),
  supplierName: z.string().nullable(),
  state: z.string(),
  tags: z.array(z.string()),
  capacity: z.number().nullable(),
  /** the networks of the destination the channel covers */
  networks: z.array(z.string()),
  /** cost per unit in `currency` (the rating port's), null when the channel has no cost for it */
  cost: z.string().nullable(),
  /** the account's price minus the cost, and as a percent of the price; null without both */
  margin: z.string().nullable(),
  marginPct: z.string().nullable(),
  /**
   * Delivery figures of the last days over the destination's networks the channel covers (traffic
   * rollups); null when the channel carried none there. Ranked only with at least the minimum sample.
   */
  quality: channelQuality.nullable(),
  /** equal to the row above by the first criterion: which one put it below (quality or cost, state, capacity, code) */
  tieBreak: z.enum(TIE_BREAKS).nullable(),
});
export type RecommendRow = z.infer<typeof recommendRow>;

export const recommendResult = z.object({
  /** the account asked about: its id and currency, null without one */
  account: z.object({ id: z.number(), code: z.string(), currency: z.string() }).nullable(),
  /** the currency of every amount: the account price's, else each cost book's own (then `mixed` is true) */
  currency: z.string().nullable(),
  mixed: z.boolean(),
  /** the account's price per unit for the destination, null without an account or a price */
  price: z.string().nullable(),
  /** `ranked`: delivery figures took part; `unavailable`: the traffic room is not mounted (the screen says so) */
  quality: z.enum(['ranked', 'unavailable']),
  rankBy: z.enum(['cost', 'quality']),
  rows: z.array(recommendRow),
});
export type RecommendResult = z.infer<typeof recommendResult>;
