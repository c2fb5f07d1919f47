// Traffic ingestion and sendRcdQuery (decision 0042), on PostgreSQL only: bench/traffic-run.ts, bundled
// like the server, in its own process on its own temporary database.
// `npm run bench -- --suite=traffic --only=postgres`: BENCH_SMS messages over BENCH_DAYS days through ingestion,
// BENCH_CONCURRENCY batches at a time, the rollup every BENCH_ROLLUP_SECONDS beside it; then BENCH_BULK_SMS
// records and BENCH_BULK_VOICE calls over 90 days by SQL (issue 18: 50,000,000 and 5,000,000, the defaults;
// about half an hour and 25 GB on a quiet 2-core machine) for the queries.
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { root, runBenchChild, tempDatabase } from './lib.mjs';

const SMS = Number(process.env.BENCH_SMS ?? 200_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const env = {
  BENCH_CONCURRENCY: process.env.BENCH_CONCURRENCY ?? '2',
  BENCH_ROLLUP_SECONDS: process.env.BENCH_ROLLUP_SECONDS ?? '60',
  BENCH_BULK_SMS: process.env.BENCH_BULK_SMS ?? '50000000',
  BENCH_BULK_VOICE: process.env.BENCH_BULK_VOICE ?? '5000000',
  ...(process.env.BENCH_DLR_LATE ? { BENCH_DLR_LATE: process.env.BENCH_DLR_LATE } : {}),
};
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
      const r = await runChild({ DATABASE_URL: db.url, BENCH_SMS: String(SMS), BENCH_DAYS: String(DAYS), ...env });
      process.stdout.write(`${r.recordsPerSecond.toLocaleString('en')} records/s\n`);
      return [{ ...r, load: os.loadavg()[0] }];
    } finally {
      await db.drop();
    }
  },

  render(byTarget) {
    const r = byTarget.postgres?.[0];
    if (!r) return 'Not run (PostgreSQL only: `npm run bench -- --suite=traffic --only=postgres`).';
    const rounds = r.rollupRounds ?? [];
    const longest = rounds.reduce((m, x) => Math.max(m, x.seconds), 0);
    const n = (x) => x.toLocaleString('en');
    return [
      `NDJSON submit + DLR lines through \`ingestBatch\` (the ingestion API without HTTP) in batches of 5,000, ${r.concurrency}`,
      `at a time, the rollup every ${r.rollupEverySeconds} s beside them, then the rest rolled up;`,
      r.bulk
        ? `then ${n(r.bulk.sms)} SMS records and ${n(r.bulk.voice)} calls over 90 days by SQL and their rollups rebuilt day by day;`
        : 'no bulk records;',
      'then sendRcdQuery by account + one day and by number over the range, the call records by account + one day,',
      'and the 90-day performance view from the daily rollup (20–40 calls each, p95).',
      '',
      '| | PostgreSQL |',
      '|---|--:|',
      `| Ingested messages / part records / lines | ${n(r.messages)} / ${n(r.records)} / ${n(r.lines)} |`,
      `| Days | ${r.days} |`,
      `| Ingestion, part records per second | ${n(r.recordsPerSecond)} |`,
      `| Ingestion, lines per second | ${n(r.linesPerSecond)} |`,
      `| Rollup rounds beside ingestion (every ${r.rollupEverySeconds} s) | ${
        rounds.length
          ? `${rounds.length}, longest ${longest.toFixed(1)} s (${n(rounds.reduce((m, x) => Math.max(m, x.deltas), 0))} deltas): lag at most ${(r.rollupEverySeconds + longest).toFixed(0)} s`
          : 'none (ingestion ended before the first)'
      } |`,
      `| Rollup of the rest after ingestion, seconds | ${r.rollupSeconds.toFixed(1)} |`,
      ...(r.bulk
        ? [
            `| Bulk records written (SQL), seconds | ${r.bulk.loadSeconds.toFixed(0)} |`,
            `| Rollups rebuilt for 90 days, seconds | ${r.bulk.rebuildSeconds.toFixed(0)} |`,
          ]
        : []),
      `| sendRcdQuery by account + day, p95 ms | ${r.byAccountDayP95} |`,
      `| sendRcdQuery by number, p95 ms | ${r.byNumberP95} |`,
      `| Call records by account + day, p95 ms | ${r.callsByAccountDayP95} |`,
      `| 90-day performance view, p95 ms | ${r.performance90P95} |`,
      `| Load average (1 min) at the end | ${r.load.toFixed(1)} |`,
    ].join('\n');
  },
};
