import { envelope } from '@portal/contracts';
import {
  applyResult,
  SUPPLIER_APPLY_BASE,
  SUPPLIER_BAD_DEBT_API,
  supplierApplicationDetail,
  supplierApply,
  supplierBadDebtApply,
  supplierBillDifference,
  supplierBillDifferencePath,
  supplierBillPay,
  supplierBillPayPath,
} from '@portal/contracts/finance';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stampAuditSubject } from '../../../platform/audit/subject.js';
import type { Db } from '../../../platform/db/index.js';
import { ok } from '../../../platform/http/envelope.js';
import type { Platform } from '../../../platform/platform.js';
import { applySupplier, supplierApplicationDetail as detailOf } from './applications.js';
import { applyBadDebt } from './bad-debt.js';
import { postBillDifference } from './bill-difference.js';
import { payBill } from './bill-pay.js';
import { supplierBills } from './bills.js';
import { supplierAccounts } from './resources.js';
import { finSupplierAccounts } from './schema.js';

const tags = ['finance'];
const id = z.coerce.number().int().positive().max(2_147_483_647);
/** an application route's config: the key is checked by the handler once the account is read */
const applying = (zh: string, en: string) =>
  ({ access: 'authenticated', checkRepeat: true, auditAction: { zh, en } }) as const;

/**
 * A call on a supplier account names it in its audit row before the work (decision 0153); its resource key is
 * its product's, read here (an unknown id names nothing: the call's refusal says so).
 */
async function onSupplierAccount(db: Db, req: FastifyRequest, accountId: number) {
  const [acc] = await db
    .select({ product: finSupplierAccounts.product })
    .from(finSupplierAccounts)
    .where(eq(finSupplierAccounts.id, accountId));
  if (acc) stampAuditSubject(req, supplierAccounts[acc.product].def.key, accountId);
}

/** Supplier-account applications: apply (the account's screen key `:apply`), read by id and by request. */
export async function supplierRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    SUPPLIER_APPLY_BASE,
    {
      schema: {
        tags,
        summary: 'Apply to move a supplier account’s money (prepayment, payment, adjustment); posted when approved',
        body: supplierApply,
        response: { 200: envelope(applyResult) },
      },
      // the key is the account's product screen's `:apply`, checked once the account is read
      config: applying('供应商账户申请', 'Supplier account application'),
    },
    async (req) => {
      await onSupplierAccount(p.db, req, req.body.supplierAccountId);
      return ok(await applySupplier(p, req.auth!, req.body));
    },
  );
  r.get(
    `${SUPPLIER_APPLY_BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'A supplier-account application by id',
        params: z.object({ id }),
        response: { 200: envelope(supplierApplicationDetail) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await detailOf(p.db, req.auth!, { id: req.params.id })),
  );
  r.get(
    `${SUPPLIER_APPLY_BASE}/processInstance/:processId`,
    {
      schema: {
        tags,
        summary: 'A supplier-account application by its approval request',
        params: z.object({ processId: id }),
        response: { 200: envelope(supplierApplicationDetail) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await detailOf(p.db, req.auth!, { instanceId: req.params.processId })),
  );
  r.post(
    supplierBillPayPath(':id'),
    {
      schema: {
        tags,
        summary: 'Apply to pay a confirmed supplier bill (a supplier payment naming the bill); paid when approved',
        params: z.object({ id }),
        body: supplierBillPay,
        response: { 200: envelope(applyResult) },
      },
      // the key is the bill's supplier-account product screen's `:apply`, checked once the account is read
      config: applying('账单付款申请', 'Bill payment application'),
    },
    async (req) => {
      stampAuditSubject(req, supplierBills.def.key, req.params.id);
      return ok(await payBill(p, req.auth!, req.params.id, req.body));
    },
  );
  r.post(
    `${SUPPLIER_BAD_DEBT_API}/apply`,
    {
      schema: {
        tags,
        summary:
          'Apply to hand a supplier account’s balance (what the supplier owes us) to bad debt; written off when approved',
        body: supplierBadDebtApply,
        response: { 200: envelope(applyResult) },
      },
      // the key is the account's product screen's `:apply`, checked once the account is read
      config: applying('坏账申请', 'Bad debt application'),
    },
    async (req) => {
      await onSupplierAccount(p.db, req, req.body.supplierAccountId);
      return ok(await applyBadDebt(p, req.auth!, req.body));
    },
  );
  r.post(
    supplierBillDifferencePath(':id'),
    {
      schema: {
        tags,
        summary:
          'Apply to post a confirmed supplier bill’s difference as a bill entry on the supplier account; once per bill',
        params: z.object({ id }),
        body: supplierBillDifference,
        response: { 200: envelope(applyResult) },
      },
      // the key is the bill's supplier-account product screen's `:apply`, checked once the account is read
      config: applying('差额入账申请', 'Bill difference application'),
    },
    async (req) => {
      stampAuditSubject(req, supplierBills.def.key, req.params.id);
      return ok(await postBillDifference(p, req.auth!, req.params.id, req.body));
    },
  );
}
