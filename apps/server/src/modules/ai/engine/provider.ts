import type { DocumentHit } from '../knowledge/search-index.js';
import type { ToolResult } from './tools.js';

export type AnswerLocale = 'zh-CN' | 'en';

/** What a provider answers from: the question, the retrieved knowledge and the data tools' results. */
export interface AnswerContext {
  question: string;
  /** the language of the question (answers follow it) */
  locale: AnswerLocale;
  /** documents best first, each with its matching passages */
  documents: DocumentHit[];
  toolResults: ToolResult[];
  /** earlier turns of the conversation, oldest first */
  history: { question: string; answer: string }[];
}

/**
 * Writes an answer as a stream of text chunks. Aborting the signal stops the generation (the
 * iterator ends or throws an AbortError); what was yielded so far is the partial answer.
 */
export interface AnswerProvider {
  readonly name: string;
  answer(ctx: AnswerContext, signal: AbortSignal): AsyncIterable<string>;
}

export const localeOfQuestion = (q: string): AnswerLocale => (/\p{Script=Han}/u.test(q) ? 'zh-CN' : 'en');
