import {
  EventStreamContentType,
  type FetchEventSourceInit,
  fetchEventSource as realFetchEventSource,
} from '@microsoft/fetch-event-source';
import { LIVE_GATEWAY_RETRY_MS, LIVE_HEARTBEAT_TIMEOUT_MS, RECORD_CHANGED_EVENT } from '@portal/contracts';

export type LiveState = 'loading' | 'connected' | 'disconnected';
export const LIVE_URL = '/v2/sys/mc/sse/connection';
/** after the server ended a stream while the token is still good (a deploy, a restart) */
export const RECONNECT_AFTER_CLOSE_MS = 3_000;
/** retry pace of the library for errors that are only logged */
export const LOGGED_ERROR_RETRY_MS = 5_000;

/** The gateway (load balancer) gave up waiting: 504. */
export class GatewayTimeoutError extends Error {}
/** The server refused the stream (an expired or revoked token, no permission). */
export class LiveRefusedError extends Error {
  constructor(readonly status: number) {
    super(`live connection refused: ${status}`);
  }
}

export interface LiveAuth {
  authorization: string;
  /** ms since epoch */
  expiresAt: number;
  /** the UI language: pushed texts come in it */
  locale?: string;
}

export interface LiveClientDeps {
  auth(): LiveAuth | null;
  onState(state: LiveState): void;
  onMessage(data: unknown): void;
  log?(...args: unknown[]): void;
  url?: string;
  now?: () => number;
  fetchEventSource?: (url: string, init: FetchEventSourceInit) => Promise<void>;
}

export interface LiveClient {
  connect(): void;
  stop(): void;
  readonly state: LiveState;
}

/**
 * The live notification connection (spec 4): loading → connected → disconnected.
 * - an error closes the connection when it was open or its token expired;
 * - a gateway timeout closes it and retries after 10 s;
 * - other errors are only logged (the library retries the request);
 * - no event for 120 s (heartbeats come every 30 s) counts as a dead connection: reconnect.
 */
export function createLiveClient(deps: LiveClientDeps): LiveClient {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((...a: unknown[]) => console.warn(...a));
  const fes = deps.fetchEventSource ?? realFetchEventSource;
  let state: LiveState = 'disconnected';
  let ctrl: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const setState = (s: LiveState) => {
    if (s === state) return;
    state = s;
    deps.onState(s);
  };
  const tokenExpired = () => {
    const a = deps.auth();
    return !a || a.expiresAt <= now();
  };
  const close = () => {
    ctrl?.abort();
    ctrl = null;
    clearTimeout(heartbeatTimer);
    setState('disconnected');
  };
  const retryAfter = (ms: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(connect, ms);
  };
  const armHeartbeat = () => {
    clearTimeout(heartbeatTimer);
    heartbeatTimer = setTimeout(() => {
      log('live connection: no heartbeat for', LIVE_HEARTBEAT_TIMEOUT_MS, 'ms; reconnecting');
      close();
      connect();
    }, LIVE_HEARTBEAT_TIMEOUT_MS);
  };

  function connect() {
    if (stopped) return;
    clearTimeout(retryTimer);
    const auth = deps.auth();
    if (!auth || auth.expiresAt <= now()) {
      close();
      return;
    }
    ctrl?.abort();
    const mine = new AbortController();
    ctrl = mine;
    setState('loading');
    const current = () => ctrl === mine;
    fes(deps.url ?? LIVE_URL, {
      signal: mine.signal,
      headers: { Authorization: auth.authorization, ...(auth.locale ? { 'Accept-Language': auth.locale } : {}) },
      openWhenHidden: true,
      async onopen(res) {
        if (res.status === 504) throw new GatewayTimeoutError('gateway timeout');
        const type = res.headers.get('content-type') ?? '';
        if (!res.ok || !type.startsWith(EventStreamContentType)) throw new LiveRefusedError(res.status);
        if (current()) {
          setState('connected');
          armHeartbeat();
        }
      },
      onmessage(ev) {
        if (!current()) return;
        armHeartbeat();
        if (ev.event === 'connection') setState('connected');
        else if (ev.event === 'message' || ev.event === RECORD_CHANGED_EVENT) {
          try {
            deps.onMessage(JSON.parse(ev.data));
          } catch (err) {
            log('live connection: unreadable message', err);
          }
        }
      },
      onclose() {
        // the server ended the stream: an expired or revoked token, or the process went away
        if (!current()) return;
        close();
        if (!tokenExpired()) retryAfter(RECONNECT_AFTER_CLOSE_MS);
      },
      onerror(err) {
        if (!current()) throw err;
        if (err instanceof GatewayTimeoutError) {
          log('live connection: gateway timeout; retrying in', LIVE_GATEWAY_RETRY_MS, 'ms');
          close();
          retryAfter(LIVE_GATEWAY_RETRY_MS);
          throw err;
        }
        if (state === 'connected' || tokenExpired() || err instanceof LiveRefusedError) {
          log('live connection closed:', err);
          close();
          throw err;
        }
        log('live connection error:', err);
        return LOGGED_ERROR_RETRY_MS;
      },
    }).catch(() => {
      // ended by close() or a thrown error above: already handled
    });
  }

  return {
    connect,
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      close();
    },
    get state() {
      return state;
    },
  };
}
