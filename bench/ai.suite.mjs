// AI assistant: time to the first streamed chunk of an answer, and retrieval time, on a knowledge
// base of the built-in documents plus 1,000 generated ones (uploaded through the API first).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { syntheticDoc } from './ai-docs.mjs';
import { fmt, root, signIn } from './lib.mjs';

const AI = '/v2/ai/api';
const DOCS = 1000;
const ASKS = 30;
const QUESTIONS = [
  'SIM 卡池端口离线如何排查？',
  'What should I do when an SMS was sent but not delivered?',
  '客户充值申请的流程是什么？',
  'How do I handle a sender ID rejected by the operator?',
  '怎么配置告警规则和告警组？',
];

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function call(url, token, method, p, body) {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`${method} ${p}: ${JSON.stringify(json)}`);
  return json.data;
}

/** One question: ms until the init event and until the first answer piece, and the whole stream. */
async function ask(url, token, content) {
  const conv = await call(url, token, 'POST', `${AI}/conversations`, { initialQuestion: content });
  const t0 = performance.now();
  const res = await fetch(`${url}${AI}/chat/sse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ stream: true, content, conversationUuid: conv.uuid }),
  });
  const decoder = new TextDecoder();
  let text = '';
  let init;
  let first;
  for await (const bytes of res.body) {
    text += decoder.decode(bytes, { stream: true });
    if (init === undefined && text.includes('event: init')) init = performance.now() - t0;
    if (first === undefined && text.includes('event: message')) first = performance.now() - t0;
  }
  return { init, first, total: performance.now() - t0 };
}

let retrieval;

export default {
  heading: 'AI assistant: first chunk and retrieval on 1,000 documents',

  async run({ url }) {
    const token = await signIn(url);
    process.stdout.write(`    uploading ${DOCS} generated documents … `);
    const t0 = performance.now();
    for (let i = 0; i < DOCS; i++) await call(url, token, 'POST', `${AI}/knowledge/documents`, syntheticDoc(i));
    const uploadMs = performance.now() - t0;
    process.stdout.write(`${(DOCS / (uploadMs / 1000)).toFixed(1)} docs/s\n`);
    const runs = [];
    for (let i = 0; i < ASKS; i++) runs.push(await ask(url, token, QUESTIONS[i % QUESTIONS.length]));
    const init = runs.map((r) => r.init).sort((a, b) => a - b);
    const first = runs.map((r) => r.first).sort((a, b) => a - b);
    const total = runs.map((r) => r.total).sort((a, b) => a - b);
    console.log(`    first chunk p50 ${fmt.ms(pct(first, 0.5))} ms, p99 ${fmt.ms(pct(first, 0.99))} ms`);
    // in-process retrieval over the same corpus (the index does not depend on the database)
    retrieval ??= JSON.parse(
      execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'apps/server/knowledge/eval/bench-retrieval.ts'), String(DOCS)],
        {
          cwd: root,
          encoding: 'utf8',
        },
      ),
    );
    return { uploadMs, init, first, total, retrieval };
  },

  render(byTarget, meta) {
    const rows = meta.targets
      .filter((t) => byTarget[t.id])
      .map((t) => {
        const r = byTarget[t.id];
        return `| ${t.label} | ${fmt.ms(pct(r.init, 0.5))} / ${fmt.ms(pct(r.init, 0.99))} | ${fmt.ms(pct(r.first, 0.5))} / ${fmt.ms(pct(r.first, 0.99))} | ${fmt.ms(pct(r.total, 0.5))} | ${(DOCS / (r.uploadMs / 1000)).toFixed(1)} |`;
      });
    const r = Object.values(byTarget)[0]?.retrieval;
    return [
      `The server holds the ${r ? r.documents - DOCS : 'built-in'} built-in documents plus ${DOCS} generated handbooks`,
      '(zh and en, about 2 KB each), uploaded through the knowledge-base API. Then',
      `${ASKS} questions, one after another, each in a new conversation, through \`POST ${AI}/chat/sse\``,
      '(embedded provider, default 20 ms pause between streamed pieces). Times from sending the request.',
      '',
      '| Database | init event p50 / p99 ms | first answer chunk p50 / p99 ms | whole answer p50 ms | uploads / s (chunk + index) |',
      '|---|--:|--:|--:|--:|',
      ...rows,
      '',
      r
        ? [
            `Retrieval in-process (\`apps/server/knowledge/eval/bench-retrieval.ts\`): ${r.documents} documents,`,
            `${r.passages} passages, index built in ${fmt.ms(r.buildMs)} ms; one question (BM25 ranking plus`,
            `the relevance check) p50 ${fmt.ms(r.p50)} ms, p99 ${fmt.ms(r.p99)} ms over ${r.questions} held-out questions × 3.`,
            `With the ${DOCS} distractors the held-out set still scores hit@1 ${(100 * r.hit1).toFixed(1)}%, hit@3 ${(100 * r.hit3).toFixed(1)}%.`,
          ].join('\n')
        : '',
    ].join('\n');
  },
};
