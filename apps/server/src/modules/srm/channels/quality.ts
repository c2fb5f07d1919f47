import {
  type ChannelQuality,
  type ChannelQualityResult,
  QUALITY_DAYS,
  QUALITY_MIN_SAMPLE,
  QUALITY_THRESHOLDS,
  type QualityTier,
} from '@portal/contracts/srm/channels';
import { Decimal } from 'decimal.js';
import type { Db } from '../../../platform/db/index.js';
import { portOf, type TrafficChannelFigure } from '../../../platform/ports.js';

const DAY_MS = 86_400_000;
type Sums = Omit<TrafficChannelFigure, 'network' | 'country'>;

/** the window of the figures: the last QUALITY_DAYS UTC days, today included */
export function qualityWindow(now: Date) {
  const to = now;
  const from = new Date(now.getTime() - (QUALITY_DAYS - 1) * DAY_MS);
  return { from, to, fromDay: from.toISOString().slice(0, 10), toDay: to.toISOString().slice(0, 10) };
}

const pct = (part: number, whole: number) => (whole > 0 ? new Decimal(part).div(whole).times(100).toFixed(2) : null);

export function tierOf(product: 'sms' | 'voice', sample: number, rate: string | null): QualityTier | null {
  if (rate === null || sample < QUALITY_MIN_SAMPLE) return null;
  const th = QUALITY_THRESHOLDS[product];
  const r = Number(rate);
  return r >= th.a ? 'A' : r >= th.b ? 'B' : 'C';
}

/** the figures of summed measures (one product) */
export function qualityOf(s: Sums, where: { network?: string; country?: string } = {}): ChannelQuality {
  const sms = s.product !== 'voice';
  const sample = sms ? s.segments : s.count;
  const deliveryRate = sms ? pct(s.delivered, s.segments) : null;
  const asr = sms ? null : pct(s.answered, s.count);
  return {
    channelId: s.channelId,
    product: sms ? 'sms' : 'voice',
    ...where,
    sample,
    deliveryRate,
    deliveryMs: sms && s.dlrCount > 0 ? Math.round(s.dlrMs / s.dlrCount) : null,
    asr,
    acdSec: !sms && s.answered > 0 ? new Decimal(s.seconds).div(s.answered).toFixed(1) : null,
    pddMs: !sms && s.pddCount > 0 ? Math.round(s.pddMs / s.pddCount) : null,
    tier: tierOf(sms ? 'sms' : 'voice', sample, sms ? deliveryRate : asr),
  };
}

/** sum figures of one channel and product (over networks, countries or channels) */
export function sumFigures(list: Sums[], channelId = list[0]?.channelId ?? 0): Sums | null {
  if (!list.length) return null;
  const s: Sums = {
    channelId,
    product: list[0]!.product,
    count: 0,
    segments: 0,
    delivered: 0,
    answered: 0,
    seconds: 0,
    pddMs: 0,
    pddCount: 0,
    dlrMs: 0,
    dlrCount: 0,
  };
  for (const f of list) {
    s.count += f.count;
    s.segments += f.segments;
    s.delivered += f.delivered;
    s.answered += f.answered;
    s.seconds += f.seconds;
    s.pddMs += f.pddMs;
    s.pddCount += f.pddCount;
    s.dlrMs += f.dlrMs;
    s.dlrCount += f.dlrCount;
  }
  return s;
}

/**
 * The traffic figures of channels over the quality window, through the traffic port's `byChannel`;
 * null when the traffic room is not mounted (or its port cannot answer per channel).
 */
export async function channelFigures(
  db: Db,
  now: Date,
  q: {
    channelIds?: number[];
    products?: ('sms' | 'voice')[];
    networks?: string[];
    countries?: string[];
    byNetwork?: boolean;
    byCountry?: boolean;
  },
): Promise<TrafficChannelFigure[] | null> {
  const traffic = portOf(db, 'traffic');
  if (!traffic?.byChannel) return null;
  const { from, to } = qualityWindow(now);
  return traffic.byChannel({ from, to, ...q });
}

/** `GET /v2/srm/channel/quality`: one channel's figures, in total and per network */
export async function channelQualityOf(db: Db, now: Date, channelId: number): Promise<ChannelQualityResult> {
  const w = qualityWindow(now);
  const figures = await channelFigures(db, now, { channelIds: [channelId], byNetwork: true });
  if (!figures) return { from: w.fromDay, to: w.toDay, available: false, total: null, networks: [] };
  // a channel carries one product; should the rollups hold two, the total is of the larger sample
  const byProduct = new Map<string, TrafficChannelFigure[]>();
  for (const f of figures) byProduct.set(f.product, [...(byProduct.get(f.product) ?? []), f]);
  const main = [...byProduct.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const total = sumFigures(main);
  return {
    from: w.fromDay,
    to: w.toDay,
    available: true,
    total: total ? qualityOf(total) : null,
    networks: main.map((f) => qualityOf(f, { network: f.network ?? '' })),
  };
}
