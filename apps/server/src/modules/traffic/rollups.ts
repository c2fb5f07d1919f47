import { CrmTopics } from '@portal/contracts/crm';
import { MESSAGE_DELIVERED_STATES, type TrafficProduct } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events/bus.js';
import { fail } from '../../platform/http/errors.js';
import { portOf, type TrafficDayFigure, type TrafficPort } from '../../platform/ports.js';
import { billedVolumes } from './billed-volumes.js';
import { channelCosts, countryCosts } from './channel-costs.js';
import { channelFigures, gatewayFigures } from './channel-figures.js';
import { foldCosts } from './cost-currencies.js';
import { rematchDlrs } from './ingest.js';
import { rematchStates } from './message-states.js';
import { money6 } from './pages.js';
import { DAY_MS, dayOf, dayStart } from './partitions.js';
import { columnsOf, dayConds, reportSums, rollupFor } from './report-sums.js';
import { readState, writeState } from './settings.js';
import {
  OTP_COLUMNS,
  OTP_FROM_DELTAS,
  otpRecomputeSql,
  SENDER_COLUMNS,
  SENDER_FROM_DELTAS,
  senderRecomputeSql,
  WA_COLUMNS,
  WA_FROM_DELTAS,
  waRecomputeSql,
} from './side-rollups.js';

const DIMS =
  'product, account_id, customer_id, owner_id, channel_id, country, network, status, currency, cost_currency';
const MEASURES = [
  'count',
  'segments',
  'delivered',
  'revenue',
  'cost',
  'answered',
  'seconds',
  'pdd_ms',
  'pdd_count',
  'dlr_ms',
  'dlr_count',
];
const SUMS = MEASURES.map((m) => `sum(${m})`).join(', ');
const ADD = MEASURES.map((m) => `${m} = %t.${m} + excluded.${m}`).join(', ');
const ROLLUP_BATCH = 20_000;

/**
 * The hourly figures recomputed from the raw records of [from, to) — what the rollups must equal.
 * Same measures as the deltas: SMS count = messages (part 1), segments = parts, delivered = delivered
 * parts, dlr_ms / dlr_count = delivery time of the delivered parts; voice count = attempts, seconds =
 * billed seconds; WhatsApp / mail / MO count = segments = messages, delivered = those in a delivered
 * state (mail is product `email`).
 */
export function recomputeSql(from: Date, to: Date): SQL {
  const DELIVERED_PART = sql.raw(`submit_status <> 'rejected' and dlr_state = 'delivered'`);
  return sql`
    select date_trunc('hour', submit_at, 'UTC') as hour, 'sms'::text as product, account_id, customer_id, owner_id,
      channel_id, country, network,
      case when submit_status = 'rejected' then 'submit_rejected' else coalesce(dlr_state, 'pending') end as status,
      currency, cost_currency,
      count(*) filter (where part = 1)::bigint as count, count(*)::bigint as segments,
      count(*) filter (where ${DELIVERED_PART})::bigint as delivered,
      sum(price) as revenue, sum(cost) as cost, 0::bigint as answered, 0::bigint as seconds,
      0::bigint as pdd_ms, 0::bigint as pdd_count,
      coalesce(sum(greatest(0, round(extract(epoch from dlr_at - submit_at) * 1000))) filter (where ${DELIVERED_PART}), 0)::bigint as dlr_ms,
      count(*) filter (where ${DELIVERED_PART} and dlr_at is not null)::bigint as dlr_count
    from traffic_sms where submit_at >= ${from} and submit_at < ${to}
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    union all
    select date_trunc('hour', setup_at, 'UTC'), 'voice', account_id, customer_id, owner_id, channel_id, country, network,
      case when answer_at is not null then 'answered' else 'failed' end, currency, cost_currency,
      count(*)::bigint, 0::bigint, 0::bigint, sum(price), sum(cost), count(answer_at)::bigint,
      sum(billed_duration)::bigint, coalesce(sum(pdd_ms), 0)::bigint, count(pdd_ms)::bigint, 0::bigint, 0::bigint
    from traffic_voice where setup_at >= ${from} and setup_at < ${to}
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    union all
    select date_trunc('hour', at, 'UTC'), case kind when 'mail' then 'email' else kind end, account_id, customer_id,
      owner_id, channel_id, country, '', state, currency, cost_currency,
      count(*)::bigint, count(*)::bigint, count(*) filter (where state in (${sql.join(
        MESSAGE_DELIVERED_STATES.map((s) => sql`${s}`),
        sql`, `,
      )}))::bigint, sum(price), sum(cost), 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
    from traffic_messages where at >= ${from} and at < ${to}
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`;
}

/**
 * The incremental step: take (delete) up to a batch of deltas and add them to the hourly and daily
 * rollups in one statement (`INSERT … ON CONFLICT DO UPDATE`), so each delta counts exactly once
 * even with several processes (SKIP LOCKED). The watermark records the last delta id taken and when.
 */
