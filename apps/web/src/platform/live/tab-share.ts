import type { LiveState } from './live-client';

/**
 * One live connection per browser (browsers allow 6 HTTP/1.1 connections per host): the tab that
 * holds the Web Lock is the leader and runs the connection; it relays state and messages to the
 * other tabs over a BroadcastChannel. When the leader closes, the lock passes to another tab.
 * Without Web Locks or BroadcastChannel every tab connects itself.
 */
export const LIVE_LOCK = 'portal-live-leader';
export const LIVE_CHANNEL = 'portal-live';

type Wire = { t: 'state'; state: LiveState } | { t: 'message'; data: unknown } | { t: 'hello' };

export interface Leader {
  /** start the real connection; returns a function that stops it */
  start(emit: { state(s: LiveState): void; message(data: unknown): void }): { stop(): void; state(): LiveState };
}

export interface SharedLiveHandlers {
  onState(s: LiveState): void;
  onMessage(data: unknown): void;
}

export function shareLiveAcrossTabs(leader: Leader, local: SharedLiveHandlers): { stop(): void } {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks || typeof BroadcastChannel === 'undefined') {
    const run = leader.start({ state: local.onState, message: local.onMessage });
    return { stop: () => run.stop() };
  }
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  let running: ReturnType<Leader['start']> | null = null;
  let release: (() => void) | null = null;
  let stopped = false;

  channel.onmessage = (ev: MessageEvent<Wire>) => {
    const m = ev.data;
    if (m.t === 'hello') {
      if (running) channel.postMessage({ t: 'state', state: running.state() } satisfies Wire);
    } else if (m.t === 'state') {
      if (!running) local.onState(m.state);
    } else if (m.t === 'message') {
      local.onMessage(m.data);
    }
  };
  // a follower asks the leader (if any) for the current state
  channel.postMessage({ t: 'hello' } satisfies Wire);

  const abort = new AbortController();
  locks
    .request(LIVE_LOCK, { signal: abort.signal }, async () => {
      if (stopped) return;
      running = leader.start({
        state(s) {
          local.onState(s);
          channel.postMessage({ t: 'state', state: s } satisfies Wire);
        },
        message(data) {
          local.onMessage(data);
          channel.postMessage({ t: 'message', data } satisfies Wire);
        },
      });
      // hold the lock (and the connection) until this tab stops or closes
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      running.stop();
      running = null;
    })
    .catch(() => {
      // aborted while waiting for the lock: this tab stopped as a follower
    });

  return {
    stop() {
      stopped = true;
      abort.abort();
      release?.();
      channel.close();
    },
  };
}
