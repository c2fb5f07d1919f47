import type { PreviewRow } from '@portal/contracts/quotation';
import { get, post, upload } from '../../platform/http';

export interface PriceRowView {
  id: number;
  bookKind: string;
  bookId: number;
  product: string;
  destKind: string;
  dest: string;
  country: string | null;
  category: string;
  unitPrice: string;
  connectFee: string;
  firstIncrement: number;
  nextIncrement: number;
  currency: string;
  effectiveFrom: string;
  effectiveUntil: string | null;
  chargeOn: string | null;
  source: string;
}
export interface Page<T> {
  total: number;
  current: number;
  size: number;
  records: T[];
}
export interface Charge {
  amount: string;
  currency: string;
  unitPrice: string;
  billedUnits: number;
  rowId: number;
}
export interface RateAnswer {
  at: string;
  price: Charge | null;
  costs: {
    channelId: number;
    channelCode: string;
    channelName: string;
    state: string;
    cost: Charge;
    margin: string | null;
    marginPct: string | null;
  }[];
  history: PriceRowView[];
}
export interface ListPreview {
  rows: PreviewRow[];
  removed: { dest: string; unitPrice: string; currency: string }[];
  errors: { row: number; field: string; code: number; message: string }[];
  counts: Record<'new' | 'increase' | 'decrease' | 'same' | 'removed' | 'invalid', number>;
}
export interface GroupView {
  id: number;
  kind: string;
  name: string;
  currency: string;
  remark: string | null;
  accountIds: number[];
  createdAt: string;
}
export interface LimitView {
  id: number;
  product: string;
  country: string;
  network: string;
  minPrice: string | null;
  minMarginPct: string | null;
  currency: string;
  updatedAt: string;
}
export interface SpecialView {
  id: number;
  bookKind: string;
  bookId: number;
  product: string;
  dest: string;
  unitPrice: string;
  currency: string;
  effectiveFrom: string;
  limitText: string;
  reason: string;
  state: string;
  approvalId: number | null;
  priceId: number | null;
  createdAt: string;
  decidedAt: string | null;
}

/** The quotation room's calls. */
export const qmApi = {
  page: (q: object) => post<Page<PriceRowView>>('/v2/qm/price/page', q),
  save: (body: object) =>
    post<{ outcome: 'saved' | 'special'; id: number; effectiveFrom: string; approvalId?: number }>(
      '/v2/qm/price/save',
      body,
      { checkRepeat: true },
    ),
  rate: (q: object) => post<RateAnswer>('/v2/qm/rate', q),
  groups: (kind: string) => get<GroupView[]>('/v2/qm/group/list', { kind }),
  saveGroup: (body: object) => post<{ id: number }>('/v2/qm/group/save', body, { checkRepeat: true }),
  limits: (list: 'limit' | 'tariff') => get<LimitView[]>(`/v2/qm/${list}/list`),
  saveLimit: (body: object) => post<{ id: number }>('/v2/qm/limit/save', body, { checkRepeat: true }),
  settings: () => get<{ increaseNoticeDays: number }>('/v2/qm/settings'),
  saveSettings: (body: { increaseNoticeDays: number }) =>
    post<{ increaseNoticeDays: number }>('/v2/qm/settings', body, { checkRepeat: true }),
  specials: (q: object) => post<Page<SpecialView>>('/v2/qm/special/page', q),
  special: (id: number) => get<SpecialView>(`/v2/qm/specialReview/details/${id}`),
  preview: (channelId: number, product: string, file: File) =>
    upload<ListPreview>(`/v2/qm/import/preview?channelId=${channelId}&product=${product}`, file),
  commit: (body: object) =>
    post<{ saved: number; closed: number }>('/v2/qm/import/commit', body, { checkRepeat: true }),
};
