import { supplierQuoteResource } from '@portal/contracts/quotation';
import { bindResource } from '../../platform/resource/index.js';
import { qmSupplierQuotes as t } from './schema.js';

/** Supplier-quote requests on the resource kernel: paged, filtered, exported, in the applicant's data scope. */
export const supplierQuotes = bindResource(supplierQuoteResource, {
  table: t,
  columns: {
    id: t.id,
    channelCode: t.channelCode,
    product: t.product,
    dest: t.dest,
    oldCost: t.oldCost,
    unitPrice: t.unitPrice,
    currency: t.currency,
    effectiveFrom: t.effectiveFrom,
    raise: t.raise,
    overPrice: t.overPrice,
    affectedCount: t.affectedCount,
    lineCount: t.lineCount,
    state: t.state,
    approvalId: t.approvalId,
    applicantId: t.applicantId,
    createdAt: t.createdAt,
    decidedAt: t.decidedAt,
  },
});
