// Traffic ingestion and queries (decision 0042): boots the platform on DATABASE_URL (migrated), gives
// it a fixture accounts port (finance's is built elsewhere; 200 accounts over 40 sales), ingests
// BENCH_SMS submit lines (with their DLRs, 12 % two-part messages) spread over BENCH_DAYS days
// through `ingestBatch` (the API's code path without HTTP), rolls up, then times sendRcdQuery by
// account + day and by number, and the 90-day performance view. Prints one JSON line.
// Run by bench/traffic.suite.mjs.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { ingestBatch } from '../apps/server/src/modules/traffic/ingest.js';
import { performance as perfView, smsRecords } from '../apps/server/src/modules/traffic/queries.js';
import { rollUp } from '../apps/server/src/modules/traffic/rollups.js';
import { bootPlatform } from '../apps/server/src/platform/boot.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { type ConsumerAccountRef, definePorts } from '../apps/server/src/platform/ports.js';
import { seededRng } from '../apps/server/src/platform/seed/rng.js';

const SMS = Number(process.env.BENCH_SMS ?? 200_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const BATCH = 5000;
/** BENCH_DLR_LATE=1: each batch's reports come with the next batch (as live reports do, seconds later) */
const DLR_LATE = process.env.BENCH_DLR_LATE === '1';
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
const started = performance.now();
for (let made = 0; made < SMS; ) {
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
  await ingestBatch(p.db, now, batch);
}
if (held.length) {
  lines += held.length;
  await ingestBatch(p.db, now, held);
}
const ingestSeconds = (performance.now() - started) / 1000;
const rollStarted = performance.now();
await rollUp(p.db, now);
const rollupSeconds = (performance.now() - rollStarted) / 1000;
await p.db.execute(sql`analyze traffic_sms`);

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
const day = (i: number) => new Date(start + (1 + (i % (DAYS - 2))) * DAY);
const byAccountDay = await p95(40, (i) =>
  smsRecords(p.db, admin, {
    page: 1,
    size: 20,
    accountId: 1 + ((i * 7) % 200),
    from: day(i).toISOString(),
    to: new Date(day(i).getTime() + DAY).toISOString(),
  }),
);
const byNumber = await p95(40, (i) =>
  smsRecords(p.db, admin, {
    page: 1,
    size: 20,
    number: numbers[i % Math.max(1, numbers.length)] ?? '8613800000000',
    from: new Date(now.getTime() - Math.min(DAYS, 93) * DAY + 60_000).toISOString(),
    to: now.toISOString(),
  }),
);
const perf90 = await p95(20, (i) =>
  perfView(p.db, admin, {
    product: 'sms',
    groupBy: i % 2 ? 'day' : 'owner',
    from: new Date(now.getTime() - 90 * DAY).toISOString(),
    to: now.toISOString(),
  }),
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
    byAccountDayP95: byAccountDay,
    byNumberP95: byNumber,
    performance90P95: perf90,
  })}\n`,
);
await p.shutdown();
process.exit(0);
