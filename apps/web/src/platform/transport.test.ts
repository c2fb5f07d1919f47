import { Errors } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ClientCode } from './api-error';
import { fetchWithTimeout, unwrap } from './transport';

const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a rejection');
}

describe('unwrap', () => {
  it('returns data of a success envelope', async () => {
    expect(await unwrap(json({ code: 0, msg: 'ok', data: { a: 1 } }))).toEqual({ a: 1 });
  });

  it('rejects with the envelope of an error answer and its HTTP status', async () => {
    const e = await caught(
      unwrap(json({ code: Errors.NO_PERMISSION.code, msg: '暂无权限', data: null }, 403, 'Forbidden')),
    );
    expect(e).toMatchObject({ code: Errors.NO_PERMISSION.code, msg: '暂无权限', status: 403 });
  });

  it('treats a nonzero code as an error even with HTTP 200', async () => {
    const e = await caught(unwrap(json({ code: Errors.MAIL_OK_NOTICE.code, msg: '操作成功', data: null })));
    expect(e.code).toBe(Errors.MAIL_OK_NOTICE.code);
  });

  it('reports status and status text when an HTTP error has no envelope', async () => {
    const res = new Response('<html>bad gateway</html>', {
      status: 502,
      statusText: 'Bad Gateway',
      headers: { 'content-type': 'text/html' },
    });
    const e = await caught(unwrap(res));
    expect(e).toMatchObject({ code: ClientCode.HTTP, status: 502, statusText: 'Bad Gateway' });
  });

  it('does not trust JSON that is not an envelope', async () => {
    const e = await caught(unwrap(json({ error: 'x' }, 500, 'Internal Server Error')));
    expect(e.code).toBe(ClientCode.HTTP);
  });
});

describe('fetchWithTimeout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const hangingFetch = () =>
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );

  it('rejects with TIMEOUT when the server does not answer in time', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const p = caught(fetchWithTimeout('/x', {}, 90_000));
    await vi.advanceTimersByTimeAsync(90_000);
    expect((await p).code).toBe(ClientCode.TIMEOUT);
  });

  it('rejects with ABORTED when the caller cancels', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const ctrl = new AbortController();
    const p = caught(fetchWithTimeout('/x', {}, 90_000, ctrl.signal));
    ctrl.abort();
    expect((await p).code).toBe(ClientCode.ABORTED);
  });

  it('rejects with NETWORK when fetch fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect((await caught(fetchWithTimeout('/x', {}, 1000))).code).toBe(ClientCode.NETWORK);
  });
});
