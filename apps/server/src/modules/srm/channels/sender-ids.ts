import { type SenderIdState, senderIdResource } from '@portal/contracts/srm/channels';
import { sql } from 'drizzle-orm';
import { AppError } from '../../../platform/http/errors.js';
import type { Values } from '../../../platform/resource/bind.js';
import { bindResource } from '../../../platform/resource/index.js';
import { channelNameSql, coveredNetworks, knownCustomer, usableChannel } from './channel-ref.js';
import { srmSenderIds } from './schema.js';

const STATE: Record<SenderIdState, Record<'zh-CN' | 'en', string>> = {
  requested: { 'zh-CN': '待提交', en: 'requested' },
  submitted: { 'zh-CN': '已提交', en: 'submitted' },
  approved: { 'zh-CN': '已通过', en: 'approved' },
  rejected: { 'zh-CN': '已驳回', en: 'rejected' },
  expired: { 'zh-CN': '已过期', en: 'expired' },
};
const ACTION = {
  submit: { 'zh-CN': '提交', en: 'submitted' },
  approve: { 'zh-CN': '通过', en: 'approved' },
  reject: { 'zh-CN': '驳回', en: 'rejected' },
};

/** The registration may take this step from its state, else a clear refusal. */
function step(record: Values, action: keyof typeof ACTION, from: readonly SenderIdState[]) {
  const state = record.state as SenderIdState;
  if (!from.includes(state))
    throw new AppError('SRM_SENDER_ID_STATE', { vars: { from: STATE[state], action: ACTION[action] } });
}

/** Sender-id registrations: requested → submitted → approved (until its expiry) or rejected. */
export const senderIds = bindResource(senderIdResource, {
  table: srmSenderIds,
  search: { keyword: srmSenderIds.search },
  columns: {
    senderId: srmSenderIds.senderId,
    channelId: srmSenderIds.channelId,
    channelName: sql.raw(channelNameSql('"srm_sender_ids"."channel_id"')),
    country: srmSenderIds.country,
    customerId: srmSenderIds.customerId,
    state: srmSenderIds.state,
    expiresOn: srmSenderIds.expiresOn,
    rejectReason: srmSenderIds.rejectReason,
    documents: srmSenderIds.documents,
    remark: srmSenderIds.remark,
    createdBy: srmSenderIds.createdBy,
    createdAt: srmSenderIds.createdAt,
  },
  hooks: {
    async beforeCreate(ctx, input) {
      await knownCustomer(ctx.tx, input.customerId as number);
      const channel = await usableChannel(ctx.tx, input.channelId as number);
      const countries = (await coveredNetworks(ctx.tx, channel.id)).map((n) => n.country);
      if (!countries.includes(input.country as string))
        throw new AppError('SRM_ROUTE_NOT_COVERED', { vars: { value: channel.code } });
      return { state: 'requested', createdBy: ctx.auth.userId, createdAt: ctx.p.clock.now() };
    },
  },
  commands: {
    async submit(_ctx, record) {
      // a rejected registration may be corrected and submitted again; an expired one renewed
      step(record, 'submit', ['requested', 'rejected', 'expired']);
      return { set: { state: 'submitted', rejectReason: null } };
    },
    async approve(ctx, record, input) {
      step(record, 'approve', ['submitted']);
      const today = ctx.p.clock.now().toISOString().slice(0, 10);
      if (String(input.expiresOn) <= today)
        throw new AppError('SRM_SENDER_ID_EXPIRY_PAST', { vars: { value: String(input.expiresOn) } });
      return { set: { state: 'approved', expiresOn: input.expiresOn } };
    },
    async reject(_ctx, record, input) {
      step(record, 'reject', ['submitted']);
      return { set: { state: 'rejected', rejectReason: input.reason } };
    },
  },
});
