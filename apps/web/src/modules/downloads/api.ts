import type { ExportTaskQuery, ExportTaskRow, PageResult } from '@portal/contracts';
import { get, post } from '../../platform/http';

const BASE = '/v2/download/downloadCenter/api/task';

export type TaskPage = PageResult<ExportTaskRow> & { active: number };

export const downloadKeys = { tasks: ['downloads', 'tasks'] as const };

export const downloadsApi = {
  page: (query: Partial<ExportTaskQuery>, signal?: AbortSignal) => post<TaskPage>(`${BASE}/page`, query, { signal }),
  url: (id: number) => get<{ url: string }>(`${BASE}/${id}/url`),
  remove: (id: number) => post<null>(`${BASE}/delete`, { id }),
  retry: (id: number) => post<ExportTaskRow>(`${BASE}/retry`, { id }),
};

/** Saves a signed URL's file through the browser (the URL itself is the credential). */
export function saveSignedUrl(url: string, name: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
