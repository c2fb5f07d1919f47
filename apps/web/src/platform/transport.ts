import type { Envelope } from '@portal/contracts';
import { ApiError, ClientCode } from './api-error';
import { noteServerNow } from './server-clock';

/**
 * fetch with a timeout (AbortController) that also honours the caller's signal.
 * Rejects with ApiError TIMEOUT / ABORTED / NETWORK; never with a raw DOMException.
 */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    noteServerNow(res);
    return res;
  } catch (e) {
    if (timedOut) throw new ApiError({ code: ClientCode.TIMEOUT, msg: '' });
    if (controller.signal.aborted) throw new ApiError({ code: ClientCode.ABORTED, msg: '' });
    throw new ApiError({ code: ClientCode.NETWORK, msg: e instanceof Error ? e.message : String(e) });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

export const isJsonResponse = (res: Response): boolean =>
  (res.headers.get('content-type') ?? '').toLowerCase().includes('json');

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

/** The envelope of a JSON answer, or null when the body is not one. */
export async function readEnvelope(res: Response): Promise<Envelope<unknown> | null> {
  if (!isJsonResponse(res)) return null;
  try {
    const body: unknown = await res.json();
    return isEnvelope(body) ? { code: body.code, msg: String(body.msg ?? ''), data: body.data ?? null } : null;
  } catch {
    return null;
  }
}

/**
 * Turn a response into its data or an ApiError: a nonzero envelope code is an error whatever the
 * HTTP status; a failed HTTP status without an envelope is reported as status + status text.
 */
export async function unwrap<T>(res: Response): Promise<T> {
  const env = await readEnvelope(res);
  if (env) {
    if (env.code === 0 && res.ok) return env.data as T;
    throw new ApiError({
      code: env.code === 0 ? ClientCode.HTTP : env.code,
      msg: env.msg,
      data: env.data,
      status: res.status,
      statusText: res.statusText,
    });
  }
  if (!res.ok) {
    throw new ApiError({ code: ClientCode.HTTP, msg: '', status: res.status, statusText: res.statusText });
  }
  // a 2xx without an envelope (e.g. 204): nothing to return
  return null as T;
}
