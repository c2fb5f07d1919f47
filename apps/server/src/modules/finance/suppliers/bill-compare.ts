import {
  beyondTolerance,
  DEFAULT_TOLERANCE,
  SUPPLIER_CHANNEL_PRODUCT,
  type SupplierProduct,
} from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../platform/db/index.js';
import { portOf } from '../../../platform/ports.js';
import { channelRefs } from '../../srm/index.js';
import { finReconConfig } from './schema.js';

/** What a bill compares: the supplier, product, currency and period. */
export interface BillScope {
  supplierId: number;
  product: SupplierProduct;
  currency: string;
  periodFrom: string;
  periodTo: string;
}

/** One of their lines: amount in minor units of the bill's currency. */
export interface TheirLine {
  day: string;
  country: string;
  count: number;
  amount: number;
}

/** Our side of one day and country: billed units and cost in minor units. */
export interface OurLine {
  day: string;
  country: string;
  count: number;
  cost: number;
}

export interface ComparedLine {
  day: string;
  country: string;
  theirCount: number;
  ourCount: number;
  theirAmount: number;
  ourCost: number;
  difference: number;
  flagged: boolean;
}

/** minor units (2 decimals) of a decimal, half away from zero */
const toMinor = (v: Decimal.Value) => new Decimal(v).mul(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

/** The product's `recon-config` tolerance, or the default when it has no row. */
export async function toleranceOf(db: DbOrTx, product: SupplierProduct) {
  const [row] = await db
    .select({ pct: finReconConfig.tolerancePct, amount: finReconConfig.toleranceAmount })
    .from(finReconConfig)
    .where(eq(finReconConfig.product, product));
  return row ? { pct: Number(row.pct), amount: Number(row.amount) } : { ...DEFAULT_TOLERANCE };
}

/**
 * Our side of a bill, per day and destination: the billed units and rated cost of the supplier's
 * channels of the product in the bill's currency, read through traffic's port in the caller's
 * transaction (an embedded database has one connection). Cost rounded to minor units per line.
 */
export async function ourCosts(tx: Tx, scope: BillScope): Promise<Map<string, OurLine>> {
  const traffic = portOf(tx, 'traffic');
  const channelProduct = SUPPLIER_CHANNEL_PRODUCT[scope.product];
  const channelIds = (await channelRefs(tx))
    .filter((c) => c.supplierId === scope.supplierId && c.product === channelProduct)
    .map((c) => c.id);
  const rows = traffic?.costByCountry
    ? await traffic.costByCountry({
        from: scope.periodFrom,
        to: scope.periodTo,
        channelIds,
        product: channelProduct,
        costCurrency: scope.currency,
      })
    : [];
  return new Map<string, OurLine>(
    rows.map((r) => [
      `${r.day} ${r.country}`,
      { day: r.day, country: r.country, count: Number(r.units), cost: toMinor(r.cost) },
    ]),
  );
}

/**
 * Their lines beside ours: one line per day and country on either side (ours without theirs is a
 * line they did not bill), the difference theirs − ours and the flag beyond the tolerance.
 */
export function compareLines(
  theirs: readonly TheirLine[],
  ours: ReadonlyMap<string, OurLine>,
  tolerance: { pct: number; amount: number },
): ComparedLine[] {
  const keys = new Set([...theirs.map((t) => `${t.day} ${t.country}`), ...ours.keys()]);
  const byKey = new Map(theirs.map((t) => [`${t.day} ${t.country}`, t]));
  return [...keys].sort().map((key) => {
    const [day, country] = key.split(' ') as [string, string];
    const t = byKey.get(key);
    const o = ours.get(key);
    const theirAmount = t?.amount ?? 0;
    const ourCost = o?.cost ?? 0;
    const difference = theirAmount - ourCost;
    return {
      day,
      country,
      theirCount: t?.count ?? 0,
      ourCount: o?.count ?? 0,
      theirAmount,
      ourCost,
      difference,
      flagged: beyondTolerance(difference, ourCost, tolerance),
    };
  });
}

/** A bill's totals from its compared lines. */
export const billTotals = (lines: readonly ComparedLine[]) => ({
  theirAmount: lines.reduce((s, l) => s + l.theirAmount, 0),
  ourCost: lines.reduce((s, l) => s + l.ourCost, 0),
  difference: lines.reduce((s, l) => s + l.difference, 0),
  lines: lines.length,
  flagged: lines.filter((l) => l.flagged).length,
});
