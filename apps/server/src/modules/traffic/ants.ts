import type { AntsPage, AntsQuery } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import { customerFacts } from '../crm/index.js';
import { type RateOf, withConverted } from './converted.js';
import { money6 } from './pages.js';
import { addFigures, figureLines, levelSums, presentFigures, presentTotals } from './perf-figures.js';
import { requireRange } from './queries.js';

/**
 * resultsQuery/ants (decision 0129): the "ant" customers of a range — those whose volume over every sent
 * product and currency is more than none and at most `maxCount` — per customer and price currency, from
 * the traffic port's level sums by customer (ten-day blocks of the account rollup and its edge days, never
 * raw records) in the caller's data scope. Largest volume first; the totals per currency set the ants'
 * revenue against that of every customer in scope.
 */
export async function ants(db: Db, auth: AuthContext, q: AntsQuery, rateOf: RateOf): Promise<AntsPage> {
  const { level, day } = await levelSums(db, requireRange(q), {
    by: 'customer',
    scope: auth,
    ownerIds: q.ownerId !== undefined ? [q.ownerId] : undefined,
  });
  const volume = new Map<number, number>();
  for (const s of level) volume.set(Number(s.key), (volume.get(Number(s.key)) ?? 0) + s.count);
  const rows = figureLines<{ customerId: number }>();
  const totals = figureLines<{ customers: Set<number>; all: Decimal }>();
  for (const s of level) {
    const id = Number(s.key);
    const total = totals.of(s.currency, s.currency, () => ({ customers: new Set(), all: new Decimal(0) }));
    total.all = total.all.plus(s.revenue);
    const v = volume.get(id) ?? 0;
    if (v <= 0 || v > q.maxCount) continue;
    const row = rows.of(`${id}|${s.currency}`, s.currency, () => ({ customerId: id }));
    total.customers.add(id);
    addFigures(row.f, s);
    addFigures(total.f, s);
  }
  const sorted = [...rows.lines.values()].sort(
    (a, b) => b.f.count - a.f.count || a.customerId - b.customerId || a.f.currency.localeCompare(b.f.currency),
  );
  const page = sorted.slice((q.page - 1) * q.size, q.page * q.size);
  const facts = await customerFacts(db, [...new Set(page.map((x) => x.customerId))]);
  return {
    records: await withConverted(
      rateOf,
      page.map(({ customerId, f }) => ({
        customerId,
        code: facts.get(customerId)?.code ?? null,
        name: facts.get(customerId)?.name ?? null,
        ...presentFigures(f),
      })),
      () => day,
    ),
    total: sorted.length,
    page: q.page,
    size: q.size,
    totals: await presentTotals(
      rateOf,
      [...totals.lines.values()].filter((x) => x.customers.size > 0),
      day,
      ({ f, customers, all }) => ({
        customers: customers.size,
        allRevenue: money6(all),
        share: all.isZero() ? null : f.revenue.times(100).div(all).toFixed(2),
      }),
    ),
  };
}
