import { Decimal } from 'decimal.js';

/** An amount as the traffic screens answer it: a decimal string with 6 places (none → "0.000000"). */
export const money6 = (v: Decimal.Value | null | undefined): string => new Decimal(v ?? 0).toFixed(6);

/** a totals row as the database answers it: counts and sums as text, absent when nothing matched */
type TotalsRow<C extends string, M extends string> = { [K in C | M]: string | number } | undefined;

/**
 * The answer of a record query view: one page of records, the number of records of the whole
 * filter (`total`, the first of `counts`) and the filter's totals — counts as numbers, money
 * to 6 decimals. Shared by the SMS, voice and message (WhatsApp / mail / MO) record screens.
 */
export function pageWithTotals<R, C extends string, M extends string>(
  records: R[],
  tot: TotalsRow<C, M>,
  q: { page: number; size: number },
  shape: { counts: readonly [C, ...C[]]; money: readonly M[] },
): {
  records: R[];
  total: number;
  page: number;
  size: number;
  totals: { [K in C]: number } & { [K in M]: string };
} {
  const totals = {} as Record<string, number | string>;
  for (const c of shape.counts) totals[c] = Number(tot?.[c] ?? 0);
  for (const m of shape.money) totals[m] = money6(tot?.[m]);
  return {
    records,
    total: totals[shape.counts[0]] as number,
    page: q.page,
    size: q.size,
    totals: totals as { [K in C]: number } & { [K in M]: string },
  };
}
