import { Errors } from '@portal/contracts';
import type { ConvertedFigures, CostAmount } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';
import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AppError } from '../../platform/http/errors.js';
import { reference } from '../system/reference/index.js';
import { money6 } from './pages.js';

type Used = ConvertedFigures['rates'][number];
/** 1 `from` in `to` on `day`, or null where the reference room has no rate for it */
export type RateOf = (from: string, to: string, day: string) => Promise<Used | null>;

/** the reference room's rates, each pair and day asked once per request */
export function ratesOf(p: { db: Db; bus: EventBus }): RateOf {
  const seen = new Map<string, Promise<Used | null>>();
  return (from, to, day) => {
    const key = `${from}/${to}/${day}`;
    let answer = seen.get(key);
    if (!answer) {
      answer = reference(p)
        .rateAt(from, to, day)
        .then((r) => ({ from, to, day, rate: r.rate, effectiveDay: r.effectiveDay }))
        .catch((e: unknown) => {
          if (e instanceof AppError && e.def === Errors.REF_RATE_MISSING) return null;
          throw e;
        });
      seen.set(key, answer);
    }
    return answer;
  };
}

/**
 * The converted margin of one row (decision 0129): null where every cost is in the price's currency (its
 * `cost` and `profit` already are the figures); otherwise each cost in another currency converted at the
 * rate of `day`, the profit and margin of the converted sum, and the rates used. A currency without a rate
 * is listed in `missing`, and nothing is summed: a partial cost would overstate the profit.
 */
export async function convertRow(
  rateOf: RateOf,
  row: { currency: string; revenue: string; costs: CostAmount[] },
  day: string,
): Promise<ConvertedFigures | null> {
  const foreign = row.costs.filter((c) => c.currency !== row.currency);
  if (foreign.length === 0) return null;
  let cost = new Decimal(0);
  const rates: Used[] = [];
  const missing: string[] = [];
  for (const c of row.costs) {
    if (c.currency === row.currency) {
      cost = cost.plus(c.amount);
      continue;
    }
    const rate = await rateOf(c.currency, row.currency, day);
    if (!rate) missing.push(c.currency);
    else {
      rates.push(rate);
      cost = cost.plus(new Decimal(c.amount).times(rate.rate));
    }
  }
  if (missing.length) return { cost: null, profit: null, margin: null, rates, missing };
  const revenue = new Decimal(row.revenue);
  const profit = revenue.minus(cost);
  return {
    cost: money6(cost),
    profit: money6(profit),
    margin: revenue.isZero() ? null : profit.times(100).div(revenue).toFixed(2),
    rates,
    missing,
  };
}

/** every row with its converted figures (`dayOf`: the rate's day of a row) */
export const withConverted = <R extends { currency: string; revenue: string; costs: CostAmount[] }>(
  rateOf: RateOf,
  rows: R[],
  dayOf: (r: R) => string,
): Promise<(R & { converted: ConvertedFigures | null })[]> =>
  Promise.all(rows.map(async (r) => ({ ...r, converted: await convertRow(rateOf, r, dayOf(r)) })));
