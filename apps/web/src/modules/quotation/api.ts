import type {
  PreviewRow,
  PriceListCommitResult,
  QuotedRow,
  SupplierQuoteDetail,
  UploadedQuote,
} from '@portal/contracts/quotation';
import type { AiQuoteMail, AiQuoteMapping, AiQuoteRead } from '@portal/contracts/quotation/ai-quote';
import { get, post, upload } from '../../platform/http';
import type { QuoteProduct } from './send-pages';

export interface PriceRowView {
  id: number;
  bookKind: string;
  bookId: number;
  /** the book owner's name (a page's rows; a rate answer's history has none) */
  bookName?: string | null;
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

export interface Address {
  email: string;
  name?: string | null;
}
export interface QuoteTemplate {
  locale: 'zh-CN' | 'en';
  subject: string;
  body: string;
  saved: boolean;
  vars: string[];
}
export interface ComposedQuote {
  book: { kind: 'account' | 'group' | 'channel'; id: number; name: string };
  rows: QuotedRow[];
  effectiveFrom: string;
  subject: string;
  html: string;
}
export interface QuoteEmailRow {
  id: number;
  bookKind: 'account' | 'group' | 'channel';
  bookId: number;
  bookName: string;
  product: QuoteProduct;
  category: string;
  locale: string;
  toList: Address[];
  subject: string;
  effectiveFrom: string;
  linkExpiresAt: string;
  sentBy: number;
  sentAt: string;
}
export interface QuoteEmailDetail extends QuoteEmailRow {
  ccList: Address[];
  html: string;
  rows: QuotedRow[];
  mailId: number;
  file: { id: string; name: string; size: number; url: string } | null;
  link: string;
}
export interface PublicQuote {
  bookKind: 'account' | 'group' | 'channel';
  bookName: string;
  product: QuoteProduct;
  locale: string;
  subject: string;
  rows: QuotedRow[];
  effectiveFrom: string;
  sentAt: string;
  linkExpiresAt: string;
}

/** A channel a supplier send page may pick, with its supplier's contacts' addresses. */
export interface ChannelOption {
  id: number;
  code: string;
  name: string;
  state: string;
  supplier: string;
  contacts: { name: string; email: string }[];
}

/** An account the quotation screens may pick (active, in the caller's data scope). */
export interface AccountOption {
  id: number;
  code: string;
  currency: string;
  products: string[];
}

/** The quotation room's calls. */
export const qmApi = {
  page: (q: object) => post<Page<PriceRowView>>('/v2/qm/price/page', q),
  save: (body: object) =>
    post<{ outcome: 'saved' | 'special' | 'supplier'; id: number; effectiveFrom: string; approvalId?: number }>(
      '/v2/qm/price/save',
      body,
      { checkRepeat: true },
    ),
  rate: (q: object) => post<RateAnswer>('/v2/qm/rate', q),
  /** the groups of a kind (their kernel list, the first 200), for the group send page */
  groups: (kind: 'quote' | 'az') =>
    post<{ records: GroupView[] }>(`/v2/qm/${kind === 'az' ? 'az-group' : 'quote-group'}/page`, { size: 200 }).then(
      (p) => p.records.map((g) => ({ ...g, kind })),
    ),
  settings: () => get<{ increaseNoticeDays: number }>('/v2/qm/settings'),
  saveSettings: (body: { increaseNoticeDays: number }) =>
    post<{ increaseNoticeDays: number }>('/v2/qm/settings', body, { checkRepeat: true }),
  /** the special-price apply page: a price below its limit with a reason starts a request */
  applySpecial: (body: object) =>
    post<{ outcome: string; id: number; approvalId?: number; effectiveFrom: string }>('/v2/qm/special/apply', body, {
      checkRepeat: true,
    }),
  special: (id: number) => get<SpecialView>(`/v2/qm/specialReview/details/${id}`),
  supplierQuote: (id: number) => get<SupplierQuoteDetail>(`/v2/qm/specialReview/supplier/details/${id}`),
  preview: (channelId: number, product: string, file: File, category?: string) =>
    upload<ListPreview>(
      `/v2/qm/import/preview?channelId=${channelId}&product=${product}${category ? `&category=${category}` : ''}`,
      file,
    ),
  /** `send/upload-file`: an uploaded price list read into a quote's rows, the bad rows with reasons */
  readQuoteFile: (product: 'sms' | 'voice', file: File) =>
    upload<UploadedQuote>(`/v2/qm/quote-upload/read?product=${product}`, file),
  template: (locale: string) => get<QuoteTemplate>('/v2/qm/quote-email-template', { locale }),
  saveTemplate: (body: { locale: string; subject: string; body: string }) =>
    post<QuoteTemplate>('/v2/qm/quote-email-template', body, { checkRepeat: true }),
  /** the channels of a product with their supplier's contacts (the supplier send pages) */
  channelOptions: (product: 'sms' | 'voice') => get<ChannelOption[]>('/v2/qm/channel/options', { product }),
  composeQuote: (body: object) => post<ComposedQuote>('/v2/qm/quote-email/preview', body),
  sendQuote: (body: object) =>
    post<{ id: number; mailId: number; link: string }>('/v2/qm/quote-email/send', body, { checkRepeat: true }),
  quoteEmails: (q: object) => post<Page<QuoteEmailRow>>('/v2/qm/quote-email/page', q),
  quoteEmail: (id: number) => get<QuoteEmailDetail>(`/v2/qm/quote-email/${id}`),
  accountOptions: (keyword: string, picked: number | number[] | undefined, signal?: AbortSignal) =>
    get<AccountOption[]>(
      '/v2/qm/account/options',
      {
        ...(keyword ? { keyword } : {}),
        ...(Array.isArray(picked) ? (picked.length ? { ids: picked.join(',') } : {}) : picked ? { id: picked } : {}),
      },
      { signal, showMessage: false },
    ),
  publicQuote: (token: string) =>
    get<PublicQuote>('/v2/qm/public/quote', { token }, { auth: false, showMessage: false }),
  commit: (body: object) => post<PriceListCommitResult>('/v2/qm/import/commit', body, { checkRepeat: true }),
  /** `supplier-quote/ai-vendor-quote` (decision 0112): a carrier's sheet read into a draft supplier quote */
  aiQuoteRead: (
    q: { channelId: number; product: 'sms' | 'voice'; runId?: number; mapping?: AiQuoteMapping; currency?: string },
    file: File,
  ) => {
    const params = new URLSearchParams({ channelId: String(q.channelId), product: q.product });
    if (q.runId) params.set('runId', String(q.runId));
    if (q.mapping) params.set('mapping', JSON.stringify(q.mapping));
    if (q.currency) params.set('currency', q.currency);
    return upload<AiQuoteRead>(`/v2/qm/ai-quote/read?${params}`, file);
  },
  /** the caller's mails holding an XLSX / CSV attachment, and one of them read as `aiQuoteRead` reads a file */
  aiQuoteMails: (signal?: AbortSignal) =>
    get<AiQuoteMail[]>('/v2/qm/ai-quote/mails', undefined, { signal, showMessage: false }),
  aiQuoteReadMail: (
    q: { channelId: number; product: 'sms' | 'voice'; runId?: number; mapping?: AiQuoteMapping; currency?: string },
    mailId: number,
  ) =>
    post<AiQuoteRead>('/v2/qm/ai-quote/read-mail', {
      ...q,
      ...(q.mapping ? { mapping: JSON.stringify(q.mapping) } : {}),
      mailId,
    }),
  aiQuoteSave: (runId: number, body: { rows: PreviewRow[]; closeRemoved: boolean }) =>
    post<PriceListCommitResult & { runId: number }>(`/v2/qm/ai-quote/${runId}/save`, body, { checkRepeat: true }),
  aiQuoteDiscard: (runId: number) => post<{ runId: number }>(`/v2/qm/ai-quote/${runId}/discard`, {}),
};
