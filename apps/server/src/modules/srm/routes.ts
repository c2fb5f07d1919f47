import { envelope } from '@portal/contracts';
import {
  admissionApply,
  entityChangeApply,
  paymentMethodUsage,
  SrmPerm,
  sourceChangeApply,
  supplierDeptOption,
  supplierDuplicateQuery,
  supplierDuplicateResult,
  transferRequestApply,
} from '@portal/contracts/srm';
import { staffPick } from '@portal/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickStaff } from '../../platform/access/staff-pick.js';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { applyAdmission } from './admission.js';
import { supplierDepartments } from './departments.js';
import { findSupplierDuplicates } from './duplicates.js';
import { paymentMethods } from './payment-methods.js';
import { applyEntityChange, applySourceChange, applyTransfer } from './supplier-requests.js';

const tags = ['srm'];
const S = '/v2/srm/settings';

/** The supplier room's own calls besides the kernel's and the ownership piece's. */
export async function srmRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/srm/supplier/duplicates',
    {
      schema: {
        tags,
        summary: 'Suppliers a new one would repeat (similar name, domain, phone), by the duplicate-check settings',
        body: supplierDuplicateQuery,
        response: { 200: envelope(supplierDuplicateResult) },
      },
      config: { access: { perm: SrmPerm.SUPPLIER_EDIT } },
    },
    async (req) => ok(await findSupplierDuplicates(p.db, req.body)),
  );

  r.get(
    '/v2/srm/supplier/select/get/dept',
    {
      schema: {
        tags,
        summary: 'Spec 7: the departments a supplier picker or filter offers me (my data scope), with their suppliers',
        response: { 200: envelope(z.array(supplierDeptOption)) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await supplierDepartments(p.db, req.auth!)),
  );

  r.post(
    '/v2/srm/admission/apply',
    {
      schema: {
        tags,
        summary: 'Apply for a supplier’s admission: checklist, documents; starts the approval request',
        body: admissionApply,
        response: { 200: envelope(z.object({ id: z.number(), approvalId: z.number() })) },
      },
      config: { access: { perm: SrmPerm.APPLICATIONS }, checkRepeat: true },
    },
    async (req) => ok(await applyAdmission(p, req.auth!, req.body)),
  );

  r.post(
    '/v2/srm/source-change/apply',
    {
      schema: {
        tags,
        summary: 'Apply for a supplier’s source change; starts the approval request',
        body: sourceChangeApply,
        response: { 200: envelope(z.object({ id: z.number(), approvalId: z.number() })) },
      },
      config: { access: { perm: SrmPerm.SOURCE_CHANGES }, checkRepeat: true },
    },
    async (req) => ok(await applySourceChange(p, req.auth!, req.body)),
  );

  r.post(
    '/v2/srm/transfer-request/apply',
    {
      schema: {
        tags,
        summary: 'Ask to transfer one of my suppliers to another buyer; starts the approval request',
        body: transferRequestApply,
        response: { 200: envelope(z.object({ id: z.number(), approvalId: z.number() })) },
      },
      config: { access: { perm: SrmPerm.SUPPLIER_REQUESTS }, checkRepeat: true },
    },
    async (req) => ok(await applyTransfer(p, req.auth!, req.body)),
  );

  r.get(
    '/v2/srm/transfer-request/receivers',
    {
      schema: {
        tags,
        summary: 'Buyers a transfer may go to: active holders of the my-suppliers screen, across departments',
        querystring: z.object({ keyword: z.string().trim().max(64).optional() }),
        response: { 200: envelope(z.array(staffPick)) },
      },
      config: { access: { perm: SrmPerm.SUPPLIER_REQUESTS }, audit: false },
    },
    // the approval decides the transfer, so the picker is not held to the applicant's data scope
    async (req) =>
      ok(
        await pickStaff(
          p.db,
          { ...req.auth!, scope: { kind: 'all', departmentIds: [] } },
          { keyword: req.query.keyword, limit: 20, holds: SrmPerm.SUPPLIERS },
          localeOf(req.headers),
        ),
      ),
  );

  r.post(
    '/v2/srm/entity-change/apply',
    {
      schema: {
        tags,
        summary: 'Ask to change our contracting entity on one of my suppliers; starts the approval request',
        body: entityChangeApply,
        response: { 200: envelope(z.object({ id: z.number(), approvalId: z.number() })) },
      },
      config: { access: { perm: SrmPerm.SUPPLIER_REQUESTS }, checkRepeat: true },
    },
    async (req) => ok(await applyEntityChange(p, req.auth!, req.body)),
  );

  r.get(
    `${S}/payment-methods`,
    {
      schema: {
        tags,
        summary: 'The payment methods (purchasing dictionary) with how many suppliers use each',
        response: { 200: envelope(z.array(paymentMethodUsage)) },
      },
      config: { access: { perm: SrmPerm.PAYMENT_METHODS } },
    },
    async () => ok(await paymentMethods(p.db)),
  );
}
