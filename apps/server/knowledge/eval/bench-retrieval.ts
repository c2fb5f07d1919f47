/**
 * Retrieval on a large knowledge base: the built-in documents plus `count` synthetic ones. Prints
 * JSON: index build time, per-question retrieval time (p50, p99) and hit@1 / hit@3 of the held-out
 * questions among the distractors. Used by bench/ai.suite.mjs.
 *   npx tsx apps/server/knowledge/eval/bench-retrieval.ts [count]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain JavaScript shared with the bench suite
import { syntheticDoc } from '../../../../bench/ai-docs.mjs';
import { relevantDocuments } from '../../src/modules/ai/engine/grounding.js';
import { chunkDocument, titleOf } from '../../src/modules/ai/knowledge/chunk.js';
import { KnowledgeIndex } from '../../src/modules/ai/knowledge/search-index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(here, '..');
const count = Number(process.argv[2] ?? 1000);

const docs: { id: string; body: string; file: string }[] = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.md'))
  .map((f) => ({ id: f.replace(/\.md$/, ''), file: f, body: fs.readFileSync(path.join(dir, f), 'utf8') }));
for (let i = 0; i < count; i++) {
  const d = syntheticDoc(i) as { fileName: string; content: string };
  docs.push({ id: d.fileName, file: d.fileName, body: d.content });
}

const t0 = performance.now();
const index = new KnowledgeIndex();
let passages = 0;
for (const d of docs) {
  const title = titleOf(d.body, d.file);
  const chunks = chunkDocument(d.body, title);
  passages += chunks.length;
  index.put(d.id, title, chunks);
}
const buildMs = performance.now() - t0;

const questions: { q: string; doc: string }[] = JSON.parse(fs.readFileSync(path.join(here, 'questions.json'), 'utf8'));
const times: number[] = [];
let hit1 = 0;
let hit3 = 0;
for (let round = 0; round < 3; round++) {
  for (const { q, doc } of questions) {
    const s = performance.now();
    const ranked = index.documents(q, 3).map((d) => d.docUuid);
    relevantDocuments(index, q);
    times.push(performance.now() - s);
    if (round === 0) {
      if (ranked[0] === doc) hit1++;
      if (ranked.includes(doc)) hit3++;
    }
  }
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
console.log(
  JSON.stringify({
    documents: docs.length,
    passages,
    buildMs,
    p50: at(0.5),
    p99: at(0.99),
    questions: questions.length,
    hit1: hit1 / questions.length,
    hit3: hit3 / questions.length,
  }),
);
