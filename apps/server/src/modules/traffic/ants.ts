import type { AntsPage, AntsQuery } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { addCost, costList } from '../../platform/cost-amounts.js';
import type { Db } from '../../platform/db/index.js';
import { customerFacts } from '../crm/index.js';
import { type RateOf, withConverted } from './converted.js';
import { money6 } from './pages.js';
import { dayOf } from './partitions.js';
import { requireRange } from './queries.js';
import { reportSums } from './report-sums.js';

type Figures = { currency: string; count: number; revenue: Decimal; costs: Map<string, Decimal> };
const empty = (currency: string): Figures => ({ currency, count: 0, revenue: new Decimal(0), costs: new Map() });

/** cost and profit only where every cost is in the price's currency (decision 0105); converted beside (0129) */
function present(f: Figures) {
  const costs = costList(f.costs);
  const own = costs.every((c) => c.currency === f.currency);
  const cost = f.costs.get(f.currency) ?? new Decimal(0);
  return {
    currency: f.currency,
    count: f.count,
    revenue: money6(f.revenue),
    costs,
    cost: own ? money6(cost) : null,
    profit: own ? money6(f.revenue.minus(cost)) : null,
  };
}

/**
 * resultsQuery/ants (decision 0129): the "ant" customers of a range — those whose volume over every sent
 * product and currency is more than none and at most `maxCount` — per customer and price currency, from
 * the traffic port's level sums by customer (ten-day blocks of the account rollup and its edge days, never
 * raw records) in the caller's data scope. Largest volume first; the totals per currency set the ants'
 * revenue against that of every customer in scope.
 */
export async function ants(db: Db, auth: AuthContext, q: AntsQuery, rateOf: RateOf): Promise<AntsPage> {
  const r = requireRange(q);
  const last = new Date(r.to.getTime() - 1);
  const sums = await reportSums(db)({
    from: r.from,
    to: last,
    scope: auth,
    ownerIds: q.ownerId !== undefined ? [q.ownerId] : undefined,
    by: 'customer',
    splitAt: dayOf(r.from),
  });
  const level = sums.filter((s) => s.day === null && s.key);
  const volume = new Map<number, number>();
  for (const s of level) volume.set(Number(s.key), (volume.get(Number(s.key)) ?? 0) + s.count);
  const rows = new Map<string, { customerId: number; f: Figures }>();
  const totals = new Map<string, { f: Figures; customers: Set<number>; all: Decimal }>();
  for (const s of level) {
    const id = Number(s.key);
    const total = totals.get(s.currency) ?? { f: empty(s.currency), customers: new Set<number>(), all: new Decimal(0) };
    totals.set(s.currency, total);
    total.all = total.all.plus(s.revenue);
    const v = volume.get(id) ?? 0;
    if (v <= 0 || v > q.maxCount) continue;
    const key = `${id}|${s.currency}`;
    const row = rows.get(key) ?? { customerId: id, f: empty(s.currency) };
    rows.set(key, row);
    total.customers.add(id);
    for (const f of [row.f, total.f]) {
      f.count += s.count;
      f.revenue = f.revenue.plus(s.revenue);
      for (const c of s.costs) addCost(f.costs, c.currency, c.amount);
    }
  }
  const sorted = [...rows.values()].sort(
    (a, b) => b.f.count - a.f.count || a.customerId - b.customerId || a.f.currency.localeCompare(b.f.currency),
  );
  const page = sorted.slice((q.page - 1) * q.size, q.page * q.size);
  const facts = await customerFacts(db, [...new Set(page.map((x) => x.customerId))]);
  const day = dayOf(last);
  return {
    records: await withConverted(
      rateOf,
      page.map(({ customerId, f }) => ({
        customerId,
        code: facts.get(customerId)?.code ?? null,
        name: facts.get(customerId)?.name ?? null,
        ...present(f),
      })),
      () => day,
    ),
    total: sorted.length,
    page: q.page,
    size: q.size,
    totals: await withConverted(
      rateOf,
      [...totals.values()]
        .filter((x) => x.customers.size > 0)
        .sort((a, b) => a.f.currency.localeCompare(b.f.currency))
        .map(({ f, customers, all }) => ({
          ...present(f),
          customers: customers.size,
          allRevenue: money6(all),
          share: all.isZero() ? null : f.revenue.times(100).div(all).toFixed(2),
        })),
      () => day,
    ),
  };
}
