/**
 * Retrieval evaluation of the knowledge base: for each held-out question, is the expected
 * document the first result (hit@1) or among the first three (hit@3)? Reads the markdown files
 * directly and ranks with the same index the server uses. `npm run eval:ai -w @portal/server`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkDocument, titleOf } from '../../src/modules/ai/knowledge/chunk.js';
import { KnowledgeIndex } from '../../src/modules/ai/knowledge/search-index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(here, '..');

export function evaluate(): { total: number; hit1: number; hit3: number; misses: string[] } {
  const index = new KnowledgeIndex();
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.md'))) {
    const body = fs.readFileSync(path.join(dir, f), 'utf8');
    const title = titleOf(body, f);
    index.put(f.replace(/\.md$/, ''), title, chunkDocument(body, title));
  }
  const questions: { q: string; doc: string }[] = JSON.parse(
    fs.readFileSync(path.join(here, 'questions.json'), 'utf8'),
  );
  let hit1 = 0;
  let hit3 = 0;
  const misses: string[] = [];
  for (const { q, doc } of questions) {
    const ranked = index.documents(q, 3).map((d) => d.docUuid);
    if (ranked[0] === doc) hit1++;
    if (ranked.includes(doc)) hit3++;
    else misses.push(`${q} → expected ${doc}, got ${ranked.join(', ') || 'nothing'}`);
  }
  return { total: questions.length, hit1, hit3, misses };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = evaluate();
  const pct = (n: number) => `${((100 * n) / r.total).toFixed(1)}%`;
  console.log(`questions: ${r.total}  hit@1: ${pct(r.hit1)}  hit@3: ${pct(r.hit3)}`);
  for (const m of r.misses) console.log(`  miss: ${m}`);
  process.exitCode = r.hit3 / r.total >= 0.9 ? 0 : 1;
}
