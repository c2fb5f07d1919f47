import type { ConvertedFigures } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { addCost, costList } from '../../platform/cost-amounts.js';
import type { Db } from '../../platform/db/index.js';
import type { TrafficSum, TrafficSumKey } from '../../platform/ports.js';
import { type RateOf, withConverted } from './converted.js';
import { money6 } from './pages.js';
import { dayOf } from './partitions.js';
import { reportSums } from './report-sums.js';

/**
 * The shared way of the computed performance views (gift-performance, ants, star promoters, agent
 * performance, number performance; decision 0148): read the level sums of a range, add them up into
 * figures per row and per currency, and present them as the contracts carry them.
 */

/** one row's traffic figures while a computed performance view adds them up: volume, revenue, cost per currency */
export type Figures = { currency: string; count: number; revenue: Decimal; costs: Map<string, Decimal> };
export const emptyFigures = (currency: string): Figures => ({
  currency,
  count: 0,
  revenue: new Decimal(0),
  costs: new Map(),
});
/** adds one of the traffic port's sums */
export const addFigures = (
  f: Figures,
  s: { count: number; revenue: Decimal.Value; costs: { currency: string; amount: Decimal.Value }[] },
) => {
  f.count += s.count;
  f.revenue = f.revenue.plus(s.revenue);
  for (const c of s.costs) addCost(f.costs, c.currency, c.amount);
};

/** adds another row's figures (a totals line) */
export const mergeFigures = (into: Figures, f: Figures) => {
  into.count += f.count;
  into.revenue = into.revenue.plus(f.revenue);
  for (const [c, v] of f.costs) addCost(into.costs, c, v);
};

/** cost and profit only where every cost is in the price's currency (decision 0105); converted beside (0129) */
export function presentFigures(f: Figures) {
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

/** a view's lines by key, each with its figures and the view's own parts (ids, sets, counters), made on first use */
export function figureLines<X extends object>() {
  const lines = new Map<string, { f: Figures } & X>();
  return {
    lines,
    /** the line of `key`: made with figures in `currency` and `extra()` when new */
    of(key: string, currency: string, extra: () => X) {
      let line = lines.get(key);
      if (!line) {
        line = { f: emptyFigures(currency), ...extra() };
        lines.set(key, line);
      }
      return line;
    },
  };
}

/** lines in the order of their currency */
export const byCurrency = (a: { f: Figures }, b: { f: Figures }) => a.f.currency.localeCompare(b.f.currency);

/**
 * The totals per currency as the contracts carry them: sorted by currency, each presented with the view's
 * own parts (`more`) and converted at the rates of `day` (the range's last day, decision 0129).
 */
export function presentTotals<L extends { f: Figures }, M extends object>(
  rateOf: RateOf,
  totals: Iterable<L>,
  day: string,
  more: (line: L) => M,
): Promise<(ReturnType<typeof presentFigures> & M & { converted: ConvertedFigures | null })[]> {
  return withConverted(
    rateOf,
    [...totals].sort(byCurrency).map((line) => ({ ...presentFigures(line.f), ...more(line) })),
    () => day,
  );
}

/**
 * The traffic port's level sums of a range's whole UTC days (ten-day blocks of the rollup and its edge
 * days, never raw records), grouped by `by`: the group rows only (`key` set). `last` is the range's last
 * instant and `day` its UTC day (the rates' day).
 */
export async function levelSums(
  db: Db,
  range: { from: Date; to: Date },
  q: {
    by: TrafficSumKey;
    scope?: AuthContext;
    ownerIds?: number[];
    customerIds?: number[];
    accountIds?: number[];
  },
): Promise<{ level: TrafficSum[]; last: Date; day: string }> {
  const last = new Date(range.to.getTime() - 1);
  const sums = await reportSums(db)({ ...q, from: range.from, to: last, splitAt: dayOf(range.from) });
  return { level: sums.filter((s) => s.day === null && s.key), last, day: dayOf(last) };
}
