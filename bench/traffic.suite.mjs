// Traffic ingestion and sendRcdQuery (decisions 0042, 0155, 0156), on PostgreSQL only: bench/traffic-run.ts,
// bundled like the server, in its own process on its own temporary database.
// `npm run bench -- --suite=traffic --only=postgres`: BENCH_SMS messages through ingestion, live-shaped (stamped
// now, a few big senders, reports seconds to minutes later) or with BENCH_SHAPE=spread over BENCH_DAYS days,
// BENCH_CONCURRENCY batches at a time, the rollup beside it as the job runs it (a round every
// BENCH_ROLLUP_SECONDS, the server's TRAFFIC_ROLLUP_SECONDS default) with each round's lag; then BENCH_BULK_SMS
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
  BENCH_ROLLUP_SECONDS: process.env.BENCH_ROLLUP_SECONDS ?? '10',
  BENCH_BULK_SMS: process.env.BENCH_BULK_SMS ?? '50000000',
  BENCH_BULK_VOICE: process.env.BENCH_BULK_VOICE ?? '5000000',
  ...(process.env.BENCH_DLR_LATE ? { BENCH_DLR_LATE: process.env.BENCH_DLR_LATE } : {}),
  ...(process.env.BENCH_SHAPE ? { BENCH_SHAPE: process.env.BENCH_SHAPE } : {}),
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
      const shape =
        env.BENCH_SHAPE === 'spread' ? `spread over ${DAYS} days` : 'live-shaped (BENCH_SHAPE=spread: over BENCH_DAYS)';
      process.stdout.write(`    ${SMS.toLocaleString('en')} messages ${shape} … `);
      const r = await runChild({ DATABASE_URL: db.url, BENCH_SMS: String(SMS), BENCH_DAYS: String(DAYS), ...env });
      process.stdout.write(
        `${r.recordsPerSecond.toLocaleString('en')} records/s, rollup lag max ${r.lagMaxSeconds.toFixed(1)} s\n`,
      );
      return [{ ...r, load: os.loadavg()[0] }];
    } finally {
      // BENCH_KEEP_DATABASE=1 keeps the records for a look at their tables (as scripts/bench.mjs keeps the server's)
      if (process.env.BENCH_KEEP_DATABASE === '1') {
        await db.keep();
        console.log(`    kept database ${new URL(db.url).pathname.slice(1)}`);
      } else await db.drop();
    }
  },

  render(byTarget) {
    const r = byTarget.postgres?.[0];
    if (!r) return 'Not run (PostgreSQL only: `npm run bench -- --suite=traffic --only=postgres`).';
    const rounds = r.rollupRounds ?? [];
    const longest = rounds.reduce((m, x) => Math.max(m, x.seconds), 0);
    const n = (x) => x.toLocaleString('en');
    const live = r.shape === 'live';
    return [
      live
        ? 'NDJSON submit + DLR lines shaped like live traffic (submits stamped when their batch is made, 200 accounts with'
        : `NDJSON submit + DLR lines spread uniformly over ${r.days} days and 200 accounts (BENCH_SHAPE=spread),`,
      ...(live
        ? [
            'Zipf weights, each report in a later batch: 90 % 2–20 s later, 8 % 1–10 min, 2 % never; BENCH_SHAPE=spread',
            'spreads them over BENCH_DAYS days instead),',
          ]
        : []),
      `through \`ingestBatch\` (the ingestion API without HTTP) in batches of 5,000, ${r.concurrency} at a time, the rollup`,
      `beside them as the job runs it (a round every ${r.rollupEverySeconds} s, one process at a time). A round's lag:`,
      'from the commit of the oldest batch it is the first round after to its end.',
      r.bulk
        ? `Then ${n(r.bulk.sms)} SMS records and ${n(r.bulk.voice)} calls over 90 days by SQL and their rollups rebuilt day by day;`
        : 'No bulk records;',
      'then sendRcdQuery by account + one day and by number over the range, the call records by account + one day,',
      'and the 90-day performance view from the daily rollup (20–40 calls each, p95).',
      '',
      '| | PostgreSQL |',
      '|---|--:|',
      `| Ingested messages / part records / lines | ${n(r.messages)} / ${n(r.records)} / ${n(r.lines)} |`,
      `| Shape | ${live ? 'live' : `spread over ${r.days} days`} |`,
      `| Ingestion, part records per second | ${n(r.recordsPerSecond)} |`,
      `| Ingestion, lines per second | ${n(r.linesPerSecond)} |`,
      `| The portal process's CPU during ingestion (making the lines apart), seconds | ${r.portalCpuSeconds.toFixed(1)} |`,
      `| Part records per second of the portal process's CPU (its ceiling with the database on other cores) | ${n(r.recordsPerPortalCpuSecond)} |`,
      `| Rollup rounds beside ingestion (every ${r.rollupEverySeconds} s) | ${rounds.length}, longest ${longest.toFixed(1)} s (${n(
        rounds.reduce((m, x) => Math.max(m, x.deltas), 0),
      )} deltas) |`,
      `| Rollup lag, max / p95 of the rounds, seconds | ${r.lagMaxSeconds.toFixed(1)} / ${r.lagP95Seconds.toFixed(1)} |`,
      `| Last round after ingestion ended, seconds | ${r.rollupSeconds.toFixed(1)} |`,
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
