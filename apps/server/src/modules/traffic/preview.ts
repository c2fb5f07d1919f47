import type { Locale } from '@portal/contracts';
import type { PreviewAnswer, PreviewQuery, TrafficProduct } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { nameInSql } from '../../platform/i18n/names.js';
import { money6, profitOf } from './pages.js';
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

const figures = (x: Sums) => ({
  currency: x.currency,
  costCurrency: x.cost_currency,
  count: Number(x.count),
  delivered: Number(x.delivered),
  revenue: money6(x.revenue),
  cost: money6(x.cost),
  profit: profitOf(x),
});

/**
 * c/performance/preview, r/performance/preview: the C-end or R-end customers of a range at a glance,
 * every product, from the daily rollup (the same filter as the daily results): totals with margin and
 * customers, by product, by sales (highest revenue first, names in the reader's language), by day;
 * each per price currency and cost currency (profit and margin only where the two are one, decision
 * 0105). Sales see their own customers (data scope on the owner).
 */
export async function performancePreview(
  db: Db,
  auth: AuthContext,
  q: PreviewQuery,
  customerType: 'C' | 'R',
  locale: Locale,
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
  const [totals, products, owners, days] = await Promise.all([
    run<Sums & { customers: string }>(sql`select ${SUMS}, count(distinct customer_id)::text as customers
      from ${d} where ${where} group by currency, cost_currency order by currency, cost_currency`),
    run<Sums & { product: TrafficProduct }>(sql`select product, ${SUMS}
      from ${d} where ${where} group by product, currency, cost_currency order by product, currency, cost_currency`),
    run<Sums & { owner_id: number; customers: string }>(sql`select owner_id, ${SUMS},
        count(distinct customer_id)::text as customers
      from ${d} where ${where} group by owner_id, currency, cost_currency
      order by sum(revenue) desc, owner_id, currency, cost_currency`),
    run<Sums & { day: string }>(sql`select day::text as day, ${SUMS}
      from ${d} where ${where} group by day, currency, cost_currency order by day, currency, cost_currency`),
  ]);
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
  answer.totals = totals.map((x) => {
    const f = figures(x);
    const revenue = new Decimal(x.revenue);
    return {
      ...f,
      margin: f.profit === null || revenue.isZero() ? null : new Decimal(f.profit).times(100).div(revenue).toFixed(2),
      customers: Number(x.customers),
    };
  });
  answer.products = products.map((x) => ({ product: x.product, ...figures(x) }));
  answer.sales = owners.map((x) => ({
    ownerId: Number(x.owner_id),
    name: names.get(Number(x.owner_id)) ?? null,
    customers: Number(x.customers),
    ...figures(x),
  }));
  answer.days = days.map((x) => ({ day: x.day, ...figures(x) }));
  return answer;
}
