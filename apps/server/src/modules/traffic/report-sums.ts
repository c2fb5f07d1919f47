import { SENT_PRODUCTS } from '@portal/contracts/traffic';
import { type SQL, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
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
 * The daily rollups a sum may read, narrowest first (decision 0087): the narrow ones are
 * `traffic_daily` without the delivery state and cost currency, kept equal to it by triggers.
 */
const TABLES: { name: string; has: ReadonlySet<string> }[] = [
  { name: 'traffic_report_daily', has: new Set(['owner_id', 'customer_id', 'account_id', 'country']) },
  { name: 'traffic_route_daily', has: new Set(['owner_id', 'channel_id', 'country', 'network']) },
  {
    name: 'traffic_daily',
    has: new Set(['owner_id', 'customer_id', 'account_id', 'channel_id', 'country', 'network']),
  },
];

/** the columns a day query groups or filters by (beyond day, product and currency) */
export function columnsOf(
  q: TrafficDayQuery & { countries?: string[]; networks?: string[]; started?: unknown },
  groups: readonly string[] = [],
): string[] {
  const cols = [...groups];
  if (q.ownerIds || q.scope) cols.push('owner_id');
  if (q.customerIds) cols.push('customer_id');
  if (q.accountIds || q.started) cols.push('account_id');
  if (q.channelIds) cols.push('channel_id');
  if (q.countries) cols.push('country');
  if (q.networks) cols.push('network');
  return cols;
}

/** the narrowest daily rollup that holds every one of these columns */
export const rollupFor = (cols: readonly string[]) =>
  TABLES.find((t) => cols.every((c) => t.has.has(c)))?.name ?? 'traffic_daily';

/** the conditions on `traffic_daily` of the port's day filters (days, ids, products, data scope) */
export function dayConds(q: TrafficDayQuery): SQL[] {
  const conds: SQL[] = [sql`day >= ${dayOf(q.from)}`, sql`day <= ${dayOf(q.to)}`];
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

/**
 * `TrafficPort.sums`: one statement, one pass over the daily rollup of the window, two grouping sets
 * (the report's level, and the days). The rows never leave the database one by one: a 90-day
 * report over every customer is some 1.5 million rollup rows (decision 0081), a third of that in the
 * narrow rollup it reads when the report needs neither channel nor network (decision 0087).
 */
export function reportSums(db: Db): NonNullable<TrafficPort['sums']> {
  return async (q) => {
    const conds = dayConds(q);
    if (q.countries) conds.push(inList('country', q.countries));
    if (q.networks) conds.push(inList('network', q.networks));
    const where = sql.join(conds, sql` and `);
    const key = q.by ? sql.raw(`${COLUMN[q.by]}::text`) : sql`null::text`;
    const table = sql.raw(rollupFor(columnsOf(q, q.by ? [COLUMN[q.by]] : [])));
    // a literal, not a parameter: the select's `day >= …` must be the very expression grouped by
    if (!/^\d{4}-\d{2}-\d{2}$/.test(q.splitAt)) throw new Error(`sums: bad splitAt ${q.splitAt}`);
    const split = sql.raw(`'${q.splitAt}'::date`);
    // ramp-up: each account's first day with traffic in the window (every country, before the drill)
    const from = q.started
      ? sql`(select t.* from ${table} t join (
            select account_id, min(day) as first from ${table} where ${sql.join(dayConds(q), sql` and `)}
              and count > 0 group by account_id) f on f.account_id = t.account_id
          where (t.day >= ${split} and f.first >= ${split})
             or (t.day < ${split} and f.first between ${q.started.prevFrom}::date and ${q.started.prevTo}::date)) d`
      : table;
    const rows = rowsOf<{
      key: string | null;
      day: string | null;
      current: boolean | null;
      currency: string;
      count: string;
      delivered: string;
      revenue: string;
      cost: string;
      seconds: string;
      first_day: string | null;
    }>(
      await db.execute(sql`select ${key} as key, day::text as day, day >= ${split} as current, currency,
          sum(count)::text as count,
          sum(case when product = 'voice' then answered else delivered end)::text as delivered,
          sum(revenue)::text as revenue, sum(cost)::text as cost, sum(seconds)::text as seconds,
          min(day) filter (where count > 0)::text as first_day
        from ${from} where ${where}
        group by ${q.by ? sql`grouping sets ((${key}, day >= ${split}, currency), (day, currency))` : sql`day, currency`}`),
    );
    return rows.map(
      (r): TrafficSum => ({
        key: r.day === null ? (r.key ?? '') : null,
        day: r.day,
        current: r.current ?? false,
        currency: r.currency,
        count: Number(r.count),
        delivered: Number(r.delivered),
        revenue: money6(r.revenue),
        cost: money6(r.cost),
        seconds: Number(r.seconds),
        firstDay: r.first_day,
      }),
    );
  };
}
