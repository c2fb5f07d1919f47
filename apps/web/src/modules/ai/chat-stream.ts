import { fetchEventSource } from '@microsoft/fetch-event-source';
import { AI_API, type AiSseEvents } from '@portal/contracts';
import { sessionHeaders } from '../../platform/http';
import { ensureFreshToken } from '../../platform/token-refresh';

export interface StreamHandlers {
  onInit(d: AiSseEvents['init']): void;
  onMessage(d: AiSseEvents['message']): void;
  onDoc(d: AiSseEvents['kbdocs']): void;
  onGuesses(d: AiSseEvents['guessQuestions']): void;
  /** the server reported a failure inside the stream */
  onServerError(d: AiSseEvents['error']): void;
}

/** The stream answered something else than an event stream (spec 8: "request failed"). */
export class StreamRefused extends Error {
  constructor(readonly msg: string | null) {
    super(msg ?? 'stream refused');
  }
}

/**
 * POST chat/sse with the bearer header (EventSource cannot send one). Resolves when the stream
 * ends or is aborted; rejects with StreamRefused for a non-stream answer, or the read error.
 */
export async function streamChat(
  body: { content: string; conversationUuid: string },
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  await ensureFreshToken();
  await fetchEventSource(`${AI_API}/chat/sse`, {
    method: 'POST',
    headers: { ...sessionHeaders({ json: true }), accept: 'text/event-stream' },
    body: JSON.stringify({ stream: true, ...body }),
    signal,
    openWhenHidden: true,
    async onopen(res) {
      if (res.ok && res.headers.get('content-type')?.includes('text/event-stream')) return;
      const envelope = await res.json().catch(() => null);
      throw new StreamRefused(envelope?.msg ?? envelope?.message ?? envelope?.errMsg ?? null);
    },
    onmessage(ev) {
      const data = ev.data ? JSON.parse(ev.data) : null;
      switch (ev.event) {
        case 'init':
          return handlers.onInit(data);
        case 'message':
          return handlers.onMessage(data);
        case 'kbdocs':
          return handlers.onDoc(data);
        case 'guessQuestions':
          return handlers.onGuesses(data);
        case 'error':
          return handlers.onServerError(data);
      }
    },
    onerror(err) {
      // no automatic retry: a question is asked once
      throw err;
    },
  });
}
