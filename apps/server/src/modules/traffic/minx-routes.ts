import { envelope } from '@portal/contracts';
import {
  minxPlanCreate,
  minxPlanPage,
  minxPlanRow,
  minxPlanState,
  minxPlanUpdate,
  minxQuery,
  TrafficPerm,
} from '@portal/contracts/traffic';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportRoute } from '../../platform/exports/list-export.js';
import { mountRecordHistory } from '../../platform/history/routes.js';
import { ok } from '../../platform/http/envelope.js';
import type { Platform } from '../../platform/platform.js';
import { minxExport } from './minx-export.js';
import {
  canReadMinxPlan,
  createMinxPlan,
  MINX_ENTITY,
  minxPlans,
  setMinxPlanState,
  updateMinxPlan,
} from './minx-plans.js';

const tags = ['traffic'];
const B = '/v2/traffic/minx-plans';

/** minxSolution (decision 0146): the accounts' fallback plans, their results per step, their history. */
export async function minxRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const edit = { access: { perm: TrafficPerm.MINX_EDIT }, checkRepeat: true };

  r.get(
    `${B}/page`,
    {
      schema: {
        tags,
        summary: 'minxSolution: fallback plans with their results per step over a range (at most 93 days)',
        querystring: minxQuery,
        response: { 200: envelope(minxPlanPage) },
      },
      config: { access: { perm: TrafficPerm.MINX } },
    },
    async (req) => ok(await minxPlans(p.db, req.auth!, req.query)),
  );
  exportRoute(app, p, `${B}/export`, minxExport, minxQuery, 'Export the fallback plans and their results per step');

  r.post(
    B,
    {
      schema: {
        tags,
        summary: 'A new fallback plan for an account in my data scope (active at once; one active plan an account)',
        body: minxPlanCreate,
        response: { 200: envelope(minxPlanRow) },
      },
      config: edit,
    },
    async (req) => ok(await createMinxPlan(p.db, req.auth!, req.body, p.clock.now())),
  );
  r.put(
    B,
    {
      schema: {
        tags,
        summary: "Change a plan's name and steps (optimistic version)",
        body: minxPlanUpdate,
        response: { 200: envelope(minxPlanRow) },
      },
      config: edit,
    },
    async (req) => ok(await updateMinxPlan(p.db, req.auth!, req.body, p.clock.now())),
  );
  r.post(
    `${B}/state`,
    {
      schema: {
        tags,
        summary: 'Pause a plan, or make a paused one active again (from now on)',
        body: minxPlanState,
        response: { 200: envelope(minxPlanRow) },
      },
      config: edit,
    },
    async (req) => ok(await setMinxPlanState(p.db, req.auth!, req.body, p.clock.now())),
  );
  mountRecordHistory(app, p, {
    base: B,
    entity: MINX_ENTITY,
    perm: TrafficPerm.MINX,
    tags,
    canRead: canReadMinxPlan,
  });
}
