import type {
  AdmissionApply,
  ClueSettings,
  DomainRules,
  DuplicateCheckSettings,
  EntityChangeApply,
  PaymentMethodUsage,
  RetentionRules,
  SeaRules,
  SourceChangeApply,
  SupplierDuplicateQuery,
  SupplierDuplicateResult,
  TransferRequestApply,
} from '@portal/contracts/srm';
import type { StaffPick } from '@portal/contracts/staff';
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
  applyTransfer: (body: TransferRequestApply) =>
    post<{ id: number; approvalId: number }>('/v2/srm/transfer-request/apply', body, { checkRepeat: true }),
  applyEntityChange: (body: EntityChangeApply) =>
    post<{ id: number; approvalId: number }>('/v2/srm/entity-change/apply', body, { checkRepeat: true }),
  receivers: (keyword: string, signal?: AbortSignal) =>
    get<StaffPick[]>('/v2/srm/transfer-request/receivers', keyword ? { keyword } : undefined, { signal }),
  seaRules: (signal?: AbortSignal) => get<SeaRules>(`${S}/sea-rules`, undefined, { signal }),
  saveSeaRules: (v: SeaRules) => post<SeaRules>(`${S}/sea-rules`, v, { checkRepeat: true }),
  duplicateCheck: (signal?: AbortSignal) => get<DuplicateCheckSettings>(`${S}/duplicate-check`, undefined, { signal }),
  saveDuplicateCheck: (v: DuplicateCheckSettings) =>
    post<DuplicateCheckSettings>(`${S}/duplicate-check`, v, { checkRepeat: true }),
  clueSettings: (signal?: AbortSignal) => get<ClueSettings>(`${S}/clue`, undefined, { signal }),
  saveClueSettings: (v: ClueSettings) => post<ClueSettings>(`${S}/clue`, v, { checkRepeat: true }),
  domainRules: (signal?: AbortSignal) => get<DomainRules>(`${S}/domain-rules`, undefined, { signal }),
  saveDomainRules: (v: DomainRules) => post<DomainRules>(`${S}/domain-rules`, v, { checkRepeat: true }),
  retentionRules: (signal?: AbortSignal) => get<RetentionRules>(`${S}/retention-rules`, undefined, { signal }),
  saveRetentionRules: (v: RetentionRules) => post<RetentionRules>(`${S}/retention-rules`, v, { checkRepeat: true }),
  paymentMethods: (signal?: AbortSignal) => get<PaymentMethodUsage[]>(`${S}/payment-methods`, undefined, { signal }),
};

export const srmKeys = {
  seaRules: ['srm', 'settings', 'sea-rules'] as const,
  duplicateCheck: ['srm', 'settings', 'duplicate-check'] as const,
  paymentMethods: ['srm', 'settings', 'payment-methods'] as const,
  domainRules: ['srm', 'settings', 'domain-rules'] as const,
  clueSettings: ['srm', 'settings', 'clue'] as const,
  retentionRules: ['srm', 'settings', 'retention-rules'] as const,
  receivers: (keyword: string) => ['srm', 'transfer-receivers', keyword] as const,
};
