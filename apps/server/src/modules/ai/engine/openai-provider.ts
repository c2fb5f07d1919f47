import { AppError } from '../../../platform/http/errors.js';
import type { AnswerContext, AnswerProvider } from './provider.js';

export interface OpenAiSettings {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
}

/** The messages sent to the model: instructions with the retrieved passages and tool results, then the turns. */
export function buildMessages(ctx: AnswerContext) {
  const zh = ctx.locale === 'zh-CN';
  const knowledge = ctx.documents
    .flatMap((d) => d.passages.slice(0, 3).map((p) => `[${d.title} › ${p.heading}]\n${p.text}`))
    .join('\n\n---\n\n');
  const tools = ctx.toolResults.map((r) => `[${r.tool}] ${r.text}`).join('\n');
  const system = [
    'You are the assistant of a staff portal of a telecom messaging and voice company (SMS, voice, WhatsApp, e-mail).',
    'Answer from the knowledge passages and data results below only. If they do not contain the answer, say so.',
    'Never invent numbers: figures come only from the data results. Answer in markdown, briefly.',
    'Cite screens only with the markdown links given in the passages and data results, unchanged; never write any other portal path. When a data result refuses, refuse too and give no detail.',
    zh ? 'Answer in Simplified Chinese.' : 'Answer in English.',
    `Knowledge passages:\n${knowledge || '(none found)'}`,
    `Data results:\n${tools || '(none)'}`,
  ].join('\n\n');
  return [
    { role: 'system', content: system },
    ...ctx.history.slice(-4).flatMap((t) => [
      { role: 'user', content: t.question },
      { role: 'assistant', content: t.answer },
    ]),
    { role: 'user', content: ctx.question },
  ];
}

/** Reads a server-sent-events body line by line and yields each `data:` payload. */
async function* sseData(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buf = '';
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    buf += decoder.decode(bytes, { stream: true });
    let nl = buf.indexOf('\n');
    while (nl >= 0) {
      const line = buf.slice(0, nl).replace(/\r$/, '');
      buf = buf.slice(nl + 1);
      if (line.startsWith('data:')) yield line.slice(5).trim();
      nl = buf.indexOf('\n');
    }
  }
}

/**
 * Any server speaking the OpenAI chat-completions API (company gateway, vLLM, Ollama) with
 * `stream: true`. Aborting the signal aborts the HTTP request, so the model stops too.
 */
export class OpenAiProvider implements AnswerProvider {
  readonly name = 'openai';
  constructor(private readonly settings: OpenAiSettings) {}

  async *answer(ctx: AnswerContext, signal: AbortSignal): AsyncIterable<string> {
    const url = `${this.settings.baseUrl.replace(/\/$/, '')}/chat/completions`;
    const res = await fetch(url, {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: this.settings.model, stream: true, messages: buildMessages(ctx) }),
    }).catch((err: unknown) => {
      if (signal.aborted) throw err;
      throw new AppError('AI_MODEL_FAILED', { detail: String(err) });
    });
    if (!res.ok || !res.body) throw new AppError('AI_MODEL_FAILED', { detail: `model answered HTTP ${res.status}` });
    for await (const data of sseData(res.body)) {
      if (data === '[DONE]') return;
      let chunk: { choices?: { delta?: { content?: string | null } }[] };
      try {
        chunk = JSON.parse(data);
      } catch {
        continue;
      }
      const text = chunk.choices?.[0]?.delta?.content;
      if (text) yield text;
    }
  }
}
