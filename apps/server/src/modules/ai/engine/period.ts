/** A reporting period named in a question (defaults to this month). Dates are YYYY-MM-DD, inclusive. */
export interface Period {
  from: string;
  to: string;
  label: { zh: string; en: string };
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, day: number) => new Date(Date.UTC(y, m, day));

/** The period of the same length just before (for "compared with last period"). */
export function previousPeriod(p: Period): { from: string; to: string } {
  const from = Date.parse(`${p.from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${p.to}T00:00:00Z`) - from) / 86_400_000) + 1;
  return { from: ymd(new Date(from - days * 86_400_000)), to: ymd(new Date(from - 86_400_000)) };
}

export function parsePeriod(question: string, now: Date): Period {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const q = question.toLowerCase();
  const month = (yy: number, mm: number, zh: string, en: string): Period => ({
    from: ymd(utc(yy, mm, 1)),
    to: ymd(utc(yy, mm + 1, 0)),
    label: { zh, en },
  });
  if (/上个?月|last month/.test(q)) return month(y, m - 1, '上月', 'last month');
  if (/今年|本年|this year/.test(q))
    return { from: `${y}-01-01`, to: `${y}-12-31`, label: { zh: '今年', en: 'this year' } };
  if (/去年|last year/.test(q))
    return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31`, label: { zh: '去年', en: 'last year' } };
  if (/本季度|这个季度|this quarter/.test(q)) {
    const s = m - (m % 3);
    return { from: ymd(utc(y, s, 1)), to: ymd(utc(y, s + 3, 0)), label: { zh: '本季度', en: 'this quarter' } };
  }
  // calendar weeks start on Monday
  const monday = utc(y, m, now.getUTCDate() - ((now.getUTCDay() + 6) % 7));
  const week = (back: number, zh: string, en: string): Period => ({
    from: ymd(new Date(monday.getTime() - back * 7 * 86_400_000)),
    to: ymd(new Date(monday.getTime() - back * 7 * 86_400_000 + 6 * 86_400_000)),
    label: { zh, en },
  });
  if (/上个?(周|星期|礼拜)|last week/.test(q)) return week(1, '上周', 'last week');
  if (/本周|这周|这个?星期|this week/.test(q)) return week(0, '本周', 'this week');
  if (/昨天|yesterday/.test(q)) {
    const d = utc(y, m, now.getUTCDate() - 1);
    return { from: ymd(d), to: ymd(d), label: { zh: '昨天', en: 'yesterday' } };
  }
  if (/今天|today/.test(q)) return { from: ymd(now), to: ymd(now), label: { zh: '今天', en: 'today' } };
  return month(y, m, '本月', 'this month');
}
