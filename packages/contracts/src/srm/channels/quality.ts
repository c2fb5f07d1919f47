import { z } from 'zod';

/** Quality figures are taken over the last days of the daily traffic rollups (today included). */
export const QUALITY_DAYS = 7;
/** Below this sample (SMS parts submitted, voice call attempts) a channel has figures but no tier. */
export const QUALITY_MIN_SAMPLE = 100;
export const QUALITY_TIERS = ['A', 'B', 'C'] as const;
export type QualityTier = (typeof QUALITY_TIERS)[number];
/**
 * Tier thresholds in percent: SMS by delivery rate (delivered parts of parts submitted), voice by
 * ASR (answered of attempts). At or above `a` → A, at or above `b` → B, else C.
 */
export const QUALITY_THRESHOLDS = { sms: { a: 95, b: 85 }, voice: { a: 50, b: 35 } } as const;

/** One channel's figures (over a network or a country when so asked), from the traffic rollups. */
export const channelQuality = z.object({
  channelId: z.number(),
  product: z.enum(['sms', 'voice']),
  network: z.string().optional(),
  country: z.string().optional(),
  /** SMS parts submitted, voice call attempts */
  sample: z.number(),
  /** percent with two decimals: SMS delivered parts of parts submitted */
  deliveryRate: z.string().nullable(),
  /** average delivery time of the delivered SMS parts (submit to delivery report), ms; null without one */
  deliveryMs: z.number().nullable(),
  /** percent with two decimals: voice answered calls of attempts */
  asr: z.string().nullable(),
  /** average billed seconds of an answered call */
  acdSec: z.string().nullable(),
  /** average post-dial delay, ms */
  pddMs: z.number().nullable(),
  /** null: no traffic or less than the minimum sample */
  tier: z.enum(QUALITY_TIERS).nullable(),
});
export type ChannelQuality = z.infer<typeof channelQuality>;

/** `GET /v2/srm/channel/quality?id=`: the channel's figures in total and per network. */
export const channelQualityResult = z.object({
  /** first and last UTC day of the window */
  from: z.string(),
  to: z.string(),
  /** false when the traffic room is not mounted (no figures can exist) */
  available: z.boolean(),
  total: channelQuality.nullable(),
  networks: z.array(channelQuality),
});
export type ChannelQualityResult = z.infer<typeof channelQualityResult>;

/** One covered destination of a channel (a network, or a dialled prefix for voice) and its cost now. */
export const channelCostRow = z.object({
  /** MCC/MNC for messaging, null for a voice prefix */
  network: z.string().nullable(),
  /** the dialled prefix of a voice channel, null for a network */
  prefix: z.string().nullable(),
  country: z.string().nullable(),
  operatorName: z.string().nullable(),
  /** per unit (message part, minute for voice), decimal string; null: no supplier quote answers */
  unitPrice: z.string().nullable(),
  currency: z.string().nullable(),
});
export type ChannelCostRow = z.infer<typeof channelCostRow>;

/** `GET /v2/srm/channel/cost?id=`: the channel's current cost per covered destination (quotation's supplier quotes). */
export const channelCostResult = z.object({
  /** ISO time the costs were asked for */
  at: z.string(),
  /** false when the quotation room is not mounted (no costs can exist) */
  available: z.boolean(),
  rows: z.array(channelCostRow),
});
export type ChannelCostResult = z.infer<typeof channelCostResult>;

/** `vos/online/*`: a gateway is online when it set up a call within these minutes. */
export const ONLINE_WINDOW_MINUTES = 15;
export const GATEWAY_SIDES_ONLINE = ['landing', 'docking'] as const;

/** One enabled gateway and what it carried over the online window (calls named by the gateway's name). */
export const gatewayOnline = z.object({
  id: z.number(),
  name: z.string(),
  /** the supplier (landing) or customer (docking) it belongs to */
  partyName: z.string().nullable(),
  ips: z.array(z.string()),
  port: z.number(),
  capacity: z.number(),
  online: z.boolean(),
  lastCallAt: z.string().nullable(),
  attempts: z.number(),
  answered: z.number(),
  /** percent, two decimals; null without attempts */
  asr: z.string().nullable(),
  /** average concurrent calls over the window (answered seconds / window seconds), two decimals */
  erlangs: z.string(),
  /** erlangs as a percent of the capacity (concurrent calls), null with capacity 0 */
  loadPct: z.string().nullable(),
});
export type GatewayOnline = z.infer<typeof gatewayOnline>;

export const gatewayOnlineResult = z.object({
  side: z.enum(GATEWAY_SIDES_ONLINE),
  /** ISO times of the window */
  from: z.string(),
  to: z.string(),
  /** false when the traffic room is not mounted: every gateway shows offline without figures */
  available: z.boolean(),
  rows: z.array(gatewayOnline),
});
export type GatewayOnlineResult = z.infer<typeof gatewayOnlineResult>;
