import type { Locale } from '@portal/contracts';
import type { StaffPick, StaffPickQuery } from '@portal/contracts/staff';
import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { AuthContext } from '../auth/context.js';
import type { DbOrTx } from '../db/index.js';
import { containsPattern } from '../db/like.js';
import { nameInSql } from '../i18n/names.js';
import { dataScopeWhere } from './data-scope.js';
import { departments, staffUsers, userDepartments } from './schema.js';
import { holdsPermWhere } from './service.js';

/**
 * Active staff to pick within the caller's data scope: name or job number containing the keyword
 * (taken literally; the English name too), at most `limit`, each with the names of their
 * departments — never login names or contact details; person and department names in the
 * reader's language. `holds`: holders of that
 * permission key only.
 */
export async function pickStaff(
  db: DbOrTx,
  auth: AuthContext,
  q: StaffPickQuery,
  locale: Locale,
): Promise<StaffPick[]> {
  const k = q.keyword?.trim();
  const pattern = k ? containsPattern(k) : undefined;
  const rows = await db
    .select({
      id: staffUsers.id,
      name: nameInSql(locale, staffUsers.name, staffUsers.nameEn),
      jobNumber: staffUsers.jobNumber,
    })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.status, 'active'),
        dataScopeWhere(auth, staffUsers.id),
        q.holds ? holdsPermWhere(staffUsers.id, q.holds) : undefined,
        pattern
          ? or(ilike(staffUsers.name, pattern), ilike(staffUsers.nameEn, pattern), ilike(staffUsers.jobNumber, pattern))
          : undefined,
      ),
    )
    .orderBy(asc(staffUsers.name), asc(staffUsers.id))
    .limit(q.limit);
  if (rows.length === 0) return [];
  const depts = await db
    .select({ userId: userDepartments.userId, name: nameInSql(locale, departments.name, departments.nameEn) })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .where(
      inArray(
        userDepartments.userId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(userDepartments.departmentId));
  const byUser = new Map<number, string[]>();
  for (const d of depts) byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d.name]);
  return rows.map((r) => ({ ...r, deptNames: byUser.get(r.id) ?? [] }));
}
