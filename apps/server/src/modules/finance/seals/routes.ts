import { envelope } from '@portal/contracts';
import {
  SEAL_APPLY_API,
  SEAL_OPTIONS_API,
  SealPerm,
  sealApplicationDetail,
  sealApply,
  sealApplyResult,
  sealOption,
} from '@portal/contracts/finance';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stampAuditSubject } from '../../../platform/audit/subject.js';
import { ok } from '../../../platform/http/envelope.js';
import { localeOf } from '../../../platform/http/locale.js';
import type { Platform } from '../../../platform/platform.js';
import { applySeal, sealApplicationDetail as detail } from './apply.js';
import { sealApplications } from './resources.js';
import { finSeals } from './schema.js';

const tags = ['finance'];
const id = z.coerce.number().int().positive().max(2_147_483_647);

/** The seal application's start and its section 7 detail calls (by id, by approval request). */
export async function sealRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    SEAL_APPLY_API,
    {
      schema: {
        tags,
        summary: 'Apply to seal a contract (file, seals, copies); starts the approval request, archived when approved',
        body: sealApply,
        response: { 200: envelope(sealApplyResult) },
      },
      config: {
        access: { perm: SealPerm.APPLY },
        checkRepeat: true,
        auditAction: { zh: '用印申请', en: 'Seal application' },
      },
    },
    async (req) => {
      const made = await applySeal(p, req.auth!, req.body);
      stampAuditSubject(req, sealApplications.def.key, made.id);
      return ok(made);
    },
  );

  r.get(
    SEAL_OPTIONS_API,
    {
      schema: {
        tags,
        summary: 'The active seals an application may ask for (name, kind, contracting entity)',
        response: { 200: envelope(z.array(sealOption)) },
      },
      config: { access: 'authenticated' },
    },
    async () =>
      ok(
        await p.db
          .select({ id: finSeals.id, name: finSeals.name, kind: finSeals.kind, entityId: finSeals.entityId })
          .from(finSeals)
          .where(eq(finSeals.active, true))
          .orderBy(asc(finSeals.entityId), asc(finSeals.id)),
      ),
  );

  r.get(
    `${SEAL_APPLY_API}/:id`,
    {
      schema: {
        tags,
        summary: 'Spec 7: a contract seal application by id (the applicant’s own; finance and legal all)',
        params: z.object({ id }),
        response: { 200: envelope(sealApplicationDetail) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await detail(p, req.auth!, { id: req.params.id }, localeOf(req.headers))),
  );
  for (const path of ['processInstance', 'process'])
    r.get(
      `${SEAL_APPLY_API}/${path}/:processId`,
      {
        schema: {
          tags,
          summary: 'Spec 7: a contract seal application by its approval request',
          params: z.object({ processId: id }),
          response: { 200: envelope(sealApplicationDetail) },
        },
        config: { access: 'authenticated' },
      },
      async (req) => ok(await detail(p, req.auth!, { instanceId: req.params.processId }, localeOf(req.headers))),
    );
}
