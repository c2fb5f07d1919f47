import type { PageResult } from '@portal/contracts';
import type { ResourceRow } from '@portal/contracts/resource';
import {
  type MinxPlanResults,
  type MinxQuery,
  type MinxStep,
  minxPlanResource,
  minxStepFields,
  minxStepsOf,
} from '@portal/contracts/traffic';
import { post } from '../../platform/http';

/**
 * The calls of minxSolution (decisions 0146, 0149), in the screen's own chunk: the plans from the
 * resource kernel's page, their results per step over the range from the room's read, joined by id.
 */
type PlanRow = ResourceRow<typeof minxPlanResource>;
export type MinxPlanRow = Pick<PlanRow, 'id' | 'version' | 'accountId' | 'customerId' | 'name' | 'state'> & {
  updatedAt: string;
  steps: MinxStep[];
  currency: string;
  results: MinxPlanResults['results'];
};
export const MINX_BASE = minxPlanResource.api;
export const minxKeys = { plans: ['traffic', 'minx-plans'] as const };

export const minxApi = {
  async plans(q: Partial<MinxQuery>, signal?: AbortSignal): Promise<PageResult<MinxPlanRow>> {
    const { from, to, page = 1, size = 20, accountId, customerId, state } = q;
    const plans = await post<PageResult<PlanRow>>(
      `${MINX_BASE}/page`,
      { page, size, accountId, customerId, state },
      { signal },
    );
    const ids = plans.records.map((r) => r.id);
    const results =
      ids.length && from && to
        ? await post<MinxPlanResults[]>(`${MINX_BASE}/results`, { ids, from, to }, { signal })
        : [];
    const byId = new Map(results.map((r) => [r.id, r]));
    return {
      ...plans,
      records: plans.records.map((r) => ({
        id: r.id,
        version: r.version,
        accountId: r.accountId,
        customerId: r.customerId,
        name: r.name,
        state: r.state,
        updatedAt: r.updatedAt,
        steps: minxStepsOf(r),
        currency: byId.get(r.id)?.currency ?? '',
        results: byId.get(r.id)?.results ?? [],
      })),
    };
  },
  create: (body: { accountId: number; name: string; steps: MinxStep[] }) =>
    post<{ id: number }>(
      `${MINX_BASE}/save`,
      { accountId: body.accountId, name: body.name, ...omitEmpty(minxStepFields(body.steps)) },
      { checkRepeat: true },
    ),
  update: (body: { id: number; version: number; name: string; steps: MinxStep[] }) =>
    post<{ id: number; version: number }>(
      `${MINX_BASE}/update`,
      { id: body.id, version: body.version, name: body.name, ...minxStepFields(body.steps) },
      { checkRepeat: true },
    ),
  /** pause an active plan, or make a paused one active again */
  setState: (body: { id: number; state: 'active' | 'paused' }) =>
    post<null>(`${MINX_BASE}/${body.state === 'paused' ? 'pause' : 'resume'}`, { id: body.id }, { checkRepeat: true }),
};

/** a create leaves the steps it has not out (an update clears them) */
const omitEmpty = (v: Record<string, unknown>) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null));
