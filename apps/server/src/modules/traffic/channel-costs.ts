import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../platform/db/index.js';
import type { TrafficChannelCost, TrafficCountryCost, TrafficPort } from '../../platform/ports.js';

/**
 * The traffic port's `costByChannel` (finance's supplier cost feed, decision 0104): the daily rollups'
 * rated cost summed per day, channel, product and cost currency. Routed traffic only (channel 0 is "not
 * routed"); groups whose cost sums to zero are left out.
 */
export function channelCosts(db: Db): NonNullable<TrafficPort['costByChannel']> {
  return async (q) => {
    const rows = rowsOf<{ day: string; channel_id: number; product: string; cost_currency: string; cost: string }>(
      await db.execute(sql`select day::text as day, channel_id, product, cost_currency, sum(cost)::text as cost
        from traffic_daily
        where day >= ${q.from} and day <= ${q.to} and channel_id <> 0
        group by day, channel_id, product, cost_currency
        having sum(cost) <> 0
        order by day, channel_id, product, cost_currency`),
    );
    return rows.map(
      (r): TrafficChannelCost => ({
        day: String(r.day),
        channelId: Number(r.channel_id),
        product: r.product as TrafficChannelCost['product'],
        costCurrency: r.cost_currency,
        cost: r.cost,
      }),
    );
  };
}

/**
 * The traffic port's `costByCountry` (finance's supplier bill check, decision 0107): the daily rollups'
 * billed units and rated cost of some channels, one product and one cost currency, per day and
 * destination country. Units are what a supplier bills: SMS parts (segments), voice minutes (billed
 * seconds / 60), WhatsApp and mail messages.
 */
export function countryCosts(db: Db): NonNullable<TrafficPort['costByCountry']> {
  return async (q) => {
    if (!q.channelIds.length) return [];
    const units = q.product === 'voice' ? sql`sum(seconds) / 60.0` : sql`sum(segments)`;
    const rows = rowsOf<{ day: string; country: string; units: string; cost: string }>(
      await db.execute(sql`select day::text as day, country, round(${units}, 2)::text as units, sum(cost)::text as cost
        from traffic_daily
        where day >= ${q.from} and day <= ${q.to} and product = ${q.product} and cost_currency = ${q.costCurrency}
          and channel_id in (${sql.join(
            q.channelIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        group by day, country
        order by day, country`),
    );
    return rows.map(
      (r): TrafficCountryCost => ({ day: String(r.day), country: r.country, units: r.units, cost: r.cost }),
    );
  };
}
