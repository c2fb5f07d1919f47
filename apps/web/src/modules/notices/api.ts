import type { DingNoticeRow, PageResult, VersionRecord } from '@portal/contracts';
import { get, post } from '../../platform/http';

export const noticeKeys = {
  root: ['notices'] as const,
  timeline: ['notices', 'timeline'] as const,
};

const V = '/v2/sys/staff/version';
const D = '/v2/sys/staff/dingNotice';

export interface VersionInput {
  id?: number;
  version: string;
  innerVersion?: string;
  title: string;
  /** '' = English readers see the Chinese title */
  titleEn: string;
  content: string;
  /** '' = English readers see the Chinese notes */
  contentEn: string;
  popup: boolean;
  publishedAt: string | null;
}

export const noticesApi = {
  timeline: (q: { page: number; size: number; year?: number }, signal?: AbortSignal) =>
    post<PageResult<VersionRecord>>(`${V}/timeline`, q, { signal }),
  detail: (id: number) => get<VersionRecord>(`${V}/detail`, { id }),
  innerExists: (innerVersion: string, excludeId?: number) =>
    get<{ exists: boolean }>(`${V}/innerVersion/exist`, { innerVersion, ...(excludeId ? { excludeId } : {}) }),
  save: (body: VersionInput) => post<VersionRecord>(`${V}/save`, body, { checkRepeat: true }),
  remove: (id: number) => post<null>(`${V}/deleteDoc`, { id }),
  dingSave: (body: { id?: number; title: string; titleEn: string; content: string; link: string | null }) =>
    post<DingNoticeRow>(`${D}/save`, body, { checkRepeat: true }),
  dingEnable: (id: number, enabled: boolean) => post<null>(`${D}/enable`, { id, enabled }),
};
