import { eq, inArray } from 'drizzle-orm';
import { type DataScopeKind, resources, roleDepartments, roleResources, roles } from '../../platform/access/schema.js';
import { scopeCoversDepartments } from '../../platform/access/service.js';
import type { DbOrTx } from '../../platform/db/index.js';

/**
 * Of these roles, those the caller may NOT grant: a role is grantable only when every permission
 * key it holds is one the caller holds, its data scope is no wider than the caller's and its custom
 * departments lie in the caller's scope (so nobody hands out more than they have; the administrator
 * holds everything). Used when granting roles to users and when editing roles.
 */
export async function rolesBeyondCaller(
  db: DbOrTx,
  caller: { perms: ReadonlySet<string>; scope: { kind: DataScopeKind; departmentIds: readonly number[] } },
  roleIds: readonly number[],
): Promise<number[]> {
  if (!roleIds.length) return [];
  const [scopes, keys, customDepts] = await Promise.all([
    db
      .select({ id: roles.id, dataScope: roles.dataScope })
      .from(roles)
      .where(inArray(roles.id, [...roleIds])),
    db
      .select({ roleId: roleResources.roleId, key: resources.international })
      .from(roleResources)
      .innerJoin(resources, eq(resources.id, roleResources.resourceId))
      .where(inArray(roleResources.roleId, [...roleIds])),
    db
      .select({ roleId: roleDepartments.roleId, departmentId: roleDepartments.departmentId })
      .from(roleDepartments)
      .where(inArray(roleDepartments.roleId, [...roleIds])),
  ]);
  const beyond = new Set<number>();
  for (const r of scopes) if (scopeBeyondCaller(caller.scope, r.dataScope)) beyond.add(r.id);
  for (const k of keys) if (!caller.perms.has(k.key)) beyond.add(k.roleId);
  for (const d of customDepts) if (!scopeCoversDepartments(caller.scope, [d.departmentId])) beyond.add(d.roleId);
  return roleIds.filter((id) => beyond.has(id));
}

/**
 * Whether a data scope kind reaches further than the caller's: `own` < `dept` < `dept_tree` < `all`;
 * a `custom` scope is judged by its departments (rolesBeyondCaller), so only an `own` caller lacks it.
 */
export function scopeBeyondCaller(caller: { kind: DataScopeKind }, kind: DataScopeKind): boolean {
  if (caller.kind === 'all') return false;
  if (kind === 'custom') return caller.kind === 'own';
  const rank = (k: DataScopeKind) => ['own', 'dept', 'dept_tree', 'all'].indexOf(k);
  return rank(kind) > rank(caller.kind === 'custom' ? 'dept' : caller.kind);
}
