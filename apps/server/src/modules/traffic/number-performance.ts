import {
  type NumberPerformancePage,
  type NumberPerformanceQuery,
  numberPerformanceQuery,
  TrafficPerm,
} from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { type Cell, defineExportSource } from '../../platform/exports/source.js';
import { type RateOf, withConverted } from './converted.js';
import { dayOf } from './partitions.js';
import { addFigures, type Figures, figureLines, presentFigures, presentTotals } from './perf-figures.js';
import { requireRange } from './queries.js';

const dialect = new PgDialect();

/** the whole UTC days of the range (the rollup is daily): its first day to the day of its last instant */
function daysOf(q: NumberPerformanceQuery) {
  const r = requireRange(q);
  return { first: dayOf(r.from), last: dayOf(new Date(r.to.getTime() - 1)) };
}

/** the filters on `traffic_sender_daily` but the product (MO replies ignore it), in the caller's data scope */
function conds(auth: AuthContext, q: NumberPerformanceQuery, days = daysOf(q)): SQL[] {
  const c: SQL[] = [sql`day >= ${days.first}`, sql`day <= ${days.last}`];
  if (q.number) c.push(sql`starts_with(sender, ${q.number})`);
  if (q.accountId !== undefined) c.push(sql`account_id = ${q.accountId}`);
  if (q.customerId !== undefined) c.push(sql`customer_id = ${q.customerId}`);
  if (q.ownerId !== undefined) c.push(sql`owner_id = ${q.ownerId}`);
  const scope = dataScopeWhere(auth, sql.raw('owner_id'));
  if (scope) c.push(scope);
  return c;
}

/**
 * One select for the screen and its export: per number, product, price currency and cost currency, the
 * sent figures, the accounts (as an array: a number's accounts are merged across cost currencies) and the
 * MO replies received on the number (every currency).
 */
function groupedSql(auth: AuthContext, q: NumberPerformanceQuery): SQL {
  const c = conds(auth, q);
  const product = q.product ? sql`product = ${q.product}` : sql`product <> 'mo'`;
  return sql`with s as (
      select sender, product, currency, cost_currency, sum(count)::bigint as count,
        sum(case when product = 'voice' then answered else delivered end)::bigint as delivered,
        sum(seconds)::bigint as seconds, sum(revenue)::text as revenue, sum(cost)::text as cost,
        array_agg(distinct account_id) as accounts
      from traffic_sender_daily where ${sql.join([...c, product], sql` and `)}
      group by sender, product, currency, cost_currency
    ), m as (
      select sender, sum(count)::bigint as mo from traffic_sender_daily
      where ${sql.join([...c, sql`product = 'mo'`], sql` and `)} group by sender
    )
    select s.sender, s.product, s.currency, s.cost_currency, s.count, s.delivered, s.seconds, s.revenue, s.cost,
      coalesce(m.mo, 0)::bigint as mo, s.accounts
    from s left join m on m.sender = s.sender
    order by s.sender, s.product, s.currency, s.cost_currency`;
}

interface Grouped {
  sender: string;
  product: 'sms' | 'voice' | 'whatsapp' | 'email';
  currency: string;
  cost_currency: string;
  count: string;
  delivered: string;
  seconds: string;
  revenue: string;
  cost: string;
  mo: string;
  accounts: number[] | string;
}
type Delivery = { delivered: number; seconds: number };
const rate = (delivered: number, count: number) =>
  count > 0 ? new Decimal(delivered).times(100).div(count).toFixed(2) : null;
/** the delivery figures beside the money ones */
const presentDelivery = (f: Figures, d: Delivery) => ({
  delivered: d.delivered,
  deliveryRate: rate(d.delivered, f.count),
  seconds: d.seconds,
});
/** PGlite answers an int[] as an array, some drivers as its text form `{1,2}` */
const idsOf = (v: number[] | string): number[] =>
  Array.isArray(v) ? v.map(Number) : v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);

/**
 * numberPerformance (decision 0137): per sending number / sender id, product and price currency, over the
 * whole UTC days of the range, from the sender rollup (never raw records), in the caller's data scope.
 * Largest volume first; totals per currency over the whole filter.
 */
