/** A minimal Server-Sent Events reader for tests and benchmarks: collects events of one stream. */
export interface SseEvent {
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  events: SseEvent[];
  /** resolves with the first event (seen or coming) that matches, or rejects after the timeout */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** resolves when the server ends the stream */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, token: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers: { ...headers, authorization: `Bearer ${token}` }, signal: ctrl.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<{ match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }>();
  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += value;
        let cut = buf.indexOf('\n\n');
        while (cut >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          cut = buf.indexOf('\n\n');
          const e: SseEvent = { event: 'message', data: '' };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          e.data = data.join('\n');
          events.push(e);
          for (const w of [...waiters]) {
            if (w.match(e)) {
              waiters.delete(w);
              w.resolve(e);
            }
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: res.status,
    events,
    ended,
    close: () => ctrl.abort(),
    next(match, timeoutMs = 1000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const w = { match, resolve };
        waiters.add(w);
        setTimeout(() => {
          if (waiters.delete(w)) reject(new Error(`no matching event within ${timeoutMs} ms`));
        }, timeoutMs);
      });
    },
  };
}
