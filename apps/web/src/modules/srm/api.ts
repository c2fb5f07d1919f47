import type {
  AdmissionApply,
  ClueSettings,
  ClueViewRules,
  DomainRules,
  DuplicateCheckSettings,
  EntityChangeApply,
  LevelRules,
  PaymentMethodUsage,
  RetentionRules,
  SeaContact,
  SeaRules,
  ShareRules,
  SourceChangeApply,
  SuffixRules,
  SupplierDuplicateQuery,
  SupplierDuplicateResult,
  SupplierRules,
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
  supplierRules: (signal?: AbortSignal) => get<SupplierRules>(`${S}/supplier-rules`, undefined, { signal }),
  saveSupplierRules: (v: SupplierRules) => post<SupplierRules>(`${S}/supplier-rules`, v, { checkRepeat: true }),
  levelRules: (signal?: AbortSignal) => get<LevelRules>(`${S}/level-rules`, undefined, { signal }),
  saveLevelRules: (v: LevelRules) => post<LevelRules>(`${S}/level-rules`, v, { checkRepeat: true }),
  applyLevelRules: () => post<{ moved: number }>(`${S}/level-rules/apply`, {}, { checkRepeat: true }),
  suffixRules: (signal?: AbortSignal) => get<SuffixRules>(`${S}/suffix-rules`, undefined, { signal }),
  saveSuffixRules: (v: SuffixRules) => post<SuffixRules>(`${S}/suffix-rules`, v, { checkRepeat: true }),
  clueViewRules: (signal?: AbortSignal) => get<ClueViewRules>(`${S}/clue-view-rules`, undefined, { signal }),
  saveClueViewRules: (v: ClueViewRules) => post<ClueViewRules>(`${S}/clue-view-rules`, v, { checkRepeat: true }),
  shareRules: (signal?: AbortSignal) => get<ShareRules>(`${S}/share-rules`, undefined, { signal }),
  saveShareRules: (v: ShareRules) => post<ShareRules>(`${S}/share-rules`, v, { checkRepeat: true }),
  /** a sea supplier's contacts when the lead viewing rules show them (the error is the screen's to show) */
  seaContacts: (id: number, signal?: AbortSignal) =>
    get<SeaContact[]>('/v2/srm/sea-supplier/contacts', { id }, { signal, showMessage: false }),
};

export const srmKeys = {
  seaRules: ['srm', 'settings', 'sea-rules'] as const,
  duplicateCheck: ['srm', 'settings', 'duplicate-check'] as const,
  paymentMethods: ['srm', 'settings', 'payment-methods'] as const,
  domainRules: ['srm', 'settings', 'domain-rules'] as const,
  clueSettings: ['srm', 'settings', 'clue'] as const,
  retentionRules: ['srm', 'settings', 'retention-rules'] as const,
  supplierRules: ['srm', 'settings', 'supplier-rules'] as const,
  levelRules: ['srm', 'settings', 'level-rules'] as const,
  suffixRules: ['srm', 'settings', 'suffix-rules'] as const,
  clueViewRules: ['srm', 'settings', 'clue-view-rules'] as const,
  shareRules: ['srm', 'settings', 'share-rules'] as const,
  seaContacts: (id: number) => ['srm', 'sea-contacts', id] as const,
  receivers: (keyword: string) => ['srm', 'transfer-receivers', keyword] as const,
};
