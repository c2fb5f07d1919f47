// AI assistant: time to the first streamed chunk of an answer, and retrieval time, on a knowledge
// base of the built-in documents plus 1,000 generated ones (uploaded through the API first: each a
// .md file through the system upload service, then a knowledge document made from that file).
// Also the start-up of the knowledge index (from the database vs from its persisted snapshot), in
// processes of its own on a database of its own (bench/ai-startup.ts).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { syntheticDoc } from './ai-docs.mjs';
import { fmt, root, signIn, tempDatabase } from './lib.mjs';

const AI = '/v2/ai/api';
const SYS_UPLOAD = '/v2/sys/staff/file/upload';
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

/** One generated document: its .md file through the upload service, then the document from that file. */
async function addDocument(url, token, { fileName, content }) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/markdown' }), fileName);
  const res = await fetch(`${url}${SYS_UPLOAD}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const json = await res.json();
  if (json.code !== 0) throw new Error(`POST ${SYS_UPLOAD} ${fileName}: ${JSON.stringify(json)}`);
  return call(url, token, 'POST', `${AI}/knowledge/documents`, { fileId: json.data.id });
}

/** One phase of bench/ai-startup.ts in a process of its own; answers its JSON line. */
function startupPhase(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ai-startup.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop();
      if (code === 0 && line) resolve(JSON.parse(line));
      else reject(new Error(`bench/ai-startup.ts (${env.BENCH_PHASE}) exited ${code}\n${err.slice(-4000)}`));
    });
  });
}

/**
 * Index start-up on its own database with the same documents: one process stores them, a fresh one
 * builds the index from the database and saves the snapshot, another fresh one loads that snapshot.
 */
async function indexStartup(target) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-ai-'));
  const db = target === 'postgres' ? await tempDatabase('bench_ai') : undefined;
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '', BENCH_DOCS: String(DOCS) };
    await startupPhase({ ...env, BENCH_PHASE: 'prepare' });
    const fromDatabase = await startupPhase({ ...env, BENCH_PHASE: 'start' });
    const fromSnapshot = await startupPhase({ ...env, BENCH_PHASE: 'start' });
    if (fromDatabase.source !== 'database' || fromSnapshot.source !== 'snapshot' || fromSnapshot.reindexed !== 0) {
      throw new Error(`index start-up: unexpected sources ${JSON.stringify({ fromDatabase, fromSnapshot })}`);
    }
    if (fromSnapshot.documents !== fromDatabase.documents || fromSnapshot.passages !== fromDatabase.passages) {
      throw new Error(
        `index start-up: the snapshot holds another index ${JSON.stringify({ fromDatabase, fromSnapshot })}`,
      );
    }
    return { fromDatabase, fromSnapshot };
  } finally {
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
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

  async run({ url, target }) {
    const token = await signIn(url);
    process.stdout.write(`    uploading ${DOCS} generated documents … `);
    const t0 = performance.now();
    for (let i = 0; i < DOCS; i++) await addDocument(url, token, syntheticDoc(i));
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
    process.stdout.write('    index start-up (own database, fresh processes) … ');
    const startup = await indexStartup(target);
    process.stdout.write(
      `from the database ${fmt.ms(startup.fromDatabase.ms)} ms, from the snapshot ${fmt.ms(startup.fromSnapshot.ms)} ms\n`,
    );
    return { uploadMs, init, first, total, retrieval, startup };
  },

  render(byTarget, meta) {
    const targets = meta.targets.filter((t) => byTarget[t.id]);
    const rows = targets.map((t) => {
      const r = byTarget[t.id];
      return `| ${t.label} | ${fmt.ms(pct(r.init, 0.5))} / ${fmt.ms(pct(r.init, 0.99))} | ${fmt.ms(pct(r.first, 0.5))} / ${fmt.ms(pct(r.first, 0.99))} | ${fmt.ms(pct(r.total, 0.5))} | ${(DOCS / (r.uploadMs / 1000)).toFixed(1)} |`;
    });
    const startupRows = targets
      .filter((t) => byTarget[t.id].startup)
      .map((t) => {
        const { fromDatabase: d, fromSnapshot: s } = byTarget[t.id].startup;
        return `| ${t.label} | ${fmt.ms(d.ms)} | ${fmt.ms(s.ms)} | ${fmt.ms(d.saveMs)} | ${(d.snapshotBytes / 2 ** 20).toFixed(1)} |`;
      });
    const shape = Object.values(byTarget).find((r) => r.startup)?.startup.fromDatabase;
    const r = Object.values(byTarget)[0]?.retrieval;
    return [
      `The server holds the ${r ? r.documents - DOCS : 'built-in'} built-in documents plus ${DOCS} generated handbooks`,
      '(zh and en, about 2 KB each), uploaded through the API: each one a `.md` file through',
      `\`POST ${SYS_UPLOAD}\` (multipart), then a knowledge document made from that file with`,
      `\`POST ${AI}/knowledge/documents\` \`{ fileId }\` (text read back from the stored file, chunked, indexed).`,
      `Then ${ASKS} questions, one after another, each in a new conversation, through \`POST ${AI}/chat/sse\``,
      '(embedded provider, default 20 ms pause between streamed pieces). Times from sending the request.',
      '',
      '| Database | init event p50 / p99 ms | first answer chunk p50 / p99 ms | whole answer p50 ms | uploads / s (file upload + document: extract, chunk, index) |',
      '|---|--:|--:|--:|--:|',
      ...rows,
      '',
      ...(startupRows.length
        ? [
            `Index start-up: the time \`KnowledgeBase.ready()\` takes in a freshly started process (the call a`,
            `server start makes in the background; answers wait for it) with the same ${shape.documents} documents`,
            `(${shape.passages} passages), on a database of its own (\`bench/ai-startup.ts\`). From the database: no`,
            'snapshot yet, every passage is read and indexed. From the snapshot: a later start loads the index that',
            'the first one saved (`ai_kb_index_snapshots`) and finds nothing to re-read. Start-up of the rest of the',
            'server is not included.',
            '',
            '| Database | ready from the database ms | ready from the snapshot ms | saving the snapshot ms | snapshot MB (gzip) |',
            '|---|--:|--:|--:|--:|',
            ...startupRows,
            '',
          ]
        : []),
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
