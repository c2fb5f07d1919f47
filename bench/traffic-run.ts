// Traffic ingestion and queries (decisions 0042, 0155, 0156): boots the platform on DATABASE_URL (migrated),
// gives it a fixture accounts port (finance's is built elsewhere; 200 accounts over 40 sales), ingests
// BENCH_SMS messages' submit and DLR lines (traffic-shapes.ts: live-shaped, or spread over BENCH_DAYS days
// with BENCH_SHAPE=spread) through `ingestBatch` (the API's code path without HTTP), BENCH_CONCURRENCY
// batches at a time (as the ingestion API takes concurrent posts), while the rollup runs beside it as
// the job does (a round every BENCH_ROLLUP_SECONDS) and each round's lag is taken; then adds
// BENCH_BULK_SMS / BENCH_BULK_VOICE records over 90 days (traffic-bulk.ts), and times sendRcdQuery by
// account + day and by number, the call records by account + day, and the 90-day performance view.
// Prints one JSON line. Run by bench/traffic.suite.mjs.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { ratesOf } from '../apps/server/src/modules/traffic/converted.js';
import { ingestBatch } from '../apps/server/src/modules/traffic/ingest.js';
import { performance as perfView, smsRecords, voiceRecords } from '../apps/server/src/modules/traffic/queries.js';
import { type RollupRound, rollupRounds } from '../apps/server/src/modules/traffic/rollup-rounds.js';
import { bootPlatform } from '../apps/server/src/platform/boot.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { type ConsumerAccountRef, definePorts } from '../apps/server/src/platform/ports.js';
import { BULK_DAYS, bulkNumber, loadBulk } from './traffic-bulk.js';
import { ACCOUNTS, liveLines, spreadLines } from './traffic-shapes.js';

const SMS = Number(process.env.BENCH_SMS ?? 200_000);
/** BENCH_SHAPE=spread: submits over BENCH_DAYS days and the reports beside them (traffic-shapes.ts); else live */
const LIVE = process.env.BENCH_SHAPE !== 'spread';
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
/** BENCH_DLR_LATE=1 (spread): each batch's reports come with the next batch */
const DLR_LATE = process.env.BENCH_DLR_LATE === '1';
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 2));
const ROLLUP_SECONDS = Number(process.env.BENCH_ROLLUP_SECONDS ?? 10);
const BULK_SMS = Number(process.env.BENCH_BULK_SMS ?? 0);
const BULK_VOICE = Number(process.env.BENCH_BULK_VOICE ?? 0);
const DAY = 86_400_000;

const p = await bootPlatform(loadConfig({ ...process.env, LOG_LEVEL: 'warn', JOBS: 'false' }), {
  logger: pino({ level: 'warn' }),
});
await import('../apps/server/src/modules/index.js');
const accounts = new Map<string, ConsumerAccountRef>();
for (let i = 1; i <= ACCOUNTS; i++)
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

const now = new Date();
const start = now.getTime() - DAYS * DAY;
const shape = LIVE ? liveLines(SMS) : spreadLines(SMS, DAYS, start, DLR_LATE);

// the rollup beside ingestion as the job runs it (rollupRounds, a round every ROLLUP_SECONDS); a batch's
// records wait from its commit to the end of the first round that started after it (an earlier round
// may take them: this is the bound), a round's lag is that of the oldest batch it is the first for
const commits: number[] = [];
const rounds: RollupRound[] = [];
const stop = new AbortController();
const rollupsBeside = rollupRounds(p.database, () => new Date(), {
  intervalMs: ROLLUP_SECONDS * 1000,
  until: Number.POSITIVE_INFINITY,
  signal: stop.signal,
  onRound: (r) => void rounds.push(r),
});
const started = performance.now();
const cpuBefore = process.cpuUsage();
// the messaging platform's side (making the lines) is timed apart: it is not the portal's work
let shapeMs = 0;
const nextBatch = () => {
  const t0 = performance.now();
  const batch = shape.next();
  shapeMs += performance.now() - t0;
  return batch;
};
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let batch = nextBatch(); batch; batch = nextBatch()) {
      await ingestBatch(p.db, LIVE ? new Date() : now, batch);
      commits.push(Date.now());
    }
  }),
);
const ingestSeconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
/** this process's CPU during ingestion without the making of the lines: ingestion and the rollup beside it */
const portalCpuSeconds = (cpu.user + cpu.system) / 1e6 - shapeMs / 1000;
const ingestEnd = Date.now();
while (!rounds.some((r) => r.startedAt >= ingestEnd)) await new Promise((r) => setTimeout(r, 50));
stop.abort();
await rollupsBeside;
const rollupSeconds = (Math.max(...rounds.map((r) => r.endedAt)) - ingestEnd) / 1000;
const lagOf = new Map<RollupRound, number>();
for (const c of commits) {
  const r = rounds.find((x) => x.startedAt >= c)!;
  lagOf.set(r, Math.max(lagOf.get(r) ?? 0, (r.endedAt - c) / 1000));
}
const lags = [...lagOf.values()].sort((x, y) => x - y);
const { records, lines, numbers } = shape.made;
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
const today = Math.floor(now.getTime() / DAY) * DAY;
const day = (i: number) =>
  bulk ? new Date(bulkDay(i) * DAY) : new Date(LIVE ? today : start + (1 + (i % (DAYS - 2))) * DAY);
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
    days: LIVE ? 1 : DAYS,
    ingestSeconds,
    recordsPerSecond: Math.round(records / ingestSeconds),
    linesPerSecond: Math.round(lines / ingestSeconds),
    portalCpuSeconds,
    shapeSeconds: shapeMs / 1000,
    /** part records a second one process could take if its CPU were all its own (the database elsewhere) */
    recordsPerPortalCpuSecond: Math.round(records / portalCpuSeconds),
    rollupSeconds,
    concurrency: CONCURRENCY,
    rollupEverySeconds: ROLLUP_SECONDS,
    shape: LIVE ? 'live' : 'spread',
    rollupRounds: rounds.map((r) => ({
      seconds: (r.endedAt - r.startedAt) / 1000,
      deltas: r.deltas,
      lag: lagOf.get(r),
    })),
    lagMaxSeconds: lags.at(-1) ?? 0,
    lagP95Seconds: lags[Math.floor(lags.length * 0.95)] ?? 0,
    bulk,
    byAccountDayP95: byAccountDay,
    byNumberP95: byNumber,
    performance90P95: perf90,
    callsByAccountDayP95: callsByAccountDay,
  })}\n`,
);
await p.shutdown();
process.exit(0);
