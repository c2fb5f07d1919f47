// One export of BENCH_ROWS rows (10 columns) through the real export job, on the database the
// environment names (DATABASE_URL, else PGlite under DATA_DIR). Two phases, each its own process, so
// the memory of filling the table (PGlite's WebAssembly memory never shrinks) is not counted:
//   BENCH_PHASE=prepare  boots, seeds, fills bench_export_rows;
//   BENCH_PHASE=export   boots a fresh server and exports the table; prints one JSON line:
//                        { rows, seconds, bytes, rssBeforeMb, peakRssMb }.
// Run by bench/exports.suite.mjs.
import { Perm } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { modules } from '../apps/server/src/modules/index.js';
import { bootPlatform } from '../apps/server/src/platform/boot.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { rowsOf } from '../apps/server/src/platform/db/index.js';
import { exportTasks } from '../apps/server/src/platform/exports/schema.js';
import { defineExportSource } from '../apps/server/src/platform/exports/source.js';
import { runExportTask } from '../apps/server/src/platform/exports/tasks.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const FORMAT = (process.env.BENCH_FORMAT ?? 'xlsx') as 'xlsx' | 'csv';

defineExportSource({
  key: 'bench.rows',
  perm: Perm.SYS_USER_LIST,
  query: (await import('zod')).z.object({}),
  title: { 'zh-CN': 'bench', en: 'bench' },
  columns: ['id', 'code', 'name', 'country', 'amount', 'qty', 'status', 'created', 'note', 'flag'].map((c) => ({
    zh: c,
    en: c,
  })),
  count: async (db) =>
    Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from bench_export_rows`))[0]!.n),
  select: () => ({
    sql: 'select id, code, name, country, amount, qty, status, created_at, note, flag from bench_export_rows order by id',
    params: [],
  }),
  cells: (r) => [
    r[0] as number,
    r[1] as string,
    r[2] as string,
    r[3] as string,
    Number(r[4]),
    r[5] as number,
    r[6] as string,
    (r[7] as Date).toISOString(),
    r[8] as string,
    r[9] ? 'Y' : 'N',
  ],
});

const p = await bootPlatform(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }), { logger: pino({ level: 'warn' }) });
if (process.env.BENCH_PHASE === 'prepare') {
  await seedDemo(p.db, p.log);
  await p.db.execute(sql.raw('drop table if exists bench_export_rows'));
  await p.db.execute(
    sql.raw(`create table bench_export_rows as
    select g as id, 'C' || lpad(g::text, 8, '0') as code, md5(g::text) as name,
           (array['CN','US','DE','BR','IN'])[1 + g % 5] as country, ((g % 100000) / 100.0)::numeric(12,2) as amount,
           g % 1000 as qty, case when g % 3 = 0 then 'active' else 'closed' end as status,
           timestamptz '2026-01-01' + (g || ' seconds')::interval as created_at, 'note ' || g as note, g % 2 = 0 as flag
    from generate_series(1, ${ROWS}) g`),
  );
  await p.db.execute(sql.raw('alter table bench_export_rows add primary key (id)'));
  await p.shutdown();
  process.exit(0);
}
for (const m of modules) m.jobs?.(p);
const admin = rowsOf<{ id: number }>(await p.db.execute(sql`select id from staff_users where username = 'admin'`))[0]!
  .id;
const [task] = await p.db
  .insert(exportTasks)
  .values({
    userId: admin,
    source: 'bench.rows',
    name: `bench.${FORMAT}`,
    format: FORMAT,
    query: {},
    locale: 'en',
    totalNum: ROWS,
  })
  .returning();

global.gc?.();
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
const started = performance.now();
await runExportTask(p, { taskId: task!.id, attempt: 1 });
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const [done] = rowsOf<{ state: string; rows_written: number; size: number; reason: string | null }>(
  await p.db.execute(sql`select state, rows_written, size, reason from export_tasks where id = ${task!.id}`),
);
if (done.state !== 'done') throw new Error(`export ${done.state}: ${done.reason}`);
process.stdout.write(
  `${JSON.stringify({
    rows: Number(done.rows_written),
    seconds,
    bytes: Number(done.size),
    rssBeforeMb: rssBefore / 2 ** 20,
    peakRssMb: peak / 2 ** 20,
  })}\n`,
);
await p.shutdown();
process.exit(0);
