import type { HomeDataSource, HomeSummary, HomeTrend } from './api';

export type FigureKey =
  | 'unread'
  | 'todoNum'
  | 'applyNum'
  | 'handleNum'
  | 'ccNum'
  | 'myCustomer'
  | 'todayCustomer'
  | 'task'
  | 'todaySend'
  | 'linkPromotion';

/**
 * The figures of the overview in display order, the page each one opens, and the field of the
 * summary it shows (its key unless named: unread messages show the count, not the bell's flag).
 */
export const FIGURES: readonly { key: FigureKey; to: string | null; field?: keyof HomeSummary }[] = [
  { key: 'todoNum', to: '/general/my-agent' },
  { key: 'applyNum', to: '/general/my-initiate' },
  { key: 'handleNum', to: '/general/my-handle' },
  { key: 'ccNum', to: '/general/my-deliver' },
  { key: 'myCustomer', to: '/crm/client-partner/my-client' },
  { key: 'todayCustomer', to: '/crm/client-partner/my-client' },
  { key: 'task', to: null },
  { key: 'todaySend', to: null },
  { key: 'linkPromotion', to: '/crm/promotion/sign-ups' },
  { key: 'unread', to: '/message/notification', field: 'unreadNum' },
];

export interface Figure {
  key: FigureKey;
  /** null while the figure waits for its data (`waitsFor`) */
  value: number | string | null;
  to: string | null;
  waitsFor?: HomeDataSource;
}

/**
 * Only the figures present in the answer: a figure the server does not report is not shown (never
 * faked); one the server says waits for a room's data is shown as waiting, without a number.
 */
export function presentFigures(summary: Partial<HomeSummary> | undefined): Figure[] {
  if (!summary) return [];
  return FIGURES.flatMap(({ key, to, field }): Figure[] => {
    const value = summary[field ?? key];
    if (typeof value === 'number' || typeof value === 'string') return [{ key, value, to }];
    const waitsFor = summary.waiting?.[key];
    return waitsFor ? [{ key, value: null, to: null, waitsFor }] : [];
  });
}

/** The 30-day chart's series: volume, and revenue per currency as numbers for drawing only. */
export function trendSeries(trend: HomeTrend) {
  return {
    days: trend.days.map((d) => d.slice(5)),
    count: trend.count,
    revenue: trend.revenue.map((r) => ({ currency: r.currency, values: r.values.map(Number) })),
  };
}

/** Greeting by the hour of the day. */
export function greetingOf(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
