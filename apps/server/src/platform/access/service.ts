import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.js';
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
    scope: { kind, departmentIds: kind === 'all' ? [] : await scopeDepartments(db, userId, roleRows) },
  };
}

/**
 * Departments the user's roles cover together: their own (`dept`), those plus every descendant
 * (`dept_tree`), and the chosen ones of `custom` roles.
 */
async function scopeDepartments(
  db: Db,
  userId: number,
  roleRows: { id: number; dataScope: DataScopeKind }[],
): Promise<number[]> {
  const has = (k: DataScopeKind) => roleRows.some((r) => r.dataScope === k);
  const parts: SQL[] = [];
  if (has('dept_tree'))
    parts.push(sql`(with recursive tree as (
              select department_id as id from user_departments where user_id = ${userId}
              union select d.id from departments d join tree t on d.parent_id = t.id)
            select id from tree)`);
  else if (has('dept')) parts.push(sql`(select department_id as id from user_departments where user_id = ${userId})`);
  const custom = roleRows.filter((r) => r.dataScope === 'custom').map((r) => r.id);
  if (custom.length)
    parts.push(
      sql`(select department_id as id from role_departments where role_id in (${sql.join(
        custom.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    );
  if (!parts.length) return [];
  const ids = rowsOf<{ id: number }>(await db.execute(sql.join(parts, sql` union `))).map((r) => Number(r.id));
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** A short-lived cache of UserAccess, dropped at once when access changes anywhere (events). */
export function accessCache(db: Db, ttlMs = 60_000) {
  const entries = new Map<number, { at: number; value: Promise<UserAccess | null> }>();
  /** per-user answers derived from the same rows (the signed-in user's info), dropped with the user */
  const derived = new Map<number, Map<string, { at: number; value: Promise<unknown> }>>();
  return {
    get(userId: number): Promise<UserAccess | null> {
      const hit = entries.get(userId);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const value = loadUserAccess(db, userId);
      entries.set(userId, { at: Date.now(), value });
      value.catch(() => entries.delete(userId));
      return value;
    },
    /** `load()` once per user and key until the user's access changes (or the entry ages out) */
    memo<T>(userId: number, key: string, load: () => Promise<T>): Promise<T> {
      let byKey = derived.get(userId);
      const hit = byKey?.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
      if (!byKey) {
        if (derived.size >= 50_000) derived.delete(derived.keys().next().value as number);
        byKey = new Map();
        derived.set(userId, byKey);
      }
      const value = load();
      byKey.set(key, { at: Date.now(), value });
      value.catch(() => byKey.delete(key));
      return value;
    },
    drop(userId?: number) {
      if (userId === undefined) {
        entries.clear();
        derived.clear();
      } else {
        entries.delete(userId);
        derived.delete(userId);
      }
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

/** Condition on a user id column: the user holds this permission key through an enabled role. */
export function holdsPermWhere(userId: PgColumn, key: string): SQL {
  return sql`${userId} in (select ur.user_id from user_roles ur
    join roles r on r.id = ur.role_id and r.enabled
    join role_resources rr on rr.role_id = r.id
    join resources res on res.id = rr.resource_id
    where res.international = ${key})`;
}
