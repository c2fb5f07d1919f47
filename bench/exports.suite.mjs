// Export of 1,000,000 rows (10 columns) into XLSX through the real export job (database reader →
// streaming XLSX writer → stored file), on a bench table made with generate_series. Runs in its own
// processes (bench/exports-run.ts, bundled like the server: one fills the table, a fresh one boots
// and exports it) on its own database (PGlite under a temporary DATA_DIR, or a temporary PostgreSQL
// database), and records the seconds and the RSS of the exporting process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { root, tempDatabase } from './lib.mjs';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const TARGET_SECONDS_PER_MILLION = 18;
const TARGET_PEAK_MB = 300;

/** bench/exports-run.ts bundled like the server (`npm start` runs the bundle, not TypeScript) */
const runner = path.join(root, 'apps/server/dist/bench-exports-run.mjs');

function runChild(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--enable-source-maps', runner], {
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
      if (code === 0) resolve(line ? JSON.parse(line) : undefined);
      else reject(new Error(`export bench exited ${code}\n${err.slice(-4000)}`));
    });
  });
}

export default {
  heading: 'Exports: 1,000,000 rows to XLSX',

  async run({ target }) {
    await buildServer(path.join(root, 'bench/exports-run.ts'), runner);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-exports-'));
    const db = target === 'postgres' ? await tempDatabase('bench_exports') : undefined;
    try {
      process.stdout.write(`    ${ROWS.toLocaleString('en')} rows … `);
      const env = { DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '', BENCH_ROWS: String(ROWS), SEED_DEMO: 'true' };
      await runChild({ ...env, BENCH_PHASE: 'prepare' });
      const r = await runChild({ ...env, BENCH_PHASE: 'export' });
      process.stdout.write(`${r.seconds.toFixed(1)} s, peak RSS ${r.peakRssMb.toFixed(0)} MB\n`);
      return [r];
    } finally {
      await db?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },

  render(byTarget, meta) {
    const cell = (id, f) => (byTarget[id]?.[0] ? f(byTarget[id][0]) : '–');
    const rows = [
      ['Rows exported', (r) => r.rows.toLocaleString('en')],
      ['Seconds', (r) => r.seconds.toFixed(1)],
      ['Seconds per million rows', (r) => ((r.seconds * 1e6) / r.rows).toFixed(1)],
      ['Rows per second', (r) => Math.round(r.rows / r.seconds).toLocaleString('en')],
      ['File size (MB)', (r) => (r.bytes / 2 ** 20).toFixed(1)],
      ['RSS before the export (MB)', (r) => r.rssBeforeMb.toFixed(0)],
      ['Peak RSS during the export (MB)', (r) => r.peakRssMb.toFixed(0)],
      ['Memory the export added (peak − before, MB)', (r) => (r.peakRssMb - r.rssBeforeMb).toFixed(0)],
    ];
    return [
      'One export task run by the export job (`runExportTask`, the code pg-boss runs) in a process of its own:',
      'a bench table of 10 columns made with `generate_series` (filled by another process) is read by the',
      'export reader (pg-query-stream on PostgreSQL; a numbered temporary table read with `COPY` batches on',
      'PGlite), written by the streaming XLSX writer (docs/decisions/0014-export-writer.md), stored, and the',
      'task marked done.',
      `Targets: under ${TARGET_SECONDS_PER_MILLION} s per million rows (10× the spec’s 3 minutes) and under ${TARGET_PEAK_MB} MB of memory.`,
      'RSS is sampled every 50 ms in the exporting process, a whole booted server (all modules, the job',
      'queue; PGlite runs inside it, so its WebAssembly memory counts too). "RSS before" is that server at',
      'rest; "added" is what the export itself took.',
      '',
      `| | ${meta.targets.map((t) => t.label).join(' | ')} |`,
      `|---|${meta.targets.map(() => '--:').join('|')}|`,
      ...rows.map(([label, f]) => `| ${label} | ${meta.targets.map((t) => cell(t.id, f)).join(' | ')} |`),
    ].join('\n');
  },
};
