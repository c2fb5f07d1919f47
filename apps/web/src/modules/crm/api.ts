import type { DuplicateQuery, DuplicateResult } from '@portal/contracts/crm';
import { post } from '../../platform/http';

/** Customers a new one would repeat, asked while the add form is filled in. */
export const checkDuplicates = (q: Partial<DuplicateQuery>, signal?: AbortSignal) =>
  post<DuplicateResult>('/v2/crm/customer/duplicates', q, { signal, showMessage: false });
