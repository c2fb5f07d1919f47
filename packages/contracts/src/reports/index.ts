import { z } from 'zod';
import { int32Id, int53 } from '../validation/scalars.js';
import { MAX_REPORT_DAYS, PERIODS, REPORT_DIMS, type ReportDef, type ReportDim } from './defs.js';

export * from './defs.js';

const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** A report's query: the period, the level shown and the values fixed by drilling down. */
export const reportQuery = z.object({
  period: z.enum(PERIODS).default('day'),
  /** any day of the period (day / week / month); today (UTC) when absent */
  date: ymd.optional(),
  /** custom period, both days included */
  from: ymd.optional(),
  to: ymd.optional(),
  /** drill-down values, in the report's dimension order */
  owner: int32Id().optional(),
  customer: int32Id().optional(),
  supplier: int32Id().optional(),
  channel: int32Id().optional(),
  /** MCC+MNC; '' is traffic whose network is not known */
  network: z
    .string()
    .regex(/^(\d{5,6})?$/, 'MCC+MNC')
    .optional(),
  account: int32Id().optional(),
  /** WhatsApp conversation category; '' is messages without one */
  category: z
    .string()
    .regex(/^[a-z_]{0,32}$/, 'category')
    .optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2')
    .optional(),
});
export type ReportQuery = z.infer<typeof reportQuery>;

const money = z.string();
/**
 * an amount of cost in its own currency, the shape of traffic's `costAmount` (decision 0105), declared here: a
 * module shared by the reports' and the traffic screens became its own chunk, and every chunk costs the shell's entry
 */
const costAmount = z.object({ currency: z.string(), amount: z.string() });
const pct = z.string().nullable();
export const reportFigures = z.object({
  count: int53(),
  delivered: int53(),
  /** %, two decimals */
  deliveryRate: pct,
  revenue: money,
  /**
   * Cost in its own currency (decision 0109, as 0105 for the performance views): revenue is in the row's
   * `currency` (the price's); `costs` the cost per currency (amounts other than zero); `cost`, `profit`
   * and `margin` only where every cost is in the price's currency, else null (nothing is converted).
   */
  costs: z.array(costAmount),
  cost: money.nullable(),
  profit: money.nullable(),
  /** profit / revenue, %, two decimals */
  margin: pct,
  /** what the ledger is charged: the revenue of the rated traffic */
  consumption: money,
  balance: money.nullable(),
  creditLine: money.nullable(),
  /** days the balance (plus credit) lasts at the period's average daily consumption */
  daysLeft: z.string().nullable(),
  /** ramp-up: the first day with traffic in the period (the earliest of the group's accounts) */
  firstDay: z.string().nullable(),
  /** voice: billed minutes, two decimals (0 for SMS) */
  minutes: z.string(),
  /** voice: average billed seconds of an answered call, one decimal */
  acd: z.string().nullable(),
  /** WhatsApp: conversations opened (their first message in the group and period) */
  sessions: int53(),
  /** WhatsApp: messages read */
  read: int53(),
  /** WhatsApp: read / messages, %, two decimals */
  readRate: pct,
  /** SMS: average seconds from submit to the delivery report of the delivered parts, one decimal */
  dlrTime: z.string().nullable(),
});
export type ReportFigures = z.infer<typeof reportFigures>;

/** some cost of these figures is in another currency than their revenue: no cost, profit or margin shown */
export const costApart = (f: Pick<ReportFigures, 'cost' | 'costs'>) => f.cost === null && f.costs.length > 0;
/** the cost as a file or mail shows it: the amount, or each currency's amount ("0.060000 EUR; …") when apart */
export const costText = (f: Pick<ReportFigures, 'cost' | 'costs'>): string | null =>
  costApart(f) ? f.costs.map((c) => `${c.amount} ${c.currency}`).join('; ') : f.cost;

export const reportRow = reportFigures.extend({
  key: z.string(),
  label: z.string(),
  currency: z.string(),
  /** the same figures of the previous period */
  prev: reportFigures,
});
export type ReportRow = z.infer<typeof reportRow>;

