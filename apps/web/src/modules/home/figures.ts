import type { HomeSummary } from './api';

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

/** The figures of the overview in display order, and the page each one opens. */
export const FIGURES: readonly { key: FigureKey; to: string | null }[] = [
  { key: 'todoNum', to: '/general/my-agent' },
  { key: 'applyNum', to: '/general/my-initiate' },
  { key: 'handleNum', to: '/general/my-handle' },
  { key: 'ccNum', to: '/general/my-deliver' },
  { key: 'myCustomer', to: '/crm/client-partner/my-client' },
  { key: 'todayCustomer', to: '/crm/client-partner/my-client' },
  { key: 'task', to: null },
  { key: 'todaySend', to: null },
  { key: 'linkPromotion', to: null },
  { key: 'unread', to: '/message/notification' },
];

export interface Figure {
  key: FigureKey;
  value: number | string | boolean;
  to: string | null;
}

/** Only the figures present in the answer: a figure the server does not report is not shown (never faked). */
export function presentFigures(summary: Partial<HomeSummary> | undefined): Figure[] {
  if (!summary) return [];
  return FIGURES.flatMap(({ key, to }) => {
    const value = summary[key];
    return value === undefined || value === null ? [] : [{ key, value, to }];
  });
}

/** Greeting by the hour of the day. */
export function greetingOf(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
