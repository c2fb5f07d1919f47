import { envelope } from '@portal/contracts';
import { CrmPerm, customerStatistics, duplicateQuery, duplicateResult } from '@portal/contracts/crm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { homeDepartment } from '../../platform/access/home-department.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { findDuplicates } from './duplicates.js';
import { stagesFor } from './stages.js';
import { customerStatistics as statisticsOf } from './statistics.js';

const tags = ['crm'];
const stage = z.object({ code: z.string(), name: z.string(), nameEn: z.string(), winRate: z.number() });

export async function crmRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/v2/crm/customer/duplicates',
    {
      schema: {
        tags,
        summary: 'Customers a new one would repeat (alias, similar name, company domain, phone), before saving',
        body: duplicateQuery,
        response: { 200: envelope(duplicateResult) },
      },
      config: { access: { perm: CrmPerm.CUSTOMER_EDIT } },
    },
    async (req) => ok(await findDuplicates(p.db, req.body)),
  );

  r.post(
    '/v2/crm/index/customer/statistics',
    {
      schema: {
        tags,
        summary: 'My customer figures: own, new today, dealt, contact due, open sea',
        body: z.object({}).optional(),
        response: { 200: envelope(customerStatistics) },
      },
      config: { access: { perm: CrmPerm.CUSTOMERS } },
    },
    async (req) => ok(await statisticsOf(p.db, p.clock, req.auth!)),
  );

  r.get(
    '/v2/crm/opportunity/stages',
    {
      schema: {
        tags,
        summary: 'The opportunity stages of my department group, with their win rates',
        response: { 200: envelope(z.array(stage)) },
      },
      config: { access: { perm: CrmPerm.CUSTOMERS } },
    },
    async (req) => ok(await stagesFor(p.db, await homeDepartment(p.db, req.auth!.userId))),
  );
}
