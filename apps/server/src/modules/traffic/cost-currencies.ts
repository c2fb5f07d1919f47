import type { CostAmount } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import { addCost, costList } from '../../platform/cost-amounts.js';
import { money6 } from './pages.js';

/** a rollup group as the database answers it, one row per cost currency: sums as text */
type Split = { currency: string; cost_currency: string; revenue: string; cost: string };

/**
 * Cost in its own currency (decision 0105). The rollups carry the price's currency and the cost's;
 * a query groups by both, and this folds the rows of one group and price currency back into one:
 * the `sums` added up, the cost kept per currency (`costs`, amounts other than zero, by currency).
 * `cost` and `profit` only where every cost is in the price's currency (or there is none); otherwise
 * null: an amount in one currency is never added to or taken from one in another.
 */
export function foldCosts<R extends Split>(
  rows: R[],
  groupOf: (r: R) => string,
  sums: readonly (keyof R & string)[],
): (Omit<R, 'cost'> & { costs: CostAmount[]; cost: string | null; profit: string | null })[] {
  const out = new Map<string, { row: R; costs: Map<string, Decimal> }>();
  for (const r of rows) {
    const key = `${groupOf(r)}\u0000${r.currency}`;
    const seen = out.get(key);
    if (!seen) out.set(key, { row: { ...r }, costs: new Map([[r.cost_currency, new Decimal(r.cost)]]) });
    else {
      const row = seen.row as Record<string, unknown>;
      for (const k of sums) row[k] = new Decimal(String(row[k] ?? 0)).plus(String(r[k] ?? 0)).toString();
      addCost(seen.costs, r.cost_currency, r.cost);
    }
  }
  return [...out.values()].map(({ row, costs }) => {
    const list = costList(costs);
    const own = list.every((c) => c.currency === row.currency);
    const cost = costs.get(row.currency) ?? new Decimal(0);
    return {
      ...row,
      costs: list,
      cost: own ? money6(cost) : null,
      profit: own ? money6(new Decimal(row.revenue).minus(cost)) : null,
    };
  });
}
