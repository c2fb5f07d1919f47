import type { PageResult, UserCreateBody, UserListQuery, UserRow } from '@portal/contracts';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import { departments, roles, staffUsers, userDepartments, userRoles } from '../../platform/access/schema.js';
import { rolesBeyondCaller, scopeCoversDepartments } from '../../platform/access/service.js';
import type { AuthContext } from '../../platform/auth/context.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { type AuthDeps, revokeUserSessions } from '../../platform/auth/service.js';
import type { Db } from '../../platform/db/index.js';
import { containsPattern } from '../../platform/db/like.js';
import { Topics } from '../../platform/events/topics.js';
import { AppError } from '../../platform/http/errors.js';

const SORTABLE = {
  username: staffUsers.username,
  name: staffUsers.name,
  jobNumber: staffUsers.jobNumber,
  createdAt: staffUsers.createdAt,
} as const;

/** The list's filters within the caller's data scope (shared by the page and the export). */
export function userListWhere(auth: AuthContext, q: Omit<UserListQuery, 'page' | 'size'>): SQL | undefined {
  const where: (SQL | undefined)[] = [dataScopeWhere(auth, staffUsers.id)];
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    where.push(or(ilike(staffUsers.username, like), ilike(staffUsers.name, like), ilike(staffUsers.jobNumber, like)));
  }
  if (q.status) where.push(eq(staffUsers.status, q.status));
  if (q.departmentId) {
    where.push(sql`${staffUsers.id} in (select user_id from user_departments where department_id = ${q.departmentId})`);
  }
  return and(...where);
}

/** The list's order: the chosen column, then id (stable across pages and in exports). */
export function userListOrder(q: Pick<UserListQuery, 'sortField' | 'sortOrder'>): SQL[] {
  const sortCol = SORTABLE[(q.sortField ?? 'createdAt') as keyof typeof SORTABLE] ?? staffUsers.createdAt;
  return [q.sortOrder === 'ascend' ? asc(sortCol) : desc(sortCol), asc(staffUsers.id)];
}

/** Staff users visible within the caller's data scope, paged and sorted on the server. */
export async function listUsers(db: Db, auth: AuthContext, q: UserListQuery): Promise<PageResult<UserRow>> {
  const cond = userListWhere(auth, q);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(staffUsers)
      .where(cond)
      .orderBy(...userListOrder(q))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: sql<number>`count(*)::int` }).from(staffUsers).where(cond),
  ]);
  const ids = rows.map((r) => r.id);
  const [deptRows, roleRows] = ids.length
    ? await Promise.all([
        db
          .select({ userId: userDepartments.userId, name: departments.name })
          .from(userDepartments)
          .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
          .where(inArray(userDepartments.userId, ids)),
        db
          .select({ userId: userRoles.userId, name: roles.name })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(inArray(userRoles.userId, ids)),
      ])
    : [[], []];
  const group = (list: { userId: number; name: string }[]) => {
    const m = new Map<number, string[]>();
    for (const r of list) m.set(r.userId, [...(m.get(r.userId) ?? []), r.name]);
    return m;
  };
  const depts = group(deptRows);
  const rolesBy = group(roleRows);
  return {
    records: rows.map((u) => ({
      id: u.id,
      username: u.username,
      name: u.name,
      jobNumber: u.jobNumber,
      email: u.email,
      status: u.status,
      deptNames: depts.get(u.id) ?? [],
      roleNames: rolesBy.get(u.id) ?? [],
      createdAt: u.createdAt.toISOString(),
    })),
    total: count?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}

/** Disabling a user signs them out everywhere at once. */
export async function setUserStatus(
  deps: Pick<AuthDeps, 'db' | 'bus' | 'sessions'>,
  auth: AuthContext,
  id: number,
  status: 'active' | 'disabled',
) {
  const { db, bus } = deps;
  if (id === auth.userId && status === 'disabled') throw new AppError('CANNOT_DISABLE_SELF');
  const scope = dataScopeWhere(auth, staffUsers.id);
  // a transaction: the check-repeat outcome is recorded with the change (idempotence service)
  const [row] = await db.transaction((tx) =>
    tx
      .update(staffUsers)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(staffUsers.id, id), scope))
      .returning({ id: staffUsers.id }),
  );
  if (!row) throw new AppError('NOT_FOUND');
  await bus.publish(Topics.ACCESS_CHANGED, id);
  if (status === 'disabled') await revokeUserSessions(deps, id, 'user_disabled');
}

/**
 * Creates a user within the caller's reach: every department must lie in the caller's data scope
 * (so the new user is one the caller may see and manage), and every role must be grantable by the
 * caller (no permission key or data scope beyond the caller's own).
 */
export async function createUser(db: Db, auth: AuthContext, input: UserCreateBody): Promise<{ id: number }> {
  const passwordHash = await hashPassword(input.password);
  const staffNo = input.jobNumber;
  const departmentIds = [...new Set(input.departmentIds)];
  const roleIds = [...new Set(input.roleIds)];
  return db.transaction(async (tx) => {
    // there are no foreign keys: refuse ids that name nothing instead of storing dangling links
    const missing = async (field: string, ids: number[], table: typeof departments | typeof roles) => {
      if (!ids.length) return [];
      const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
      const absent = ids.filter((i) => !rows.some((r) => r.id === i));
      return absent.length ? [{ field, message: `unknown ids: ${absent.join(', ')}` }] : [];
    };
    const unknown = [
      ...(await missing('body.departmentIds', departmentIds, departments)),
      ...(await missing('body.roleIds', roleIds, roles)),
    ];
    if (unknown.length) throw new AppError('VALIDATION_FAILED', { data: unknown });
    if (!scopeCoversDepartments(auth.scope, departmentIds)) {
      throw new AppError('USER_OUT_OF_SCOPE', { data: [{ field: 'body.departmentIds', message: 'out of scope' }] });
    }
    const [beyond] = await rolesBeyondCaller(tx, auth, roleIds);
    if (beyond !== undefined) {
      const [role] = await tx.select({ name: roles.name }).from(roles).where(eq(roles.id, beyond));
      throw new AppError('ROLE_NOT_GRANTABLE', { vars: { value: role?.name ?? String(beyond) } });
    }
    const [dupe] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(
        or(sql`lower(${staffUsers.username}) = ${input.username.toLowerCase()}`, eq(staffUsers.jobNumber, staffNo)),
      );
    if (dupe) throw new AppError('DUPLICATE', { vars: { value: `${input.username} / ${staffNo}` } });
    const [user] = await tx
      .insert(staffUsers)
      .values({
        username: input.username,
        passwordHash,
        name: input.name,
        jobNumber: staffNo,
        staffId: `S${staffNo}`,
        email: input.email ?? null,
      })
      .returning({ id: staffUsers.id });
    const id = user!.id;
    if (departmentIds.length) {
      await tx.insert(userDepartments).values(departmentIds.map((departmentId) => ({ userId: id, departmentId })));
    }
    if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
    return { id };
  });
}
