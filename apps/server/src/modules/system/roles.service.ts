import type { PageResult } from '@portal/contracts';
import type {
  GrantNode,
  MemberRow,
  RoleDetail,
  RoleListQuery,
  RoleMembersBody,
  RoleMembersQuery,
  RoleRow,
  RoleSaveBody,
} from '@portal/contracts/system-settings';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import {
  departments,
  resources,
  roleDepartments,
  roleResources,
  roles,
  staffUsers,
  userRoles,
} from '../../platform/access/schema.js';
import { scopeCoversDepartments } from '../../platform/access/service.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db, Tx } from '../../platform/db/index.js';
import { containsPattern } from '../../platform/db/like.js';
import { AppError } from '../../platform/http/errors.js';
import { rolesBeyondCaller, scopeBeyondCaller } from './grant-reach.js';
import { nest } from './tree.js';

const memberCount = sql<number>`(select count(*)::int from user_roles ur where ur.role_id = ${roles.id})`;

const SORTABLE = { code: roles.code, name: roles.name, createdAt: roles.createdAt } as const;

/** The role list's filters (shared by the page and the export). */
export function roleListWhere(q: Omit<RoleListQuery, 'page' | 'size'>): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    where.push(or(ilike(roles.code, like), ilike(roles.name, like), ilike(roles.nameEn, like)));
  }
  if (q.enabled !== undefined) where.push(eq(roles.enabled, q.enabled));
  return and(...where);
}

export function roleListOrder(q: Pick<RoleListQuery, 'sortField' | 'sortOrder'>): SQL[] {
  const col = SORTABLE[(q.sortField ?? 'createdAt') as keyof typeof SORTABLE] ?? roles.createdAt;
  return [q.sortField ? (q.sortOrder === 'descend' ? desc(col) : asc(col)) : asc(roles.id), asc(roles.id)];
}

const roleColumns = {
  id: roles.id,
  code: roles.code,
  name: roles.name,
  nameEn: roles.nameEn,
  dataScope: roles.dataScope,
  description: roles.description,
  enabled: roles.enabled,
  memberCount,
  createdAt: roles.createdAt,
};
const toRow = (r: { createdAt: Date } & Omit<RoleRow, 'createdAt'>): RoleRow => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

export async function listRoles(db: Db, q: RoleListQuery): Promise<PageResult<RoleRow>> {
  const cond = roleListWhere(q);
  const [rows, [count]] = await Promise.all([
    db
      .select(roleColumns)
      .from(roles)
      .where(cond)
      .orderBy(...roleListOrder(q))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: sql<number>`count(*)::int` }).from(roles).where(cond),
  ]);
  return { records: rows.map(toRow), total: count?.n ?? 0, page: q.page, size: q.size };
}

export async function roleDetail(db: Db, id: number): Promise<RoleDetail> {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  const [depts, res] = await Promise.all([
    db.select({ id: roleDepartments.departmentId }).from(roleDepartments).where(eq(roleDepartments.roleId, id)),
    db.select({ id: roleResources.resourceId }).from(roleResources).where(eq(roleResources.roleId, id)),
  ]);
  return { ...toRow(row), departmentIds: depts.map((d) => d.id), resourceIds: res.map((r) => r.id) };
}

/** Every resource node for the role editor; a node is grantable when the editor holds its key. */
export async function grantTree(db: Db, auth: AuthContext): Promise<GrantNode[]> {
  const rows = await db
    .select({
      id: resources.id,
      parentId: resources.parentId,
      type: resources.type,
      name: resources.name,
      nameEn: resources.nameEn,
      international: resources.international,
    })
    .from(resources)
    .orderBy(asc(resources.sort), asc(resources.id));
  return nest(rows.map((r) => ({ ...r, grantable: auth.perms.has(r.international) }))) as GrantNode[];
}

/** Ids that name no row of `table` (there are no foreign keys): refused as invalid fields. */
async function refuseUnknown(tx: Tx, field: string, ids: number[], table: typeof departments | typeof resources) {
  if (!ids.length) return;
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  const absent = ids.filter((i) => !rows.some((r) => r.id === i));
  if (absent.length) {
    throw new AppError('VALIDATION_FAILED', { data: [{ field, message: `unknown ids: ${absent.join(', ')}` }] });
  }
}

/** The caller may change (or hand out) this role: nothing in it reaches beyond their own access. */
async function refuseBeyond(tx: Tx, auth: AuthContext, roleId: number) {
  const [beyond] = await rolesBeyondCaller(tx, auth, [roleId]);
  if (beyond === undefined) return;
  const [role] = await tx.select({ name: roles.name, nameEn: roles.nameEn }).from(roles).where(eq(roles.id, roleId));
  throw new AppError('ROLE_NOT_GRANTABLE', {
    vars: { value: role ? { 'zh-CN': role.name, en: role.nameEn } : String(roleId) },
  });
}

/**
 * Creates or edits a role with its grants and data scope. Neither the role as it was nor as it
 * becomes may reach beyond the editor: every key held by the editor, a scope no wider, custom
 * departments inside the editor's scope.
 */
