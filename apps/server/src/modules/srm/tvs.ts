import type { TvsAccountPage, TvsAccountQuery, TvsAccountRow } from '@portal/contracts/srm';
import { Decimal } from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { type Db, rowsOf } from '../../platform/db/index.js';
import { containsPattern } from '../../platform/db/like.js';
import { portOf, type TrafficChannelFigure } from '../../platform/ports.js';

const DAY_MS = 86_400_000;
const pct = (part: number, whole: number) => (whole > 0 ? new Decimal(part).div(whole).times(100).toFixed(2) : null);

type Partner = Omit<TvsAccountRow, 'smsParts' | 'delivered' | 'deliveryRate' | 'deliveryMs' | 'calls' | 'asr'> & {
  channelIds: number[];
};

/** the SIM-farm partners the caller's supplier data scope holds, narrowed by the screen's filters */
function partnerWhere(auth: AuthContext, q: TvsAccountQuery): SQL {
  const conds: SQL[] = [sql`s.type = 'sim_farm'`];
  const scope = dataScopeWhere(auth, sql.raw('s.owner_id'));
  if (scope) conds.push(scope);
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    conds.push(sql`(s.code ilike ${like} or s.name ilike ${like} or s.alias ilike ${like})`);
  }
  if (q.country) conds.push(sql`s.country = ${q.country.toUpperCase()}`);
  if (q.state) conds.push(sql`s.state = ${q.state}`);
  return sql.join(conds, sql` and `);
}

/**
 * `tvs/account-query`: a page of SIM-farm partners (by code) with their channels' figures over the
 * last `days` UTC days from the traffic port (SMS parts, delivery rate and time; voice attempts and
 * ASR). `paged: false` answers every match (the export).
 */
export async function tvsAccounts(
  db: Db,
  auth: AuthContext,
  now: Date,
  q: TvsAccountQuery,
  paged = true,
): Promise<TvsAccountPage> {
  const where = partnerWhere(auth, q);
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from srm_suppliers s where ${where}`),
  );
  const partners = rowsOf<Partner>(
    await db.execute(sql`select s.id as "supplierId", s.code, s.name, s.country, s.state, s.admitted,
        count(c.id)::int as channels, count(c.id) filter (where c.state = 'live')::int as "liveChannels",
        coalesce(array_agg(c.id) filter (where c.id is not null), '{}') as "channelIds"
      from srm_suppliers s left join srm_channels c on c.supplier_id = s.id
      where ${where}
      group by s.id order by s.code
      ${paged ? sql`limit ${q.size} offset ${(q.page - 1) * q.size}` : sql``}`),
  );
  const from = new Date(now.getTime() - (q.days - 1) * DAY_MS);
  const traffic = portOf(db, 'traffic');
  const channelIds = partners.flatMap((p) => p.channelIds.map(Number));
  const figures: TrafficChannelFigure[] =
    traffic?.byChannel && channelIds.length
      ? await traffic.byChannel({ from, to: now, channelIds, products: ['sms', 'voice'] })
      : [];
  const supplierOf = new Map(partners.flatMap((p) => p.channelIds.map((c) => [Number(c), p.supplierId] as const)));
  const sums = new Map<
    number,
    { parts: number; delivered: number; dlrMs: number; dlrCount: number; calls: number; answered: number }
  >();
  for (const f of figures) {
    const id = supplierOf.get(f.channelId);
    if (id === undefined) continue;
    const s = sums.get(id) ?? { parts: 0, delivered: 0, dlrMs: 0, dlrCount: 0, calls: 0, answered: 0 };
    if (f.product === 'voice') {
      s.calls += f.count;
      s.answered += f.answered;
    } else {
      s.parts += f.segments;
      s.delivered += f.delivered;
      s.dlrMs += f.dlrMs;
      s.dlrCount += f.dlrCount;
    }
    sums.set(id, s);
  }
  return {
    from: from.toISOString().slice(0, 10),
    to: now.toISOString().slice(0, 10),
    available: !!traffic?.byChannel,
    total: count?.n ?? 0,
    page: paged ? q.page : 1,
    size: paged ? q.size : partners.length,
    records: partners.map(({ channelIds: _, ...p }) => {
      const s = sums.get(p.supplierId);
      return {
        ...p,
        smsParts: s?.parts ?? 0,
        delivered: s?.delivered ?? 0,
        deliveryRate: pct(s?.delivered ?? 0, s?.parts ?? 0),
        deliveryMs: s?.dlrCount ? Math.round(s.dlrMs / s.dlrCount) : null,
        calls: s?.calls ?? 0,
        asr: pct(s?.answered ?? 0, s?.calls ?? 0),
      };
    }),
  };
}
