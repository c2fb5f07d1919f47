import { toast } from '../../platform/feedback';
import { i18n } from '../../platform/i18n';
import { queryClient } from '../../platform/query-client';
import { aiApi, aiKeys } from './api';
import { type ChatMsg, msgOf, NEW_CHAT, useChat } from './chat-store';
import { StreamRefused, streamChat } from './chat-stream';

/** The running stream of each session, to abort it on stop. */
const running = new Map<string, { controller: AbortController; msgKey: string }>();

/**
 * Asks a question in the active session. A new chat first creates its session (server uuid)
 * and its draft and state move there (spec 4). Loading lasts until the stream ends or is stopped.
 */
export async function ask(question: string): Promise<void> {
  const store = useChat.getState();
  let key = store.activeKey;
  const content = question.trim();
  if (!content || store.session(key).loading) return;
  if (key === NEW_CHAT) {
    store.patch(NEW_CHAT, { loading: true });
    try {
      const created = await aiApi.createConversation(content);
      useChat.getState().adopt(created.uuid);
      key = created.uuid;
      void queryClient.invalidateQueries({ queryKey: aiKeys.conversations });
    } catch {
      // the http client showed message / msg (spec 8); the draft stays for another try
      useChat.getState().patch(NEW_CHAT, { loading: false });
      return;
    }
  }
  const msgKey = `local-${Date.now()}`;
  const msg: ChatMsg = {
    key: msgKey,
    userQuery: content,
    aiResponse: '',
    like: null,
    kbDocuments: [],
    guessQuestions: [],
    status: 'streaming',
  };
  const { patch, patchMsg } = useChat.getState();
  patch(key, (s) => ({ draft: '', loading: true, isStopSSE: false, messageData: [...s.messageData, msg] }));
  const controller = new AbortController();
  running.set(key, { controller, msgKey });
  const sessionKey = key;
  try {
    await streamChat(
      { content, conversationUuid: sessionKey },
      {
        onInit: (d) => {
          patchMsg(sessionKey, msgKey, { chatUuid: d.chatUuid });
          patch(sessionKey, { isStopSSE: true });
        },
        onMessage: (d) => patchMsg(sessionKey, msgKey, (m) => ({ aiResponse: m.aiResponse + d.content })),
        onDoc: (d) =>
          patchMsg(sessionKey, msgKey, (m) => ({
            kbDocuments: [...m.kbDocuments, { documentName: d.document_name, documentUrl: d.reference_url }],
          })),
        onGuesses: (d) => patchMsg(sessionKey, msgKey, { guessQuestions: d }),
        onServerError: (d) => {
          toast().error(d.msg);
          patchMsg(sessionKey, msgKey, { status: 'failed' });
        },
      },
      controller.signal,
    );
    patchMsg(sessionKey, msgKey, (m) => ({
      status: controller.signal.aborted ? 'stopped' : m.status === 'failed' ? 'failed' : 'done',
    }));
  } catch (err) {
    if (controller.signal.aborted) return; // spec 8: an abort is silent
    if (err instanceof StreamRefused) toast().error(err.msg ?? i18n.t('ai.requestFailed'));
    else console.error('AI stream read failed', err); // spec 8: logged, loading stops
    patchMsg(sessionKey, msgKey, { status: 'failed' });
  } finally {
    if (running.get(sessionKey)?.controller === controller) running.delete(sessionKey);
    patch(sessionKey, { loading: false, isStopSSE: false });
    void queryClient.invalidateQueries({ queryKey: aiKeys.conversations });
  }
}

/** Spec 4: stop aborts the stream, clears loading and tells the server to terminate that chat. */
export function stop(key: string) {
  const run = running.get(key);
  if (!run) return;
  const state = useChat.getState();
  const msg = state.session(key).messageData.find((m) => m.key === run.msgKey);
  run.controller.abort();
  running.delete(key);
  state.patch(key, { loading: false, isStopSSE: false });
  state.patchMsg(key, run.msgKey, { status: 'stopped' });
  if (msg?.chatUuid) void aiApi.stop(msg.chatUuid).catch(() => undefined);
}

/** Reads the newest history page, or the page before the oldest message shown. */
export async function loadHistory(key: string, older: boolean) {
  const state = useChat.getState();
  const s = state.session(key);
  const oldest = s.messageData.find((m) => m.id !== undefined)?.id;
  try {
    const page = await aiApi.history(key, older ? oldest : undefined);
    useChat.getState().patch(key, (cur) => ({
      messageData: older ? [...page.chats.map(msgOf), ...cur.messageData] : page.chats.map(msgOf),
      hasMore: page.hasMore,
      loaded: true,
    }));
  } catch (err) {
    console.error('AI history load failed', err); // spec 8: only logged
    useChat.getState().patch(key, { loaded: true });
  }
}
