// Traffic ingestion and queries (decision 0042): boots the platform on DATABASE_URL (migrated), gives
// it a fixture accounts port (finance's is built elsewhere; 200 accounts over 40 sales), ingests
// BENCH_SMS submit lines (with their DLRs, 12 % two-part messages) spread over BENCH_DAYS days
// through `ingestBatch` (the API's code path without HTTP), BENCH_CONCURRENCY batches at a time (as
// the ingestion API takes concurrent posts), while the rollup runs every BENCH_ROLLUP_SECONDS (the
// job's minute) beside it; then rolls up the rest, adds BENCH_BULK_SMS / BENCH_BULK_VOICE records over
// 90 days (traffic-bulk.ts), and times sendRcdQuery by account + day and by number, the call records
// by account + day, and the 90-day performance view. Prints one JSON line. Run by bench/traffic.suite.mjs.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { ratesOf } from '../apps/server/src/modules/traffic/converted.js';
import { ingestBatch } from '../apps/server/src/modules/traffic/ingest.js';
import { performance as perfView, smsRecords, voiceRecords } from '../apps/server/src/modules/traffic/queries.js';
import { rollUp } from '../apps/server/src/modules/traffic/rollups.js';
import { bootPlatform } from '../apps/server/src/platform/boot.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { type ConsumerAccountRef, definePorts } from '../apps/server/src/platform/ports.js';
import { seededRng } from '../apps/server/src/platform/seed/rng.js';
import { BULK_DAYS, bulkNumber, loadBulk } from './traffic-bulk.js';

const SMS = Number(process.env.BENCH_SMS ?? 200_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const BATCH = 5000;
/** BENCH_DLR_LATE=1: each batch's reports come with the next batch (as live reports do, seconds later) */
const DLR_LATE = process.env.BENCH_DLR_LATE === '1';
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 2));
const ROLLUP_SECONDS = Number(process.env.BENCH_ROLLUP_SECONDS ?? 60);
const BULK_SMS = Number(process.env.BENCH_BULK_SMS ?? 0);
const BULK_VOICE = Number(process.env.BENCH_BULK_VOICE ?? 0);
const DAY = 86_400_000;

const p = await bootPlatform(loadConfig({ ...process.env, LOG_LEVEL: 'warn', JOBS: 'false' }), {
  logger: pino({ level: 'warn' }),
});
await import('../apps/server/src/modules/index.js');
const accounts = new Map<string, ConsumerAccountRef>();
for (let i = 1; i <= 200; i++)
  accounts.set(`BA${i}`, {
    id: i,
    code: `BA${i}`,
    customerId: 1000 + i,
    ownerId: 1 + (i % 40),
    currency: 'USD',
    billing: 'prepaid',
    state: 'active',
    products: ['sms'],
  });
definePorts({
  accounts: () => ({
    byCodes: async (codes) => new Map(codes.filter((c) => accounts.has(c)).map((c) => [c, accounts.get(c)!])),
    byIds: async (ids) => new Map([...accounts.values()].filter((a) => ids.includes(a.id)).map((a) => [a.id, a])),
    active: async () => [...accounts.values()],
  }),
});

