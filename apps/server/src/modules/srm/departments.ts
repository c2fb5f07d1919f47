import type { SupplierDeptOption } from '@portal/contracts/srm';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import { type DbOrTx, rowsOf } from '../../platform/db/index.js';

/**
 * The departments a supplier picker or filter offers the caller: every department for an all-scope
 * caller, those of their scope for a department scope, their own departments otherwise; each with
 * the private suppliers its members hold.
 */
export async function supplierDepartments(db: DbOrTx, auth: AuthContext): Promise<SupplierDeptOption[]> {
  const { kind, departmentIds } = auth.scope;
  const where =
    kind === 'all'
      ? sql`true`
      : kind === 'own' || departmentIds.length === 0
        ? sql`d.id in (select department_id from user_departments where user_id = ${auth.userId})`
        : sql`d.id in (${sql.join(
            departmentIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  return rowsOf<SupplierDeptOption>(
    await db.execute(sql`select d.id, d.name, d.name_en as "nameEn",
        (select count(*)::int from srm_suppliers s
          where s.state = 'private' and exists (select 1 from user_departments ud
            where ud.user_id = s.owner_id and ud.department_id = d.id)) as suppliers
      from departments d where ${where} order by d.sort, d.id`),
  );
}
