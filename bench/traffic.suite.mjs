// Traffic ingestion and sendRcdQuery (decision 0042), on PostgreSQL only: bench/traffic-run.ts, bundled
// like the server, in its own process on its own temporary database.
// `npm run bench -- --suite=traffic --only=postgres` (BENCH_SMS messages over BENCH_DAYS days).
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { root, runBenchChild, tempDatabase } from './lib.mjs';

const SMS = Number(process.env.BENCH_SMS ?? 200_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const runner = path.join(root, 'apps/server/dist/bench-traffic-run.mjs');

const runChild = (env) => runBenchChild(runner, env, 'traffic');

export default {
  heading: 'Traffic: ingestion and sendRcdQuery',

  async run({ target }) {
    if (target !== 'postgres') return [];
    await buildServer(path.join(root, 'bench/traffic-run.ts'), runner);
    const db = await tempDatabase('bench_traffic');
    try {
      process.stdout.write(`    ${SMS.toLocaleString('en')} messages over ${DAYS} days … `);
      const r = await runChild({ DATABASE_URL: db.url, BENCH_SMS: String(SMS), BENCH_DAYS: String(DAYS) });
      process.stdout.write(`${r.recordsPerSecond.toLocaleString('en')} records/s\n`);
      return [{ ...r, load: os.loadavg()[0] }];
    } finally {
      await db.drop();
    }
  },

  render(byTarget) {
    const r = byTarget.postgres?.[0];
    if (!r) return 'Not run (PostgreSQL only: `npm run bench -- --suite=traffic --only=postgres`).';
    return [
      'NDJSON submit + DLR lines through `ingestBatch` (the ingestion API without HTTP) in batches of 5,000,',
      'then the rollup job, then sendRcdQuery by account + one day and by number over the range, and the',
      '90-day performance view from the daily rollup (20–40 calls each, p95).',
      '',
      '| | PostgreSQL |',
      '|---|--:|',
      `| Messages / part records / lines | ${r.messages.toLocaleString('en')} / ${r.records.toLocaleString('en')} / ${r.lines.toLocaleString('en')} |`,
      `| Days | ${r.days} |`,
      `| Ingestion, part records per second | ${r.recordsPerSecond.toLocaleString('en')} |`,
      `| Ingestion, lines per second | ${r.linesPerSecond.toLocaleString('en')} |`,
      `| Rollup of everything, seconds | ${r.rollupSeconds.toFixed(1)} |`,
      `| sendRcdQuery by account + day, p95 ms | ${r.byAccountDayP95} |`,
      `| sendRcdQuery by number, p95 ms | ${r.byNumberP95} |`,
      `| 90-day performance view, p95 ms | ${r.performance90P95} |`,
      `| Load average (1 min) at the end | ${r.load.toFixed(1)} |`,
    ].join('\n');
  },
};
