import { HOME_FIGURES_RESOURCE, HOME_TREND_DAYS, type HomeDataSource, type HomeTrend } from '@portal/contracts';
import { Decimal } from 'decimal.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events/bus.js';
import { declareLiveResource, publishRecordChanged } from '../../platform/live/record-changes.js';
import { portOf } from '../../platform/ports.js';

/** A user's overview changed (id = the user): only that user hears of it. */
declareLiveResource(HOME_FIGURES_RESOURCE, null, async (_db, id) => [Number(id)]);

/**
 * Tells these users' open overviews to re-read their figures (for changes no record resource
 * announces, such as traffic rolled up for their accounts; the traffic room calls it at merge).
 */
export async function announceHomeFigures(bus: EventBus, userIds: Iterable<number>): Promise<void> {
  for (const id of new Set(userIds)) await publishRecordChanged(bus, HOME_FIGURES_RESOURCE, id);
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

export interface TrafficFigures {
  todaySend?: number;
  trend?: HomeTrend;
  waiting?: Record<string, HomeDataSource>;
}

/**
 * The caller's traffic from the traffic room's rollups: `todaySend` = what was sent today (UTC day:
 * SMS messages, calls, WhatsApp messages and mails; an MO is received, not sent) in the caller's data
 * scope (a sales' own customers, a manager's department's, everyone's for a company-wide scope), and
 * the trend = the volume and revenue of the caller's own accounts over the last HOME_TREND_DAYS days
 * (for a sales both end on the same figure). Without the traffic room the figures say that they wait for it.
 */
export async function trafficFigures(db: Db, clock: Clock, auth: AuthContext): Promise<TrafficFigures> {
  const traffic = portOf(db, 'traffic');
  if (!traffic?.sums) return { waiting: { todaySend: 'traffic', trend: 'traffic' } };
  const now = clock.now();
  const today = new Date(`${ymd(now)}T00:00:00.000Z`);
  const from = new Date(today.getTime() - (HOME_TREND_DAYS - 1) * DAY_MS);
  const to = new Date(today.getTime() + DAY_MS);
  // summed per day and currency in the database: a sales' 30 days are thousands of rollup rows
  const [rows, todays] = await Promise.all([
    traffic.sums({ from, to, ownerIds: [auth.userId], by: null, splitAt: ymd(from) }),
    traffic.sums({ from: today, to, scope: auth, by: null, splitAt: ymd(now) }),
  ]);
  const days = Array.from({ length: HOME_TREND_DAYS }, (_, i) => ymd(new Date(from.getTime() + i * DAY_MS)));
  const at = new Map(days.map((d, i) => [d, i]));
  const count = days.map(() => 0);
  const revenue = new Map<string, Decimal[]>();
  for (const r of rows) {
    const i = r.day === null ? undefined : at.get(r.day);
    if (i === undefined) continue;
    count[i]! += r.count;
    const series = revenue.get(r.currency) ?? days.map(() => new Decimal(0));
    series[i] = series[i]!.plus(r.revenue);
    revenue.set(r.currency, series);
  }
  return {
    todaySend: todays.reduce((n, r) => n + (r.day === ymd(now) ? r.count : 0), 0),
    trend: {
      days,
      count,
      revenue: [...revenue.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, values]) => ({ currency, values: values.map((v) => v.toString()) })),
    },
  };
}
