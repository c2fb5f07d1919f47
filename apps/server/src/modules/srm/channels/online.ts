import { type GatewayOnlineResult, ONLINE_WINDOW_MINUTES } from '@portal/contracts/srm/channels';
import { Decimal } from 'decimal.js';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import { portOf } from '../../../platform/ports.js';
import { customerRef } from '../../crm/index.js';
import { srmDockingGateways, srmLandingGateways } from './schema.js';
import { supplierNameOf } from './supplier.js';

/**
 * `vos/online/landing` and `docking`: the enabled gateways of a side with what they carried over the
 * last ONLINE_WINDOW_MINUTES (the traffic port's `byGateway`: calls whose egress (landing) or ingress
 * (docking) gateway is the gateway's name). Online = a call set up in the window; load = average
 * concurrent calls (answered seconds / window seconds) against the capacity.
 */
export async function gatewaysOnline(db: Db, now: Date, side: 'landing' | 'docking'): Promise<GatewayOnlineResult> {
  const from = new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60_000);
  const t = side === 'landing' ? srmLandingGateways : srmDockingGateways;
  const cols = { id: t.id, name: t.name, ips: t.ips, port: t.port, capacity: t.capacity };
  const gateways =
    side === 'landing'
      ? await db
          .select({ ...cols, partyName: supplierNameOf('"srm_landing_gateways"."supplier_id"').mapWith(String) })
          .from(srmLandingGateways)
          .where(eq(srmLandingGateways.enabled, true))
          .orderBy(asc(t.name), asc(t.id))
          .limit(2000)
      : await (async () => {
          const rows = await db
            .select({ ...cols, customerId: srmDockingGateways.customerId })
            .from(srmDockingGateways)
            .where(eq(srmDockingGateways.enabled, true))
            .orderBy(asc(t.name), asc(t.id))
            .limit(2000);
          // the customers' names from the crm room (a handful of customers per screen)
          const names = new Map<number, string | null>();
          for (const id of new Set(rows.map((r) => r.customerId)))
            names.set(id, (await customerRef(db, id))?.name ?? null);
          return rows.map(({ customerId, ...r }) => ({ ...r, partyName: names.get(customerId) ?? null }));
        })();
  const traffic = portOf(db, 'traffic');
  const figures = traffic?.byGateway
    ? await traffic.byGateway({ from, to: now, side: side === 'landing' ? 'egress' : 'ingress' })
    : null;
  const byName = new Map((figures ?? []).map((f) => [f.gateway, f]));
  const windowSec = ONLINE_WINDOW_MINUTES * 60;
  return {
    side,
    from: from.toISOString(),
    to: now.toISOString(),
    available: figures !== null,
    rows: gateways.map((g) => {
      const f = byName.get(g.name);
      const erlangs = new Decimal(f?.seconds ?? 0).div(windowSec);
      return {
        ...g,
        partyName: g.partyName ?? null,
        online: !!f && f.attempts > 0,
        lastCallAt: f?.lastAt ? f.lastAt.toISOString() : null,
        attempts: f?.attempts ?? 0,
        answered: f?.answered ?? 0,
        asr: f?.attempts ? new Decimal(f.answered).div(f.attempts).times(100).toFixed(2) : null,
        erlangs: erlangs.toFixed(2),
        loadPct: g.capacity > 0 ? erlangs.div(g.capacity).times(100).toFixed(2) : null,
      };
    }),
  };
}