export async function rollUpOnce(db: Db, now: Date, limit = ROLLUP_BATCH, owners?: Set<number>): Promise<number> {
  const [row] = rowsOf<{ n: number; last: string | null; oldest: Date | string | null; owners: number[] | null }>(
    await db.execute(
      sql.raw(`with d as (
        delete from traffic_deltas where id in (select id from traffic_deltas order by id limit ${Number(limit)} for update skip locked)
        returning *
      ), h as (
        insert into traffic_hourly (hour, ${DIMS}, ${MEASURES.join(', ')})
        select hour, ${DIMS}, ${SUMS} from d group by hour, ${DIMS}
        on conflict (hour, ${DIMS}) do update set ${ADD.replaceAll('%t', 'traffic_hourly')}
        returning 1
      ), y as (
        insert into traffic_daily (day, ${DIMS}, ${MEASURES.join(', ')})
        select (hour at time zone 'UTC')::date, ${DIMS}, ${SUMS} from d group by 1, ${DIMS}
        on conflict (day, ${DIMS}) do update set ${ADD.replaceAll('%t', 'traffic_daily')}
        returning 1
      ), w as (${WA_FROM_DELTAS}), o as (${OTP_FROM_DELTAS}), s as (${SENDER_FROM_DELTAS})
      select (select count(*) from d)::int as n, (select max(id) from d)::text as last,
        (select min(hour) from d) as oldest,
        (select array_agg(distinct owner_id) from d where owner_id is not null) as owners`),
    ),
  );
  const n = Number(row?.n ?? 0);
  for (const id of row?.owners ?? []) owners?.add(Number(id));
  if (n > 0) await writeState(db, 'watermark', { lastDeltaId: row?.last, at: now.toISOString(), taken: n });
  return n;
}

/**
 * Roll up everything waiting (the job): late DLRs matched first, then batches until none is left.
 * `owners` collects the sales whose figures moved (home overviews are told to re-read).
 */
export async function rollUp(db: Db, now: Date, owners?: Set<number>): Promise<number> {
  await rematchDlrs(db);
  await rematchStates(db);
  let total = 0;
  for (;;) {
    const n = await rollUpOnce(db, now, ROLLUP_BATCH, owners);
    total += n;
    if (n < ROLLUP_BATCH) return total;
  }
}

/**
 * Rebuild one UTC day of the rollups (hourly, daily, WhatsApp, OTP and sender) from the raw records. The delta queue is locked for the
 * moment (ingestion waits; its changes then land after), the day's pending deltas are dropped
 * (the raw records already hold them) and the day's rows replaced by the recomputation.
 */
