import type { PageResult, WfRoleRow, WfRoleSaveBody } from '@portal/contracts';
import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { Db, Tx } from '../../platform/db/index.js';
import { containsPattern } from '../../platform/db/like.js';
import { assertUnchanged } from '../../platform/db/unchanged.js';
import { AppError } from '../../platform/http/errors.js';
import { wfProcesses, wfProcessVersions, wfRoleMembers, wfRoles } from './schema.js';

export async function listRoles(
  db: Db,
  q: { page: number; size: number; keyword?: string; enabled?: boolean },
): Promise<PageResult<WfRoleRow>> {
  const cond = and(
    eq(wfRoles.deleted, false),
    q.keyword
      ? or(ilike(wfRoles.name, containsPattern(q.keyword)), ilike(wfRoles.code, containsPattern(q.keyword)))
      : undefined,
    q.enabled === undefined ? undefined : eq(wfRoles.enabled, q.enabled),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(wfRoles)
      .where(cond)
      .orderBy(desc(wfRoles.updatedAt), asc(wfRoles.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: sql<number>`count(*)::int` }).from(wfRoles).where(cond),
  ]);
  const ids = rows.map((r) => r.id);
  const members = ids.length
    ? await db
        .select({
          roleId: wfRoleMembers.roleId,
          id: staffUsers.id,
          name: staffUsers.name,
          username: staffUsers.username,
        })
        .from(wfRoleMembers)
        .innerJoin(staffUsers, eq(staffUsers.id, wfRoleMembers.userId))
        .where(inArray(wfRoleMembers.roleId, ids))
        .orderBy(asc(staffUsers.id))
    : [];
  return {
    records: rows.map((r) => ({
      id: r.id,
      name: r.name,
      code: r.code,
      description: r.description,
      enabled: r.enabled,
      members: members.filter((m) => m.roleId === r.id).map(({ id, name, username }) => ({ id, name, username })),
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: count?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}

async function setMembers(tx: Tx, roleId: number, memberIds: number[]) {
  const unique = [...new Set(memberIds)];
  if (unique.length) {
    const found = await tx.select({ id: staffUsers.id }).from(staffUsers).where(inArray(staffUsers.id, unique));
    if (found.length !== unique.length) throw new AppError('NOT_FOUND');
  }
  await tx.delete(wfRoleMembers).where(eq(wfRoleMembers.roleId, roleId));
  if (unique.length) await tx.insert(wfRoleMembers).values(unique.map((userId) => ({ roleId, userId })));
}

export async function saveRole(db: Db, body: WfRoleSaveBody, id?: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: wfRoles.id })
      .from(wfRoles)
      .where(and(eq(wfRoles.code, body.code), eq(wfRoles.deleted, false), id ? ne(wfRoles.id, id) : undefined));
    if (dup) throw new AppError('DUPLICATE', { vars: { value: body.code } });
    let roleId = id;
    if (roleId) {
      const [current] = await tx
        .select({ updatedAt: wfRoles.updatedAt })
        .from(wfRoles)
        .where(and(eq(wfRoles.id, roleId), eq(wfRoles.deleted, false)))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND');
      assertUnchanged(current.updatedAt, body.expectUpdatedAt);
      const [row] = await tx
        .update(wfRoles)
        .set({ name: body.name, code: body.code, description: body.description, updatedAt: new Date() })
        .where(and(eq(wfRoles.id, roleId), eq(wfRoles.deleted, false)))
        .returning({ id: wfRoles.id });
      if (!row) throw new AppError('NOT_FOUND');
    } else {
      const [row] = await tx
        .insert(wfRoles)
        .values({ name: body.name, code: body.code, description: body.description })
        .returning({ id: wfRoles.id });
      roleId = row!.id;
    }
    await setMembers(tx, roleId, body.memberIds);
    return { id: roleId };
  });
}

export async function setRoleEnabled(db: Db, id: number, enabled: boolean): Promise<void> {
  const [row] = await db
    .update(wfRoles)
    .set({ enabled, updatedAt: new Date() })
    .where(and(eq(wfRoles.id, id), eq(wfRoles.deleted, false)))
    .returning({ id: wfRoles.id });
  if (!row) throw new AppError('NOT_FOUND');
}

/** A role named by a current process version cannot go: its nodes would lose their approvers. */
export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [role] = await tx
      .select({ name: wfRoles.name })
      .from(wfRoles)
      .where(and(eq(wfRoles.id, id), eq(wfRoles.deleted, false)))
      .for('update');
    if (!role) throw new AppError('NOT_FOUND');
    const defs = await tx
      .select({ definition: wfProcessVersions.definition })
      .from(wfProcesses)
      .innerJoin(wfProcessVersions, eq(wfProcessVersions.id, wfProcesses.currentVersionId));
    if (defs.some((d) => d.definition.nodes.some((n) => n.approverKind === 'role' && n.roleId === id)))
      throw new AppError('WF_IN_USE', { vars: { value: role.name } });
    await tx.update(wfRoles).set({ deleted: true, updatedAt: new Date() }).where(eq(wfRoles.id, id));
    await tx.delete(wfRoleMembers).where(eq(wfRoleMembers.roleId, id));
  });
}

export async function roleOptions(db: Db) {
  return db
    .select({ value: wfRoles.id, label: wfRoles.name })
    .from(wfRoles)
    .where(and(eq(wfRoles.deleted, false), eq(wfRoles.enabled, true)))
    .orderBy(asc(wfRoles.name));
}