const rng = seededRng(42);
const now = new Date();
const start = now.getTime() - DAYS * DAY;
let lines = 0;
let records = 0;
const numbers: string[] = [];
const held: object[] = [];
let made = 0;
/** the next batch of lines, or none when every message is made (with the held reports of the last) */
function nextBatch(): object[] | undefined {
  if (made >= SMS) {
    if (!held.length) return undefined;
    const rest = held.splice(0);
    lines += rest.length;
    return rest;
  }
  const batch: object[] = [...held.splice(0)];
  while (batch.length < BATCH && made < SMS) {
    const at = start + Math.floor(rng.next() * (DAYS * DAY - 3_600_000));
    const messageId = `B${made.toString(36)}x${rng.int(0, 1e6)}`;
    const parts = rng.next() < 0.12 ? 2 : 1;
    const number = `86138${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
    if (numbers.length < 200 && rng.next() < 0.01) numbers.push(number);
    const account = `BA${rng.int(1, 200)}`;
    for (let part = 1; part <= parts; part++) {
      batch.push({
        type: 'submit',
        messageId,
        part,
        parts,
        account,
        number,
        country: 'CN',
        network: '46000',
        contentHash: 'h',
        submitAt: new Date(at).toISOString(),
        price: '0.012',
        cost: '0.007',
      });
      (DLR_LATE ? held : batch).push({
        type: 'dlr',
        messageId,
        part,
        state: rng.next() < 0.93 ? 'delivered' : 'undeliverable',
        dlrAt: new Date(at + rng.int(2, 120) * 1000).toISOString(),
      });
      records++;
    }
    made++;
  }
  lines += batch.length;
  return batch;
}

// the rollup job beside ingestion: each round's seconds and deltas taken; a record waits for the
// round after the one running when it came, so its lag is at most the interval plus the longest round
const rounds: { seconds: number; deltas: number }[] = [];
let ingesting = true;
const rollupsBeside = (async () => {
  while (ingesting) {
    await new Promise((r) => setTimeout(r, ROLLUP_SECONDS * 1000));
    if (!ingesting) break;
    const t0 = performance.now();
    const deltas = await rollUp(p.db, now);
    rounds.push({ seconds: (performance.now() - t0) / 1000, deltas });
  }
})();
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let batch = nextBatch(); batch; batch = nextBatch()) await ingestBatch(p.db, now, batch);
  }),
);
ingesting = false;
const ingestSeconds = (performance.now() - started) / 1000;
const rollStarted = performance.now();
await rollupsBeside;
await rollUp(p.db, now);
const rollupSeconds = (performance.now() - rollStarted) / 1000;
await p.db.execute(sql`analyze traffic_sms`);
const bulk =
  BULK_SMS + BULK_VOICE > 0
    ? await loadBulk(p.db, now, BULK_SMS, BULK_VOICE, (s) => process.stderr.write(`    bulk: ${s}\n`))
    : undefined;

const admin = {
  userId: 0,
  username: 'bench',
  sessionId: 'b',
  perms: new Set<string>(),
  scope: { kind: 'all' as const, departmentIds: [] },
};
const p95 = async (n: number, fn: (i: number) => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(n * 0.95)]! * 10) / 10;
};
// with the bulk records: a day of the 90 and a number of that day; else a day and a number ingested
const lastBulkDay = Math.floor(now.getTime() / DAY) - 1;
const bulkDay = (i: number) => lastBulkDay - ((i * 13) % BULK_DAYS);
const day = (i: number) => (bulk ? new Date(bulkDay(i) * DAY) : new Date(start + (1 + (i % (DAYS - 2))) * DAY));
/** the i-th call's page of one account's records of one day (SMS and calls ask the same) */
const accountDay = (i: number) => ({
  page: 1,
  size: 20,
  accountId: 1 + ((i * 7) % 200),
  from: day(i).toISOString(),
  to: new Date(day(i).getTime() + DAY).toISOString(),
});
const byAccountDay = await p95(40, (i) => smsRecords(p.db, admin, accountDay(i)));
const byNumber = await p95(40, (i) =>
  smsRecords(p.db, admin, {
    page: 1,
    size: 20,
    number: bulk
      ? bulkNumber(1 + ((i * 7919) % Math.ceil(bulk.sms / BULK_DAYS)), bulkDay(i))
      : (numbers[i % Math.max(1, numbers.length)] ?? '8613800000000'),
    from: new Date(now.getTime() - Math.min(bulk ? BULK_DAYS + 1 : DAYS, 93) * DAY + 60_000).toISOString(),
    to: now.toISOString(),
  }),
);
const callsByAccountDay = await p95(40, (i) => voiceRecords(p.db, admin, accountDay(i)));
const perf90 = await p95(20, (i) =>
  perfView(
    p,
    admin,
    {
      product: 'sms',
      groupBy: i % 2 ? 'day' : 'owner',
      from: new Date(now.getTime() - 90 * DAY).toISOString(),
      to: now.toISOString(),
    },
    { rateOf: ratesOf(p) },
  ),
);
process.stdout.write(
  `${JSON.stringify({
    messages: SMS,
    records,
    lines,
    days: DAYS,
    ingestSeconds,
    recordsPerSecond: Math.round(records / ingestSeconds),
    linesPerSecond: Math.round(lines / ingestSeconds),
    rollupSeconds,
    concurrency: CONCURRENCY,
    rollupEverySeconds: ROLLUP_SECONDS,
    rollupRounds: rounds,
    bulk,
    byAccountDayP95: byAccountDay,
    byNumberP95: byNumber,
    performance90P95: perf90,
    callsByAccountDayP95: callsByAccountDay,
  })}\n`,
);
await p.shutdown();
process.exit(0);
