import { randomUUID } from 'node:crypto';
import { type AiSseEvents, type ChatSseBody, errorMessage, kbDocUrl } from '@portal/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { ActiveChats } from './active-chats.js';
import { ownConversation } from './conversations.service.js';
import { answerPassages, guessQuestions, relevantDocuments } from './engine/grounding.js';
import { type AnswerProvider, localeOfQuestion } from './engine/provider.js';
import type { ToolRegistry } from './engine/tools.js';
import type { KnowledgeBase } from './knowledge/knowledge-base.js';
import { aiChats, aiConversations } from './schema.js';

export interface ChatDeps {
  db: Db;
  kb: KnowledgeBase;
  tools: ToolRegistry;
  provider: () => AnswerProvider;
  active: ActiveChats;
  log: { warn(o: object, m: string): void };
  /** the platform clock (periods such as "last week" and "soon" are read from it) */
  now?: () => Date;
}

/** Where the events of one answer go (the SSE response). */
export type SseSink = <K extends keyof AiSseEvents>(event: K, data: AiSseEvents[K]) => void;

/** How often the partial answer is written down while streaming (a stop in another process keeps it). */
const SAVE_EVERY_MS = 1000;

/** Checks the conversation before the stream opens, so refusals are ordinary JSON answers. */
export const conversationForChat = (db: Db, auth: AuthContext, body: ChatSseBody) =>
  ownConversation(db, auth.userId, body.conversationUuid);

/**
 * Answers one question in a conversation: init, the answer in pieces (message), its source
 * documents (kbdocs) and follow-ups (guessQuestions). A stop, or the client going away, aborts
 * the provider; the partial answer is kept with status 'stopped'.
 */
export async function runChat(
  deps: ChatDeps,
  auth: AuthContext,
  conversation: { id: number; uuid: string },
  question: string,
  send: SseSink,
  clientGone: AbortSignal,
) {
  const { db, kb } = deps;
  const provider = deps.provider();
  const locale = localeOfQuestion(question);
  const chatUuid = randomUUID();
  const history = await db
    .select({ question: aiChats.userQuery, answer: aiChats.aiResponse })
    .from(aiChats)
    .where(and(eq(aiChats.conversationId, conversation.id), eq(aiChats.status, 'done')))
    .orderBy(desc(aiChats.id))
    .limit(4);
  await db.insert(aiChats).values({
    uuid: chatUuid,
    conversationId: conversation.id,
    userId: auth.userId,
    userQuery: question,
    provider: provider.name,
  });
  await db.update(aiConversations).set({ updatedAt: new Date() }).where(eq(aiConversations.id, conversation.id));

  const control = deps.active.start(chatUuid);
  const onGone = () => control.abort();
  clientGone.addEventListener('abort', onGone);
  const ids = { conversationUuid: conversation.uuid, chatUuid };
  let answer = '';
  let status: 'done' | 'stopped' | 'failed' = 'done';
  let kbDocuments: { documentName: string; documentUrl: string }[] = [];
  let guesses: string[] = [];
  try {
    send('init', ids);
    const toolResults = await deps.tools.run({ question, locale, auth, signal: control.signal, now: deps.now?.() });
    // right after a start the index may still be loading
    await kb.ready();
    const documents = toolResults.length ? [] : relevantDocuments(kb.index, question);
    kbDocuments = documents.map((d) => ({ documentName: d.title, documentUrl: kbDocUrl(d.docUuid, d.title) }));
    let savedAt = Date.now();
    for await (const piece of provider.answer(
      { question, locale, documents, toolResults, history: history.reverse() },
      control.signal,
    )) {
      answer += piece;
      send('message', { content: piece, ...ids });
      if (Date.now() - savedAt > SAVE_EVERY_MS) {
        savedAt = Date.now();
        await db.update(aiChats).set({ aiResponse: answer }).where(eq(aiChats.uuid, chatUuid));
      }
      if (control.signal.aborted) break;
    }
    if (control.signal.aborted) status = 'stopped';
    else {
      for (const d of kbDocuments) send('kbdocs', { document_name: d.documentName, reference_url: d.documentUrl });
      guesses = guessQuestions(kb.index, documents, answerPassages(documents, locale), question, locale);
      send('guessQuestions', guesses);
    }
  } catch (err) {
    if (control.signal.aborted) status = 'stopped';
    else {
      status = 'failed';
      deps.log.warn({ err, chatUuid }, 'AI answer failed');
      const e = err instanceof AppError ? err.def : new AppError('AI_MODEL_FAILED').def;
      send('error', { code: e.code, msg: errorMessage(e, locale) });
    }
  } finally {
    clientGone.removeEventListener('abort', onGone);
    deps.active.finish(chatUuid);
    await db
      .update(aiChats)
      .set({ aiResponse: answer, status, kbDocuments, guessQuestions: guesses, finishedAt: new Date() })
      .where(eq(aiChats.uuid, chatUuid));
  }
  return { chatUuid, status, answer };
}
