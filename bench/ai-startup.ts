// Start-up of the knowledge index with the built-in documents plus BENCH_DOCS generated ones, on the
// database the environment names (DATABASE_URL, else PGlite under DATA_DIR). Each phase is its own
// process, so every start is a cold one, as after a deploy:
//   BENCH_PHASE=prepare  boots, seeds, stores BENCH_DOCS generated documents the way the API does
//                        (file service upload → text extraction → saveDocument), builds no index;
//   BENCH_PHASE=start    boots and times KnowledgeBase.ready() — the same call the AI module makes at
//                        a start. Without a snapshot it indexes every passage from the database and
//                        then saves the snapshot (timed); with one it loads it and catches up.
//                        Prints one JSON line: the WarmResult plus { snapshotBytes, saveMs }.
// Run twice after prepare: the first start reads the database, the second the snapshot the first saved.
// Used by bench/ai.suite.mjs.
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { sourceText } from '../apps/server/src/modules/ai/knowledge/extract.js';
import { KnowledgeBase } from '../apps/server/src/modules/ai/knowledge/knowledge-base.js';
import { saveDocument, seedBuiltinDocuments } from '../apps/server/src/modules/ai/knowledge/store.js';
import { bootPlatform } from '../apps/server/src/platform/boot.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { rowsOf } from '../apps/server/src/platform/db/index.js';
import { filesOf } from '../apps/server/src/platform/files/service.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
// @ts-expect-error plain JavaScript shared with the bench suite
import { syntheticDoc } from './ai-docs.mjs';

const DOCS = Number(process.env.BENCH_DOCS ?? 1000);

const p = await bootPlatform(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }), { logger: pino({ level: 'warn' }) });

if (process.env.BENCH_PHASE === 'prepare') {
  await seedDemo(p.db, p.log);
  await seedBuiltinDocuments(p.db);
  const admin = rowsOf<{ id: number }>(await p.db.execute(sql`select id from staff_users where username = 'admin'`))[0]!
    .id;
  const files = await filesOf(p);
  for (let i = 0; i < DOCS; i++) {
    const d = syntheticDoc(i) as { fileName: string; content: string };
    const file = await files.storeUpload(Readable.from([Buffer.from(d.content, 'utf8')]), {
      name: d.fileName,
      purpose: 'sys',
      ownerUserId: admin,
    });
    await saveDocument(p.db, admin, await sourceText(files, file.id, admin), undefined);
  }
  process.stdout.write(`${JSON.stringify({ documents: DOCS })}\n`);
} else {
  // a save delay longer than the run: this process saves explicitly, and only after the first build
  const kb = new KnowledgeBase(p.db, p.bus, p.log, { saveDelayMs: 3_600_000 });
  const warm = await kb.ready();
  let snapshotBytes: number | null = null;
  let saveMs: number | null = null;
  if (warm.source === 'database') {
    const t0 = performance.now();
    snapshotBytes = await kb.persist();
    saveMs = performance.now() - t0;
  }
  await kb.close();
  process.stdout.write(`${JSON.stringify({ ...warm, snapshotBytes, saveMs })}\n`);
}
await p.shutdown();
process.exit(0);
