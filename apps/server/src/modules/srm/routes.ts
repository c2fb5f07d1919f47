import { envelope } from '@portal/contracts';
import {
  admissionApply,
  clueSettings,
  domainRules,
  duplicateCheckSettings,
  entityChangeApply,
  paymentMethodUsage,
  retentionRules,
  SrmPerm,
  seaRules,
  sourceChangeApply,
  supplierDeptOption,
  supplierDuplicateQuery,
  supplierDuplicateResult,
  supplierResource,
  transferRequestApply,
} from '@portal/contracts/srm';
import { staffPick } from '@portal/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickStaff } from '../../platform/access/staff-pick.js';
import { checkDictValues } from '../../platform/dict/service.js';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { applyAdmission } from './admission.js';
import { supplierDepartments } from './departments.js';
import { findSupplierDuplicates } from './duplicates.js';
import { paymentMethods } from './payment-methods.js';
import { checkSeaRules } from './rules.js';
import {
  readClueSettings,
  readDomainRules,
  readDuplicateCheck,
  readRetentionRules,
  readSeaRules,
  writeClueSettings,
  writeDomainRules,
  writeDuplicateCheck,
  writeRetentionRules,
  writeSeaRules,
} from './settings.js';
import { applySourceChange } from './source-change.js';
import { applyEntityChange, applyTransfer } from './supplier-requests.js';

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
    `${S}/domain-rules`,
    {
      schema: {
        tags,
        summary: 'Shared domains the supplier duplicate check ignores',
        response: { 200: envelope(domainRules) },
      },
      config: { access: { perm: SrmPerm.DOMAIN_RULES } },
    },
    async () => ok(await readDomainRules(p.db)),
  );
  r.post(
    `${S}/domain-rules`,
    {
      schema: {
        tags,
        summary: 'Save the supplier domain rules',
        body: domainRules,
        response: { 200: envelope(domainRules) },
      },
      config: { access: { perm: SrmPerm.DOMAIN_RULES }, checkRepeat: true },
    },
    async (req) => {
      await writeDomainRules(p.db, req.body, req.auth!.userId, p.clock.now());
      return ok(await readDomainRules(p.db));
    },
  );

  r.get(
    `${S}/retention-rules`,
    {
      schema: {
        tags,
        summary: 'Idle days before return, per supplier level',
        response: { 200: envelope(retentionRules) },
      },
      config: { access: { perm: SrmPerm.RETENTION_RULES } },
    },
    async () => ok(await readRetentionRules(p.db)),
  );
  r.post(
    `${S}/retention-rules`,
    {
      schema: {
        tags,
        summary: 'Save the supplier retention rules (levels of the purchasing dictionary)',
        body: retentionRules,
        response: { 200: envelope(retentionRules) },
      },
      config: { access: { perm: SrmPerm.RETENTION_RULES }, checkRepeat: true },
    },
    async (req) => {
      for (const row of req.body.byLevel)
        await checkDictValues(p.db, supplierResource.fields, { level: row.level }, 'SRM_DICT_VALUE_UNKNOWN');
      await writeRetentionRules(p.db, req.body, req.auth!.userId, p.clock.now());
      return ok(req.body);
    },
  );

  r.get(
    `${S}/clue`,
    {
      schema: {
        tags,
        summary: 'The supplier lead settings (the lead screens read them)',
        response: { 200: envelope(clueSettings) },
      },
      // what counts as a followed lead is no secret: every signed-in user's lead screen reads it
      config: { access: 'authenticated' },
    },
    async () => ok(await readClueSettings(p.db)),
  );
  r.post(
    `${S}/clue`,
    {
      schema: {
        tags,
        summary: 'Save the supplier lead settings',
        body: clueSettings,
        response: { 200: envelope(clueSettings) },
      },
      config: { access: { perm: SrmPerm.CLUE_SETTINGS }, checkRepeat: true },
    },
    async (req) => {
      await writeClueSettings(p.db, req.body, req.auth!.userId, p.clock.now());
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
