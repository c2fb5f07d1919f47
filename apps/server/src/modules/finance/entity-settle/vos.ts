import { vosBalanceResource } from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import { bindResource } from '../../../platform/resource/index.js';
import { financeScope } from '../accounts.js';
import { accountColumns } from '../consumer/account-ref.js';
import { finAccountSnapshots } from '../schema.js';

const snap = (name: string) => `"fin_account_snapshots"."${name}"`;
/** the day's ledger entries of the snapshot's account of these kinds, summed (credits positive) */
const entriesOf = (kinds: string[]) =>
  sql.raw(`(select coalesce(sum(e.amount), 0) from fin_ledger_entries e
    where e.account_id = ${snap('account_id')} and e.day = ${snap('day')}
      and e.kind in (${kinds.map((k) => `'${k}'`).join(', ')}))`);
/** money in: top-ups, paid bills, gifts */
const TOP_UP = ['recharge', 'payment', 'gift'];

/**
 * `balanceReport/vos` (+detail, decision 0119): the voice (VOS) accounts' days, from the end-of-day
 * snapshots — every consumer account carrying voice. Top-ups and consumption are the day's ledger
 * entries of those kinds (by the (account, day) index); other movements the rest of the day's change.
 * Finance sees every account, others their customers' (the snapshots' data scope).
 */
export const vosBalances = bindResource(vosBalanceResource, {
  scopeOf: financeScope,
  table: finAccountSnapshots,
  rows: sql.raw(
    `exists (select 1 from fin_accounts a where a.id = ${snap('account_id')} and 'voice' = any(a.products))`,
  ),
  columns: {
    day: finAccountSnapshots.day,
    accountId: finAccountSnapshots.accountId,
    ...accountColumns('fin_account_snapshots'),
    currency: finAccountSnapshots.currency,
    opening: finAccountSnapshots.opening,
    recharges: entriesOf(TOP_UP),
    consumption: sql`(-${entriesOf(['consumption'])})`,
    other: sql`(${finAccountSnapshots.closing} - ${finAccountSnapshots.opening} - ${entriesOf(TOP_UP)} - ${entriesOf(['consumption'])})`,
    closing: finAccountSnapshots.closing,
    creditLine: finAccountSnapshots.creditLine,
    available: sql.raw(`(${snap('closing')} + ${snap('credit_line')} + ${snap('temp_credit')})`),
  },
});
