import type { Locale } from '@portal/contracts';
import type { PreviewAnswer, PreviewQuery, TrafficProduct } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { nameInSql } from '../../platform/i18n/names.js';
import { type RateOf, withConverted } from './converted.js';
import { foldCosts } from './cost-currencies.js';
import { money6 } from './pages.js';
import { dayOf } from './partitions.js';
import { performanceWhere, requireRange } from './queries.js';
import { trafficDaily } from './schema.js';

type Sums = {
  currency: string;
  cost_currency: string;
  count: string;
  delivered: string;
  revenue: string;
  cost: string;
};

/** the figures of one group: a voice call counts as delivered when answered */
const SUMS =
  sql.raw(`currency, cost_currency, sum(count)::text as count, (sum(delivered) + sum(answered))::text as delivered,
  sum(revenue)::text as revenue, sum(cost)::text as cost`);

/** the figures of a group folded over its cost currencies (`foldCosts`) */
const figures = (x: ReturnType<typeof foldCosts<Sums>>[number]) => ({
  currency: x.currency,
  count: Number(x.count),
  delivered: Number(x.delivered),
  revenue: money6(x.revenue),
  costs: x.costs,
  cost: x.cost,
  profit: x.profit,
});
const SUMMED = ['count', 'delivered', 'revenue'] as const;

/**
 * c/performance/preview, r/performance/preview: the C-end or R-end customers of a range at a glance,
 * every product, from the daily rollup (the same filter as the daily results): totals with margin and
 * customers, by product, by sales (highest revenue first, names in the reader's language), by day;
 * each per price currency with its cost per currency (profit and margin only where every cost is in
 * the price's currency, decision 0105). Sales see their own customers (data scope on the owner).
 */
export async function performancePreview(
  db: Db,
  auth: AuthContext,
  q: PreviewQuery,
  customerType: 'C' | 'R',
  locale: Locale,
  rateOf: RateOf,
): Promise<PreviewAnswer> {
  const r = requireRange(q);
  const answer: PreviewAnswer = {
    from: r.from.toISOString(),
    to: r.to.toISOString(),
    totals: [],
    products: [],
    sales: [],
    days: [],
  };
  const where = await performanceWhere(db, auth, q, customerType);
  if (!where) return answer;
  const d = trafficDaily;
  const run = <R>(query: SQL) => db.execute(query).then((x) => rowsOf<R>(x));
  const [totals, products, owners, days, reach] = await Promise.all([
    run<Sums>(sql`select ${SUMS}
      from ${d} where ${where} group by currency, cost_currency order by currency, cost_currency`),
    run<Sums & { product: TrafficProduct }>(sql`select product, ${SUMS}
      from ${d} where ${where} group by product, currency, cost_currency order by product, currency, cost_currency`),
    run<Sums & { owner_id: number }>(sql`select owner_id, ${SUMS}
      from ${d} where ${where} group by owner_id, currency, cost_currency order by owner_id, currency, cost_currency`),
    run<Sums & { day: string }>(sql`select day::text as day, ${SUMS}
      from ${d} where ${where} group by day, currency, cost_currency order by day, currency, cost_currency`),
    // customers are counted once whatever the currency of their cost: per price currency, and per sales
    run<{ total: boolean; owner_id: number; currency: string; customers: string }>(sql`select
        grouping(owner_id) = 1 as total, owner_id, currency, count(distinct customer_id)::text as customers
      from ${d} where ${where} group by grouping sets ((currency), (owner_id, currency))`),
  ]);
  const customersOf = (currency: string, ownerId?: number) =>
    Number(
      reach.find(
        (x) =>
          x.currency === currency && (ownerId === undefined ? x.total : !x.total && Number(x.owner_id) === ownerId),
      )?.customers ?? 0,
    );
  const ids = [...new Set(owners.map((o) => Number(o.owner_id)))];
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: staffUsers.id, name: nameInSql(locale, staffUsers.name, staffUsers.nameEn) })
            .from(staffUsers)
            .where(inArray(staffUsers.id, ids))
        ).map((u) => [u.id, u.name]),
  );
  // the rate of the range's last day, a day's row at its own (decision 0129)
  const last = dayOf(new Date(r.to.getTime() - 1));
  const conv = <R extends { currency: string; revenue: string; costs: { currency: string; amount: string }[] }>(
    rows: R[],
    dayOfRow: (x: R) => string = () => last,
  ) => withConverted(rateOf, rows, dayOfRow);
  answer.totals = await conv(
    foldCosts(totals, () => '', SUMMED).map((x) => {
      const f = figures(x);
      const revenue = new Decimal(x.revenue);
      return {
        ...f,
        margin: f.profit === null || revenue.isZero() ? null : new Decimal(f.profit).times(100).div(revenue).toFixed(2),
        customers: customersOf(x.currency),
      };
    }),
  );
  answer.products = await conv(
    foldCosts(products, (x) => x.product, SUMMED).map((x) => ({ product: x.product, ...figures(x) })),
  );
  answer.sales = await conv(
    foldCosts(owners, (x) => String(x.owner_id), SUMMED)
      .map((x) => ({
        ownerId: Number(x.owner_id),
        name: names.get(Number(x.owner_id)) ?? null,
        customers: customersOf(x.currency, Number(x.owner_id)),
        ...figures(x),
      }))
      .sort((a, b) => new Decimal(b.revenue).comparedTo(a.revenue) || a.ownerId - b.ownerId),
  );
  answer.days = await conv(
    foldCosts(days, (x) => x.day, SUMMED).map((x) => ({ day: x.day, ...figures(x) })),
    (x) => x.day,
  );
  return answer;
}
