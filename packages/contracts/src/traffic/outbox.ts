import { z } from 'zod';
import { coerceInt32, int32 } from '../validation/scalars.js';

/**
 * What the portal hands back to the messaging platform (decision 0123): the auto replies staff
 * approved in two-way-review, to be sent and acknowledged, and the numbers each account must not send
 * to (the opt-out blacklist), read as a feed. Both under the ingestion client's own token.
 */

/** approved replies not sent yet, oldest first */
export const outboxQuery = z.object({ limit: coerceInt32().pipe(z.number().min(1).max(1000)).default(200) });
export const outboxReply = z.object({
  /** the two-way action's id: what the acknowledgement names */
  id: int32(),
  /** the MO it answers */
  moId: z.string(),
  account: z.string(),
  /** the handset to answer (E.164 digits) */
  number: z.string(),
  /** our number / sender id the MO came to: the reply goes out from it */
  senderId: z.string(),
  /** the channel the MO came by (0: the platform routes it) */
  channelId: int32(),
  country: z.string(),
  text: z.string(),
  approvedAt: z.string(),
});
export type OutboxReply = z.infer<typeof outboxReply>;

/** the platform tells which replies it sent, with the message id the send carries in the ingestion */
export const outboxAck = z.object({
  items: z
    .array(z.object({ id: int32(), messageId: z.string().min(1).max(64) }))
    .min(1)
    .max(1000),
});
export const outboxAckResult = z.object({
  sent: int32(),
  /** acknowledged before with the same message id: nothing changed */
  duplicate: int32(),
  errors: int32(),
  items: z.array(
    z.object({
      id: int32(),
      result: z.enum(['sent', 'duplicate', 'error']),
      code: z.number().int().optional(),
      msg: z.string().optional(),
    }),
  ),
});
export type OutboxAckResult = z.infer<typeof outboxAckResult>;

/**
 * the opt-out blacklist as a feed: entries changed after the cursor, in the order they changed; an
 * entry is `listed` (do not send) or `removed` (the handset opted back in, decision 0131: send again)
 */
export const blacklistFeedQuery = z.object({
  /** the `next` of the previous page; absent: from the beginning */
  after: z.string().max(200).optional(),
  limit: coerceInt32().pipe(z.number().min(1).max(5000)).default(1000),
});
export const blacklistFeed = z.object({
  rows: z.array(
    z.object({
      account: z.string(),
      number: z.string(),
      /** when it was (last) put on the list */
      addedAt: z.string(),
      state: z.enum(['listed', 'removed']),
      /** when it was added or removed: the feed's order */
      changedAt: z.string(),
    }),
  ),
  /** pass as `after` for the entries changed since; unchanged when nothing new */
  next: z.string().nullable(),
});
export type BlacklistFeed = z.infer<typeof blacklistFeed>;

/** scheduled sends staff cancelled, for the platform not to send them: a feed like the blacklist's */
export const cancellationFeedQuery = blacklistFeedQuery;
export const cancellationFeed = z.object({
  rows: z.array(z.object({ batchId: z.string(), account: z.string(), cancelledAt: z.string() })),
  next: z.string().nullable(),
});
export type CancellationFeed = z.infer<typeof cancellationFeed>;