export async function rebuildDay(db: Db, day: string): Promise<number> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(dayStart(day).getTime()) || dayOf(dayStart(day)) !== day)
    return fail('TRF_DAY_INVALID', { vars: { value: day } });
  const from = dayStart(day);
  const to = new Date(from.getTime() + DAY_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table traffic_deltas in exclusive mode`);
    await tx.execute(sql`delete from traffic_deltas where hour >= ${from} and hour < ${to}`);
    await tx.execute(sql`delete from traffic_hourly where hour >= ${from} and hour < ${to}`);
    await tx.execute(sql`delete from traffic_daily where day = ${day}`);
    await tx.execute(sql`delete from traffic_wa_daily where day = ${day}`);
    await tx.execute(sql`delete from traffic_otp_daily where day = ${day}`);
    await tx.execute(sql`delete from traffic_sender_daily where day = ${day}`);
    await tx.execute(sql`insert into traffic_wa_daily (${WA_COLUMNS}) ${waRecomputeSql(from, to)}`);
    await tx.execute(sql`insert into traffic_otp_daily (${OTP_COLUMNS}) ${otpRecomputeSql(from, to)}`);
    await tx.execute(sql`insert into traffic_sender_daily (${SENDER_COLUMNS}) ${senderRecomputeSql(from, to)}`);
    await tx.execute(
      sql`insert into traffic_hourly (hour, ${sql.raw(DIMS)}, ${sql.raw(MEASURES.join(', '))}) ${recomputeSql(from, to)}`,
    );
    const [n] = rowsOf<{ n: number }>(
      await tx.execute(
        sql.raw(`with y as (insert into traffic_daily (day, ${DIMS}, ${MEASURES.join(', ')})
          select (hour at time zone 'UTC')::date, ${DIMS}, ${SUMS} from traffic_hourly
          where hour >= '${from.toISOString()}' and hour < '${to.toISOString()}' group by 1, ${DIMS} returning 1)
          select count(*)::int as n from y`),
      ),
    );
    return Number(n?.n ?? 0);
  });
}

/** how far the rollups are behind: the oldest delta waiting, and the watermark */
export async function rollupLag(db: DbOrTx) {
  const [w] = rowsOf<{ waiting: number; oldest: string | null }>(
    await db.execute(sql`select count(*)::int as waiting, min(hour)::text as oldest from traffic_deltas`),
  );
  return { waiting: Number(w?.waiting ?? 0), watermark: await readState(db, 'watermark') };
}

/** The `traffic` port: day figures from the daily rollups only (never raw records). */
export function trafficPort(db: Db): TrafficPort {
  return {
    billedVolumes: billedVolumes(db),
    byChannel: channelFigures(db),
    byGateway: gatewayFigures(db),
    costByChannel: channelCosts(db),
    costByCountry: countryCosts(db),
    sums: reportSums(db),
    async byDay(q) {
      const conds = dayConds(q);
      const groups = ['account_id', 'customer_id', 'owner_id'];
      if (q.byCountry) groups.push('country');
      if (q.byChannel) groups.push('channel_id');
      if (q.byNetwork) groups.push('network');
      const table = sql.raw(rollupFor(columnsOf(q, groups)));
      const country = sql.raw(
        (q.byCountry ? ', country' : '') + (q.byChannel ? ', channel_id' : '') + (q.byNetwork ? ', network' : ''),
      );
      const rows = rowsOf<{
        day: string;
        product: TrafficProduct;
        account_id: number;
        customer_id: number;
        owner_id: number;
        count: string;
        delivered: string;
        revenue: string;
        cost: string;
        currency: string;
        cost_currency: string;
        country?: string;
        channel_id?: number;
        network?: string;
        seconds: string;
      }>(
        await db.execute(sql`select day::text as day, product, account_id, customer_id, owner_id${country},
            sum(count)::text as count,
            (case when product = 'voice' then sum(answered) else sum(delivered) end)::text as delivered,
            sum(revenue)::text as revenue, sum(cost)::text as cost, sum(seconds)::text as seconds, currency, cost_currency
          from ${table} where ${sql.join(conds, sql` and `)}
          group by day, product, account_id, customer_id, owner_id, currency, cost_currency${country}
          order by day, account_id, currency, cost_currency`),
      );
      // one figure per group and price currency, its cost per cost currency (decision 0109)
      const folded = foldCosts(
        rows,
        (r) =>
          [r.day, r.product, r.account_id, r.customer_id, r.owner_id, r.country, r.channel_id, r.network].join('|'),
        ['count', 'delivered', 'revenue', 'seconds'],
      );
      return folded.map(
        (r): TrafficDayFigure => ({
          day: r.day,
          product: r.product,
          accountId: Number(r.account_id),
          customerId: Number(r.customer_id),
          ownerId: Number(r.owner_id) || null,
          count: Number(r.count),
          delivered: Number(r.delivered),
          revenue: money6(r.revenue),
          costs: r.costs,
          currency: r.currency,
          ...(r.country !== undefined ? { country: r.country } : {}),
          ...(r.channel_id !== undefined ? { channelId: Number(r.channel_id) } : {}),
          ...(r.network !== undefined ? { network: r.network } : {}),
          seconds: Number(r.seconds ?? 0),
        }),
      );
    },
  };
}

/**
 * Each account's consumption of one closed day to the finance ledger, idempotent by
 * `consumption:<accountId>:<day>` (a second currency of the same account gets `:<currency>` after it).
 * Without the ledger port (finance not mounted) it does nothing and says so. Every customer with a
 * paid amount the ledger took (or had already taken) is published once as dealt (`CrmTopics`); the
 * CRM marks it once, so a re-run re-publishes harmlessly and heals an event lost while it was down.
 */
export async function postConsumption(
  db: Db,
  day: string,
  log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
  bus?: Pick<EventBus, 'publish'>,
): Promise<{ posted: number; skipped: boolean; refused: number }> {
  const ledger = portOf(db, 'ledger');
  if (!ledger) {
    log.info({ day }, 'traffic: consumption not posted, the ledger port (finance) is not mounted');
    return { posted: 0, skipped: true, refused: 0 };
  }
  // an account belongs to one customer: max() only carries it through the grouping
  const rows = rowsOf<{ account_id: number; customer_id: number; currency: string; amount: string }>(
    await db.execute(sql`select account_id, max(customer_id) as customer_id, currency, sum(revenue)::text as amount
      from traffic_daily where day = ${day} group by account_id, currency order by account_id, sum(revenue) desc`),
  );
  let posted = 0;
  let refused = 0;
  const seen = new Set<number>();
  const dealt = new Set<number>();
  for (const r of rows) {
    const accountId = Number(r.account_id);
    const amount = new Decimal(r.amount);
    if (amount.isZero()) continue;
    const key = seen.has(accountId)
      ? `consumption:${accountId}:${day}:${r.currency}`
      : `consumption:${accountId}:${day}`;
    seen.add(accountId);
    // one account the ledger refuses (past its credit line, another currency) must not hold up the others:
    // it is logged and retried by the next run under the same key
    try {
      const res = await ledger.postConsumption({
        accountId,
        day,
        amount: amount.toFixed(6),
        currency: r.currency,
        key,
      });
      if (res.posted) posted++;
      if (amount.greaterThan(0)) dealt.add(Number(r.customer_id));
    } catch (err) {
      refused++;
      log.warn({ err, accountId, day, currency: r.currency }, 'traffic: the ledger refused a consumption');
    }
  }
  if (bus) for (const customerId of dealt) await bus.publish(CrmTopics.CUSTOMER_DEALT, customerId);
  return { posted, skipped: false, refused };
}
