import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../auth/context.js';

/**
 * The condition a list applies for the caller's data scope. `owner` is the column holding the
 * owning user id; records are in a department through their owner's department membership.
 *
 * Written as a correlated EXISTS (one primary-key probe of user_departments per row), not as
 * `owner in (select …)`: inside the OR, PostgreSQL cannot turn the IN into a semi-join, and when
 * the department's members do not fit a hashed subplan it rescans them for every row — a
 * department manager's list of 1,000,000 rows then ran for minutes (bench/resource-list.suite.mjs).
 */
export function dataScopeWhere(auth: AuthContext, owner: PgColumn | SQL): SQL | undefined {
  const { kind, departmentIds } = auth.scope;
  if (kind === 'all') return undefined;
  if (kind === 'own' || departmentIds.length === 0) return sql`${owner} = ${auth.userId}`;
  const depts = sql.join(
    departmentIds.map((d) => sql`${d}`),
    sql`, `,
  );
  return sql`(${owner} = ${auth.userId} or exists (select 1 from user_departments scope_ud
    where scope_ud.user_id = ${owner} and scope_ud.department_id in (${depts})))`;
}
