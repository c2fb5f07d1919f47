import type { Locale } from '@portal/contracts';
import type { StarPromoterPage, StarPromoterQuery, StarPromoterRow } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { addCost, costList } from '../../platform/cost-amounts.js';
import type { Db } from '../../platform/db/index.js';
import { departmentNames, staffNames } from '../../platform/history/names.js';
import { fail } from '../../platform/http/errors.js';
import { promoterSignUps } from '../crm/index.js';
import { convertRow, type RateOf } from './converted.js';
import { money6 } from './pages.js';
import { dayOf } from './partitions.js';
import { requireRange } from './queries.js';
import { reportSums } from './report-sums.js';

type Figures = { currency: string; count: number; revenue: Decimal; costs: Map<string, Decimal> };
const empty = (currency: string): Figures => ({ currency, count: 0, revenue: new Decimal(0), costs: new Map() });
const add = (f: Figures, s: { count: number; revenue: string; costs: { currency: string; amount: string }[] }) => {
  f.count += s.count;
  f.revenue = f.revenue.plus(s.revenue);
  for (const c of s.costs) addCost(f.costs, c.currency, c.amount);
};

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
 * star-promoter-performance (decision 0136): per promoter — the staff member whose promotion link the
 * customers signed up through (CRM, in the caller's data scope on the promoter) — its sign-ups of the
 * range, how many became customers, and its customers' traffic in the range per price currency from the
 * traffic port's level sums by customer (ten-day blocks and edge days, never raw records). A row per
 * promoter and currency, ranked per currency by revenue (largest first); a promoter whose customers had no
 * traffic has one row without a currency, after the others. A customer brought by two promoters counts
 * for each; the totals count it once.
 */
export async function starPromoters(
  db: Db,
  auth: AuthContext,
  q: StarPromoterQuery,
  rateOf: RateOf,
  locale: Locale,
  all = false,
): Promise<StarPromoterPage> {
  const r = requireRange(q);
  if (q.promoterId !== undefined && !(await staffNames(db, [q.promoterId], locale)).has(q.promoterId))
    return fail('TRF_PROMOTER_UNKNOWN', { vars: { value: q.promoterId } });
  if (q.departmentId !== undefined && !(await departmentNames(db, [q.departmentId], locale)).has(q.departmentId))
    return fail('TRF_DEPARTMENT_UNKNOWN', { vars: { value: q.departmentId } });
  const promoters = await promoterSignUps(db, {
    from: r.from,
    to: r.to,
    scope: auth,
    userId: q.promoterId,
    departmentId: q.departmentId,
  });
  const customerIds = [...new Set(promoters.flatMap((p) => p.customerIds))];
  const last = new Date(r.to.getTime() - 1);
  const sums = customerIds.length
    ? await reportSums(db)({ from: r.from, to: last, customerIds, by: 'customer', splitAt: dayOf(r.from) })
    : [];
  const byCustomer = new Map<number, typeof sums>();
  for (const s of sums) {
    if (s.day !== null || !s.key) continue;
    const id = Number(s.key);
    byCustomer.set(id, [...(byCustomer.get(id) ?? []), s]);
  }
  const totals = new Map<string, { f: Figures; promoters: Set<number> }>();
  for (const list of byCustomer.values())
    for (const s of list) {
      const t = totals.get(s.currency) ?? { f: empty(s.currency), promoters: new Set<number>() };
      totals.set(s.currency, t);
      add(t.f, s);
    }
  type Row = { promoterId: number; signUps: number; customers: number; dealt: number; f: Figures | null };
  const rows: Row[] = [];
  const counts = { signUps: 0, customers: 0, dealt: new Set<number>(), promoters: 0 };
  for (const p of promoters) {
    const figures = new Map<string, Figures>();
    let dealt = 0;
    for (const id of p.customerIds) {
      const list = byCustomer.get(id) ?? [];
      if (list.some((s) => s.count > 0)) {
        dealt++;
        counts.dealt.add(id);
      }
      for (const s of list) {
        const f = figures.get(s.currency) ?? empty(s.currency);
        figures.set(s.currency, f);
        add(f, s);
        totals.get(s.currency)?.promoters.add(p.userId);
      }
    }
    if (p.signUps === 0 && figures.size === 0) continue;
    counts.signUps += p.signUps;
    counts.customers += p.converted;
    counts.promoters++;
    const base = { promoterId: p.userId, signUps: p.signUps, customers: p.converted, dealt };
    if (figures.size === 0) rows.push({ ...base, f: null });
    for (const f of figures.values()) rows.push({ ...base, f });
  }
  rows.sort((a, b) => {
    if (!a.f || !b.f) return (a.f ? 0 : 1) - (b.f ? 0 : 1) || b.signUps - a.signUps || a.promoterId - b.promoterId;
    return (
      a.f.currency.localeCompare(b.f.currency) ||
      b.f.revenue.comparedTo(a.f.revenue) ||
      b.f.count - a.f.count ||
      a.promoterId - b.promoterId
    );
  });
  const ranks = new Map<string, number>();
  const ranked = rows.map((row) => {
    if (!row.f) return { row, rank: null };
    const rank = (ranks.get(row.f.currency) ?? 0) + 1;
    ranks.set(row.f.currency, rank);
    return { row, rank };
  });
  const page = all ? ranked : ranked.slice((q.page - 1) * q.size, q.page * q.size);
  const names = await staffNames(db, [...new Set(page.map((x) => x.row.promoterId))], locale);
  const day = dayOf(last);
  const records: StarPromoterRow[] = await Promise.all(
    page.map(async ({ row, rank }) => {
      const head = {
        rank,
        promoterId: row.promoterId,
        name: names.get(row.promoterId) ?? null,
        signUps: row.signUps,
        customers: row.customers,
        dealt: row.dealt,
      };
      if (!row.f)
        return {
          ...head,
          currency: null,
          count: 0,
          revenue: money6(0),
          costs: [],
          cost: null,
          profit: null,
          converted: null,
        };
      const figures = present(row.f);
      return { ...head, ...figures, converted: await convertRow(rateOf, figures, day) };
    }),
  );
  return {
    records,
    total: rows.length,
    page: q.page,
    size: q.size,
    counts: {
      signUps: counts.signUps,
      customers: counts.customers,
      dealt: counts.dealt.size,
      promoters: counts.promoters,
    },
    totals: await Promise.all(
      [...totals.values()]
        .sort((a, b) => a.f.currency.localeCompare(b.f.currency))
        .map(async ({ f, promoters: ps }) => {
          const figures = present(f);
          return { ...figures, promoters: ps.size, converted: await convertRow(rateOf, figures, day) };
        }),
    ),
  };
}
