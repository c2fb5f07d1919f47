// The open-sea return job (decision 0033) over 100,000 customers that fell due, on PostgreSQL only
// (the target database): bench/pool-return-run.ts, bundled like the server, in its own
// process on its own temporary database. `npm run bench -- --suite=pool-return --only=postgres`.
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { root, runBenchChild, tempDatabase } from './lib.mjs';

const DUE = Number(process.env.BENCH_DUE ?? 100_000);
const runner = path.join(root, 'apps/server/dist/bench-pool-return-run.mjs');

const runChild = (env) => runBenchChild(runner, env, 'pool-return');

export default {
  heading: 'CRM open sea: the return job over 100,000 due customers',

  async run({ target }) {
    if (target !== 'postgres') return [];
    await buildServer(path.join(root, 'bench/pool-return-run.ts'), runner);
    const db = await tempDatabase('bench_pool');
    try {
      process.stdout.write(`    ${DUE.toLocaleString('en')} due customers … `);
      const r = await runChild({ DATABASE_URL: db.url, BENCH_DUE: String(DUE) });
      process.stdout.write(`${r.returned.toLocaleString('en')} returned in ${r.seconds.toFixed(1)} s\n`);
      return [{ ...r, load: os.loadavg()[0] }];
    } finally {
      await db.drop();
    }
  },

  render(byTarget) {
    const r = byTarget.postgres?.[0];
    if (!r) return 'Not run (PostgreSQL only: `npm run bench -- --suite=pool-return --only=postgres`).';
    return [
      '`returnDueCustomers` (the hourly `crm.pool-return` job without its notices): customers owned 400 days',
      'by one owner under the default retention rule (90 days without follow-up, 365 without a deal), read',
      'in pages of 1,000 by the due-time expression, each returned in its own transaction with the owner',
      'log, history event, contacts and opportunities moved and the team cleared (`returnDue`). Messages',
      'go to no channel here (no message center in the bench process).',
      '',
      '| | PostgreSQL |',
      '|---|--:|',
      `| Due customers | ${r.due.toLocaleString('en')} |`,
      `| Returned | ${r.returned.toLocaleString('en')} |`,
      `| Seconds | ${r.seconds.toFixed(1)} |`,
      `| Customers per second | ${Math.round(r.returned / r.seconds).toLocaleString('en')} |`,
      `| Load average (1 min) at the end | ${r.load.toFixed(1)} |`,
    ].join('\n');
  },
};
