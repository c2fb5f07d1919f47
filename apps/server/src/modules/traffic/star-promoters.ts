import type { Locale } from '@portal/contracts';
import type { StarPromoterPage, StarPromoterQuery, StarPromoterRow } from '@portal/contracts/traffic';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import { departmentNames, staffNames } from '../../platform/history/names.js';
import { fail } from '../../platform/http/errors.js';
import { promoterSignUps } from '../crm/index.js';
import { convertRow, type RateOf } from './converted.js';
import { money6 } from './pages.js';
import { dayOf } from './partitions.js';
import {
  addFigures,
  emptyFigures,
  type Figures,
  figureLines,
  levelSums,
  presentFigures,
  presentTotals,
} from './perf-figures.js';
import { requireRange } from './queries.js';

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
  // the promoters' customers' traffic, whoever owns them (the scope is on the promoter)
  const { level, day } = customerIds.length
    ? await levelSums(db, r, { by: 'customer', customerIds })
    : { level: [], day: dayOf(new Date(r.to.getTime() - 1)) };
  const byCustomer = new Map<number, typeof level>();
  for (const s of level) byCustomer.set(Number(s.key), [...(byCustomer.get(Number(s.key)) ?? []), s]);
  const totals = figureLines<{ promoters: Set<number> }>();
  for (const s of level) addFigures(totals.of(s.currency, s.currency, () => ({ promoters: new Set() })).f, s);
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
        const f = figures.get(s.currency) ?? emptyFigures(s.currency);
        figures.set(s.currency, f);
        addFigures(f, s);
        totals.lines.get(s.currency)?.promoters.add(p.userId);
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
      const figures = presentFigures(row.f);
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
    totals: await presentTotals(rateOf, totals.lines.values(), day, ({ promoters: ps }) => ({ promoters: ps.size })),
  };
}
