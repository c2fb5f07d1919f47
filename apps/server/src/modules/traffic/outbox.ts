import { Errors, errorMessage } from '@portal/contracts';
import type { BlacklistFeed, CancellationFeed, OutboxAckResult, OutboxReply } from '@portal/contracts/traffic';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { portOf } from '../../platform/ports.js';
import { trafficAppointments as ap, trafficBlacklist as b, trafficTwoWayActions as t } from './schema.js';

/** an account's code for the platform, which knows accounts by code only */
async function codesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const accounts = (await portOf(db, 'accounts')?.byIds([...new Set(ids)])) ?? new Map();
  return new Map([...accounts].map(([id, a]) => [id, a.code]));
}

/**
 * The auto replies staff approved in two-way-review that the platform has not acknowledged, oldest
 * first (decision 0123). Delivery is at least once: a reply stays here until acknowledged, so two
 * readers may both get it; the acknowledgement is what counts, once.
 */
export async function approvedReplies(db: Db, limit: number): Promise<OutboxReply[]> {
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.state, 'approved'), eq(t.action, 'reply')))
    .orderBy(asc(t.id))
    .limit(limit);
  const codes = await codesOf(
    db,
    rows.map((r) => r.accountId),
  );
  return rows.flatMap((r) => {
    const account = codes.get(r.accountId);
    // an account the finance room no longer knows cannot be sent for; it stays approved and listed in review
    if (!account || !r.replyText) return [];
    return [
      {
        id: r.id,
        moId: r.moId,
        account,
        number: r.handset,
        senderId: r.senderId,
        channelId: r.channelId,
        country: r.country,
        text: r.replyText,
        approvedAt: (r.reviewedAt ?? r.createdAt).toISOString(),
      },
    ];
  });
}

/**
 * The platform's acknowledgement: each named reply moves from approved to sent with the message id
 * its send carries (one statement: of two acknowledgements at once one moves it). Acknowledging a
 * sent reply again with the same id changes nothing; anything else is answered per item.
 */
export async function ackReplies(
  db: Db,
  now: Date,
  items: { id: number; messageId: string }[],
): Promise<OutboxAckResult> {
  const answers: OutboxAckResult['items'] = [];
  for (const item of items) {
    const [moved] = await db
      .update(t)
      .set({ state: 'sent', sentAt: now, sentMessageId: item.messageId, version: sql`${t.version} + 1` })
      .where(and(eq(t.id, item.id), eq(t.state, 'approved'), eq(t.action, 'reply')))
      .returning({ id: t.id });
    if (moved) {
      answers.push({ id: item.id, result: 'sent' });
      continue;
    }
    const [found] = await db
      .select({ state: t.state, sentMessageId: t.sentMessageId })
      .from(t)
      .where(eq(t.id, item.id));
    if (found?.state === 'sent' && found.sentMessageId === item.messageId) {
      answers.push({ id: item.id, result: 'duplicate' });
      continue;
    }
    const e = found ? Errors.TRF_OUTBOX_NOT_APPROVED : Errors.NOT_FOUND;
    answers.push({
      id: item.id,
      result: 'error',
      code: e.code,
      msg: errorMessage(e, 'en', { value: item.id }),
    });
  }
  const count = (r: string) => answers.filter((a) => a.result === r).length;
  return { sent: count('sent'), duplicate: count('duplicate'), errors: count('error'), items: answers };
}

/** a feed's cursor: where the last page ended, in the feed's order (a time, an id, a text) */
export const encodeFeedCursor = (at: Date, id: number, key: string) =>
  Buffer.from(JSON.stringify([at.toISOString(), id, key])).toString('base64url');
export function decodeFeedCursor(cursor: string): [Date, number, string] {
  try {
    const [at, id, key] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const when = new Date(at);
    if (Number.isNaN(when.getTime()) || !Number.isInteger(id) || typeof key !== 'string') throw 0;
    return [when, id, key];
  } catch {
    throw new AppError('TRF_FEED_CURSOR');
  }
}

/**
 * The opt-out blacklist as the platform reads it: entries added or removed (opted back in, decision
 * 0131) after the cursor, in the order they changed, with the cursor to read on from. The platform
 * refuses sends to the `listed` numbers for the account and sends to `removed` ones again.
 */
export async function blacklistFeed(db: Db, after: string | undefined, limit: number): Promise<BlacklistFeed> {
  const from = after ? decodeFeedCursor(after) : undefined;
  const rows = await db
    .select()
    .from(b)
    .where(from ? sql`(${b.changedAt}, ${b.accountId}, ${b.number}) > (${from[0]}, ${from[1]}, ${from[2]})` : undefined)
    .orderBy(asc(b.changedAt), asc(b.accountId), asc(b.number))
    .limit(limit);
  const codes = await codesOf(
    db,
    rows.map((r) => r.accountId),
  );
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => ({
      account: codes.get(r.accountId) ?? `#${r.accountId}`,
      number: r.number,
      addedAt: r.createdAt.toISOString(),
      state: r.removedAt ? ('removed' as const) : ('listed' as const),
      changedAt: r.changedAt.toISOString(),
    })),
    next: last ? encodeFeedCursor(last.changedAt, last.accountId, last.number) : (after ?? null),
  };
}

/** whether each of these numbers is on the account's blacklist now (the recall and the demo platform ask) */
export async function blacklisted(db: Db, accountId: number, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await db
    .select({ number: b.number })
    .from(b)
    .where(and(eq(b.accountId, accountId), inArray(b.number, numbers), isNull(b.removedAt)));
  return new Set(rows.map((r) => r.number));
}

/**
 * The scheduled sends staff cancelled, in the order they were cancelled, after the cursor (decision
 * 0124): the platform does not send them and reports them `cancelled` (or `sent`, when it was too late).
 */
export async function cancellationFeed(db: Db, after: string | undefined, limit: number): Promise<CancellationFeed> {
  const from = after ? decodeFeedCursor(after) : undefined;
  const rows = await db
    .select({ id: ap.id, batchId: ap.batchId, accountId: ap.accountId, cancelledAt: ap.cancelledAt })
    .from(ap)
    .where(
      and(isNotNull(ap.cancelledBy), from ? sql`(${ap.cancelledAt}, ${ap.id}) > (${from[0]}, ${from[1]})` : undefined),
    )
    .orderBy(asc(ap.cancelledAt), asc(ap.id))
    .limit(limit);
  const codes = await codesOf(
    db,
    rows.map((r) => r.accountId),
  );
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => ({
      batchId: r.batchId,
      account: codes.get(r.accountId) ?? `#${r.accountId}`,
      cancelledAt: r.cancelledAt!.toISOString(),
    })),
    next: last ? encodeFeedCursor(last.cancelledAt!, last.id, '') : (after ?? null),
  };
}
