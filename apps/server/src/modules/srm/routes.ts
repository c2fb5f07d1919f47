import { envelope } from '@portal/contracts';
import {
  admissionApply,
  duplicateCheckSettings,
  paymentMethodUsage,
  SrmPerm,
  seaRules,
  sourceChangeApply,
  supplierDeptOption,
  supplierDuplicateQuery,
  supplierDuplicateResult,
} from '@portal/contracts/srm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { applyAdmission } from './admission.js';
import { supplierDepartments } from './departments.js';
import { findSupplierDuplicates } from './duplicates.js';
import { paymentMethods } from './payment-methods.js';
import { checkSeaRules } from './rules.js';
import { readDuplicateCheck, readSeaRules, writeDuplicateCheck, writeSeaRules } from './settings.js';
import { applySourceChange } from './source-change.js';

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

  r.get(
    `${S}/sea-rules`,
    {
      schema: { tags, summary: 'The supplier open-sea rules', response: { 200: envelope(seaRules) } },
      config: { access: { perm: SrmPerm.SEA_RULES } },
    },
    async () => ok(await readSeaRules(p.db)),
  );
  r.post(
    `${S}/sea-rules`,
    {
      schema: {
        tags,
        summary: 'Save the supplier open-sea rules',
        body: seaRules,
        response: { 200: envelope(seaRules) },
      },
      config: { access: { perm: SrmPerm.SEA_RULES }, checkRepeat: true },
    },
    async (req) => {
      checkSeaRules(req.body);
      await writeSeaRules(p.db, req.body, req.auth!.userId, p.clock.now());
      return ok(req.body);
    },
  );

  r.get(
    `${S}/duplicate-check`,
    {
      schema: {
        tags,
        summary: 'The supplier duplicate-check settings',
        response: { 200: envelope(duplicateCheckSettings) },
      },
      config: { access: { perm: SrmPerm.DUPLICATE_CHECK } },
    },
    async () => ok(await readDuplicateCheck(p.db)),
  );
  r.post(
    `${S}/duplicate-check`,
    {
      schema: {
        tags,
        summary: 'Save the supplier duplicate-check settings',
        body: duplicateCheckSettings,
        response: { 200: envelope(duplicateCheckSettings) },
      },
      config: { access: { perm: SrmPerm.DUPLICATE_CHECK }, checkRepeat: true },
    },
    async (req) => {
      await writeDuplicateCheck(p.db, req.body, req.auth!.userId, p.clock.now());
      return ok(req.body);
    },
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
