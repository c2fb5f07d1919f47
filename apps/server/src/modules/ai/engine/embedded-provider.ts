import { setTimeout as sleep } from 'node:timers/promises';
import { answerPassages, headingText, titleIn } from './grounding.js';
import type { AnswerContext, AnswerProvider } from './provider.js';

/** Splits text into the small pieces a model would stream (about `size` characters, code points kept whole). */
export function* pieces(text: string, size = 12): Generator<string> {
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i += size) yield chars.slice(i, i + size).join('');
}

/** The answer text the embedded provider writes, from tool results and the best passages. */
export function composeAnswer(ctx: AnswerContext): string {
  const zh = ctx.locale === 'zh-CN';
  const parts: string[] = ctx.toolResults.map((r) => r.text);
  if (!ctx.toolResults.length) {
    const passages = answerPassages(ctx.documents, ctx.locale);
    const top = ctx.documents[0];
    if (top && passages.length) {
      const title = titleIn(top.title, ctx.locale);
      parts.push(zh ? `根据知识库文档《${title}》：` : `From the knowledge base document "${title}":`);
      for (const p of passages) parts.push(`**${headingText(p.heading)}**\n\n${p.text}`);
      const other = ctx.documents[1];
      if (other) {
        const t = titleIn(other.title, ctx.locale);
        parts.push(zh ? `另请参阅《${t}》。` : `See also "${t}".`);
      }
    } else {
      parts.push(
        zh
          ? '知识库中没有找到与这个问题相关的内容。可以换个说法再问，或者问问系统各模块的用法、采购、销售和财务操作、常见故障的处理方法。'
          : 'I found nothing about this in the knowledge base. Try asking in other words, or ask about how the portal modules work, purchasing, sales and finance operations, or how to solve common delivery faults.',
      );
    }
  }
  return parts.join('\n\n');
}

/**
 * The default provider when no model is configured: answers from the retrieved passages and the
 * data tools' results, streamed in small pieces as a model would (a short pause between pieces).
 */
export class EmbeddedProvider implements AnswerProvider {
  readonly name = 'embedded';
  constructor(private readonly pauseMs = 20) {}

  async *answer(ctx: AnswerContext, signal: AbortSignal): AsyncIterable<string> {
    for (const piece of pieces(composeAnswer(ctx))) {
      if (signal.aborted) return;
      yield piece;
      if (this.pauseMs > 0) await sleep(this.pauseMs, undefined, { signal }).catch(() => undefined);
    }
  }
}
