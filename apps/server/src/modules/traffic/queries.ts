import type { Locale } from '@portal/contracts';
import {
  MAX_RANGE_DAYS,
  type PerformanceQuery,
  type SmsRecordQuery,
  type timelineEntry,
  type VoiceRecordQuery,
} from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { fail } from '../../platform/http/errors.js';
import { optionNames } from '../../platform/options/names.js';
import type { Platform } from '../../platform/platform.js';
import { portOf } from '../../platform/ports.js';
import { customerFacts } from '../crm/index.js';
import { type RateOf, withConverted } from './converted.js';
import { foldCosts } from './cost-currencies.js';
import { money6, pageWithTotals } from './pages.js';
import { DAY_MS, dayOf } from './partitions.js';
import { trafficDaily, trafficDlrs, trafficSms, trafficVoice } from './schema.js';

/** Every query screen needs a time range of at most 93 days: it prunes the day partitions. */
export function requireRange(q: { from?: string; to?: string }): { from: Date; to: Date } {
  if (!q.from || !q.to) return fail('TRF_RANGE_REQUIRED');
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (to.getTime() <= from.getTime()) return fail('TRF_RANGE_INVERTED');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS)
    return fail('TRF_RANGE_TOO_LONG', { vars: { value: MAX_RANGE_DAYS } });
  return { from, to };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const digitsOf = (n: string) => n.replace(/^\+/, '');
const andAll = (conds: (SQL | undefined)[]) => and(...conds.filter((c): c is SQL => c !== undefined));

/**
 * One message's parts: the span of their submit times from the key table (there is no message-id index on
 * the records, decision 0156). Two scalar subqueries, so the executor prunes to that span's partitions and
 * reads each by its primary key (submit time, message id, part); an array (`= any`) would not prune.
 */
const messageIs = (messageId: string) => {
  const span = (agg: 'min' | 'max') =>
    sql`(select ${sql.raw(agg)}(k.at) from traffic_keys k where k.kind = 'sms' and k.record_id = ${messageId})`;
  return and(
    eq(trafficSms.messageId, messageId),
    sql`${trafficSms.submitAt} between ${span('min')} and ${span('max')}`,
  );
};

/** the filter of sendRcdQuery and its export (the range checked first) */
export function smsWhere(auth: AuthContext, q: SmsRecordQuery, r = requireRange(q)) {
  const t = trafficSms;
  const status =
    q.status === undefined
      ? undefined
      : q.status === 'submit_rejected'
        ? eq(t.submitStatus, 'rejected')
        : q.status === 'pending'
          ? and(eq(t.submitStatus, 'accepted'), isNull(t.dlrState))
          : and(eq(t.submitStatus, 'accepted'), eq(t.dlrState, q.status));
  return andAll([
    gte(t.submitAt, r.from),
    lt(t.submitAt, r.to),
    dataScopeWhere(auth, t.ownerId),
    q.accountId !== undefined ? eq(t.accountId, q.accountId) : undefined,
    q.customerId !== undefined ? eq(t.customerId, q.customerId) : undefined,
    q.number ? eq(t.number, digitsOf(q.number)) : undefined,
    q.messageId ? messageIs(q.messageId) : undefined,
    q.batchId ? eq(t.batchId, q.batchId) : undefined,
    q.channelId !== undefined ? eq(t.channelId, q.channelId) : undefined,
    q.country ? eq(t.country, q.country) : undefined,
    status,
  ]);
}

/** sendRcdQuery: SMS records of the range (newest first), server-paged, with totals over the whole filter. */
/** The channels of a page's records named "code name" through SRM's port (none: a record sent on no known channel). */
async function channelNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id) => id > 0))];
  if (wanted.length === 0) return new Map();
  const named = (await portOf(db, 'channels')?.names?.(wanted)) ?? new Map();
  return new Map([...named].map(([id, c]) => [id, `${c.code} ${c.name}`]));
}

