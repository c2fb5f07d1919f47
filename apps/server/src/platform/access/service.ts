import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/index.js';
import { rowsOf } from '../db/index.js';
import { DATA_SCOPES, type DataScopeKind, resources, roleResources, roles, staffUsers, userRoles } from './schema.js';

export interface UserAccess {
  userId: number;
  username: string;
  status: 'active' | 'disabled';
  perms: Set<string>;
  scope: { kind: DataScopeKind; departmentIds: number[] };
}

const widest = (kinds: DataScopeKind[]): DataScopeKind =>
  kinds.reduce<DataScopeKind>((w, k) => (DATA_SCOPES.indexOf(k) > DATA_SCOPES.indexOf(w) ? k : w), 'own');

/** Everything a request needs to decide access for one user: keys held and data scope. */
export async function loadUserAccess(db: Db, userId: number): Promise<UserAccess | null> {
  const [user] = await db
    .select({ id: staffUsers.id, username: staffUsers.username, status: staffUsers.status })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  if (!user) return null;
  const roleRows = await db
    .select({ id: roles.id, dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
    .where(eq(userRoles.userId, userId));
  const roleIds = roleRows.map((r) => r.id);
  const permRows = roleIds.length
    ? await db
        .selectDistinct({ key: resources.international })
        .from(roleResources)
        .innerJoin(resources, eq(resources.id, roleResources.resourceId))
        .where(inArray(roleResources.roleId, roleIds))
    : [];
  const kind = widest(roleRows.map((r) => r.dataScope));
  return {
    userId: user.id,
    username: user.username,
    status: user.status,
    perms: new Set(permRows.map((p) => p.key)),
    scope: { kind, departmentIds: await scopeDepartments(db, userId, kind) },
  };
}

/** Departments a scope covers: the user's own, or those plus every descendant. */
async function scopeDepartments(db: Db, userId: number, kind: DataScopeKind): Promise<number[]> {
  if (kind === 'own' || kind === 'all') return [];
  const query =
    kind === 'dept'
      ? sql`select department_id as id from user_departments where user_id = ${userId}`
      : sql`with recursive tree as (
              select department_id as id from user_departments where user_id = ${userId}
              union select d.id from departments d join tree t on d.parent_id = t.id)
            select id from tree`;
  return rowsOf<{ id: number }>(await db.execute(query)).map((r) => Number(r.id));
}

/** A short-lived cache of UserAccess, dropped at once when access changes anywhere (events). */
export function accessCache(db: Db, ttlMs = 60_000) {
  const entries = new Map<number, { at: number; value: Promise<UserAccess | null> }>();
  return {
    get(userId: number): Promise<UserAccess | null> {
      const hit = entries.get(userId);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const value = loadUserAccess(db, userId);
      entries.set(userId, { at: Date.now(), value });
      value.catch(() => entries.delete(userId));
      return value;
    },
    drop(userId?: number) {
      if (userId === undefined) entries.clear();
      else entries.delete(userId);
    },
  };
}
export type AccessCache = ReturnType<typeof accessCache>;

/** Whether the caller's data scope covers these departments (an empty list is covered only by 'all'). */
export function scopeCoversDepartments(
  scope: { kind: DataScopeKind; departmentIds: readonly number[] },
  departmentIds: readonly number[],
): boolean {
  if (scope.kind === 'all') return true;
  return departmentIds.length > 0 && departmentIds.every((d) => scope.departmentIds.includes(d));
}

/**
 * Of these roles, those the caller may NOT grant: a role is grantable only when every permission
 * key it holds is one the caller holds and its data scope is no wider than the caller's (so nobody
 * hands out more than they have; the administrator holds everything).
 */
export async function rolesBeyondCaller(
  db: DbOrTx,
  caller: { perms: ReadonlySet<string>; scope: { kind: DataScopeKind } },
  roleIds: readonly number[],
): Promise<number[]> {
  if (!roleIds.length) return [];
  const rank = (k: DataScopeKind) => DATA_SCOPES.indexOf(k);
  const [scopes, keys] = await Promise.all([
    db
      .select({ id: roles.id, dataScope: roles.dataScope })
      .from(roles)
      .where(inArray(roles.id, [...roleIds])),
    db
      .select({ roleId: roleResources.roleId, key: resources.international })
      .from(roleResources)
      .innerJoin(resources, eq(resources.id, roleResources.resourceId))
      .where(inArray(roleResources.roleId, [...roleIds])),
  ]);
  const beyond = new Set<number>();
  for (const r of scopes) if (rank(r.dataScope) > rank(caller.scope.kind)) beyond.add(r.id);
  for (const k of keys) if (!caller.perms.has(k.key)) beyond.add(k.roleId);
  return roleIds.filter((id) => beyond.has(id));
}

/** Condition on a user id column: the user holds this permission key through an enabled role. */
export function holdsPermWhere(userId: PgColumn, key: string): SQL {
  return sql`${userId} in (select ur.user_id from user_roles ur
    join roles r on r.id = ur.role_id and r.enabled
    join role_resources rr on rr.role_id = r.id
    join resources res on res.id = rr.resource_id
    where res.international = ${key})`;
}