export async function numberPerformance(
  db: Db,
  auth: AuthContext,
  q: NumberPerformanceQuery,
  rateOf: RateOf,
): Promise<NumberPerformancePage> {
  const days = daysOf(q);
  const rows = rowsOf<Grouped>(await db.execute(groupedSql(auth, q)));
  const byRow = figureLines<
    { number: string; product: Grouped['product']; mo: number; accounts: Set<number> } & Delivery
  >();
  const totals = figureLines<{ numbers: Set<string> } & Delivery>();
  const volume = new Map<string, number>();
  const mo = new Map<string, number>();
  for (const r of rows) {
    const row = byRow.of(`${r.sender}\u0000${r.product}\u0000${r.currency}`, r.currency, () => ({
      number: r.sender,
      product: r.product,
      mo: Number(r.mo),
      accounts: new Set(),
      delivered: 0,
      seconds: 0,
    }));
    mo.set(r.sender, Number(r.mo));
    volume.set(r.sender, (volume.get(r.sender) ?? 0) + Number(r.count));
    const total = totals.of(r.currency, r.currency, () => ({ numbers: new Set(), delivered: 0, seconds: 0 }));
    total.numbers.add(r.sender);
    for (const id of idsOf(r.accounts)) row.accounts.add(id);
    const sum = { count: Number(r.count), revenue: r.revenue, costs: [{ currency: r.cost_currency, amount: r.cost }] };
    for (const line of [row, total]) {
      addFigures(line.f, sum);
      line.delivered += Number(r.delivered);
      line.seconds += Number(r.seconds);
    }
  }
  // a number's rows stand together (its MO replies show once, decision 0148): numbers by their whole volume
  const sorted = [...byRow.lines.values()].sort(
    (a, b) =>
      (volume.get(b.number) ?? 0) - (volume.get(a.number) ?? 0) ||
      (a.number < b.number ? -1 : a.number > b.number ? 1 : 0) ||
      b.f.count - a.f.count ||
      a.product.localeCompare(b.product) ||
      a.f.currency.localeCompare(b.f.currency),
  );
  const page = sorted.slice((q.page - 1) * q.size, q.page * q.size);
  return {
    records: await withConverted(
      rateOf,
      page.map((x) => ({
        number: x.number,
        product: x.product,
        ...presentFigures(x.f),
        ...presentDelivery(x.f, x),
        moReplies: x.mo,
        accounts: x.accounts.size,
      })),
      () => days.last,
    ),
    total: sorted.length,
    page: q.page,
    size: q.size,
    totals: await presentTotals(rateOf, totals.lines.values(), days.last, (t) => ({
      ...presentDelivery(t.f, t),
      numbers: t.numbers.size,
    })),
    moReplies: [...mo.values()].reduce((a, b) => a + b, 0),
  };
}

const cell = (v: unknown): Cell => (v == null ? null : String(v));

/** numberPerformance's export: one row per number, product, price currency and cost currency, the screen's filters */
export const numberPerformanceExport = defineExportSource<NumberPerformanceQuery>({
  key: 'traffic.number-performance',
  perm: TrafficPerm.NUMBER_PERFORMANCE,
  query: numberPerformanceQuery as never,
  title: { 'zh-CN': '号码业绩', en: 'Number performance' },
  columns: [
    { zh: '号码 / 发送方', en: 'Number / sender id', width: 20 },
    { zh: '产品', en: 'Product', width: 10 },
    { zh: '币种', en: 'Currency', width: 8 },
    { zh: '成本币种', en: 'Cost currency', width: 10 },
    { zh: '发送量', en: 'Volume', width: 12 },
    { zh: '成功量', en: 'Delivered', width: 12 },
    { zh: '计费秒数', en: 'Billed seconds', width: 12 },
    { zh: '收入', en: 'Revenue', width: 14 },
    { zh: '成本', en: 'Cost', width: 14 },
    { zh: '上行回复', en: 'MO replies', width: 10 },
    { zh: '账户数', en: 'Accounts', width: 10 },
  ],
  async count(db, auth, q) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (${groupedSql(auth, q)}) x`),
    );
    return Number(row?.n ?? 0);
  },
  select: (_db, auth, q) =>
    dialect.sqlToQuery(sql`select sender, product, currency, cost_currency, count, delivered, seconds, revenue, cost, mo,
      cardinality(accounts) from (${groupedSql(auth, q)}) x order by count desc, sender, product, currency, cost_currency`),
  cells: (row) => row.map(cell),
});
