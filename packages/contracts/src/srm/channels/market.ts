import { z } from 'zod';

/** `marketChannel`: what sales can sell, per country and product (live channels only; no connection data, no cost). */
export const marketQuery = z.object({
  product: z.enum(['sms', 'voice', 'whatsapp', 'email']).optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  tag: z.enum(['otp', 'marketing', 'premium']).optional(),
});
export type MarketQuery = z.infer<typeof marketQuery>;

export const marketRow = z.object({
  country: z.string(),
  product: z.string(),
  /** live channels covering at least one network of the country */
  channels: z.number(),
  /** networks of the country covered by a live channel, of the networks the reference data lists */
  networksCovered: z.number(),
  networksTotal: z.number(),
  /** messages per second (or concurrent calls) of those channels together */
  capacity: z.number(),
  tags: z.array(z.string()),
  senderIdTypes: z.array(z.string()),
  /** some of the channels need a sender id registered before sending */
  registration: z.boolean(),
  /**
   * A, B, C by the delivery rate (SMS) or ASR (voice) of what the live channels carried to the
   * country over the quality window (`QUALITY_THRESHOLDS`); null with less than the minimum sample.
   */
  qualityTier: z.enum(['A', 'B', 'C']).nullable(),
});
export type MarketRow = z.infer<typeof marketRow>;
