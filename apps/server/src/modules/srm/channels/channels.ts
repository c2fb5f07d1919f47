import { CHANNEL_MOVES, type ChannelState, channelResource } from '@portal/contracts/srm/channels';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import type { Values } from '../../../platform/resource/bind.js';
import { bindResource, link } from '../../../platform/resource/index.js';
import { reference } from '../../system/reference/index.js';
import { channelCodeSeq, srmChannelNetworks, srmChannels } from './schema.js';
import { ChannelSecretBox } from './secret-box.js';
import { supplierNameOf, supplierOf } from './supplier.js';

const STATE_LABEL: Record<ChannelState, Record<'zh-CN' | 'en', string>> = {
  testing: { 'zh-CN': '测试中', en: 'testing' },
  live: { 'zh-CN': '在线', en: 'live' },
  paused: { 'zh-CN': '暂停', en: 'paused' },
  closed: { 'zh-CN': '已关闭', en: 'closed' },
};

/**
 * Messaging channels cover networks, voice channels prefixes; every network must be in the
 * reference data (a merged network is stored under its own code, which the reference resolves).
 */
async function checkCoverage(p: Platform, product: string, networks: unknown, prefixes: unknown) {
  const nets = (networks ?? []) as string[];
  const pres = (prefixes ?? []) as string[];
  if (product === 'voice' && nets.length) throw new AppError('SRM_COVERAGE_PRODUCT', { vars: { value: nets[0]! } });
  if (product !== 'voice' && pres.length) throw new AppError('SRM_COVERAGE_PRODUCT', { vars: { value: pres[0]! } });
  const ref = reference(p);
  for (const n of nets)
    if (!(await ref.operatorOf(n))) throw new AppError('SRM_NETWORK_UNKNOWN', { vars: { value: n } });
}

const sealed = async (p: Platform, secret: unknown) =>
  typeof secret === 'string' && secret.length ? (await ChannelSecretBox.of(p.db)).seal(secret) : undefined;

/** Each covered network's country and operator names, from the reference reader. */
export async function describeCoverage(tx: Tx, p: Platform, channelId: number) {
  const rows = await tx
    .select({ id: srmChannelNetworks.id, mccmnc: srmChannelNetworks.mccmnc })
    .from(srmChannelNetworks)
    .where(and(eq(srmChannelNetworks.channelId, channelId), isNull(srmChannelNetworks.country)));
  const ref = reference(p);
  for (const r of rows) {
    const op = await ref.operatorOf(r.mccmnc);
    if (!op) continue;
    await tx
      .update(srmChannelNetworks)
      .set({ country: op.countryCode, operatorName: op.name, operatorNameEn: op.nameEn })
      .where(eq(srmChannelNetworks.id, r.id));
  }
}

/** The next channel code, from its sequence. */
export async function nextChannelCode(tx: Tx): Promise<string> {
  const [seq] = rowsOf<{ n: string }>(await tx.execute(sql`select nextval(${channelCodeSeq.seqName}) as n`));
  return `CH${seq!.n}`;
}

/** A channel's state move, checked: the allowed moves, and live only for an admitted supplier. */
export async function moveChannel(tx: Tx, record: Values, to: ChannelState, at: Date) {
  const from = record.state as ChannelState;
  if (!CHANNEL_MOVES[from].includes(to))
    throw new AppError('SRM_CHANNEL_STATE_MOVE', { vars: { from: STATE_LABEL[from], to: STATE_LABEL[to] } });
  if (to === 'live') {
    const supplier = await supplierOf(tx, record.supplierId as number);
    if (!supplier.admitted) throw new AppError('SRM_CHANNEL_SUPPLIER_NOT_ADMITTED', { vars: { value: supplier.name } });
  }
  return { state: to, stateChangedAt: at.toISOString() };
}

export const channels = bindResource(channelResource, {
  table: srmChannels,
  search: { keyword: srmChannels.search },
  columns: {
    code: srmChannels.code,
    name: srmChannels.name,
    supplierId: srmChannels.supplierId,
    supplierName: supplierNameOf('"srm_channels"."supplier_id"'),
    product: srmChannels.product,
    protocol: srmChannels.protocol,
    host: srmChannels.host,
    port: srmChannels.port,
    systemId: srmChannels.systemId,
    networks: link({ link: srmChannelNetworks, owner: srmChannelNetworks.channelId, value: srmChannelNetworks.mccmnc }),
    prefixes: srmChannels.prefixes,
    senderIdType: srmChannels.senderIdType,
    senderIdRegistration: srmChannels.senderIdRegistration,
    capacity: srmChannels.capacity,
    tags: srmChannels.tags,
    state: srmChannels.state,
    stateChangedAt: srmChannels.stateChangedAt,
    remark: srmChannels.remark,
    createdAt: srmChannels.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      await supplierOf(ctx.tx, input.supplierId as number);
      await checkCoverage(ctx.p, input.product as string, input.networks, input.prefixes);
      const now = ctx.p.clock.now();
      return {
        code: await nextChannelCode(ctx.tx),
        secretSealed: (await sealed(ctx.p, input.password)) ?? null,
        state: 'testing',
        stateChangedAt: now,
        createdBy: ctx.auth.userId,
        createdAt: now,
      };
    },
    async beforeUpdate(ctx, before, patch) {
      await checkCoverage(
        ctx.p,
        before.product as string,
        patch.networks ?? before.networks,
        patch.prefixes ?? before.prefixes,
      );
      const secret = await sealed(ctx.p, patch.password);
      return secret ? { secretSealed: secret } : {};
    },
    afterCreate: (ctx, id) => describeCoverage(ctx.tx, ctx.p, id),
    afterUpdate: (ctx, id) => describeCoverage(ctx.tx, ctx.p, id),
  },
  commands: {
    async state(ctx, record, input) {
      return { set: await moveChannel(ctx.tx, record, input.state as ChannelState, ctx.p.clock.now()) };
    },
  },
});
