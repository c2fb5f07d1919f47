import { accountSnapshotResource } from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.js';
import type { Platform } from '../../platform/platform.js';
import { bindResource } from '../../platform/resource/index.js';
import { financeScope } from './accounts.js';
import { accountColumns } from './consumer/account-ref.js';
import { dayOf } from './ledger.js';
import { finAccountSnapshots } from './schema.js';

export const SNAPSHOT_JOB = 'finance.snapshot';

export const snapshots = bindResource(accountSnapshotResource, {
  scopeOf: financeScope,
  table: finAccountSnapshots,
  columns: {
    day: finAccountSnapshots.day,
    accountId: finAccountSnapshots.accountId,
    ...accountColumns('fin_account_snapshots'),
    currency: finAccountSnapshots.currency,
    billing: finAccountSnapshots.billing,
    opening: finAccountSnapshots.opening,
    credits: finAccountSnapshots.credits,
    debits: finAccountSnapshots.debits,
    closing: finAccountSnapshots.closing,
    creditLine: finAccountSnapshots.creditLine,
    tempCredit: finAccountSnapshots.tempCredit,
    // what the account could still spend at the day's end: its balance plus the credit it had
    available: sql`("fin_account_snapshots"."closing" + "fin_account_snapshots"."credit_line" + "fin_account_snapshots"."temp_credit")`,
    entries: finAccountSnapshots.entries,
    state: finAccountSnapshots.state,
    createdAt: finAccountSnapshots.createdAt,
  },
});

/**
 * Takes the snapshot of `day` (YYYY-MM-DD) for every account opened by that day's end, in one
 * statement: the entries are summed by their own day, so a snapshot does not depend on when it is
 * taken. A day already taken is left as it is (the unique day + account); answers how many were new.
 */
export async function takeSnapshot(db: DbOrTx, day: string): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into fin_account_snapshots
        (day, account_id, currency, billing, state, opening, credits, debits, closing, credit_line, temp_credit, entries)
      select ${day}::date, a.id, a.currency, a.billing, a.state,
        coalesce(s.opening, 0), coalesce(s.credits, 0), coalesce(s.debits, 0),
        coalesce(s.opening, 0) + coalesce(s.credits, 0) - coalesce(s.debits, 0),
        a.credit_line, a.temp_credit, coalesce(s.n, 0)
      from fin_accounts a
      left join (
        select account_id,
          sum(amount) filter (where day < ${day}::date) as opening,
          sum(amount) filter (where day = ${day}::date and amount > 0) as credits,
          -sum(amount) filter (where day = ${day}::date and amount < 0) as debits,
          count(*) filter (where day = ${day}::date)::int as n
        from fin_ledger_entries where day <= ${day}::date group by account_id
      ) s on s.account_id = a.id
      where a.opened_at is not null and a.opened_at < (${day}::date + 1)::timestamp at time zone 'UTC'
      on conflict (day, account_id) do nothing
      returning id`),
  );
  return rows.length;
}

/** Yesterday's snapshot by the app clock (the ledger's days are UTC days): what the nightly job runs. */
export async function snapshotYesterday(p: Pick<Platform, 'db' | 'clock'>): Promise<{ day: string; taken: number }> {
  const day = dayOf(new Date(p.clock.now().getTime() - 86_400_000));
  return { day, taken: await takeSnapshot(p.db, day) };
}

export function defineSnapshotJob(p: Platform) {
  p.jobs.define(SNAPSHOT_JOB, async () => p.log.info(await snapshotYesterday(p), 'account snapshots'), {
    retryLimit: 2,
  });
}
