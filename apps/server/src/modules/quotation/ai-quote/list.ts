import { aiQuoteRunResource } from '@portal/contracts/quotation/ai-quote';
import { bindResource } from '../../../platform/resource/index.js';
import { qmAiQuoteRuns as t } from '../schema.js';

/** The AI quote log on the resource kernel: paged, filtered, exported, in the runner's data scope. */
export const aiQuoteRuns = bindResource(aiQuoteRunResource, {
  table: t,
  columns: {
    id: t.id,
    channelCode: t.channelCode,
    product: t.product,
    sourceKind: t.sourceKind,
    source: t.source,
    mappedBy: t.mappedBy,
    mappingText: t.mappingText,
    rowsRead: t.rowsRead,
    rowsUnderstood: t.rowsUnderstood,
    rowsNotUnderstood: t.rowsNotUnderstood,
    reasons: t.reasons,
    outcome: t.outcome,
    savedCount: t.savedCount,
    heldCount: t.heldCount,
    requestId: t.requestId,
    userId: t.userId,
    createdAt: t.createdAt,
  },
});
