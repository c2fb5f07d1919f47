import { formatNumber } from '@portal/contracts';
import type { ReportFigures, ReportMeasure } from '@portal/contracts/reports';

const PCT = new Set<ReportMeasure>(['deliveryRate', 'margin', 'readRate']);
const MONEY = new Set<ReportMeasure>(['revenue', 'cost', 'profit', 'consumption', 'balance', 'minutes']);
/** the measures that are "-" where some cost is in another currency than the revenue (decision 0109) */
export const MONEY_APART = new Set<ReportMeasure>(['cost', 'profit', 'margin']);

/**
 * some cost is in another currency than the revenue: no cost, profit or margin (the contracts' `costApart`,
 * not imported: a value from `@portal/contracts/reports` here reshaped the chunks and grew the shell's entry)
 */
export const costIsApart = (f: ReportFigures) => f.cost === null && f.costs.length > 0;

const fixed2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** one value of a measure as the table shows it; "-" for none */
export const show = (m: ReportMeasure, v: string | number | null) =>
  v == null
    ? '-'
    : m === 'firstDay'
      ? String(v)
      : PCT.has(m)
        ? `${fixed2.format(Number(v))}%`
        : MONEY.has(m)
          ? fixed2.format(Number(v))
          : formatNumber(v, 1);

/**
 * A measure of a row as the lines of its cell: the cost in other currencies than the revenue as each
 * currency's amount, one a line ("60.00 EUR"), never added up or converted; profit and margin then "-".
 */
export function figureLines(m: ReportMeasure, f: ReportFigures): string[] {
  if (m === 'cost' && costIsApart(f)) return f.costs.map((c) => `${fixed2.format(Number(c.amount))} ${c.currency}`);
  return [show(m, f[m])];
}
