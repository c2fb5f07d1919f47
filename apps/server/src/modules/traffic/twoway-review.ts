import { twoWayReviewResource } from '@portal/contracts/traffic';
import { AppError } from '../../platform/http/errors.js';
import { templated } from '../../platform/i18n/message-templates.js';
import { portOf } from '../../platform/ports.js';
import type { Values } from '../../platform/resource/bind.js';
import { bindResource } from '../../platform/resource/index.js';
import './messages.js';
import { trafficTwoWayActions as t } from './schema.js';
import { unlistNumber } from './twoway-apply.js';

/** only a pending reply or forward is decided; anything else is refused and stays as it was */
function pending(record: Values) {
  if (record.state !== 'pending') throw new AppError('TRF_REVIEW_NOT_PENDING');
}

/**
 * two-way-review (decision 0115): the actions two-way rules took on incoming MO, read-only on the
 * kernel (written by the ingestion), with approve / reject on the pending ones; history records each.
 */
export const twoWayReview = bindResource(twoWayReviewResource, {
  table: t,
  columns: {
    moId: t.moId,
    moAt: t.moAt,
    accountId: t.accountId,
    customerId: t.customerId,
    ownerId: t.ownerId,
    handset: t.handset,
    senderId: t.senderId,
    keyword: t.keyword,
    action: t.action,
    replyText: t.replyText,
    forwardTo: t.forwardTo,
    state: t.state,
    reviewedBy: t.reviewedBy,
    reviewedAt: t.reviewedAt,
    rejectReason: t.rejectReason,
    sentAt: t.sentAt,
    sentMessageId: t.sentMessageId,
    reversalReason: t.reversalReason,
  },
  commands: {
    async approve(ctx, record) {
      pending(record);
      const reviewed = { reviewedBy: ctx.auth.userId, reviewedAt: ctx.p.clock.now() };
      if (record.action !== 'forward') return { set: { state: 'approved', ...reviewed } };
      // a forward is the portal's own delivery: the owner is told once the decision is committed
      const ownerId = Number(record.forwardTo ?? 0);
      if (ownerId > 0)
        ctx.afterCommit(async () => {
          const account = (await portOf(ctx.p.db, 'accounts')?.byIds([Number(record.accountId)]))?.get(
            Number(record.accountId),
          );
          await ctx.p.notifier.send({
            userIds: [ownerId],
            type: 'system',
            ...templated('traffic.twoWayForward', {
              handset: String(record.handset),
              account: account?.code ?? `#${record.accountId}`,
              sender: String(record.senderId),
              keyword: String(record.keyword),
              at: (record.moAt instanceof Date ? record.moAt : new Date(String(record.moAt)))
                .toISOString()
                .slice(0, 16)
                .replace('T', ' '),
            }),
            link: '/businessOperations/two-way-review',
            source: { kind: 'traffic.twoWayAction', id: String(record.id) },
          });
        });
      return { set: { state: 'done', ...reviewed } };
    },
    /** staff take the number off the blacklist (decision 0131): the history keeps who and why */
    async optIn(ctx, record, input) {
      if (record.action !== 'optout') throw new AppError('TRF_OPTIN_NOT_OPTOUT');
      if (record.state !== 'done') throw new AppError('TRF_OPTIN_NOT_LISTED');
      const reason = String(input.reason).trim();
      const listed = await unlistNumber(
        ctx.tx,
        Number(record.accountId),
        String(record.handset),
        ctx.p.clock.now(),
        { by: ctx.auth.userId, moId: null, reason },
        Number(record.id),
      );
      if (!listed) throw new AppError('TRF_OPTIN_NOT_LISTED');
      return { set: { state: 'reversed', reversalReason: reason } };
    },
    async reject(ctx, record, input) {
      pending(record);
      return {
        set: {
          state: 'rejected',
          rejectReason: String(input.reason).trim(),
          reviewedBy: ctx.auth.userId,
          reviewedAt: ctx.p.clock.now(),
        },
      };
    },
  },
});
