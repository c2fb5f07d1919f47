import type {
  AdmissionApply,
  DuplicateCheckSettings,
  PaymentMethodUsage,
  SeaRules,
  SourceChangeApply,
  SupplierDuplicateQuery,
  SupplierDuplicateResult,
} from '@portal/contracts/srm';
import { get, post } from '../../platform/http';

const S = '/v2/srm/settings';

/** The supplier room's calls besides the kernel's and the ownership piece's. */
export const srmApi = {
  duplicates: (q: Partial<SupplierDuplicateQuery>, signal?: AbortSignal) =>
    post<SupplierDuplicateResult>('/v2/srm/supplier/duplicates', q, { signal, showMessage: false }),
  apply: (body: AdmissionApply) =>
    post<{ id: number; approvalId: number }>('/v2/srm/admission/apply', body, { checkRepeat: true }),
  applySourceChange: (body: SourceChangeApply) =>
    post<{ id: number; approvalId: number }>('/v2/srm/source-change/apply', body, { checkRepeat: true }),
  seaRules: (signal?: AbortSignal) => get<SeaRules>(`${S}/sea-rules`, undefined, { signal }),
  saveSeaRules: (v: SeaRules) => post<SeaRules>(`${S}/sea-rules`, v, { checkRepeat: true }),
  duplicateCheck: (signal?: AbortSignal) => get<DuplicateCheckSettings>(`${S}/duplicate-check`, undefined, { signal }),
  saveDuplicateCheck: (v: DuplicateCheckSettings) =>
    post<DuplicateCheckSettings>(`${S}/duplicate-check`, v, { checkRepeat: true }),
  paymentMethods: (signal?: AbortSignal) => get<PaymentMethodUsage[]>(`${S}/payment-methods`, undefined, { signal }),
};

export const srmKeys = {
  seaRules: ['srm', 'settings', 'sea-rules'] as const,
  duplicateCheck: ['srm', 'settings', 'duplicate-check'] as const,
  paymentMethods: ['srm', 'settings', 'payment-methods'] as const,
};
