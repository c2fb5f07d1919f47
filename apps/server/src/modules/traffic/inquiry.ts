import {
  type MessageKind,
  type MessageQuery,
  type messagePage,
  type messageTimelineEntry,
  PENDING_DLR_STATES,
  QUEUE_RATE_MINUTES,
  QUEUE_WINDOW_HOURS,
  type queueAnswer,
  type queueQuery,
  type SipQuery,
  type sipAnswer,
} from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { and, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { fail } from '../../platform/http/errors.js';
import { bareNumber } from './ingest.js';
import { money6, pageWithTotals } from './pages.js';
import { requireRange, voiceWhere } from './queries.js';
import { trafficMessageStates, trafficMessages, trafficSms, trafficVoice } from './schema.js';

/**
 * voiceSipRecord: how the calls of a range ended, one row per SIP final code (calls, share of all
 * calls of the filter, average PDD, the last call), most frequent first. Same range rule, filters
 * and data scope as voiceRecordQuery; the screen drills into a code's calls through that query.
 */
export async function sipCodes(db: Db, auth: AuthContext, q: SipQuery): Promise<z.infer<typeof sipAnswer>> {
  const t = trafficVoice;
  const rows = rowsOf<{ sip_code: number; calls: string; pdd: string | null; last_at: Date | string }>(
    await db.execute(sql`select ${t.sipCode} as sip_code, count(*)::text as calls, avg(${t.pddMs})::text as pdd,
        max(${t.setupAt}) as last_at
      from ${t} where ${voiceWhere(auth, q)} group by 1 order by count(*) desc, 1`),
  );
  const calls = rows.reduce((n, r) => n + Number(r.calls), 0);
  return {
    calls,
    rows: rows.map((r) => ({
      sipCode: Number(r.sip_code),
      calls: Number(r.calls),
      share: new Decimal(r.calls)
        .times(100)
        .div(calls || 1)
        .toFixed(2),
      pdd: r.pdd === null ? null : new Decimal(r.pdd).toFixed(0),
      lastAt: new Date(r.last_at).toISOString(),
    })),
  };
}

/**
 * apiQueueManage: what each account and channel has in flight. The platform hands us parts once
 * they are submitted, so the queue we see is the parts of the last 24 hours still waiting for a
 * final DLR (no report yet, or only `enroute`): the backlog and its oldest part; the rate is the
 * parts submitted in the last 5 minutes, per minute. Only the two newest day partitions are read.
 */
export async function apiQueues(
  db: Db,
  auth: AuthContext,
  now: Date,
  q: z.infer<typeof queueQuery>,
): Promise<z.infer<typeof queueAnswer>> {
  const t = trafficSms;
  const since = new Date(now.getTime() - QUEUE_WINDOW_HOURS * 3_600_000);
  const rateSince = new Date(now.getTime() - QUEUE_RATE_MINUTES * 60_000);
  const waiting = and(
    eq(t.submitStatus, 'accepted'),
    or(isNull(t.dlrState), inArray(t.dlrState, [...PENDING_DLR_STATES])),
  ) as SQL;
  const where = and(
    gte(t.submitAt, since),
    lt(t.submitAt, now),
    dataScopeWhere(auth, t.ownerId),
    q.accountId !== undefined ? eq(t.accountId, q.accountId) : undefined,
    q.channelId !== undefined ? eq(t.channelId, q.channelId) : undefined,
  );
  const rows = rowsOf<{
    account_id: number;
    channel_id: number;
    backlog: string;
    last_five: string;
    oldest_at: Date | string | null;
  }>(
    await db.execute(sql`select ${t.accountId} as account_id, ${t.channelId} as channel_id,
        count(*) filter (where ${waiting})::text as backlog,
        count(*) filter (where ${t.submitAt} >= ${rateSince})::text as last_five,
        min(${t.submitAt}) filter (where ${waiting}) as oldest_at
      from ${t} where ${where} group by 1, 2
      having count(*) filter (where ${waiting}) > 0 or count(*) filter (where ${t.submitAt} >= ${rateSince}) > 0
      order by count(*) filter (where ${waiting}) desc, 1, 2`),
  );
  return {
    at: now.toISOString(),
    since: since.toISOString(),
    rateSince: rateSince.toISOString(),
    rows: rows.map((r) => {
      const oldest = r.oldest_at === null ? null : new Date(r.oldest_at);
      return {
        accountId: Number(r.account_id),
        channelId: Number(r.channel_id),
        backlog: Number(r.backlog),
        lastFive: Number(r.last_five),
        rate: new Decimal(r.last_five).div(QUEUE_RATE_MINUTES).toFixed(1),
        oldestAt: oldest ? oldest.toISOString() : null,
        oldestAge: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : null,
      };
    }),
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** the filter of one kind's records (the range checked first): range, data scope, the screen's filters */
function messageWhere(auth: AuthContext, kind: MessageKind, q: Omit<MessageQuery, 'page' | 'size'>) {
  const r = requireRange(q);
  const t = trafficMessages;
  const party = q.party ? bareNumber(q.party) : undefined;
  return and(
    eq(t.kind, kind),
    gte(t.at, r.from),
    lt(t.at, r.to),
    dataScopeWhere(auth, t.ownerId),
    q.accountId !== undefined ? eq(t.accountId, q.accountId) : undefined,
    q.customerId !== undefined ? eq(t.customerId, q.customerId) : undefined,
    party ? or(eq(t.sender, party), eq(t.recipient, party)) : undefined,
    q.state ? eq(t.state, q.state) : undefined,
    q.conversationId ? eq(t.conversationId, q.conversationId) : undefined,
    q.category ? eq(t.category, q.category) : undefined,
    q.replyTo ? eq(t.replyTo, q.replyTo) : undefined,
  );
}

/**
 * One WhatsApp message's or mail's timeline: its send, then every state update received for it (also
 * those a newer one overtook), by time; `current` marks the state the record holds. A state that
 * came with the message line itself (no update carried it) shows as its own entry. Scoped like the
 * records: a message outside the range or my data scope is 404.
 */
export async function messageTimeline(
  db: Db,
  auth: AuthContext,
  kind: 'whatsapp' | 'mail',
  q: { id: string; from?: string; to?: string },
): Promise<z.infer<typeof messageTimelineEntry>[]> {
  const t = trafficMessages;
  const [m] = await db
    .select()
    .from(t)
    .where(and(messageWhere(auth, kind, q), eq(t.recordId, q.id)))
    .limit(1);
  if (!m) return fail('NOT_FOUND');
  const s = trafficMessageStates;
  const updates = await db
    .select()
    .from(s)
    .where(and(eq(s.kind, kind), eq(s.recordId, q.id)))
    .orderBy(s.stateAt, s.id);
  const holds = (state: string, at: Date) => m.state === state && m.stateAt?.getTime() === at.getTime();
  const entries: z.infer<typeof messageTimelineEntry>[] = updates.map((u) => ({
    at: u.stateAt.toISOString(),
    kind: 'state',
    state: u.state,
    error: u.error,
    receivedAt: u.receivedAt.toISOString(),
    current: holds(u.state, u.stateAt),
  }));
  const carried = !entries.some((e) => e.current) && m.stateAt !== null && m.state !== 'sent';
  if (carried)
    entries.push({
      at: m.stateAt!.toISOString(),
      kind: 'state',
      state: m.state,
      error: m.error,
      receivedAt: m.receivedAt.toISOString(),
      current: true,
    });
  const send = {
    at: m.at.toISOString(),
    kind: 'send' as const,
    state: 'sent',
    error: null,
    receivedAt: m.receivedAt.toISOString(),
    current: !entries.some((e) => e.current),
  };
  return [send, ...entries.sort((a, b) => a.at.localeCompare(b.at))];
}

/**
 * wa-send-record, mailSendingRecord and sms-bidirectional: one kind's records of a range (at most
 * 93 days, pruned by day), newest first, with totals over the whole filter; data scope on the owner.
 * `party` is a number or address on either side (exact, indexed with the kind and time).
 */
export async function messageRecords(
  db: Db,
  auth: AuthContext,
  kind: MessageKind,
  q: MessageQuery,
): Promise<z.infer<typeof messagePage>> {
  const t = trafficMessages;
  const where = messageWhere(auth, kind, q);
  const [rows, [tot]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(desc(t.at), t.recordId)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({
        records: sql<string>`count(*)`,
        revenue: sql<string>`coalesce(sum(${t.price}), 0)`,
        cost: sql<string>`coalesce(sum(${t.cost}), 0)`,
      })
      .from(t)
      .where(where),
  ]);
  return pageWithTotals(
    rows.map((x) => ({
      at: x.at.toISOString(),
      kind: x.kind,
      id: x.recordId,
      accountId: x.accountId,
      customerId: x.customerId,
      ownerId: x.ownerId,
      from: x.sender,
      to: x.recipient,
      country: x.country,
      channelId: x.channelId,
      state: x.state,
      stateAt: iso(x.stateAt),
      error: x.error,
      conversationId: x.conversationId,
      category: x.category,
      subject: x.subject,
      length: x.length,
      replyTo: x.replyTo,
      replyToAt: iso(x.replyToAt),
      price: money6(x.price),
      cost: money6(x.cost),
      currency: x.currency,
    })),
    tot,
    q,
    { counts: ['records'], money: ['revenue', 'cost'] },
  );
}
