import { Decimal } from 'decimal.js';
import { addCost, costList } from '../../platform/cost-amounts.js';
import { money6 } from './pages.js';

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
  s: { count: number; revenue: string; costs: { currency: string; amount: string }[] },
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
