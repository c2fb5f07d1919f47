import type { PageResult } from '@portal/contracts';
import {
  MAIL_API,
  type MarketingDetail,
  type MarketingRow,
  type MarketingSaveBody,
  type MarketingTracking,
} from '@portal/contracts/mail';
import { post } from '../../../platform/http';
import { mailKeys } from '../api';

const P = `${MAIL_API}/marketing`;

export const marketingKeys = {
  list: [...mailKeys.root, 'marketing', 'list'] as const,
  detail: (id: number) => [...mailKeys.root, 'marketing', 'detail', id] as const,
  tracking: (id: number) => [...mailKeys.root, 'marketing', 'tracking', id] as const,
};

export const marketingApi = {
  list: (q: { page: number; size: number; keyword?: string; status?: string; mine?: boolean }, signal?: AbortSignal) =>
    post<PageResult<MarketingRow>>(`${P}/query`, q, { signal }),
  detail: (id: number) => post<MarketingDetail>(`${P}/detail`, { id }),
  save: (body: MarketingSaveBody) => post<{ id: number }>(`${P}/save`, body),
  send: (id: number) => post<MarketingDetail>(`${P}/send`, { id }),
  resume: (id: number) => post<MarketingDetail>(`${P}/resume`, { id }),
  remove: (id: number) => post<null>(`${P}/delete`, { id }),
  tracking: (id: number) => post<MarketingTracking>(`${P}/tracking`, { id }),
};

/** where each stage's tag shows, in the order of the stages */
export const STAGE_COLORS = {
  sent: 'blue',
  delivered: 'cyan',
  opened: 'green',
  clicked: 'purple',
  replied: 'gold',
  bounced: 'red',
  failed: 'red',
} as const;

/** a marketing mail's status tag */
export const STATUS_COLORS = { draft: 'default', sending: 'processing', sent: 'green' } as const;
