import type { RecommendQuery, RecommendResult, RecommendRow } from '@portal/contracts/srm/channels';
import { Decimal } from 'decimal.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';
import { portOf, type RatedCharge } from '../../../platform/ports.js';
import { reference } from '../../system/reference/index.js';
import { accountByCode } from './channel-ref.js';
import { channelFigures, qualityOf, sumFigures } from './quality.js';
import { srmChannelNetworks, srmChannels } from './schema.js';
import { supplierNameOf } from './supplier.js';

const STATE_ORDER = ['live', 'testing'];

/** A rating answer, or null when the port is absent or cannot answer (no row, no conversion rate). */
async function safely(f: () => Promise<RatedCharge | null> | undefined): Promise<RatedCharge | null> {
  try {
    return (await f()) ?? null;
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/**
 * `channelRecommend`: the live (optionally testing) channels of a product covering the destination,
 * ranked by cost per unit (or by delivery rate over the destination's networks, `rankBy`) (the rating port's `costFor`; over a whole country the dearest covered
 * network's, the price a sender to any number of the country may pay), with the margin against the
 * account's price (`priceFor`) in the price's currency. Equal costs are ordered by quality (the
 * delivery rate of the last days, with the minimum sample), live before testing, capacity, code,
 * and each such row names the criterion that placed it.
 */
export async function recommend(
  p: { db: Db; bus: EventBus; clock: { now(): Date } },
  q: RecommendQuery,
): Promise<RecommendResult> {
  const ref = reference(p);
  let networks: string[];
  if (q.network) {
    const op = await ref.operatorOf(q.network);
    if (!op) throw new AppError('SRM_NETWORK_UNKNOWN', { vars: { value: q.network } });
    if (op.countryCode !== q.country) throw new AppError('SRM_ROUTE_NETWORK_COUNTRY', { vars: { value: q.network } });
    networks = [q.network];
  } else networks = (await ref.operatorsOfCountry(q.country)).map((o) => o.mccmnc);
  let account: RecommendResult['account'] = null;
  if (q.accountCode) {
    const found = await accountByCode(p.db, q.accountCode);
    account = { id: found.id, code: found.code, currency: found.currency };
  }
  const empty = {
    account,
    currency: null,
    mixed: false,
    price: null,
    // whether figures could rank, also when nothing is there to rank
    quality: portOf(p.db, 'traffic')?.byChannel ? ('ranked' as const) : ('unavailable' as const),
    rankBy: q.rankBy,
    rows: [],
  };
  if (!networks.length) return empty;

  const found = await p.db
    .select({
      id: srmChannels.id,
      code: srmChannels.code,
      name: srmChannels.name,
      supplierName: supplierNameOf('"srm_channels"."supplier_id"').mapWith(String),
      state: srmChannels.state,
      tags: srmChannels.tags,
      capacity: srmChannels.capacity,
      mccmnc: srmChannelNetworks.mccmnc,
    })
    .from(srmChannelNetworks)
    .innerJoin(srmChannels, eq(srmChannels.id, srmChannelNetworks.channelId))
    .where(
      and(
        inArray(srmChannelNetworks.mccmnc, networks),
        eq(srmChannels.product, q.product),
        inArray(srmChannels.state, q.includeTesting ? ['live', 'testing'] : ['live']),
      ),
    )
    .orderBy(asc(srmChannels.id), asc(srmChannelNetworks.mccmnc))
    .limit(5000);
  const channels = new Map<number, Omit<(typeof found)[number], 'mccmnc'> & { networks: string[] }>();
  for (const { mccmnc, ...c } of found) {
    const one = channels.get(c.id) ?? { ...c, networks: [] };
    one.networks.push(mccmnc);
    channels.set(c.id, one);
  }
  if (!channels.size) return empty;

  const rating = portOf(p.db, 'rating');
  const at = p.clock.now();
  const dest = (network?: string) => ({ country: q.country, ...(network ? { network } : {}) });
  const price = account
    ? await safely(() =>
        rating?.priceFor({ accountId: account.id, product: q.product, destination: dest(q.network), at, units: 1 }),
      )
    : null;
  const currency = price?.currency;

  // delivery figures over the destination's networks each channel covers
  const figures = await channelFigures(p.db, at, { channelIds: [...channels.keys()], networks, byNetwork: true });
  const rows: Omit<RecommendRow, 'rank' | 'tieBreak'>[] = [];
  const currencies = new Set<string>();
  for (const c of channels.values()) {
    const costs = await Promise.all(
      c.networks.map((n) =>
        safely(() =>
          rating?.costFor({ channelId: c.id, product: q.product, destination: dest(n), at, units: 1, currency }),
        ),
      ),
    );
    // over several networks the dearest one: unpriced when any covered network is unpriced
    let cost: Decimal | null = null;
    if (costs.every((x) => x)) {
      for (const x of costs) if (!cost || new Decimal(x!.unitPrice).gt(cost)) cost = new Decimal(x!.unitPrice);
      currencies.add(costs[0]!.currency);
    }
    const margin = price && cost ? new Decimal(price.unitPrice).minus(cost) : null;
    const base = price ? new Decimal(price.unitPrice) : null;
    rows.push({
      channelId: c.id,
      code: c.code,
      name: c.name,
      supplierName: c.supplierName,
      state: c.state,
      tags: c.tags,
      capacity: c.capacity,
      networks: c.networks,
      cost: cost ? cost.toFixed(6) : null,
      margin: margin ? margin.toFixed(6) : null,
      marginPct: margin && base && !base.isZero() ? margin.div(base).times(100).toFixed(2) : null,
      quality: (() => {
        const sums = sumFigures((figures ?? []).filter((f) => f.channelId === c.id && c.networks.includes(f.network!)));
        return sums ? qualityOf(sums) : null;
      })(),
    });
  }
  type Row = (typeof rows)[number];
  const nullsLast = (a: unknown, b: unknown) => (a === null ? 1 : 0) - (b === null ? 1 : 0);
  const byCost = (a: Row, b: Row) =>
    a.cost === null || b.cost === null ? nullsLast(a.cost, b.cost) : new Decimal(a.cost).comparedTo(b.cost);
  // a rate only with the minimum sample (a tier); higher first
  const rate = (r: Row) => (r.quality?.tier ? (r.quality.deliveryRate ?? r.quality.asr) : null);
  const byQuality = (a: Row, b: Row) => {
    const x = rate(a);
    const y = rate(b);
    return x === null || y === null ? nullsLast(x, y) : new Decimal(y).comparedTo(x);
  };
  const keys: [NonNullable<RecommendRow['tieBreak']> | 'first', (a: Row, b: Row) => number][] = [
    ['first', q.rankBy === 'quality' ? byQuality : byCost],
    q.rankBy === 'quality' ? ['cost', byCost] : ['quality', byQuality],
    ['state', (a, b) => STATE_ORDER.indexOf(a.state) - STATE_ORDER.indexOf(b.state)],
    ['capacity', (a, b) => (b.capacity ?? 0) - (a.capacity ?? 0)],
    ['code', (a, b) => a.code.localeCompare(b.code)],
  ];
  rows.sort((a, b) => {
    for (const [, f] of keys) {
      const d = f(a, b);
      if (d) return d;
    }
    return 0;
  });
  const tie = (a: Row, b: Row): RecommendRow['tieBreak'] => {
    if (keys[0]![1](a, b) !== 0) return null;
    for (const [k, f] of keys.slice(1)) if (f(a, b) !== 0) return k as RecommendRow['tieBreak'];
    return 'code';
  };
  return {
    account,
    currency: currency ?? (currencies.size === 1 ? [...currencies][0]! : null),
    mixed: !currency && currencies.size > 1,
    price: price ? new Decimal(price.unitPrice).toFixed(6) : null,
    quality: figures ? 'ranked' : 'unavailable',
    rankBy: q.rankBy,
    rows: rows.map((r, i) => ({ ...r, rank: i + 1, tieBreak: i > 0 ? tie(rows[i - 1]!, r) : null })),
  };
}
