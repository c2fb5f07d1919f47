import { z } from 'zod';

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
});
export type RecommendQuery = z.infer<typeof recommendQuery>;

/** How a row came after the one above it with the same cost (ties explained). */
export const TIE_BREAKS = ['state', 'capacity', 'code'] as const;

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
  /** same cost as the row above: which criterion put it below (state, then capacity, then code) */
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
  /**
   * Whether delivery figures could rank the channels: the traffic rollups have no channel
   * dimension yet, so quality is not part of the ranking (the screen says so).
   */
  quality: z.literal('unavailable'),
  rows: z.array(recommendRow),
});
export type RecommendResult = z.infer<typeof recommendResult>;
