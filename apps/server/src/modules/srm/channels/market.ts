import type { MarketQuery, MarketRow } from '@portal/contracts/srm/channels';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../platform/db/index.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { reference } from '../../system/reference/index.js';
import { channelFigures, qualityOf, sumFigures } from './quality.js';

/**
 * `marketChannel`: per country and product, the live channels covering it (voice channels by the
 * country's calling code are not mapped to countries: voice coverage is prefixes, so voice rows
 * appear only for channels with networks). Counts, capacity, tags and sender-id needs, and the
 * quality tier of what the live channels carried there lately; never a host, an account or a cost.
 */
export async function marketChannels(
  p: { db: Db; bus: EventBus; clock: { now(): Date } },
  q: MarketQuery,
): Promise<MarketRow[]> {
  const rows = rowsOf<Omit<MarketRow, 'networksTotal' | 'qualityTier'>>(
    await p.db.execute(sql`
      select n.country, c.product,
        count(distinct c.id)::int as channels,
        count(distinct n.mccmnc)::int as "networksCovered",
        (select coalesce(sum(x.capacity), 0)::int from srm_channels x where x.state = 'live' and x.product = c.product
          and exists (select 1 from srm_channel_networks y where y.channel_id = x.id and y.country = n.country)) as capacity,
        coalesce(array_agg(distinct t.tag) filter (where t.tag is not null), '{}') as tags,
        coalesce(array_agg(distinct c.sender_id_type) filter (where c.sender_id_type is not null), '{}') as "senderIdTypes",
        coalesce(bool_or(c.sender_id_registration), false) as registration
      from srm_channels c
      join srm_channel_networks n on n.channel_id = c.id
      left join lateral unnest(c.tags) t(tag) on true
      where c.state = 'live' and n.country is not null
        ${q.product ? sql`and c.product = ${q.product}` : sql``}
        ${q.country ? sql`and n.country = ${q.country}` : sql``}
        ${q.tag ? sql`and ${q.tag} = any(c.tags)` : sql``}
      group by n.country, c.product
      order by n.country, c.product
      limit 2000`),
  );
  const ref = reference(p);
  const totals = new Map<string, number>();
  for (const country of new Set(rows.map((r) => r.country)))
    totals.set(country, (await ref.operatorsOfCountry(country)).length);
  // the tier of what the live channels carried to the country over the quality window
  const live = rowsOf<{ id: number }>(
    await p.db.execute(sql`select id from srm_channels where state = 'live'
      ${q.product ? sql`and product = ${q.product}` : sql``}`),
  ).map((x) => Number(x.id));
  const figures = rows.length
    ? await channelFigures(p.db, p.clock.now(), {
        channelIds: live,
        countries: [...new Set(rows.map((r) => r.country))],
        byCountry: true,
      })
    : null;
  const tierOfRow = (r: (typeof rows)[number]) => {
    const sums = sumFigures((figures ?? []).filter((f) => f.country === r.country && f.product === r.product));
    return sums ? qualityOf(sums).tier : null;
  };
  return rows.map((r) => ({ ...r, networksTotal: totals.get(r.country) ?? 0, qualityTier: tierOfRow(r) }));
}
