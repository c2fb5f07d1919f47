import { envelope, jobListQuery, jobRow, Perm, pageResult } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../http/envelope.js';
import type { Platform } from '../platform.js';

/** Read-only view of the job queue: what ran, what is retrying, what failed and why. */
export async function jobRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v2/sys/staff/jobs',
    {
      schema: {
        tags: ['platform'],
        summary: 'Background jobs (newest first), with state, retries and the error of failed ones',
        querystring: jobListQuery,
        response: { 200: envelope(pageResult(jobRow)) },
      },
      config: { access: { perm: Perm.SYS_LOG } },
    },
    async (req) => {
      const { page, size, name, state } = req.query;
      const { records, total } = await p.jobs.list({ page, size, name, state });
      return ok({ records, total, page, size });
    },
  );
}