export async function smsRecords(db: Db, auth: AuthContext, q: SmsRecordQuery) {
  const r = requireRange(q);
  const where = smsWhere(auth, q, r);
  const t = trafficSms;
  const [rows, [tot]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(desc(t.submitAt), t.messageId, t.part)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({
        records: sql<string>`count(*)`,
        delivered: sql<string>`count(*) filter (where ${t.dlrState} = 'delivered')`,
        revenue: sql<string>`coalesce(sum(${t.price}), 0)`,
        cost: sql<string>`coalesce(sum(${t.cost}), 0)`,
      })
      .from(t)
      .where(where),
  ]);
  const channels = await channelNames(
    db,
    rows.map((x) => x.channelId),
  );
  return pageWithTotals(
    rows.map((x) => ({
      submitAt: x.submitAt.toISOString(),
      messageId: x.messageId,
      part: x.part,
      parts: x.parts,
      accountId: x.accountId,
      customerId: x.customerId,
      ownerId: x.ownerId,
      senderId: x.senderId,
      number: x.number,
      country: x.country,
      network: x.network,
      encoding: x.encoding,
      segments: x.segments,
      channelId: x.channelId,
      channelName: channels.get(x.channelId) ?? null,
      supplierMessageId: x.supplierMessageId,
      batchId: x.batchId,
      submitStatus: x.submitStatus,
      dlrState: x.dlrState,
      dlrError: x.dlrError,
      dlrAt: iso(x.dlrAt),
      price: money6(x.price),
      cost: money6(x.cost),
      currency: x.currency,
      costCurrency: x.costCurrency,
    })),
    tot,
    q,
    { counts: ['records', 'delivered'], money: ['revenue', 'cost'] },
  );
}

/**
 * One message's timeline: each part's submit and every DLR received for it (also the ones a newer
 * report overtook), in time order. Scoped like the records: a message outside my data scope is 404.
 */
export async function smsTimeline(
  db: Db,
  auth: AuthContext,
  q: { messageId: string; from?: string; to?: string },
): Promise<z.infer<typeof timelineEntry>[]> {
  const r = requireRange(q);
  const parts = await db
    .select()
    .from(trafficSms)
    .where(andAll([smsWhere(auth, { page: 1, size: 1, messageId: q.messageId }, r)]))
    .orderBy(trafficSms.part);
  if (parts.length === 0) return fail('NOT_FOUND');
  const reports = await db
    .select()
    .from(trafficDlrs)
    .where(eq(trafficDlrs.messageId, q.messageId))
    .orderBy(trafficDlrs.dlrAt, trafficDlrs.id);
  const out: z.infer<typeof timelineEntry>[] = [];
  for (const p of parts) {
    out.push({
      at: p.submitAt.toISOString(),
      part: p.part,
      kind: 'submit',
      state: p.submitStatus,
      error: p.submitError,
      receivedAt: p.receivedAt.toISOString(),
      applied: true,
    });
    for (const d of reports.filter((x) => x.part === p.part))
      out.push({
        at: d.dlrAt.toISOString(),
        part: d.part,
        kind: 'dlr',
        state: d.state,
        error: d.error,
        receivedAt: d.receivedAt.toISOString(),
        applied: !!p.dlrAt && p.dlrAt.getTime() === d.dlrAt.getTime() && p.dlrState === d.state,
      });
  }
  return out.sort((a, b) => a.at.localeCompare(b.at) || a.part - b.part);
}

/** the filter of voiceRecordQuery, its export and voiceSipRecord (the range checked first) */
export function voiceWhere(auth: AuthContext, q: Omit<VoiceRecordQuery, 'page' | 'size'>, r = requireRange(q)) {
  const t = trafficVoice;
  return andAll([
    gte(t.setupAt, r.from),
    lt(t.setupAt, r.to),
    dataScopeWhere(auth, t.ownerId),
    q.accountId !== undefined ? eq(t.accountId, q.accountId) : undefined,
    q.customerId !== undefined ? eq(t.customerId, q.customerId) : undefined,
    q.callee ? eq(t.callee, digitsOf(q.callee)) : undefined,
    q.callId ? eq(t.callId, q.callId) : undefined,
    q.channelId !== undefined ? eq(t.channelId, q.channelId) : undefined,
    q.sipCode !== undefined ? eq(t.sipCode, q.sipCode) : undefined,
    q.answered === 'yes' ? isNotNull(t.answerAt) : q.answered === 'no' ? isNull(t.answerAt) : undefined,
  ]);
}

