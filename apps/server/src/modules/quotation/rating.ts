import { Decimal } from 'decimal.js';
import type { Destination, Product } from '../../platform/ports.js';

/** Price arithmetic: 40 significant digits; amounts kept at 6 decimals, halves away from zero. */
export const Q = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type QDec = InstanceType<typeof Q>;
export const PRICE_DECIMALS = 6;
export const money = (d: QDec): string => d.toDecimalPlaces(PRICE_DECIMALS).toFixed(PRICE_DECIMALS);

/** One price row as the index holds it (times in epoch milliseconds, `until` exclusive). */
export interface IndexedRow {
  id: number;
  destKind: 'network' | 'country' | 'prefix' | 'any';
  dest: string;
  category: string;
  unitPrice: string;
  connectFee: string;
  firstIncrement: number;
  nextIncrement: number;
  currency: string;
  from: number;
  until: number | null;
}

const keyOf = (kind: string, dest: string, category: string) => `${kind}|${dest}|${category}`;

/**
 * One book of one product, indexed for lookups: every destination's rows oldest first, and the
 * longest prefix length, so a voice lookup tries at most that many map reads.
 */
export class BookIndex {
  private readonly rows = new Map<string, IndexedRow[]>();
  private maxPrefix = 0;
  readonly size: number;

  constructor(rows: readonly IndexedRow[]) {
    for (const r of rows) {
      const k = keyOf(r.destKind, r.dest, r.category);
      let list = this.rows.get(k);
      if (!list) {
        list = [];
        this.rows.set(k, list);
      }
      list.push(r);
      if (r.destKind === 'prefix' && r.dest.length > this.maxPrefix) this.maxPrefix = r.dest.length;
    }
    for (const list of this.rows.values()) list.sort((a, b) => a.from - b.from);
    this.size = rows.length;
  }

  /** the row of one destination key in force at `at` */
  private inForce(kind: string, dest: string, category: string, at: number): IndexedRow | undefined {
    const list = this.rows.get(keyOf(kind, dest, category));
    if (!list) return undefined;
    for (let i = list.length - 1; i >= 0; i--) {
      const r = list[i]!;
      if (r.from <= at) return r.until === null || at < r.until ? r : undefined;
    }
    return undefined;
  }

  /**
   * The row answering a destination at a time: voice by the longest prefix of the number;
   * messaging by network, then the country default; a category row before the category-less one;
   * a destination-less row (number rental, e-mail) last.
   */
  find(product: Product, d: Destination, at: number): IndexedRow | undefined {
    const cats = d.category ? [d.category, ''] : [''];
    for (const c of cats) {
      if (product === 'voice') {
        const n = d.number ?? '';
        for (let len = Math.min(this.maxPrefix, n.length); len > 0; len--) {
          const r = this.inForce('prefix', n.slice(0, len), c, at);
          if (r) return r;
        }
      } else {
        if (d.network) {
          const r = this.inForce('network', d.network, c, at);
          if (r) return r;
        }
        if (d.country) {
          const r = this.inForce('country', d.country, c, at);
          if (r) return r;
        }
      }
      const any = this.inForce('any', '', c, at);
      if (any) return any;
    }
    return undefined;
  }
}

/**
 * Units after increments: voice seconds as billed (the first increment, then whole next increments;
 * 0 seconds bill nothing), every other product as counted.
 */
export function billedUnits(product: Product, units: number, first: number, next: number): number {
  if (units <= 0) return 0;
  if (product !== 'voice') return units;
  if (units <= first) return first;
  return first + Math.ceil((units - first) / next) * next;
}

/** The charge of `units` by one row, in the row's currency, at 6 decimals. */
export function chargeOf(product: Product, row: IndexedRow, units: number) {
  const billed = billedUnits(product, units, row.firstIncrement, row.nextIncrement);
  const unit = new Q(row.unitPrice);
  let amount = product === 'voice' ? unit.mul(billed).div(60) : unit.mul(billed);
  if (product === 'voice' && billed > 0) amount = amount.add(row.connectFee);
  return { amount: amount.toDecimalPlaces(PRICE_DECIMALS), billed };
}
