// The open-sea return job over BENCH_DUE customers that all fell due (decision 0033): boots the
// platform on DATABASE_URL (migrated), adds one owner, a retention rule and the customers with
// generate_series, then times `returnDueCustomers` (one transaction per customer, the code the
// hourly job runs) and prints one JSON line: { due, returned, seconds }.
// Run by bench/pool-return.suite.mjs.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { returnDueCustomers } from '../apps/server/src/modules/crm/pool/job.js';
import { bootPlatform } from '../apps/server/src/platform/boot.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { rowsOf } from '../apps/server/src/platform/db/index.js';

const DUE = Number(process.env.BENCH_DUE ?? 100_000);

const p = await bootPlatform(loadConfig({ ...process.env, LOG_LEVEL: 'warn' }), { logger: pino({ level: 'warn' }) });
await p.db.execute(sql`insert into staff_users (username, name, job_number, staff_id, password_hash)
  values ('benchowner', 'Bench Owner', 'benchowner', 'benchowner', 'x') on conflict do nothing`);
const owner = rowsOf<{ id: number }>(
  await p.db.execute(sql`select id from staff_users where username = 'benchowner'`),
)[0]!.id;
await p.db.execute(sql`insert into crm_retention_rules (level, follow_up_days, deal_days, notice_days)
  values (null, 90, 365, 7) on conflict do nothing`);
// in slices: one statement per 10,000 rows stays under the statement timeout
for (let from = 1; from <= DUE; from += 10_000)
  await p.db.execute(sql`insert into crm_customers (code, name, alias, type, country, owner_id, owned_at, state, created_at)
    select 'BP' || lpad(g::text, 7, '0'), 'Bench Pool Company ' || g, 'benchpool' || g, 'C', 'SG', ${owner},
      now() - interval '400 days', 'private', now() - interval '400 days'
    from generate_series(${from}::int, ${Math.min(DUE, from + 9_999)}::int) g on conflict do nothing`);
await p.db.execute(sql`analyze crm_customers`);

const started = performance.now();
const returned = await returnDueCustomers(p);
const seconds = (performance.now() - started) / 1000;
process.stdout.write(`${JSON.stringify({ due: DUE, returned, seconds })}\n`);
await p.shutdown();
process.exit(0);
