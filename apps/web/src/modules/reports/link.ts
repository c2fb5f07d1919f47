import type { PeriodKind } from '@portal/contracts/reports';
import dayjs, { type Dayjs } from 'dayjs';

const YMD = 'YYYY-MM-DD';
const isDay = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && dayjs(s).format(YMD) === s;

/**
 * The period a link asks for (`?from=&to=`, as the assistant's answers cite a report): a whole
 * Monday–Sunday week or calendar month opens as that week or month, one day as a day, else custom.
 */
export function periodOfLink(
  from: string | null,
  to: string | null,
): { period: PeriodKind; from: Dayjs; to: Dayjs } | null {
  if (!isDay(from) || !isDay(to) || from > to) return null;
  const a = dayjs(from);
  const b = dayjs(to);
  if (from === to) return { period: 'day', from: a, to: b };
  if (a.day() === 1 && b.diff(a, 'day') === 6) return { period: 'week', from: a, to: b };
  if (a.date() === 1 && b.isSame(a.endOf('month'), 'day')) return { period: 'month', from: a, to: b };
  return { period: 'custom', from: a, to: b };
}
