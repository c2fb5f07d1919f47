import { dockingGatewayResource, gatewayIpResource, landingGatewayResource } from '@portal/contracts/srm/channels';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Values } from '../../../platform/resource/bind.js';
import { bindResource } from '../../../platform/resource/index.js';
import { knownCustomer, usableChannel } from './channel-ref.js';
import { isAddress, parseCidr } from './ip.js';
import { srmDockingGateways, srmGatewayIps, srmLandingGateways } from './schema.js';
import { supplierNameOf, supplierOf } from './supplier.js';

function checkAddresses(ips: unknown) {
  for (const ip of (ips ?? []) as string[])
    if (!isAddress(ip)) throw new AppError('SRM_GATEWAY_ADDRESS_INVALID', { vars: { value: ip } });
}

const gatewayColumns = (t: typeof srmLandingGateways | typeof srmDockingGateways) => ({
  name: t.name,
  ips: t.ips,
  port: t.port,
  prefixes: t.prefixes,
  capacity: t.capacity,
  enabled: t.enabled,
  remark: t.remark,
  createdAt: t.createdAt,
});

/** Supplier-side voice gateways. */
export const landingGateways = bindResource(landingGatewayResource, {
  table: srmLandingGateways,
  search: { keyword: srmLandingGateways.search },
  columns: {
    ...gatewayColumns(srmLandingGateways),
    supplierId: srmLandingGateways.supplierId,
    supplierName: supplierNameOf('"srm_landing_gateways"."supplier_id"'),
    priority: srmLandingGateways.priority,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      checkAddresses(input.ips);
      await supplierOf(ctx.tx, input.supplierId as number);
      return { createdAt: ctx.p.clock.now() };
    },
    async beforeUpdate(_ctx, _before, patch) {
      checkAddresses(patch.ips);
      return {};
    },
  },
});

async function checkChannels(tx: Tx, ids: unknown) {
  for (const id of (ids ?? []) as number[]) await usableChannel(tx, id);
}

/** Customer-side voice gateways. */
export const dockingGateways = bindResource(dockingGatewayResource, {
  table: srmDockingGateways,
  search: { keyword: srmDockingGateways.search },
  columns: {
    ...gatewayColumns(srmDockingGateways),
    customerId: srmDockingGateways.customerId,
    channelIds: srmDockingGateways.channelIds,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      checkAddresses(input.ips);
      await knownCustomer(ctx.tx, input.customerId as number);
      await checkChannels(ctx.tx, input.channelIds);
      return { createdAt: ctx.p.clock.now() };
    },
    async beforeUpdate(ctx, _before, patch) {
      checkAddresses(patch.ips);
      await checkChannels(ctx.tx, patch.channelIds);
      return {};
    },
  },
});

/** allow-list writes take turns, so two overlapping entries saved at once cannot both pass */
const ALLOW_LIST_LOCK = 7_406_013;

/**
 * The entry as stored: a valid address or network with its host bits zero, overlapping no other
 * entry (`&&` on inet: either contains the other).
 */
async function checkAllowed(tx: Tx, v: Values, id?: number): Promise<string> {
  const parsed = parseCidr(String(v.cidr));
  if (!parsed) throw new AppError('SRM_GATEWAY_IP_INVALID', { vars: { value: String(v.cidr) } });
  const [net] = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`select network(${parsed.cidr}::inet) = ${parsed.cidr}::inet as ok`),
  );
  if (!net?.ok) throw new AppError('SRM_GATEWAY_IP_INVALID', { vars: { value: String(v.cidr) } });
  await tx.execute(sql`select pg_advisory_xact_lock(${ALLOW_LIST_LOCK})`);
  const [other] = rowsOf<{ cidr: string }>(
    await tx.execute(sql`select cidr from srm_gateway_ips
      where cidr::inet && ${parsed.cidr}::inet ${id ? sql`and id <> ${id}` : sql``} order by id limit 1`),
  );
  if (other) throw new AppError('SRM_GATEWAY_IP_OVERLAP', { vars: { value: parsed.cidr, other: other.cidr } });
  return parsed.cidr;
}

/** `gateway/ip`: the voice switch's allow-list, overlaps refused. */
export const gatewayIps = bindResource(gatewayIpResource, {
  table: srmGatewayIps,
  search: { keyword: srmGatewayIps.search },
  columns: {
    cidr: srmGatewayIps.cidr,
    side: srmGatewayIps.side,
    description: srmGatewayIps.description,
    enabled: srmGatewayIps.enabled,
    createdAt: srmGatewayIps.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      return { cidr: await checkAllowed(ctx.tx, input), createdAt: ctx.p.clock.now() };
    },
    async beforeUpdate(ctx, before, patch) {
      if (patch.cidr === undefined) return {};
      patch.cidr = await checkAllowed(ctx.tx, patch, before.id as number);
      return {};
    },
  },
});
