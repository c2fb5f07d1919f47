import { AI_GUESS_MAX } from '@portal/contracts';
import type { DocumentHit, KnowledgeIndex, PassageHit } from '../knowledge/search-index.js';
import { tokenize } from '../knowledge/tokenize.js';
import type { AnswerLocale } from './provider.js';

/** Share of a question's terms a document must contain to count as an answer source. */
const MIN_COVERAGE = 0.34;

const hanShare = (s: string) => (s.match(/\p{Script=Han}/gu)?.length ?? 0) / Math.max(1, s.replace(/\s/g, '').length);
export const inLanguage = (s: string, locale: AnswerLocale) =>
  locale === 'zh-CN' ? hanShare(s) > 0.2 : hanShare(s) < 0.05;

/** Which of the question's terms a document's matching passages contain. */
function coverage(question: string, doc: DocumentHit): number {
  // numbers say nothing about the topic ("question 1" is not about a document mentioning 1%)
  const terms = new Set(tokenize(question).filter((t) => !/^\d+$/.test(t)));
  if (!terms.size) return 0;
  const have = new Set(tokenize([doc.title, ...doc.passages.map((p) => `${p.heading} ${p.text}`)].join('\n')));
  let n = 0;
  for (const t of terms) if (have.has(t)) n++;
  return n / terms.size;
}

/** The documents an answer may cite: relevant enough, at most `limit`, best first. */
export function relevantDocuments(index: KnowledgeIndex, question: string, limit = 2): DocumentHit[] {
  const docs = index.documents(question, 5).filter((d) => coverage(question, d) >= MIN_COVERAGE);
  const top = docs[0];
  return top ? docs.filter((d) => d.score >= top.score * 0.55).slice(0, limit) : [];
}

/** The passages an answer quotes: the best ones of the first document, in the question's language when possible. */
export function answerPassages(docs: DocumentHit[], locale: AnswerLocale, max = 2): PassageHit[] {
  const top = docs[0];
  if (!top) return [];
  const preferred = top.passages.filter((p) => inLanguage(`${p.heading} ${p.text}`, locale));
  const pool = preferred.length ? preferred : top.passages;
  const best = pool[0]!;
  // a second passage only when it is nearly as good (a split section, or the next step)
  return pool.filter((p, i) => i === 0 || (i < max && p.score >= best.score * 0.6)).sort((a, b) => a.ord - b.ord);
}

/** The last part of a heading path, without the language label bilingual documents use. */
export const headingText = (heading: string) => {
  const text = (heading.split(' › ').at(-1) ?? heading).replace(/^English:\s*/i, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** A bilingual title "中文 / English" in the question's language. */
export const titleIn = (title: string, locale: AnswerLocale) => {
  const [zh, en] = title.split(' / ');
  return (locale === 'zh-CN' ? zh : en) ?? title;
};

const asQuestion = (heading: string, fullTitle: string, locale: AnswerLocale) => {
  const last = headingText(heading);
  const title = titleIn(fullTitle, locale);
  if (/[?？]$/.test(last) && locale === 'en') return last.charAt(0).toUpperCase() + last.slice(1);
  if (/[?？]$/.test(last)) return last;
  return locale === 'zh-CN' ? `${title}：${last}是怎样的？` : `${title}: how does "${last}" work?`;
};

/**
 * Up to three follow-up questions: headings next to the quoted passages in the same document
 * first, then headings of the other relevant documents; question-shaped headings in the question's
 * language preferred, never the question itself or a heading already quoted.
 */
export function guessQuestions(
  index: KnowledgeIndex,
  docs: DocumentHit[],
  used: PassageHit[],
  question: string,
  locale: AnswerLocale,
): string[] {
  const usedHeadings = new Set(used.map((p) => p.heading));
  const out: string[] = [];
  const norm = (s: string) => s.replace(/[\s?？]/g, '').toLowerCase();
  const seen = new Set([norm(question)]);
  // the cited documents first, then the next best matches when they offer too few headings
  const more = index.documents(question, 5).filter((d) => !docs.some((x) => x.docUuid === d.docUuid));
  for (const doc of [...docs, ...more]) {
    const anchor = used.find((p) => p.docUuid === doc.docUuid)?.ord ?? doc.passages[0]?.ord ?? 0;
    const neighbours = [...index.passagesOf(doc.docUuid)]
      .filter((p) => !usedHeadings.has(p.heading) && p.heading !== doc.title && inLanguage(p.heading, locale))
      .sort((a, b) => {
        const qa = /[?？]$/.test(a.heading) ? 0 : 1;
        const qb = /[?？]$/.test(b.heading) ? 0 : 1;
        return qa - qb || Math.abs(a.ord - anchor) - Math.abs(b.ord - anchor);
      });
    for (const p of neighbours) {
      const q = asQuestion(p.heading, doc.title, locale);
      if (seen.has(norm(q))) continue;
      seen.add(norm(q));
      usedHeadings.add(p.heading);
      out.push(q);
      if (out.length >= AI_GUESS_MAX) return out;
    }
  }
  return out;
}
