import { type SQL, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../../platform/access/data-scope.js';
import type { AuthContext } from '../../../platform/auth/context.js';
import { type DbOrTx, rowsOf } from '../../../platform/db/index.js';

/** One promoter's sign-ups (decision 0136): the range's sign-ups and every customer its link brought. */
export interface PromoterSignUps {
  userId: number;
  /** sign-ups created in the range */
  signUps: number;
  /** of those, converted into a customer */
  converted: number;
  /** every customer converted from the promoter's sign-ups, whenever it signed up */
  customerIds: number[];
}

/**
 * For the traffic room's star-promoter performance: per promoter (the sales whose promotion link was
 * used) in the caller's data scope on the promoter, its sign-ups of [from, to) and its customers. A
 * promoter is listed when it has a sign-up in the range or any customer through its link.
 */
export async function promoterSignUps(
  db: DbOrTx,
  q: { from: Date; to: Date; scope: AuthContext; userId?: number; departmentId?: number },
): Promise<PromoterSignUps[]> {
  const conds: SQL[] = [sql`true`];
  const scope = dataScopeWhere(q.scope, sql.raw('s.user_id'));
  if (scope) conds.push(scope);
  if (q.userId !== undefined) conds.push(sql`s.user_id = ${q.userId}`);
  if (q.departmentId !== undefined)
    conds.push(
      sql`exists (select 1 from user_departments ud where ud.user_id = s.user_id and ud.department_id = ${q.departmentId})`,
    );
  const inRange = sql`s.created_at >= ${q.from.toISOString()}::timestamptz and s.created_at < ${q.to.toISOString()}::timestamptz`;
  const rows = rowsOf<{ user_id: number; sign_ups: string; converted: string; customers: number[] | null }>(
    await db.execute(sql`select s.user_id,
        (count(*) filter (where ${inRange}))::text as sign_ups,
        (count(*) filter (where ${inRange} and s.customer_id is not null))::text as converted,
        array_agg(distinct s.customer_id) filter (where s.customer_id is not null) as customers
      from crm_promotion_signups s
      where ${sql.join(conds, sql` and `)}
      group by s.user_id
      having count(*) filter (where ${inRange}) > 0 or count(s.customer_id) > 0
      order by s.user_id`),
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    signUps: Number(r.sign_ups),
    converted: Number(r.converted),
    customerIds: (r.customers ?? []).map(Number).sort((a, b) => a - b),
  }));
}
