import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../auth/context.js';

/**
 * The condition a list applies for the caller's data scope. `owner` is the column holding the
 * owning user id; records are in a department through their owner's department membership.
 */
export function dataScopeWhere(auth: AuthContext, owner: PgColumn): SQL | undefined {
  const { kind, departmentIds } = auth.scope;
  if (kind === 'all') return undefined;
  if (kind === 'own' || departmentIds.length === 0) return sql`${owner} = ${auth.userId}`;
  return sql`(${owner} = ${auth.userId} or ${owner} in (select user_id from user_departments where department_id in (${sql.join(
    departmentIds.map((d) => sql`${d}`),
    sql`, `,
  )})))`;
}
