import type { PageResult } from '@portal/contracts';
import { APPLY_PATHS, type ApplicationKind, type ApplyResult, type ShareRow } from '@portal/contracts/crm';
import { post } from '../../../platform/http';

/** Starts an application (its 10050016 / 10050027 answers are handled by the caller and the error path). */
export const applyFor = (kind: ApplicationKind, body: Record<string, unknown>) =>
  post<ApplyResult>(APPLY_PATHS[kind], body, { checkRepeat: true });

export const sharePage = (q: Record<string, unknown>, signal?: AbortSignal) =>
  post<PageResult<ShareRow>>('/v2/crm/customer/share/page', q, { signal });

export const removeFromBlacklist = (ids: number[], reason: string) =>
  post<{ ids: number[] }>('/v2/crm/blacklist/remove', { ids, reason }, { checkRepeat: true });

/** The caller's own customers matching a keyword, for the application pages' customer picker. */
export const customerOptions = async (keyword: string, signal?: AbortSignal) =>
  (
    await post<PageResult<{ id: number; code: string; name: string }>>(
      '/v2/crm/customer/page',
      { keyword: keyword || undefined, state: 'private', size: 20 },
      { signal, showMessage: false },
    )
  ).records.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }));
