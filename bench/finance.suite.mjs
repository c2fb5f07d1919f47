// The ledger's postings under 50 concurrent writers on 1,000 accounts and the month-end bill run over
// 10,000 postpaid accounts (issue 17), on PostgreSQL only (the ledger's concurrency is PostgreSQL's):
// bench/finance-run.ts, bundled like the server, in its own process on its own temporary database.
// `npm run bench -- --suite=finance --only=postgres`.
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { fmt, root, runBenchChild, tempDatabase } from './lib.mjs';

const runner = path.join(root, 'apps/server/dist/bench-finance-run.mjs');

export default {
  heading: 'Finance: ledger postings with 50 writers, the month-end bill run over 10,000 accounts',

  async run({ target }) {
    if (target !== 'postgres') return [];
    await buildServer(path.join(root, 'bench/finance-run.ts'), runner);
    const db = await tempDatabase('bench_finance');
    try {
      process.stdout.write('    ledger postings and the bill run … ');
      const load = os.loadavg()[0];
      const r = await runBenchChild(runner, { DATABASE_URL: db.url }, 'finance');
      process.stdout.write(
        `${fmt.rps(r.perSecond)} postings/s (p99 ${fmt.ms(r.p99)} ms); ${r.bills} bills in ${r.billSeconds.toFixed(1)} s\n`,
      );
      return [{ ...r, loadBefore: load, loadAfter: os.loadavg()[0] }];
    } finally {
      await db.drop();
    }
  },

  render(byTarget) {
    const r = byTarget.postgres?.[0];
    if (!r) return 'Not run (PostgreSQL only: `npm run bench -- --suite=finance --only=postgres`).';
    return [
      `**Postings.** ${r.writers} writers in one process (a pool of ${r.writers + 2} connections), each posting`,
      `consumption entries one transaction at a time through \`postEntry\` (entry, contra line, the balance moved`,
      `by the insert trigger under the account's row lock) on ${r.accounts.toLocaleString('en')} prepaid accounts`,
      `picked at random, for ${r.seconds} s; one post in fifty repeats the writer's previous key (a replay`,
      'changes nothing). Then the daily reconciliation over every account and day.',
      '',
      '| | PostgreSQL |',
      '|---|--:|',
      `| Postings per second (posted + replays) | ${fmt.rps(r.perSecond)} |`,
      `| Posted / replays answered / failed | ${r.posted.toLocaleString('en')} / ${r.replayed.toLocaleString('en')} / ${r.failed} |`,
      `| One posting p50 / p99 ms | ${fmt.ms(r.p50)} / ${fmt.ms(r.p99)} |`,
      `| Entries in the ledger afterwards | ${r.entries.toLocaleString('en')} |`,
      `| Reconciliation: balances unlike their entries / unbalanced days | ${r.balanceMismatches} / ${r.unbalancedDays} |`,
      '',
      `**The month-end bill run.** ${r.billAccounts.toLocaleString('en')} postpaid monthly accounts, each with`,
      `consumption on ten days of the closed month (${r.billEntries.toLocaleString('en')} entries, loaded through the`,
      `ledger's insert trigger in ${r.loadSeconds.toFixed(1)} s), then \`runBills\` (the nightly \`finance.bills\``,
      "job's one statement: a numbered bill per account and closed period, then what each bill still owes).",
      '',
      '| | PostgreSQL |',
      '|---|--:|',
      `| Bills issued | ${r.bills.toLocaleString('en')} |`,
      `| Seconds | ${r.billSeconds.toFixed(1)} |`,
      `| Accounts per second | ${Math.round(r.bills / r.billSeconds).toLocaleString('en')} |`,
      `| The same run again (every period billed): bills, seconds | ${r.again}, ${r.againSeconds.toFixed(1)} |`,
      `| Load average (1 min) before / after | ${r.loadBefore.toFixed(1)} / ${r.loadAfter.toFixed(1)} |`,
    ].join('\n');
  },
};
