import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../platform/db/index.js';
import type { Platform } from '../../platform/platform.js';
import { dayOf } from './ledger.js';

export const CREDIT_EXPIRY_JOB = 'finance.credit_expiry';

/**
 * Ends the temporary credits whose last day is before `day`. A prepaid account that still uses
 * part of it keeps only that part (its balance is never made to break its floor), so it can spend
 * no more; each later run shrinks it as recharges come in, and ends it at zero. Deferrals past
 * their day are cleared. Returns how many accounts changed.
 */
export async function expireCredit(db: DbOrTx, day: string): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      with kept as (
        select id,
          case when billing = 'prepaid' then greatest(0, least(temp_credit, -balance - credit_line)) else 0 end as left_over
        from fin_accounts
        where (temp_credit_until < ${day}::date and temp_credit > 0) or deferred_until < ${day}::date
        for update
      )
      update fin_accounts a
      set temp_credit = case when a.temp_credit_until < ${day}::date then k.left_over else a.temp_credit end,
          temp_credit_until = case when a.temp_credit_until < ${day}::date and k.left_over = 0 then null else a.temp_credit_until end,
          deferred_until = case when a.deferred_until < ${day}::date then null else a.deferred_until end,
          version = a.version + 1
      from kept k
      where a.id = k.id
      returning a.id`),
  );
  return rows.length;
}

export function defineCreditJobs(p: Platform) {
  p.jobs.define(
    CREDIT_EXPIRY_JOB,
    async () => {
      const n = await expireCredit(p.db, dayOf(p.clock.now()));
      if (n) p.log.info({ accounts: n }, 'temporary credits and deferrals ended');
    },
    { retryLimit: 2 },
  );
}
