import type { ResolveResult } from '@portal/contracts/srm/channels';
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import { reference } from '../../system/reference/index.js';
import { accountByCode } from './channel-ref.js';
import { srmChannels, srmRouteBinds } from './schema.js';

/** minutes since midnight UTC of "HH:MM" */
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A window [from, to) of times of day; one that ends before it starts runs over midnight. */
export function inWindow(from: string | null, to: string | null, at: Date): boolean {
  if (from === null || to === null) return true;
  const m = at.getUTCHours() * 60 + at.getUTCMinutes();
  const [f, t] = [minutes(from), minutes(to)];
  return f < t ? m >= f && m < t : m >= f || m < t;
}

/**
 * The route that applies to a customer's (or one of its accounts') message to a network at a
 * moment: the bindings in force then (effective, inside their window) — the account's own when any
 * apply, else the customer's for all accounts — for that network, else for its country; tried by
 * priority (failover order), shared by weight within a priority.
 */
export async function resolveRoute(
  p: Platform & { db: Db },
  who: { customerId?: number; accountCode?: string },
  network: string,
  at: Date,
): Promise<ResolveResult> {
  const account = who.accountCode ? await accountByCode(p.db, who.accountCode) : null;
  if (account && who.customerId !== undefined && account.customerId !== who.customerId)
    throw new AppError('SRM_ROUTE_ACCOUNT_CUSTOMER', { vars: { value: account.code } });
  const customerId = account?.customerId ?? who.customerId!;
  const op = await reference(p).operatorOf(network);
  if (!op) throw new AppError('SRM_NETWORK_UNKNOWN', { vars: { value: network } });
  const country = op.countryCode;
  const rows = await p.db
    .select({
      id: srmRouteBinds.id,
      accountId: srmRouteBinds.accountId,
      network: srmRouteBinds.network,
      channelId: srmRouteBinds.channelId,
      channelName: srmChannels.name,
      channelState: srmChannels.state,
      priority: srmRouteBinds.priority,
      weight: srmRouteBinds.weight,
      windowFrom: srmRouteBinds.windowFrom,
      windowTo: srmRouteBinds.windowTo,
      effectiveFrom: srmRouteBinds.effectiveFrom,
      effectiveTo: srmRouteBinds.effectiveTo,
    })
    .from(srmRouteBinds)
    .leftJoin(srmChannels, eq(srmChannels.id, srmRouteBinds.channelId))
    .where(
      and(
        eq(srmRouteBinds.customerId, customerId),
        account
          ? or(isNull(srmRouteBinds.accountId), eq(srmRouteBinds.accountId, account.id))
          : isNull(srmRouteBinds.accountId),
        eq(srmRouteBinds.country, country ?? ''),
        or(isNull(srmRouteBinds.network), eq(srmRouteBinds.network, network)),
        lte(srmRouteBinds.effectiveFrom, at),
        or(isNull(srmRouteBinds.effectiveTo), gt(srmRouteBinds.effectiveTo, at)),
        sql`coalesce(${srmChannels.state}, 'closed') <> 'closed'`,
      ),
    )
    .orderBy(asc(srmRouteBinds.priority), desc(srmRouteBinds.weight), asc(srmRouteBinds.id));
  const inForce = rows.filter((r) => inWindow(r.windowFrom, r.windowTo, at));
  // the account's own bindings, when any apply, before its customer's for all accounts
  const own = inForce.filter((r) => r.accountId !== null);
  const open = own.length ? own : inForce;
  const scope = !open.length ? null : own.length ? ('account' as const) : ('customer' as const);
  const byNetwork = open.filter((r) => r.network === network);
  const chosen = byNetwork.length ? byNetwork : open.filter((r) => r.network === null);
  const level = byNetwork.length ? 'network' : chosen.length ? 'country' : 'none';
  const totals = new Map<number, number>();
  for (const r of chosen) totals.set(r.priority, (totals.get(r.priority) ?? 0) + r.weight);
  return {
    country,
    at: at.toISOString(),
    level,
    scope,
    routes: chosen.map(({ network: _, accountId: __, ...r }) => ({
      ...r,
      share: Math.round((r.weight / totals.get(r.priority)!) * 10000) / 100,
      effectiveFrom: r.effectiveFrom.toISOString(),
      effectiveTo: r.effectiveTo?.toISOString() ?? null,
    })),
  };
}