export async function saveRole(db: Db, auth: AuthContext, body: RoleSaveBody): Promise<{ id: number }> {
  const resourceIds = [...new Set(body.resourceIds)];
  const departmentIds = body.dataScope === 'custom' ? [...new Set(body.departmentIds)] : [];
  return db.transaction(async (tx) => {
    if (body.id !== undefined) {
      const [current] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, body.id));
      if (!current) throw new AppError('NOT_FOUND');
      await refuseBeyond(tx, auth, body.id);
    }
    await refuseUnknown(tx, 'body.resourceIds', resourceIds, resources);
    await refuseUnknown(tx, 'body.departmentIds', departmentIds, departments);
    const keys = resourceIds.length
      ? await tx.select({ key: resources.international }).from(resources).where(inArray(resources.id, resourceIds))
      : [];
    if (
      keys.some((k) => !auth.perms.has(k.key)) ||
      scopeBeyondCaller(auth.scope, body.dataScope) ||
      (departmentIds.length && !scopeCoversDepartments(auth.scope, departmentIds))
    ) {
      throw new AppError('ROLE_NOT_GRANTABLE', { vars: { value: { 'zh-CN': body.name, en: body.nameEn } } });
    }
    const [dupe] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, body.code));
    if (dupe && dupe.id !== body.id) throw new AppError('DUPLICATE', { vars: { value: body.code } });
    const values = {
      code: body.code,
      name: body.name,
      nameEn: body.nameEn,
      dataScope: body.dataScope,
      description: body.description,
      enabled: body.enabled,
    };
    let id = body.id;
    if (id === undefined) {
      const [row] = await tx.insert(roles).values(values).returning({ id: roles.id });
      id = row!.id;
    } else {
      await tx.update(roles).set(values).where(eq(roles.id, id));
      await tx.delete(roleResources).where(eq(roleResources.roleId, id));
      await tx.delete(roleDepartments).where(eq(roleDepartments.roleId, id));
    }
    const roleId = id;
    if (resourceIds.length) {
      await tx.insert(roleResources).values(resourceIds.map((resourceId) => ({ roleId, resourceId })));
    }
    if (departmentIds.length) {
      await tx.insert(roleDepartments).values(departmentIds.map((departmentId) => ({ roleId, departmentId })));
    }
    return { id: roleId };
  });
}

/** Deletes a role nobody holds any more. */
export async function deleteRole(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [role] = await tx
      .select({ name: roles.name, nameEn: roles.nameEn, members: memberCount })
      .from(roles)
      .where(eq(roles.id, id));
    if (!role) throw new AppError('NOT_FOUND');
    await refuseBeyond(tx, auth, id);
    if (role.members > 0) {
      throw new AppError('ROLE_IN_USE', {
        vars: { value: { 'zh-CN': role.name, en: role.nameEn }, count: role.members },
      });
    }
    await tx.delete(roleResources).where(eq(roleResources.roleId, id));
    await tx.delete(roleDepartments).where(eq(roleDepartments.roleId, id));
    await tx.delete(roles).where(eq(roles.id, id));
  });
}

export const memberColumns = {
  id: staffUsers.id,
  username: staffUsers.username,
  name: staffUsers.name,
  jobNumber: staffUsers.jobNumber,
  status: staffUsers.status,
};

/** A page of members of some set (`inSet`), limited to users within the caller's data scope. */
export async function memberPage(
  db: Db,
  auth: AuthContext,
  inSet: SQL,
  page: { page: number; size: number },
): Promise<PageResult<MemberRow>> {
  const cond = and(inSet, dataScopeWhere(auth, staffUsers.id));
  const [rows, [count]] = await Promise.all([
    db
      .select(memberColumns)
      .from(staffUsers)
      .where(cond)
      .orderBy(asc(staffUsers.username))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ n: sql<number>`count(*)::int` }).from(staffUsers).where(cond),
  ]);
  return { records: rows, total: count?.n ?? 0, page: page.page, size: page.size };
}

export const roleMembers = (db: Db, auth: AuthContext, q: RoleMembersQuery) =>
  memberPage(db, auth, sql`${staffUsers.id} in (select user_id from user_roles where role_id = ${q.roleId})`, q);

/**
 * Adds or removes members of a role the caller may grant; every user must be one the caller
 * sees (data scope). Answers the users whose access changed.
 */
export async function changeRoleMembers(
  db: Db,
  auth: AuthContext,
  body: RoleMembersBody,
  op: 'add' | 'remove',
): Promise<number[]> {
  const userIds = [...new Set(body.userIds)];
  return db.transaction(async (tx) => {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, body.roleId));
    if (!role) throw new AppError('NOT_FOUND');
    await refuseBeyond(tx, auth, body.roleId);
    const seen = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(inArray(staffUsers.id, userIds), dataScopeWhere(auth, staffUsers.id)));
    const absent = userIds.filter((u) => !seen.some((s) => s.id === u));
    if (absent.length) {
      throw new AppError('USER_OUT_OF_SCOPE', {
        data: [{ field: 'body.userIds', message: `unknown or out of scope: ${absent.join(', ')}` }],
      });
    }
    if (op === 'add') {
      await tx
        .insert(userRoles)
        .values(userIds.map((userId) => ({ userId, roleId: body.roleId })))
        .onConflictDoNothing();
    } else {
      await tx.delete(userRoles).where(and(eq(userRoles.roleId, body.roleId), inArray(userRoles.userId, userIds)));
    }
    return userIds;
  });
}
