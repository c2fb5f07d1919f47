import { envelope } from '@portal/contracts';
import { minxQuery, minxResultsAnswer, minxResultsQuery, TrafficPerm } from '@portal/contracts/traffic';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportRoute } from '../../platform/exports/list-export.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { mountResource } from '../../platform/resource/index.js';
import { minxExport } from './minx-export.js';
import { minxPlans, minxResults } from './minx-plans.js';

const tags = ['traffic'];
const B = '/v2/traffic/minx-plans';

/**
 * minxSolution (decisions 0146, 0149): the plans on the resource kernel (page, detail, save, update,
 * pause, resume, export, timeline), and the room's own reads over a range: a page's results per step
 * and the export of the plans with their results.
 */
export async function minxRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await mountResource(app, p, minxPlans);
  r.post(
    `${B}/results`,
    {
      schema: {
        tags,
        summary: "minxSolution: some plans' results per step over a range (at most 93 days), in my data scope",
        body: minxResultsQuery,
        response: { 200: envelope(minxResultsAnswer) },
      },
      config: { access: { perm: TrafficPerm.MINX }, audit: false },
    },
    async (req) => ok(await minxResults(p.db, req.auth!, req.body)),
  );
  exportRoute(
    app,
    p,
    `${B}/results/export`,
    minxExport,
    minxQuery,
    'Export the fallback plans and their results per step over a range',
  );
}
