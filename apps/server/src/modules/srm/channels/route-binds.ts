import { routeBindResource } from '@portal/contracts/srm/channels';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import type { Values } from '../../../platform/resource/bind.js';
import { bindResource } from '../../../platform/resource/index.js';
import { reference } from '../../system/reference/index.js';
import { accountByCode, channelNameSql, coveredNetworks, knownCustomer, usableChannel } from './channel-ref.js';
import { srmRouteBinds } from './schema.js';

const time = (v: unknown) => (v instanceof Date ? v.getTime() : v ? new Date(String(v)).getTime() : null);

/**
 * A binding as it will be stored, checked: both window ends or none (and not equal), the end after
 * the start, the network in the country, and the channel usable and covering the destination.
 */
async function checkBinding(tx: Tx, p: Platform, v: Values) {
  const [from, to] = [v.windowFrom ?? null, v.windowTo ?? null];
  if ((from === null) !== (to === null) || (from !== null && from === to)) throw new AppError('SRM_ROUTE_WINDOW');
  const [start, end] = [time(v.effectiveFrom), time(v.effectiveTo)];
  if (start !== null && end !== null && end <= start) throw new AppError('SRM_ROUTE_DATES');
  if (v.network) {
    const op = await reference(p).operatorOf(v.network as string);
    if (!op) throw new AppError('SRM_NETWORK_UNKNOWN', { vars: { value: v.network as string } });
    if (op.countryCode !== v.country)
      throw new AppError('SRM_ROUTE_NETWORK_COUNTRY', { vars: { value: v.network as string } });
  }
  const channel = await usableChannel(tx, v.channelId as number);
  const covered = await coveredNetworks(tx, channel.id);
  const covers = v.network ? covered.some((n) => n.mccmnc === v.network) : covered.some((n) => n.country === v.country);
  if (!covers) throw new AppError('SRM_ROUTE_NOT_COVERED', { vars: { value: channel.code } });
}

/** Route bindings: effective-dated, each change in the record history. */
export const routeBinds = bindResource(routeBindResource, {
  table: srmRouteBinds,
  columns: {
    customerId: srmRouteBinds.customerId,
    accountCode: srmRouteBinds.accountCode,
    country: srmRouteBinds.country,
    network: srmRouteBinds.network,
    channelId: srmRouteBinds.channelId,
    channelName: sql.raw(channelNameSql('"srm_route_binds"."channel_id"')),
    priority: srmRouteBinds.priority,
    weight: srmRouteBinds.weight,
    windowFrom: srmRouteBinds.windowFrom,
    windowTo: srmRouteBinds.windowTo,
    effectiveFrom: srmRouteBinds.effectiveFrom,
    effectiveTo: srmRouteBinds.effectiveTo,
    remark: srmRouteBinds.remark,
    createdAt: srmRouteBinds.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      await knownCustomer(ctx.tx, input.customerId as number);
      await checkBinding(ctx.tx, ctx.p, input);
      const account = input.accountCode ? await accountByCode(ctx.tx, input.accountCode as string) : null;
      if (account && account.customerId !== input.customerId)
        throw new AppError('SRM_ROUTE_ACCOUNT_CUSTOMER', { vars: { value: account.code } });
      return {
        accountId: account?.id ?? null,
        accountCode: account?.code ?? null,
        createdBy: ctx.auth.userId,
        createdAt: ctx.p.clock.now(),
      };
    },
    async beforeUpdate(ctx, before, patch) {
      await checkBinding(ctx.tx, ctx.p, { ...before, ...patch });
      return {};
    },
  },
});
