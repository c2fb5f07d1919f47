import { SENT_PRODUCTS } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import { addCost, costList } from '../../platform/cost-amounts.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import type { TrafficDayQuery, TrafficPort, TrafficSum, TrafficSumKey } from '../../platform/ports.js';
import { money6 } from './pages.js';
import { dayOf } from './partitions.js';

const COLUMN: Record<TrafficSumKey, string> = {
  owner: 'owner_id',
  customer: 'customer_id',
  account: 'account_id',
  channel: 'channel_id',
  country: 'country',
  network: 'network',
  category: 'category',
};

const inList = (col: string, values: readonly string[]) =>
  values.length
    ? sql`${sql.raw(col)} in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql`false`;
/** ids as one array parameter: a report of every C-end customer passes thousands */
const inIds = (col: string, ids: readonly number[]) =>
  sql`${sql.raw(col)} = any(${`{${ids.map((i) => Math.trunc(Number(i))).join(',')}}`}::int[])`;

/**
 * The daily rollups a sum may read, smallest first (decisions 0087, 0090): the narrow ones are
 * `traffic_daily` without the delivery state (and the country, and everything but
 * the owner), kept equal to it by triggers; `tenday` is the same rollup in ten-day blocks.
 */
const FULL = {
  name: 'traffic_daily',
  tenday: null,
  has: new Set(['owner_id', 'customer_id', 'account_id', 'channel_id', 'country', 'network']),
};
type Rollup = { name: string; tenday: string | null; has: ReadonlySet<string>; extra?: 'wa' | 'otp' };
/** the side rollups of decision 0094: a report names one, and reads it alone (daily rows) */
const SIDE: Record<'wa' | 'otp', Rollup> = {
  wa: {
    name: 'traffic_wa_daily',
    tenday: null,
    has: new Set(['owner_id', 'customer_id', 'account_id', 'country', 'category']),
    extra: 'wa',
  },
  otp: {
    name: 'traffic_otp_daily',
    tenday: null,
    has: new Set(['owner_id', 'customer_id', 'account_id', 'channel_id', 'country', 'network']),
    extra: 'otp',
  },
};
const TABLES: Rollup[] = [
  { name: 'traffic_owner_daily', tenday: null, has: new Set(['owner_id']) },
  {
    name: 'traffic_route_daily',
    tenday: 'traffic_route_tenday',
    has: new Set(['owner_id', 'channel_id', 'country', 'network']),
  },
  {
    name: 'traffic_account_daily',
    tenday: 'traffic_account_tenday',
    has: new Set(['owner_id', 'customer_id', 'account_id']),
  },
  {
    name: 'traffic_report_daily',
    tenday: 'traffic_report_tenday',
    has: new Set(['owner_id', 'customer_id', 'account_id', 'country']),
  },
  FULL,
];

/** the columns a day query groups or filters by (beyond day, product and currency) */
export function columnsOf(
  q: TrafficDayQuery & { countries?: string[]; networks?: string[]; categories?: string[]; started?: unknown },
  groups: readonly string[] = [],
): string[] {
  const cols = [...groups];
  if (q.ownerIds || q.scope) cols.push('owner_id');
  if (q.customerIds) cols.push('customer_id');
  if (q.accountIds || q.started) cols.push('account_id');
  if (q.channelIds) cols.push('channel_id');
  if (q.countries) cols.push('country');
  if (q.networks) cols.push('network');
  if (q.categories) cols.push('category');
  return cols;
}

/** the smallest daily rollup that holds every one of these columns (and its ten-day blocks) */
const tablesFor = (cols: readonly string[], side?: 'wa' | 'otp'): Rollup => {
  if (side) return SIDE[side];
  return TABLES.find((t) => cols.every((c) => t.has.has(c))) ?? FULL;
};
export const rollupFor = (cols: readonly string[]) => tablesFor(cols).name;

const DAY = 86_400_000;
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);
/** the first day of the ten-day block of a day: the 1st, 11th or 21st of its month */
export const blockOf = (day: string) =>
  `${day.slice(0, 8)}${['01', '11', '21'][Math.min(2, Math.floor((Number(day.slice(8)) - 1) / 10))]}`;
/** the last day of the block that starts on `start` */
const blockEnd = (start: string) =>
  start.endsWith('21')
    ? ymd(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 0))
    : ymd(Date.parse(start) + 9 * DAY);

/**
 * Covers the days [from, to] with the ten-day blocks that lie inside it and the day ranges left at its
 * edges (at most nine days each side).
 */
export function coverOf(from: string, to: string): { blocks: string[]; days: [string, string][] } {
  const blocks: string[] = [];
  const days: [string, string][] = [];
  let cur = from;
  while (cur <= to) {
    const start = blockOf(cur);
    const end = blockEnd(start);
    if (cur === start && end <= to) blocks.push(start);
    else {
      const last = end < to ? end : to;
      const prev = days.at(-1);
      if (prev && ymd(Date.parse(prev[1]) + DAY) === cur) prev[1] = last;
      else days.push([cur, last]);
    }
    cur = ymd(Date.parse(end < to ? end : to) + DAY);
  }
  return { blocks, days };
}

/** the conditions on `traffic_daily` of the port's day filters (days, ids, products, data scope) */
export function dayConds(q: TrafficDayQuery): SQL[] {
  return [sql`day >= ${dayOf(q.from)}`, sql`day <= ${dayOf(q.to)}`, ...filterConds(q)];
}

/** the port's filters but the days (ids, products, data scope) */
function filterConds(q: TrafficDayQuery): SQL[] {
  const conds: SQL[] = [];
  if (q.ownerIds) conds.push(inIds('owner_id', q.ownerIds));
  if (q.customerIds) conds.push(inIds('customer_id', q.customerIds));
  if (q.accountIds) conds.push(inIds('account_id', q.accountIds));
  if (q.channelIds) conds.push(inIds('channel_id', q.channelIds));
  // without a product list: what was sent (an MO is received, not sent: only when asked for)
  conds.push(inList('product', q.products ?? SENT_PRODUCTS));
  const scope = q.scope && dataScopeWhere(q.scope, sql.raw('owner_id'));
  if (scope) conds.push(scope);
  return conds;
}

type SumRow = {
  key: string | null;
  day: string | null;
  current: boolean | null;
  currency: string;
  cost_currency: string;
  count: string;
  delivered: string;
  revenue: string;
  cost: string;
  seconds: string;
  first_day: string | null;
  sessions: string;
  read: string;
  dlr_ms: string;
  dlr_count: string;
};
/**
 * the side rollups' own measures, summed as text (`sum`) or as columns of a row: 0 from a table without them;
 * `t` null: a union of rows that all carry them
 */
const extraOf = (t: Rollup | null, sum: boolean) => {
  const col = (name: string, side: 'wa' | 'otp') =>
    !t || t.extra === side ? (sum ? `sum(${name})::text` : name) : sum ? `'0'` : '0::bigint';
  return sql.raw(`${col('sessions', 'wa')} as sessions, ${col('read', 'wa')} as read,
    ${col('dlr_ms', 'otp')} as dlr_ms, ${col('dlr_count', 'otp')} as dlr_count`);
};
const measuresOf = (t: Rollup | null) => sql`sum(count)::text as count,
  sum(case when product = 'voice' then answered else delivered end)::text as delivered,
  sum(revenue)::text as revenue, sum(cost)::text as cost, sum(seconds)::text as seconds, ${extraOf(t, true)}`;
const rowOf = (t: Rollup) =>
  sql`day, product, currency, cost_currency, count, delivered, answered, revenue, cost, seconds, ${extraOf(t, false)}`;

/**
 * `TrafficPort.sums`: the days (the chart and the totals) from the smallest daily rollup holding the
 * filters, the report's level from the smallest holding it too, read as the ten-day blocks inside each
 * period plus the days at their edges (decision 0090): a 90-day report over every customer reads some
 * 30,000 rows where the daily rows were 280,000 (decision 0087) and the full rollup 1.5 million (0081).
 * The ramp-up reports (`started`) need each account's first day, so they read the daily rows.
 */
export function reportSums(db: Db): NonNullable<TrafficPort['sums']> {
  return async (q) => {
    const filters = filterConds(q);
    if (q.countries) filters.push(inList('country', q.countries));
    if (q.networks) filters.push(inList('network', q.networks));
    if (q.categories) filters.push(inList('category', q.categories));
    const from = dayOf(q.from);
    const to = dayOf(q.to);
    // a literal, not a parameter: the select's `day >= …` must be the very expression grouped by
    if (!/^\d{4}-\d{2}-\d{2}$/.test(q.splitAt)) throw new Error(`sums: bad splitAt ${q.splitAt}`);
    const split = sql.raw(`'${q.splitAt}'::date`);
    const where = sql.join([sql`day >= ${from}`, sql`day <= ${to}`, ...filters], sql` and `);
    const key = q.by ? sql.raw(`${COLUMN[q.by]}::text`) : sql`null::text`;
    const run = async (statement: SQL) => rowsOf<SumRow>(await db.execute(statement));
    let rows: SumRow[];
    if (q.started) {
      // ramp-up: each account's first day with traffic in the window (every country, before the drill)
      const t = tablesFor(columnsOf(q, q.by ? [COLUMN[q.by]] : []), q.rollup);
      const table = sql.raw(t.name);
      // materialised: as a sub-query the planner joined it row by row (0.8 s against 0.16 s on the bench data)
      rows = await run(sql`with f as materialized (${firstDays(q, t, from, to)})
        select ${key} as key, day::text as day, day >= ${split} as current, currency, cost_currency, ${measuresOf(t)},
          min(day) filter (where count > 0)::text as first_day
        from (select t.* from ${table} t join f on f.account_id = t.account_id
          where (t.day >= ${split} and f.first >= ${split})
             or (t.day < ${split} and f.first between ${q.started.prevFrom}::date and ${q.started.prevTo}::date)) d
        where ${where}
        group by ${
          q.by
            ? sql`grouping sets ((${key}, day >= ${split}, currency, cost_currency), (day, currency, cost_currency))`
            : sql`day, currency, cost_currency`
        }`);
    } else {
      const dt = tablesFor(columnsOf(q), q.rollup);
      const daily = sql.raw(dt.name);
      rows =
        await run(sql`select null::text as key, day::text as day, day >= ${split} as current, currency, cost_currency, ${measuresOf(dt)},
          min(day) filter (where count > 0)::text as first_day
        from ${daily} where ${where} group by day, currency, cost_currency`);
      if (q.by) rows.push(...(await run(levelSums(q, sql.raw(COLUMN[q.by]), split, filters, from, to))));
    }
    return foldSums(rows);
  };
}

/**
 * The rows of one group, day and price currency, one per cost currency, folded into one sum: the measures
 * added, the cost kept per currency (decision 0109: an amount is never added to one in another currency).
 */
function foldSums(rows: SumRow[]): TrafficSum[] {
  const out = new Map<string, { sum: TrafficSum; costs: Map<string, Decimal> }>();
  for (const r of rows) {
    const sum: TrafficSum = {
      key: r.day === null ? (r.key ?? '') : null,
      day: r.day,
      current: r.current ?? false,
      currency: r.currency,
      count: Number(r.count),
      delivered: Number(r.delivered),
      revenue: money6(r.revenue),
      costs: [],
      seconds: Number(r.seconds),
      firstDay: r.first_day,
      sessions: Number(r.sessions),
      read: Number(r.read),
      dlrMs: Number(r.dlr_ms),
      dlrCount: Number(r.dlr_count),
    };
    const id = `${sum.key}\u0000${sum.day}\u0000${sum.current}\u0000${sum.currency}`;
    const seen = out.get(id);
    if (!seen) {
      out.set(id, { sum, costs: new Map([[r.cost_currency, new Decimal(r.cost)]]) });
      continue;
    }
    const a = seen.sum;
    for (const k of ['count', 'delivered', 'seconds', 'sessions', 'read', 'dlrMs', 'dlrCount'] as const) a[k] += sum[k];
    a.revenue = money6(new Decimal(a.revenue).plus(sum.revenue));
    if (sum.firstDay && (!a.firstDay || sum.firstDay < a.firstDay)) a.firstDay = sum.firstDay;
    addCost(seen.costs, r.cost_currency, r.cost);
  }
  return [...out.values()].map(({ sum, costs }) => ({ ...sum, costs: costList(costs) }));
}

/**
 * Each account's first day with traffic in [from, to] under the port's filters: the first ten-day block (or
 * edge day) with traffic, then the day within it from the daily rows of that block only (an index read
 * per account instead of every daily row of the window).
 */
function firstDays(q: TrafficDayQuery, t: Rollup, from: string, to: string): SQL {
  const cls = filterConds(q);
  const and = (conds: SQL[]) => sql.join([...conds, sql`count > 0`, ...cls], sql` and `);
  const c = t.tenday ? coverOf(from, to) : { blocks: [], days: [[from, to] as [string, string]] };
  const parts: SQL[] = [];
  if (c.blocks.length && t.tenday)
    parts.push(sql`select account_id, day from ${sql.raw(t.tenday)}
      where ${and([sql`day = any(${`{${c.blocks.join(',')}}`}::date[])`])}`);
  if (c.days.length)
    parts.push(
      sql`select account_id, day from ${sql.raw(t.name)} where ${and([
        sql`(${sql.join(
          c.days.map(([a, b]) => sql`day between ${a}::date and ${b}::date`),
          sql` or `,
        )})`,
      ])}`,
    );
  if (!parts.length) parts.push(sql`select account_id, day from ${sql.raw(t.name)} where false`);
  // the last day of the block that starts on fb (an edge day is its own first day: any end after it will do)
  const end = sql`case when extract(day from b.fb) = 21
      then (date_trunc('month', b.fb::timestamp) + interval '1 month' - interval '1 day')::date else b.fb + 9 end`;
  return sql`select b.account_id, (select min(day) from ${sql.raw(t.name)}
      where account_id = b.account_id and day between b.fb and ${end} and ${and([])}) as first
    from (select account_id, min(day) as fb from (${sql.join(parts, sql` union all `)}) x group by account_id) b`;
}

/** the level's sums per period: the ten-day blocks inside each period, the daily rows of the edge days */
function levelSums(
  q: Parameters<NonNullable<TrafficPort['sums']>>[0],
  key: SQL,
  split: SQL,
  filters: SQL[],
  from: string,
  to: string,
): SQL {
  const t = tablesFor(columnsOf(q, q.by ? [COLUMN[q.by]] : []), q.rollup);
  const periods: [string, string][] = [];
  const beforeSplit = ymd(Date.parse(q.splitAt) - DAY);
  if (from < q.splitAt) periods.push([from, beforeSplit < to ? beforeSplit : to]);
  if (q.splitAt <= to) periods.push([q.splitAt > from ? q.splitAt : from, to]);
  const blocks: string[] = [];
  const days: [string, string][] = [];
  for (const [a, b] of periods) {
    const c = t.tenday ? coverOf(a, b) : { blocks: [], days: [[a, b] as [string, string]] };
    blocks.push(...c.blocks);
    days.push(...c.days);
  }
  const and = (conds: SQL[]) => sql.join([...conds, ...filters], sql` and `);
  const parts: SQL[] = [];
  if (blocks.length && t.tenday)
    parts.push(sql`select ${key} as key, ${rowOf(t)} from ${sql.raw(t.tenday)}
      where ${and([sql`day = any(${`{${blocks.join(',')}}`}::date[])`])}`);
  if (days.length)
    parts.push(sql`select ${key} as key, ${rowOf(t)} from ${sql.raw(t.name)}
      where ${and([
        sql`(${sql.join(
          days.map(([a, b]) => sql`day between ${a}::date and ${b}::date`),
          sql` or `,
        )})`,
      ])}`);
  if (!parts.length) parts.push(sql`select ${key} as key, ${rowOf(t)} from ${sql.raw(t.name)} where false`);
  // grouped by the column itself (an integer id hashes faster than its text), given as text
  return sql`select key::text as key, null::text as day, day >= ${split} as current, currency, cost_currency, ${measuresOf(null)},
      null::text as first_day
    from (${sql.join(parts, sql` union all `)}) l group by key, day >= ${split}, currency, cost_currency`;
}