/** voiceRecordQuery: call records of the range, paged, with totals. */
export async function voiceRecords(db: Db, auth: AuthContext, q: VoiceRecordQuery) {
  const t = trafficVoice;
  const where = voiceWhere(auth, q);
  const [rows, [tot]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(desc(t.setupAt), t.callId)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({
        attempts: sql<string>`count(*)`,
        answered: sql<string>`count(${t.answerAt})`,
        seconds: sql<string>`coalesce(sum(${t.billedDuration}), 0)`,
        revenue: sql<string>`coalesce(sum(${t.price}), 0)`,
      })
      .from(t)
      .where(where),
  ]);
  const channels = await channelNames(
    db,
    rows.map((x) => x.channelId),
  );
  return pageWithTotals(
    rows.map((x) => ({
      setupAt: x.setupAt.toISOString(),
      callId: x.callId,
      accountId: x.accountId,
      customerId: x.customerId,
      ownerId: x.ownerId,
      caller: x.caller,
      callee: x.callee,
      country: x.country,
      ingressGateway: x.ingressGateway,
      egressGateway: x.egressGateway,
      channelId: x.channelId,
      channelName: channels.get(x.channelId) ?? null,
      answerAt: iso(x.answerAt),
      endAt: iso(x.endAt),
      duration: x.duration,
      billedDuration: x.billedDuration,
      sipCode: x.sipCode,
      pddMs: x.pddMs,
      price: money6(x.price),
      cost: money6(x.cost),
      currency: x.currency,
    })),
    tot,
    q,
    { counts: ['attempts', 'answered', 'seconds'], money: ['revenue'] },
  );
}

const GROUP_COLUMN: Record<PerformanceQuery['groupBy'], string> = {
  day: 'day::text',
  owner: 'owner_id::text',
  customer: 'customer_id::text',
  account: 'account_id::text',
  country: 'country',
  channel: 'channel_id::text',
};

/**
 * The daily-rollup filter of a performance view: range (by UTC day), data scope on the owner,
 * account / customer / owner, and with `customerType` the direct (C-end) or reseller (R-end)
 * customers only: the rollups carry the customer, CRM knows its type (decision 0078).
 * `undefined`: no customer of that type has figures in the range.
 */
export async function performanceWhere(
  db: Db,
  auth: AuthContext,
  q: Omit<PerformanceQuery, 'product' | 'groupBy'> & { product?: PerformanceQuery['product'] },
  customerType?: 'C' | 'R',
): Promise<SQL | undefined> {
  const r = requireRange(q);
  const d = trafficDaily;
  const base = andAll([
    gte(d.day, dayOf(r.from)),
    lt(d.day, dayOf(new Date(r.to.getTime() + DAY_MS - 1))),
    q.product ? eq(d.product, q.product) : undefined,
    dataScopeWhere(auth, d.ownerId),
    q.accountId !== undefined ? eq(d.accountId, q.accountId) : undefined,
    q.customerId !== undefined ? eq(d.customerId, q.customerId) : undefined,
    q.ownerId !== undefined ? eq(d.ownerId, q.ownerId) : undefined,
  ]) as SQL;
  if (!customerType) return base;
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`select distinct customer_id as id from ${d} where ${base}`),
  ).map((x) => Number(x.id));
  const facts = await customerFacts(db, ids);
  const typed = ids.filter((id) => facts.get(id)?.type === customerType);
  return typed.length === 0 ? undefined : and(base, inArray(d.customerId, typed));
}

/**
 * smsPerformance / resultsQuery/day (C-end, R-end) and the one-product views: revenue, cost,
 * profit and volume from the daily rollup, grouped by day, sales owner, customer, account, country
 * or channel, per currency; voice adds answered, minutes, ASR, ACD and PDD. Sales see their
 * customers' figures (data scope on the owner).
 */
