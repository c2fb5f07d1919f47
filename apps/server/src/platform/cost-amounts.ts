import type { CostAmount } from '@portal/contracts/traffic';
import { Decimal } from 'decimal.js';

/**
 * Cost kept per currency (decisions 0105, 0109): traffic's performance views and the reports add cost
 * into a map by currency and hand it on as this list, never one amount made of several currencies.
 */

/** adds an amount in `currency` to the running cost per currency */
export const addCost = (costs: Map<string, Decimal>, currency: string, amount: Decimal.Value) =>
  costs.set(currency, (costs.get(currency) ?? new Decimal(0)).plus(amount));

/** the cost per currency as the contracts carry it: amounts other than zero, six places, by currency */
export const costList = (costs: Map<string, Decimal>): CostAmount[] =>
  [...costs]
    .filter(([, v]) => !v.isZero())
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, v]) => ({ currency, amount: v.toFixed(6) }));
