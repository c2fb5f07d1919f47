import type { ChannelResourceState, ResourceVendor } from '@portal/contracts/srm/channels';
import { channelResourceResource } from '@portal/contracts/srm/channels';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import { bindResource } from '../../../platform/resource/index.js';
import { accountByCode } from './channel-ref.js';
import { srmChannelResources } from './schema.js';
import { supplierNameOf, supplierOf } from './supplier.js';

/** A command allowed from one state only; otherwise 10060166 naming the resource. */
function expectState(row: Record<string, unknown>, state: ChannelResourceState) {
  if (row.state !== state) throw new AppError('SRM_RESOURCE_STATE', { vars: { value: row.identifier as string } });
}

/** Channel resources: pool, allocation to one consumer account (through the accounts port), release, retirement. */
export const resourceRecords = bindResource(channelResourceResource, {
  table: srmChannelResources,
  search: { keyword: srmChannelResources.search },
  columns: {
    identifier: srmChannelResources.identifier,
    kind: srmChannelResources.kind,
    supplierId: srmChannelResources.supplierId,
    supplierName: supplierNameOf('"srm_channel_resources"."supplier_id"'),
    product: srmChannelResources.product,
    country: srmChannelResources.country,
    capacity: srmChannelResources.capacity,
    state: srmChannelResources.state,
    accountCode: srmChannelResources.accountCode,
    allocatedAt: srmChannelResources.allocatedAt,
    remark: srmChannelResources.remark,
    createdAt: srmChannelResources.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      await supplierOf(ctx.tx, input.supplierId as number);
      return { state: 'pool', createdAt: ctx.p.clock.now() };
    },
    async beforeDelete(_ctx, before) {
      // an allocated resource carries a customer's traffic: release it first
      if (before.state === 'allocated')
        throw new AppError('SRM_RESOURCE_STATE', { vars: { value: before.identifier as string } });
    },
  },
  commands: {
    async allocate(ctx, row, input) {
      expectState(row, 'pool');
      const account = await accountByCode(ctx.tx, input.accountCode as string);
      if (account.state === 'closed')
        throw new AppError('SRM_RESOURCE_ACCOUNT_CLOSED', { vars: { value: account.code } });
      if (!account.products.includes(row.product as never))
        throw new AppError('SRM_RESOURCE_PRODUCT', { vars: { value: account.code } });
      return {
        set: { state: 'allocated', accountId: account.id, accountCode: account.code, allocatedAt: ctx.p.clock.now() },
      };
    },
    async release(_ctx, row) {
      expectState(row, 'allocated');
      return { set: { state: 'pool', accountId: null, accountCode: null, allocatedAt: null } };
    },
    async retire(_ctx, row) {
      expectState(row, 'pool');
      return { set: { state: 'retired' } };
    },
  },
});

/**
 * The vendors of channel resources: SIM farms and aggregators (who sell such resources) and any
 * supplier holding one, with their resources counted by state.
 */
export async function resourceVendors(db: DbOrTx): Promise<ResourceVendor[]> {
  return rowsOf<ResourceVendor>(
    await db.execute(sql`select s.id as "supplierId", s.code, s.name, s.type, s.country, s.admitted,
        count(r.id)::int as total,
        count(r.id) filter (where r.state = 'pool')::int as "inPool",
        count(r.id) filter (where r.state = 'allocated')::int as allocated,
        count(r.id) filter (where r.state = 'retired')::int as retired,
        coalesce(sum(r.capacity) filter (where r.state <> 'retired'), 0)::int as capacity
      from srm_suppliers s left join srm_channel_resources r on r.supplier_id = s.id
      where s.state <> 'blacklist' and (s.type = 'sim_farm' or r.id is not null)
      group by s.id order by count(r.id) desc, s.code`),
  );
}
