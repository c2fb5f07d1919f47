import type { ExportTaskRow } from '@portal/contracts';
import { get, post } from '../../platform/http';

const BASE = '/v2/download/downloadCenter/api/task';

export const downloadsApi = {
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
