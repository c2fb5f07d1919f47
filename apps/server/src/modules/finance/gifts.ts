import { Decimal } from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import { type DbOrTx, rowsOf } from '../../platform/db/index.js';
import type { GiftSum, GiftSumQuery } from '../../platform/ports.js';
import { customerFieldSql } from '../crm/customer-refs.js';

const ids = (col: SQL, list: readonly number[]) =>
  sql`${col} = any(${`{${list.map((i) => Math.trunc(Number(i))).join(',')}}`}::int[])`;

/**
 * The ledger port's `giftsByAccount` (decision 0143): per account, the gift entries posted on the UTC days
 * [from, to] — the net amount (a reversal in the range subtracts) and the gifts posted (reversals not
 * counted) — with the account's code, customer and the customer's owner now; in the caller's data scope on
 * that owner. Read by the entries' day index, one row per account.
 */
export async function giftsByAccount(db: DbOrTx, q: GiftSumQuery): Promise<GiftSum[]> {
  const owner = customerFieldSql(sql`a.customer_id`, 'owner_id');
  const conds: SQL[] = [sql`e.kind = 'gift'`, sql`e.day >= ${q.from}::date`, sql`e.day <= ${q.to}::date`];
  if (q.accountIds) conds.push(ids(sql`e.account_id`, q.accountIds));
  if (q.customerIds) conds.push(ids(sql`a.customer_id`, q.customerIds));
  if (q.ownerIds) conds.push(ids(owner, q.ownerIds));
  const scope = q.scope && dataScopeWhere(q.scope, owner);
  if (scope) conds.push(scope);
  const rows = rowsOf<{
    account_id: number;
    code: string;
    customer_id: number;
    owner_id: number | null;
    currency: string;
    amount: string;
    count: number;
  }>(
    await db.execute(sql`select e.account_id, a.code, a.customer_id, ${owner} as owner_id, e.currency,
        sum(e.amount)::text as amount, (count(*) filter (where e.reverses_id is null))::int as count
      from fin_ledger_entries e join fin_accounts a on a.id = e.account_id
      where ${sql.join(conds, sql` and `)}
      group by e.account_id, a.code, a.customer_id, e.currency
      order by e.account_id, e.currency`),
  );
  return rows.map((r) => ({
    accountId: Number(r.account_id),
    code: r.code,
    customerId: Number(r.customer_id),
    ownerId: r.owner_id === null ? null : Number(r.owner_id),
    currency: r.currency,
    amount: new Decimal(r.amount).toFixed(4),
    count: Number(r.count),
  }));
}