export const reportAnswer = z.object({
  from: ymd,
  to: ymd,
  prevFrom: ymd,
  prevTo: ymd,
  /** the level the rows are grouped by */
  dim: z.enum(REPORT_DIMS),
  rows: z.array(reportRow),
  /** per currency */
  totals: z.array(reportRow),
  /** per day of the period (index 0 = first day), for the chart: the main currency's figures */
  series: z.array(z.object({ day: ymd, current: reportFigures, prev: reportFigures })),
  currency: z.string().nullable(),
});
export type ReportAnswer = z.infer<typeof reportAnswer>;

const DAY = 86_400_000;
const dayMs = (s: string) => Date.parse(`${s}T00:00:00Z`);
export const ymdOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const valid = (s: string) => !Number.isNaN(dayMs(s)) && ymdOf(dayMs(s)) === s;

export type PeriodRange = { from: string; to: string; prevFrom: string; prevTo: string };

/**
 * The days of a period (both ends included) and the period before it: the day before, the
 * previous calendar week (weeks start on Monday), the previous calendar month, or as many days
 * just before a custom range. Answers the error to give instead when the query is not valid.
 */
export function periodRange(
  q: Pick<ReportQuery, 'period' | 'date' | 'from' | 'to'>,
  today: string,
): PeriodRange | { error: 'RPT_PERIOD_INVALID' | 'RPT_RANGE_TOO_LONG'; value: string } {
  if (q.period === 'custom') {
    if (!q.from || !q.to || !valid(q.from) || !valid(q.to) || q.from > q.to)
      return { error: 'RPT_PERIOD_INVALID', value: `${q.from ?? ''}~${q.to ?? ''}` };
    const days = (dayMs(q.to) - dayMs(q.from)) / DAY + 1;
    if (days > MAX_REPORT_DAYS) return { error: 'RPT_RANGE_TOO_LONG', value: String(MAX_REPORT_DAYS) };
    return {
      from: q.from,
      to: q.to,
      prevFrom: ymdOf(dayMs(q.from) - days * DAY),
      prevTo: ymdOf(dayMs(q.from) - DAY),
    };
  }
  const anchor = q.date ?? today;
  if (!valid(anchor)) return { error: 'RPT_PERIOD_INVALID', value: anchor };
  const a = new Date(dayMs(anchor));
  if (q.period === 'day')
    return { from: anchor, to: anchor, prevFrom: ymdOf(a.getTime() - DAY), prevTo: ymdOf(a.getTime() - DAY) };
  if (q.period === 'week') {
    const monday = a.getTime() - ((a.getUTCDay() + 6) % 7) * DAY;
    return {
      from: ymdOf(monday),
      to: ymdOf(monday + 6 * DAY),
      prevFrom: ymdOf(monday - 7 * DAY),
      prevTo: ymdOf(monday - DAY),
    };
  }
  const y = a.getUTCFullYear();
  const m = a.getUTCMonth();
  return {
    from: ymdOf(Date.UTC(y, m, 1)),
    to: ymdOf(Date.UTC(y, m + 1, 0)),
    prevFrom: ymdOf(Date.UTC(y, m - 1, 1)),
    prevTo: ymdOf(Date.UTC(y, m, 0)),
  };
}

/** The level a query shows: the first dimension not fixed by a drill value; drill values must follow the order. */
export function drillLevel(
  def: Pick<ReportDef, 'dims'>,
  q: Partial<Record<ReportDim, unknown>>,
): { dim: ReportDim; fixed: ReportDim[] } | { error: 'RPT_DRILL_INVALID'; value: string } {
  const fixed: ReportDim[] = [];
  let open: ReportDim | undefined;
  for (const d of def.dims) {
    if (q[d] !== undefined) {
      if (open) return { error: 'RPT_DRILL_INVALID', value: d };
      fixed.push(d);
    } else open ??= d;
  }
  for (const d of REPORT_DIMS)
    if (q[d] !== undefined && !def.dims.includes(d)) return { error: 'RPT_DRILL_INVALID', value: d };
  return { dim: open ?? def.dims[def.dims.length - 1]!, fixed };
}

export * from './subscription.js';
