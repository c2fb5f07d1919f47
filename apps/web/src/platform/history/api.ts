import type { FileInfo } from '@portal/contracts';
import type { CommentBody, FollowUpBody, Mentionable, TimelinePage } from '@portal/contracts/history';
import { get, post, upload } from '../http';

/** A record whose history a screen shows: its API base (as mounted on the server) and key. */
export interface RecordRef {
  base: string;
  id: number | string;
}

export const historyKeys = {
  all: ['history'] as const,
  timeline: (r: RecordRef) => ['history', r.base, String(r.id)] as const,
  mentionable: (r: RecordRef, keyword: string) => ['history', r.base, String(r.id), 'mentionable', keyword] as const,
};

export const historyApi = {
  timeline: (r: RecordRef, cursor?: string, signal?: AbortSignal) =>
    get<TimelinePage>(`${r.base}/timeline`, { id: r.id, limit: 20, ...(cursor ? { cursor } : {}) }, { signal }),
  mentionable: (r: RecordRef, keyword: string, signal?: AbortSignal) =>
    get<Mentionable[]>(`${r.base}/mentionable`, { id: r.id, keyword }, { signal }),
  comment: (r: RecordRef, body: CommentBody) =>
    post<{ id: number; notified: number[] }>(`${r.base}/comment`, { ...body, id: r.id }, { checkRepeat: true }),
  followUp: (r: RecordRef, body: FollowUpBody) =>
    post<{ id: number }>(`${r.base}/follow-up`, { ...body, id: r.id }, { checkRepeat: true }),
  upload: (file: File) => upload<FileInfo>('/v2/sys/staff/file/upload', file),
};
