import { ApiError, ClientCode } from './api-error';
import { GRAY_FLAG_KEY } from './env';
import { reportError } from './error-path';
import { buildHeaders, buildUrl, type QueryParams } from './request-headers';
import { useSession } from './session';
import { type TimeoutKind, timeoutMs } from './timeouts';
import { ensureFreshToken } from './token-refresh';
import { fetchWithTimeout, unwrap } from './transport';

export { ApiError, ClientCode } from './api-error';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  query?: QueryParams;
  /** JSON-serialised, or sent as is when FormData / Blob */
  body?: unknown;
  headers?: Record<string, string>;
  /** 'default' 90 s, 'long' 180 s, 'export' 300 s, 'upload' 600 s, or ms */
  timeout?: TimeoutKind | number;
  /** fetch a fresh submission id and send it in x-idempotence-key */
  checkRepeat?: boolean;
  /** show the message of a failed call (default true); special codes are always handled */
  showMessage?: boolean;
  /** send the bearer token and refresh it when due (default true) */
  auth?: boolean;
  signal?: AbortSignal;
}

export const IDEMPOTENCE_PATH = '/v2/sys/staff/common/request/idempotence';

const readGrayFlag = (): string | null => {
  try {
    return localStorage.getItem(GRAY_FLAG_KEY);
  } catch {
    return null;
  }
};

const isRawBody = (b: unknown): b is BodyInit => b instanceof FormData || b instanceof Blob;

/** Headers every call of this browser sends, for the session as it is now. */
export function sessionHeaders(opts: { auth?: boolean; json?: boolean; idempotenceKey?: string } = {}) {
  const { tokenHead, token, locale } = useSession.getState();
  return buildHeaders({
    locale,
    tokenHead,
    token: opts.auth === false ? null : token,
    gray: readGrayFlag(),
    json: opts.json,
    idempotenceKey: opts.idempotenceKey,
  });
}

/** Build and send one call; rejects with ApiError. No messages here. */
async function exchange<T>(method: Method, path: string, opts: RequestOptions): Promise<T> {
  if (opts.auth !== false) await ensureFreshToken();
  const idempotenceKey = opts.checkRepeat
    ? (await exchange<{ key: string }>('GET', IDEMPOTENCE_PATH, { signal: opts.signal })).key
    : undefined;
  const raw = isRawBody(opts.body);
  // a JSON content type only when a JSON body goes out (Fastify refuses an empty JSON body)
  const json = !raw && opts.body !== undefined;
  const headers = { ...sessionHeaders({ auth: opts.auth, json, idempotenceKey }), ...opts.headers };
  const body = opts.body === undefined ? undefined : raw ? (opts.body as BodyInit) : JSON.stringify(opts.body);
  const res = await fetchWithTimeout(
    buildUrl(path, opts.query),
    { method, headers, body, credentials: 'same-origin', cache: 'no-store' },
    timeoutMs(opts.timeout),
    opts.signal,
  );
  return unwrap<T>(res);
}

/** THE http client (spec 7): returns the envelope's data or rejects with ApiError after the error path ran. */
export async function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
  try {
    return await exchange<T>(method, path, opts);
  } catch (e) {
    const err = e instanceof ApiError ? e : new ApiError({ code: ClientCode.NETWORK, msg: String(e) });
    reportError(err, opts.showMessage ?? true);
    throw err;
  }
}

type NoBody = Omit<RequestOptions, 'body'>;

export const get = <T>(path: string, query?: QueryParams, opts?: NoBody) => request<T>('GET', path, { ...opts, query });
export const post = <T>(path: string, body?: unknown, opts?: RequestOptions) =>
  request<T>('POST', path, { ...opts, body });
export const put = <T>(path: string, body?: unknown, opts?: RequestOptions) =>
  request<T>('PUT', path, { ...opts, body });
export const del = <T>(path: string, query?: QueryParams, opts?: NoBody) =>
  request<T>('DELETE', path, { ...opts, query });

/**
 * Multipart upload of one file in the field `file` (the platform upload routes), with the
 * 600 s upload timeout. Answers the envelope's data (for the upload service: id, name, size, url).
 */
export function upload<T>(path: string, file: Blob, opts: NoBody & { name?: string } = {}): Promise<T> {
  const { name, ...rest } = opts;
  const form = new FormData();
  form.append('file', file, name ?? (file instanceof File ? file.name : 'file'));
  return request<T>('POST', path, { timeout: 'upload', ...rest, body: form });
}
