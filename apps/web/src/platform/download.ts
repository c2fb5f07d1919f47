import { ApiError, ClientCode } from './api-error';
import { filenameFromDisposition } from './download-name';
import { reportError } from './error-path';
import { toast } from './feedback';
import { type RequestOptions, sessionHeaders } from './http';
import { i18n } from './i18n';
import { buildUrl } from './request-headers';
import { timeoutMs } from './timeouts';
import { ensureFreshToken } from './token-refresh';
import { fetchWithTimeout, readEnvelope } from './transport';

export interface DownloadOptions extends Pick<RequestOptions, 'query' | 'body' | 'signal'> {
  method?: 'GET' | 'POST';
  /** 'export' (default): a failed JSON answer shows its msg or 导出失败; 'download' files only */
  kind?: 'export' | 'download';
  /** used when the server sends no Content-Disposition */
  filename?: string;
  /** default 300 s (spec 9) */
  timeout?: number;
}

export type DownloadResult = { kind: 'file'; filename: string } | { kind: 'json'; data: unknown };

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Blob export/download (spec 7, 8, 9). A JSON answer is either a failure, shown with its msg
 * (default 导出失败), or an accepted async export whose data is returned; any other failure
 * shows 下载失败. Resolves with null when the download failed (the message is already shown).
 */
export async function download(path: string, opts: DownloadOptions = {}): Promise<DownloadResult | null> {
  const t = i18n.t;
  try {
    await ensureFreshToken();
    const json = opts.body !== undefined && !(opts.body instanceof FormData);
    const res = await fetchWithTimeout(
      buildUrl(path, opts.query),
      {
        method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
        headers: { ...sessionHeaders({ json }), Accept: '*/*' },
        body: opts.body === undefined ? undefined : json ? JSON.stringify(opts.body) : (opts.body as FormData),
        cache: 'no-store',
      },
      timeoutMs(opts.timeout ?? 'export'),
      opts.signal,
    );
    const envelope = await readEnvelope(res);
    if (envelope) {
      if (envelope.code === 0 && res.ok) return { kind: 'json', data: envelope.data };
      const fallback = opts.kind === 'download' ? t('http.downloadFailed') : t('http.exportFailed');
      reportError(
        new ApiError({
          code: envelope.code || ClientCode.HTTP,
          msg: envelope.msg || fallback,
          data: envelope.data,
          status: res.status,
          statusText: res.statusText,
        }),
      );
      return null;
    }
    if (!res.ok) throw new ApiError({ code: ClientCode.HTTP, msg: '', status: res.status });
    const filename = filenameFromDisposition(res.headers.get('content-disposition')) ?? opts.filename ?? 'download';
    saveBlob(await res.blob(), filename);
    return { kind: 'file', filename };
  } catch (e) {
    if (e instanceof ApiError && e.code === ClientCode.ABORTED) return null;
    if (e instanceof ApiError && e.code > 0)
      reportError(e); // a failed token refresh
    else toast().error(t('http.downloadFailed'));
    return null;
  }
}
