// The ledger and the month-end bill run (issue 17), on PostgreSQL: boots the platform on DATABASE_URL
// (migrated), then
// 1. postings: BENCH_WRITERS concurrent writers post consumption entries (each its own transaction,
//    `postEntry`, the code every approval and the daily consumption use) on BENCH_ACCOUNTS prepaid
//    accounts for BENCH_SECONDS, one in fifty a replay of an earlier key; afterwards the daily
//    reconciliation must find every balance equal to its entries and every day balanced;
// 2. the bill run: BENCH_BILL_ACCOUNTS postpaid monthly accounts with consumption on ten days of the
//    closed month, then `runBills` (the nightly job's statement) for the day after, timed, and once
//    more (a no-op: every period is billed).
// Prints one JSON line. Run by bench/finance.suite.mjs.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { runBills } from '../apps/server/src/modules/finance/bills.js';
import { postEntry } from '../apps/server/src/modules/finance/ledger.js';
import { reconcile } from '../apps/server/src/modules/finance/recon.js';
import { bootPlatform } from '../apps/server/src/platform/boot.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { rowsOf } from '../apps/server/src/platform/db/index.js';

const WRITERS = Number(process.env.BENCH_WRITERS ?? 50);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BILL_ACCOUNTS = Number(process.env.BENCH_BILL_ACCOUNTS ?? 10_000);
const MONTH = '2026-10';
const RUN_DAY = '2026-11-01';

const p = await bootPlatform(loadConfig({ ...process.env, LOG_LEVEL: 'warn', DB_POOL_SIZE: String(WRITERS + 2) }), {
  logger: pino({ level: 'warn' }),
});
const ids = async (prefix: string) =>
  rowsOf<{ id: number }>(
    await p.db.execute(sql`select id from fin_accounts where code like ${`${prefix}%`} order by id`),
  ).map((r) => Number(r.id));

// accounts start at zero (the database refuses any other start); a prepaid credit line lets consumption run
async function openAccounts(prefix: string, n: number, billing: 'prepaid' | 'postpaid') {
  for (let from = 1; from <= n; from += 10_000)
    await p.db.execute(sql`insert into fin_accounts (code, customer_id, products, currency, billing, credit_line,
        bill_cycle, state, applicant_id, opened_at)
      select ${prefix} || lpad(g::text, 6, '0'), g, '{sms}', 'USD', ${billing}, 1000000000, 'monthly', 'active', 1, now()
      from generate_series(${from}::int, ${Math.min(n, from + 9_999)}::int) g`);
  return ids(prefix);
}

// 1. postings
const accounts = await openAccounts('BL', ACCOUNTS, 'prepaid');
let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const latencies: number[] = [];
let posted = 0;
let replayed = 0;
let failed = 0;
const until = performance.now() + SECONDS * 1000;
const now = new Date();
const day = now.toISOString().slice(0, 10);
await Promise.all(
  Array.from({ length: WRITERS }, async (_, w) => {
    for (let i = 0; performance.now() < until; i++) {
      const replay = i > 0 && i % 50 === 0;
      const accountId = accounts[Math.floor(rand() * accounts.length)]!;
      const started = performance.now();
      try {
        const r = await p.db.transaction((tx) =>
          postEntry(tx, {
            accountId,
            kind: 'consumption',
            amount: `-${(1 + Math.floor(rand() * 9_999)) / 10_000}`,
            currency: 'USD',
            day,
            // a replay repeats this writer's previous key: it must change nothing
            key: `bench:${w}:${replay ? i - 1 : i}`,
            at: now,
          }),
        );
        if (r.posted) posted++;
        else replayed++;
      } catch {
        failed++;
      }
      latencies.push(performance.now() - started);
    }
  }),
);
latencies.sort((a, b) => a - b);
const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
const recon = await reconcile(p.db, day);
const [entries] = rowsOf<{ n: number }>(await p.db.execute(sql`select count(*)::int as n from fin_ledger_entries`));

// 2. the bill run
const loadStarted = performance.now();
const postpaid = await openAccounts('BR', BILL_ACCOUNTS, 'postpaid');
// ten consumption days in the month per account, through the ledger's insert trigger (each moves the
// balance); the contra lines are left out: the bill run reads the entries only
for (let from = 0; from < postpaid.length; from += 1_000) {
  const slice = postpaid.slice(from, from + 1_000);
  await p.db.execute(sql`insert into fin_ledger_entries (key, account_id, kind, amount, currency, day, created_at)
    select 'br:' || a || ':' || d, a, 'consumption', -(1 + (a * 7 + d) % 50) / 10.0, 'USD',
      (${`${MONTH}-01`}::date + (d * 3)), now()
    from unnest(${`{${slice.join(',')}}`}::int[]) a, generate_series(0, 9) d`);
}
await p.db.execute(sql`analyze fin_accounts; analyze fin_ledger_entries`);
const loadSeconds = (performance.now() - loadStarted) / 1000;
const billStarted = performance.now();
const bills = await runBills(p.db, RUN_DAY, new Date(`${RUN_DAY}T01:00:00Z`));
const billSeconds = (performance.now() - billStarted) / 1000;
const againStarted = performance.now();
const again = await runBills(p.db, RUN_DAY, new Date(`${RUN_DAY}T01:05:00Z`));
const againSeconds = (performance.now() - againStarted) / 1000;

process.stdout.write(
  `${JSON.stringify({
    writers: WRITERS,
    accounts: ACCOUNTS,
    seconds: SECONDS,
    posted,
    replayed,
    failed,
    perSecond: (posted + replayed) / SECONDS,
    p50: pct(0.5),
    p99: pct(0.99),
    entries: Number(entries!.n),
    balanceMismatches: recon.balanceMismatches.length,
    unbalancedDays: recon.unbalancedDays.length,
    billAccounts: BILL_ACCOUNTS,
    billEntries: BILL_ACCOUNTS * 10,
    loadSeconds,
    bills,
    billSeconds,
    again,
    againSeconds,
  })}\n`,
);
await p.shutdown();
process.exit(0);
