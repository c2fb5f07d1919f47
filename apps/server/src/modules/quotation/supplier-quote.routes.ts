import { envelope, type Locale } from '@portal/contracts';
import { QmPerm, type SupplierQuoteDetail, type SupplierQuoteLine } from '@portal/contracts/quotation';
import { asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { approvalTrail } from '../approval/index.js';
import { qmSupplierQuoteLines, qmSupplierQuotes } from './schema.js';
import { userInScope } from './scope.js';

const tags = ['quotation'];
const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Spec 7's supplier variants of `/v2/qm/specialReview/...`: a supplier-quote request by its id or by
 * its approval instance, with the accounts it touches and the approval's history, in the caller's
 * data scope (the applicant's), else QM_SUPPLIER_QUOTE_NOT_FOUND.
 */
export async function supplierQuoteRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const detail = async (auth: AuthContext, where: SQL, locale: Locale): Promise<SupplierQuoteDetail> => {
    const [q] = await p.db.select().from(qmSupplierQuotes).where(where);
    if (!q || !(await userInScope(p.db, auth, q.applicantId))) throw new AppError('QM_SUPPLIER_QUOTE_NOT_FOUND');
    const [who] = await p.db.select({ name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.id, q.applicantId));
    // an import's request: its lines; one saved cost: the request's own row as its one line
    const lines: SupplierQuoteLine[] = q.lineCount
      ? (
          await p.db
            .select()
            .from(qmSupplierQuoteLines)
            .where(eq(qmSupplierQuoteLines.quoteId, q.id))
            .orderBy(asc(qmSupplierQuoteLines.row))
        ).map((l) => ({ ...l, effectiveFrom: l.effectiveFrom.toISOString() }))
      : [
          {
            row: 1,
            dest: q.dest,
            country: q.country,
            label: '',
            oldCost: q.oldCost,
            unitPrice: q.unitPrice,
            firstIncrement: q.firstIncrement,
            nextIncrement: q.nextIncrement,
            currency: q.currency,
            effectiveFrom: q.effectiveFrom.toISOString(),
            raise: q.raise,
            overPrice: q.overPrice,
            affected: q.affected,
            priceId: q.priceId,
          },
        ];
    return {
      id: q.id,
      channelId: q.channelId,
      channelCode: q.channelCode,
      product: q.product,
      destKind: q.destKind,
      dest: q.dest,
      country: q.country,
      oldCost: q.oldCost,
      unitPrice: q.unitPrice,
      currency: q.currency,
      effectiveFrom: q.effectiveFrom.toISOString(),
      raise: q.raise,
      overPrice: q.overPrice,
      affected: q.affected,
      lineCount: q.lineCount,
      lines,
      state: q.state,
      approvalId: q.approvalId,
      priceId: q.priceId,
      applicantId: q.applicantId,
      applicantName: who?.name ?? null,
      createdAt: q.createdAt.toISOString(),
      decidedAt: iso(q.decidedAt),
      history: q.approvalId ? await approvalTrail(p.db, q.approvalId, locale) : [],
    };
  };

  r.get(
    '/v2/qm/specialReview/supplier/details/:id',
    {
      schema: {
        tags,
        summary: 'Spec 7: a supplier-quote request with its affected accounts and approval history',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: envelope(z.any()) },
      },
      config: { access: { perm: QmPerm.SUPPLIER_APPROVAL } },
    },
    async (req) => ok(await detail(req.auth!, eq(qmSupplierQuotes.id, req.params.id), localeOf(req.headers))),
  );

  r.get(
    '/v2/qm/specialReview/supplier/reviewprocess/:processId',
    {
      schema: {
        tags,
        summary: 'Spec 7: the supplier-quote request of an approval instance (processInstance id)',
        params: z.object({ processId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: envelope(z.any()) },
      },
      config: { access: { perm: QmPerm.SUPPLIER_APPROVAL } },
    },
    async (req) =>
      ok(await detail(req.auth!, eq(qmSupplierQuotes.approvalId, req.params.processId), localeOf(req.headers))),
  );
}
