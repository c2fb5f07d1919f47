import type { PageResult } from '@portal/contracts';
import type { MinxPlanCreate, MinxPlanRow, MinxPlanState, MinxPlanUpdate, MinxQuery } from '@portal/contracts/traffic';
import { get, post, put } from '../../platform/http';
import type { QueryParams } from '../../platform/request-headers';

/** The calls of minxSolution (decision 0146), in the screen's own chunk. */
export type { MinxPlanRow };
export const MINX_BASE = '/v2/traffic/minx-plans';
export const minxKeys = { plans: ['traffic', 'minx-plans'] as const };

export const minxApi = {
  plans: (q: Partial<MinxQuery>, signal?: AbortSignal) =>
    get<PageResult<MinxPlanRow>>(`${MINX_BASE}/page`, q as QueryParams, { signal }),
  create: (body: MinxPlanCreate) => post<MinxPlanRow>(MINX_BASE, body, { checkRepeat: true }),
  update: (body: MinxPlanUpdate) => put<MinxPlanRow>(MINX_BASE, body, { checkRepeat: true }),
  setState: (body: MinxPlanState) => post<MinxPlanRow>(`${MINX_BASE}/state`, body, { checkRepeat: true }),
};
