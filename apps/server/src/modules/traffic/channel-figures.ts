import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../platform/db/index.js';
import type { TrafficChannelFigure, TrafficGatewayFigure, TrafficPort } from '../../platform/ports.js';
import { dayOf } from './partitions.js';

const inList = (col: string, values?: (string | number)[]): SQL | null =>
  values === undefined
    ? null
    : values.length
      ? sql`${sql.raw(col)} in (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )})`
      : sql`false`;

/**
 * The traffic port's `byChannel` (srm's channel quality): the daily rollups summed per channel and
 * product, and per network or country when asked. Routed traffic only (channel 0 is "not routed").
 */
export function channelFigures(db: Db): NonNullable<TrafficPort['byChannel']> {
  return async (q) => {
    const conds = [
      sql`day >= ${dayOf(q.from)}`,
      sql`day <= ${dayOf(q.to)}`,
      sql`channel_id <> 0`,
      inList('channel_id', q.channelIds),
      inList('product', q.products),
      inList('country', q.countries),
      inList('network', q.networks),
    ].filter((c): c is SQL => c !== null);
    const extra = sql.raw(`${q.byNetwork ? ', network' : ''}${q.byCountry ? ', country' : ''}`);
    const rows = rowsOf<Record<string, string | number>>(
      await db.execute(sql`select channel_id, product${extra},
          sum(count)::text as count, sum(segments)::text as segments, sum(delivered)::text as delivered,
          sum(answered)::text as answered, sum(seconds)::text as seconds,
          sum(pdd_ms)::text as pdd_ms, sum(pdd_count)::text as pdd_count,
          sum(dlr_ms)::text as dlr_ms, sum(dlr_count)::text as dlr_count
        from traffic_daily where ${sql.join(conds, sql` and `)}
        group by channel_id, product${extra}
        order by channel_id, product${extra}`),
    );
    return rows.map(
      (r): TrafficChannelFigure => ({
        channelId: Number(r.channel_id),
        product: r.product as TrafficChannelFigure['product'],
        ...(q.byNetwork ? { network: String(r.network) } : {}),
        ...(q.byCountry ? { country: String(r.country) } : {}),
        count: Number(r.count),
        segments: Number(r.segments),
        delivered: Number(r.delivered),
        answered: Number(r.answered),
        seconds: Number(r.seconds),
        pddMs: Number(r.pdd_ms),
        pddCount: Number(r.pdd_count),
        dlrMs: Number(r.dlr_ms),
        dlrCount: Number(r.dlr_count),
      }),
    );
  };
}

/** The traffic port's `byGateway` (srm's `vos/online`): calls per ingress or egress gateway over a short period. */
export function gatewayFigures(db: Db): NonNullable<TrafficPort['byGateway']> {
  return async (q) => {
    const col = sql.raw(q.side === 'ingress' ? 'ingress_gateway' : 'egress_gateway');
    const rows = rowsOf<{
      gateway: string;
      attempts: string;
      answered: string;
      seconds: string;
      last_at: string | Date;
    }>(
      await db.execute(sql`select ${col} as gateway, count(*)::text as attempts, count(answer_at)::text as answered,
          coalesce(sum(duration), 0)::text as seconds, max(setup_at) as last_at
        from traffic_voice where setup_at >= ${q.from} and setup_at < ${q.to} and ${col} is not null
        group by ${col} order by ${col}`),
    );
    return rows.map(
      (r): TrafficGatewayFigure => ({
        gateway: r.gateway,
        attempts: Number(r.attempts),
        answered: Number(r.answered),
        seconds: Number(r.seconds),
        lastAt: r.last_at ? new Date(r.last_at) : null,
      }),
    );
  };
}
