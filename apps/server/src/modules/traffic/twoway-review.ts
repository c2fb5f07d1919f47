import { twoWayReviewResource } from '@portal/contracts/traffic';
import { AppError } from '../../platform/http/errors.js';
import type { Values } from '../../platform/resource/bind.js';
import { bindResource } from '../../platform/resource/index.js';
import { trafficTwoWayActions as t } from './schema.js';

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
  },
  commands: {
    async approve(ctx, record) {
      pending(record);
      return { set: { state: 'approved', reviewedBy: ctx.auth.userId, reviewedAt: ctx.p.clock.now() } };
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