export async function performance(
  p: Platform,
  auth: AuthContext,
  q: PerformanceQuery,
  opts: { customerType?: 'C' | 'R'; rateOf: RateOf; locale?: Locale },
) {
  const db = p.db;
  const where = await performanceWhere(db, auth, q, opts.customerType);
  if (!where) return { rows: [] };
  const d = trafficDaily;
  const key = sql.raw(GROUP_COLUMN[q.groupBy]);
  const rows = rowsOf<{
    key: string;
    currency: string;
    cost_currency: string;
    count: string;
    segments: string;
    delivered: string;
    revenue: string;
    cost: string;
    answered: string;
    seconds: string;
    pdd_ms: string;
    pdd_count: string;
  }>(
    await db.execute(sql`select ${key} as key, currency, cost_currency, sum(count)::text as count, sum(segments)::text as segments,
        sum(delivered)::text as delivered, sum(revenue)::text as revenue, sum(cost)::text as cost,
        sum(answered)::text as answered, sum(seconds)::text as seconds, sum(pdd_ms)::text as pdd_ms,
        sum(pdd_count)::text as pdd_count
      from ${d} where ${where} group by 1, 2, 3 order by 1, 2, 3`),
  );
  const sums = ['count', 'segments', 'delivered', 'revenue', 'answered', 'seconds', 'pdd_ms', 'pdd_count'] as const;
  const folded = {
    rows: foldCosts(rows, (x) => x.key, sums).map((x) => {
      const count = Number(x.count);
      const answered = Number(x.answered);
      const seconds = new Decimal(x.seconds);
      const pddCount = Number(x.pdd_count);
      return {
        key: x.key,
        currency: x.currency,
        count,
        segments: Number(x.segments),
        delivered: Number(x.delivered),
        revenue: money6(x.revenue),
        costs: x.costs,
        cost: x.cost,
        profit: x.profit,
        answered,
        minutes: seconds.div(60).toFixed(2),
        asr: q.product === 'voice' && count ? new Decimal(answered).times(100).div(count).toFixed(2) : null,
        acd: q.product === 'voice' && answered ? seconds.div(answered).toFixed(1) : null,
        pdd: q.product === 'voice' && pddCount ? new Decimal(x.pdd_ms).div(pddCount).toFixed(0) : null,
      };
    }),
  };
  // the rate of the row's day when grouped by day, else of the range's last day (decision 0129)
  const lastDay = dayOf(new Date(requireRange(q).to.getTime() - 1));
  const labels = await groupLabels(p, auth, q.groupBy, folded.rows, opts.locale ?? 'en');
  return {
    rows: await withConverted(
      opts.rateOf,
      folded.rows.map((x) => ({ ...x, label: labels.get(x.key) ?? null })),
      (x) => (q.groupBy === 'day' ? x.key.slice(0, 10) : lastDay),
    ),
  };
}

/** the record kind a group names, for the groupings whose key is a record id */
const GROUP_KIND = { owner: 'staff', customer: 'customer', account: 'account' } as const;

/**
 * The names of a performance view's groups in the reader's language, as the record pickers name them
 * (the options registry; every group the view's scope shows is named): a sales owner by name, a customer
 * by code and name, an account by code · customer; a channel by code and name (SRM's channels port).
 * A day and a country are their own key.
 */
async function groupLabels(
  p: Platform,
  auth: AuthContext,
  groupBy: PerformanceQuery['groupBy'],
  rows: { key: string }[],
  locale: Locale,
): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => Number(r.key)).filter((n) => Number.isInteger(n) && n > 0))];
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  if (groupBy === 'channel') {
    for (const [id, name] of await channelNames(p.db, ids)) out.set(String(id), name);
    return out;
  }
  if (groupBy !== 'owner' && groupBy !== 'customer' && groupBy !== 'account') return out;
  for (const [id, o] of await optionNames(p, auth, GROUP_KIND[groupBy], ids, { locale, within: 'shown' }))
    out.set(
      String(id),
      groupBy === 'owner'
        ? o.name
        : groupBy === 'customer'
          ? `${o.code} ${o.name}`
          : o.name
            ? `${o.code} · ${o.name}`
            : o.code,
    );
  return out;
}
