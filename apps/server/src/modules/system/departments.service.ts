import type { PageResult } from '@portal/contracts';
import type {
  DeptMembersQuery,
  DeptNode,
  DeptSaveBody,
  MemberRow,
  TreeMoveBody,
} from '@portal/contracts/system-settings';
import { asc, eq, sql } from 'drizzle-orm';
import { departments, roleDepartments, staffUsers } from '../../platform/access/schema.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { Db, Tx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { memberPage } from './roles.service.js';
import { lockTree, nest, placeInTree } from './tree.js';

const memberCount = sql<number>`(select count(*)::int from user_departments ud where ud.department_id = ${departments.id})`;

/** A caller changes only departments inside their data scope (`all` reaches every one, and the roots). */
const inScope = (auth: AuthContext, id: number | null) =>
  auth.scope.kind === 'all' || (id !== null && auth.scope.departmentIds.includes(id));

function refuseOutOfScope(auth: AuthContext, ...ids: (number | null)[]) {
  if (!ids.every((id) => inScope(auth, id))) throw new AppError('DEPT_OUT_OF_SCOPE');
}

/** The whole department tree with leaders and member counts; `editable` follows the caller's scope. */
export async function deptTree(db: Db, auth: AuthContext): Promise<DeptNode[]> {
  const rows = await db
    .select({
      id: departments.id,
      parentId: departments.parentId,
      code: departments.code,
      name: departments.name,
      nameEn: departments.nameEn,
      leaderUserId: departments.leaderUserId,
      leaderName: staffUsers.name,
      sort: departments.sort,
      memberCount,
    })
    .from(departments)
    .leftJoin(staffUsers, eq(staffUsers.id, departments.leaderUserId))
    .orderBy(asc(departments.sort), asc(departments.id));
  return nest(rows.map((r) => ({ ...r, editable: inScope(auth, r.id) }))) as DeptNode[];
}

async function refuseBadLeader(tx: Tx, leaderUserId: number | null) {
  if (leaderUserId === null) return;
  const [u] = await tx.select({ status: staffUsers.status }).from(staffUsers).where(eq(staffUsers.id, leaderUserId));
  if (u?.status !== 'active') {
    throw new AppError('VALIDATION_FAILED', {
      data: [{ field: 'body.leaderUserId', message: 'no such active user' }],
    });
  }
}

async function refuseMissingParent(tx: Tx, parentId: number | null) {
  if (parentId === null) return;
  const [parent] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, parentId));
  if (!parent) throw new AppError('PARENT_INVALID');
}

/** Creates a department (last among its siblings) or renames / re-parents one; no cycles. */
export async function saveDept(db: Db, auth: AuthContext, body: DeptSaveBody): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockTree(tx, departments);
    const { id, ...values } = body;
    const [current] = id === undefined ? [] : await tx.select().from(departments).where(eq(departments.id, id));
    if (id !== undefined && !current) throw new AppError('NOT_FOUND');
    refuseOutOfScope(auth, body.parentId, ...(current ? [current.id] : []));
    await refuseMissingParent(tx, body.parentId);
    await refuseBadLeader(tx, body.leaderUserId);
    const [dupe] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.code, body.code));
    if (dupe && dupe.id !== id) throw new AppError('DUPLICATE', { vars: { value: body.code } });
    if (!current) {
      const [last] = await tx
        .select({ n: sql<number>`coalesce(max(${departments.sort}) + 1, 0)::int` })
        .from(departments)
        .where(sql`${departments.parentId} is not distinct from ${body.parentId}`);
      const [row] = await tx
        .insert(departments)
        .values({ ...values, sort: last?.n ?? 0 })
        .returning({ id: departments.id });
      return { id: row!.id };
    }
    const { parentId, ...rest } = values;
    await tx.update(departments).set(rest).where(eq(departments.id, current.id));
    if (parentId !== current.parentId) {
      await placeInTree(tx, departments, { id: current.id, parentId, index: Number.MAX_SAFE_INTEGER });
    }
    return { id: current.id };
  });
}

/** Drag and drop: a department under another (or a root) at a position; no cycles. */
export async function moveDept(db: Db, auth: AuthContext, move: TreeMoveBody): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTree(tx, departments);
    const [node] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, move.id));
    if (!node) throw new AppError('NOT_FOUND');
    refuseOutOfScope(auth, move.id, move.parentId);
    await refuseMissingParent(tx, move.parentId);
    await placeInTree(tx, departments, move);
  });
}

/** Deletes an empty leaf department no role's data scope names. */
export async function deleteDept(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTree(tx, departments);
    const [dept] = await tx
      .select({ name: departments.name, nameEn: departments.nameEn, members: memberCount })
      .from(departments)
      .where(eq(departments.id, id));
    if (!dept) throw new AppError('NOT_FOUND');
    refuseOutOfScope(auth, id);
    const [child] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.parentId, id))
      .limit(1);
    const value = { 'zh-CN': dept.name, en: dept.nameEn };
    if (child) throw new AppError('TREE_HAS_CHILDREN', { vars: { value } });
    if (dept.members > 0) throw new AppError('DEPT_IN_USE', { vars: { value, count: dept.members } });
    const [named] = await tx
      .select({ roleId: roleDepartments.roleId })
      .from(roleDepartments)
      .where(eq(roleDepartments.departmentId, id))
      .limit(1);
    if (named) throw new AppError('REFERENCE_INVALID');
    await tx.delete(departments).where(eq(departments.id, id));
  });
}

export const deptMembers = (db: Db, auth: AuthContext, q: DeptMembersQuery): Promise<PageResult<MemberRow>> =>
  memberPage(
    db,
    auth,
    sql`${staffUsers.id} in (select user_id from user_departments where department_id = ${q.departmentId})`,
    q,
  );
