// The traffic bench's scale (issue 18): BENCH_BULK_SMS SMS part records and BENCH_BULK_VOICE calls over the
// 90 days before `now`, written straight into the day partitions by SQL (generate_series; every value a
// function of the row number and the day, so the data set is the same on every run), then the rollups
// rebuilt day by day by the room's own `rebuildDay` (what the rollup job would have left). Ingestion's
// own path is measured separately on fewer records (bench/traffic-run.ts): 50,000,000 records through it
// would take hours on a 2-core machine. Not written: `traffic_keys` and `traffic_dlrs` (ingestion's
// idempotence and the DLR timeline; no query measured here reads them).
import { sql } from 'drizzle-orm';
import { DAY_MS, dayOf, ensurePartitions } from '../apps/server/src/modules/traffic/partitions.js';
import { rebuildDay } from '../apps/server/src/modules/traffic/rollups.js';
import type { Db } from '../apps/server/src/platform/db/index.js';

export const BULK_DAYS = 90;
/** the accounts of the bench's fixture port (traffic-run.ts): BA1…BA200, customers 1001…1200, 40 owners */
const ACCOUNTS = 200;

/** An E.164 number (digits) the bulk SMS of day `d`, row `g` went to: the by-number query's keys. */
export const bulkNumberSql = (g: string, d: string) =>
  `'86139' || lpad(((${g}::bigint * 104729 + ${d} * 7919) % 100000000)::text, 8, '0')`;
export const bulkNumber = (g: number, d: number) =>
  `86139${String((BigInt(g) * 104729n + BigInt(d) * 7919n) % 100000000n).padStart(8, '0')}`;

export interface BulkResult {
  sms: number;
  voice: number;
  loadSeconds: number;
  rebuildSeconds: number;
}

/** Days [first, first + BULK_DAYS) end the day before `now`'s; each gets its share of the rows. */
export async function loadBulk(
  db: Db,
  now: Date,
  sms: number,
  voice: number,
  progress: (s: string) => void,
): Promise<BulkResult> {
  const last = Math.floor(now.getTime() / DAY_MS) - 1;
  const days = Array.from({ length: BULK_DAYS }, (_, i) => last - BULK_DAYS + 1 + i);
  await ensurePartitions(
    db,
    days.map((d) => dayOf(new Date(d * DAY_MS))),
  );
  const perDaySms = Math.ceil(sms / BULK_DAYS);
  const perDayVoice = Math.ceil(voice / BULK_DAYS);
  const started = performance.now();
  let written = 0;
  for (const d of days) {
    const day = new Date(d * DAY_MS).toISOString();
    const account = `(1 + (g * 7 + ${d}) % ${ACCOUNTS})`;
    if (perDaySms > 0)
      await db.execute(
        sql.raw(`insert into traffic_sms (submit_at, message_id, part, parts, account_id, customer_id, owner_id, number,
            country, network, encoding, length, segments, channel_id, submit_status, dlr_state, dlr_at, price, cost,
            currency, cost_currency, rated, received_at)
          select t, 'K' || ${d} || 'x' || g, 1, 1, ${account}, 1000 + ${account}, 1 + ${account} % 40,
            ${bulkNumberSql('g', String(d))}, 'CN', '46000', 'GSM-7', 60, 1, 1 + g % 20, 'accepted',
            case when g % 14 = 0 then 'undeliverable' when g % 50 = 1 then null else 'delivered' end,
            case when g % 50 = 1 then null else t + make_interval(secs => 2 + g % 60) end,
            0.012, 0.007, 'USD', 'USD', true, t + interval '1 second'
          from generate_series(1, ${perDaySms}) g,
            lateral (select '${day}'::timestamptz + make_interval(secs => (g - 1) * 86400.0 / ${perDaySms})) as s(t)`),
      );
    if (perDayVoice > 0)
      await db.execute(
        sql.raw(`insert into traffic_voice (setup_at, call_id, account_id, customer_id, owner_id, caller, callee, country,
            network, channel_id, answer_at, end_at, duration, billed_duration, sip_code, pdd_ms, price, cost, currency,
            cost_currency, rated, received_at)
          select t, 'V' || ${d} || 'x' || g, ${account}, 1000 + ${account}, 1 + ${account} % 40, '8610' || (g % 1000),
            ${bulkNumberSql('g', String(d + 1))}, 'CN', '46000', 1 + g % 10,
            case when g % 3 = 0 then null else t + interval '4 seconds' end,
            t + make_interval(secs => 4 + g % 240),
            case when g % 3 = 0 then 0 else g % 240 end, case when g % 3 = 0 then 0 else 60 * ceil((g % 240) / 60.0)::int end,
            case when g % 3 = 0 then 486 else 200 end, 1500 + g % 2000, 0.02, 0.012, 'USD', 'USD', true,
            t + interval '1 second'
          from generate_series(1, ${perDayVoice}) g,
            lateral (select '${day}'::timestamptz + make_interval(secs => (g - 1) * 86400.0 / ${perDayVoice})) as s(t)`),
      );
    written++;
    if (written % 10 === 0) progress(`${written}/${BULK_DAYS} days`);
  }
  const loadSeconds = (performance.now() - started) / 1000;
  const rebuilt = performance.now();
  for (const d of days) await rebuildDay(db, dayOf(new Date(d * DAY_MS)));
  // the platform's statement timeout (15 s) is for requests; statistics over 55,000,000 rows take longer
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`analyze traffic_sms`);
    await tx.execute(sql`analyze traffic_voice`);
  });
  return {
    sms: perDaySms * BULK_DAYS,
    voice: perDayVoice * BULK_DAYS,
    loadSeconds,
    rebuildSeconds: (performance.now() - rebuilt) / 1000,
  };
}
