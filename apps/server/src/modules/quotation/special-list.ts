import { specialPriceResource } from '@portal/contracts/quotation';
import { bindResource } from '../../platform/resource/index.js';
import { qmSpecialPrices as t } from './schema.js';

/** Special-price requests on the resource kernel: paged, filtered, exported, in the applicant's data scope. */
export const specialPrices = bindResource(specialPriceResource, {
  table: t,
  columns: {
    id: t.id,
    bookKind: t.bookKind,
    bookId: t.bookId,
    product: t.product,
    dest: t.dest,
    unitPrice: t.unitPrice,
    currency: t.currency,
    effectiveFrom: t.effectiveFrom,
    limitText: t.limitText,
    reason: t.reason,
    state: t.state,
    approvalId: t.approvalId,
    applicantId: t.applicantId,
    createdAt: t.createdAt,
    decidedAt: t.decidedAt,
  },
});
