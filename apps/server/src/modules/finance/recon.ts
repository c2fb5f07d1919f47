import type { ReconResult } from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { roles, staffUsers, userRoles } from '../../platform/access/schema.js';
import { type DbOrTx, rowsOf } from '../../platform/db/index.js';
import type { Platform } from '../../platform/platform.js';
import { dayOf } from './ledger.js';
import { finReconRuns } from './schema.js';
import { supplierDrift } from './suppliers/ledger.js';

export const RECON_JOB = 'finance.reconcile';

/**
 * The reconciliation: every account's balance equals the sum of its entries, and per day the
 * customer side and the contra side of the ledger sum to zero (debits equal credits); every supplier
 * account's balance equals the sum of its entries (decision 0104). Read in one
 * statement each, so a posting that commits meanwhile is seen whole or not at all per query.
 */
export async function reconcile(db: DbOrTx, day: string): Promise<ReconResult> {
  const mismatches = rowsOf<{ account_id: number; balance: string; entries: string }>(
    await db.execute(sql`
      select a.id as account_id, a.balance::text as balance, coalesce(e.sum, 0)::text as entries
      from fin_accounts a
      left join (select account_id, sum(amount) as sum from fin_ledger_entries group by account_id) e
        on e.account_id = a.id
      where a.balance <> coalesce(e.sum, 0)
      order by a.id limit 100`),
  );
  const days = rowsOf<{ day: string; sum: string }>(
    await db.execute(sql`
      select d.day::text as day, sum(d.amount)::text as sum from (
        select day, amount from fin_ledger_entries
        union all select day, amount from fin_ledger_contra
      ) d group by d.day having sum(d.amount) <> 0 order by d.day limit 100`),
  );
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from fin_accounts`));
  const balanceMismatches = mismatches.map((m) => ({
    accountId: Number(m.account_id),
    balance: new Decimal(m.balance).toFixed(4),
    entries: new Decimal(m.entries).toFixed(4),
  }));
  const unbalancedDays = days.map((d) => ({ day: String(d.day), sum: new Decimal(d.sum).toFixed(4) }));
  const supplierMismatches = (await supplierDrift(db))
    .slice(0, 100)
    .map((m) => ({ supplierAccountId: m.id, balance: m.balance, entries: m.sum }));
  return {
    day,
    accounts: Number(count?.n ?? 0),
    balanceMismatches,
    unbalancedDays,
    supplierMismatches,
    ok: balanceMismatches.length === 0 && unbalancedDays.length === 0 && supplierMismatches.length === 0,
  };
}

/** The finance staff told of a failed reconciliation: holders of the finance role. */
export async function financeStaff(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .innerJoin(userRoles, sql`${userRoles.userId} = ${staffUsers.id}`)
    .innerJoin(roles, sql`${roles.id} = ${userRoles.roleId}`)
    .where(sql`${roles.code} = 'finance' and ${staffUsers.status} = 'active'`);
  return [...new Set(rows.map((r) => r.id))];
}

/** The daily job: reconcile, keep the finding, and on a failure tell finance. */
export async function runReconciliation(p: Platform): Promise<ReconResult> {
  const day = dayOf(p.clock.now());
  const r = await reconcile(p.db, day);
  await p.db.insert(finReconRuns).values({ day, ok: r.ok ? 'ok' : 'failed', findings: JSON.stringify(r) });
  if (!r.ok) {
    const userIds = await financeStaff(p.db);
    const what = [
      ...r.balanceMismatches.map((m) => `账户 #${m.accountId} 余额 ${m.balance} ≠ 分录合计 ${m.entries}`),
      ...r.unbalancedDays.map((d) => `${d.day} 借贷不平 ${d.sum}`),
      ...r.supplierMismatches.map(
        (m) => `供应商账户 #${m.supplierAccountId} 余额 ${m.balance} ≠ 分录合计 ${m.entries}（最小单位）`,
      ),
    ].slice(0, 5);
    await p.notifier.send({
      userIds,
      type: 'alarm',
      title: `财务对账失败 ${day}`,
      content: `每日对账发现 ${r.balanceMismatches.length} 个账户余额与分录不符、${r.unbalancedDays.length} 天借贷不平、${r.supplierMismatches.length} 个供应商账户余额与分录不符：${what.join('；')}`,
      link: '/financial/recharge-record/platform',
      source: { kind: 'finance.reconciliation', id: day },
    });
    p.log.warn(
      { mismatches: r.balanceMismatches.length, days: r.unbalancedDays.length, suppliers: r.supplierMismatches.length },
      'finance reconciliation failed',
    );
  }
  return r;
}

export function defineReconJob(p: Platform) {
  p.jobs.define(
    RECON_JOB,
    async () => {
      await runReconciliation(p);
    },
    { retryLimit: 2 },
  );
}
