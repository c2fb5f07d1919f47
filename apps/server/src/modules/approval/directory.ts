import type { UserPick } from '@portal/contracts';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { dataScopeWhere } from '../../platform/access/data-scope.js';
import { departments, staffUsers, userDepartments } from '../../platform/access/schema.js';
import { holdsPermWhere } from '../../platform/access/service.js';
import type { AuthContext } from '../../platform/auth/context.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { containsPattern } from '../../platform/db/like.js';
import { wfRoleMembers, wfRoles } from './schema.js';

/** Staff look-ups the engine needs (platform tables, read only). */

/** The key that lets a user act on to-dos (agree, reject, hand over): a to-do goes only to its holders. */
export const APPROVER_KEY = 'general:my-agent';

/** Whether this user is active and holds the approver key (may take over a to-do). */
export async function isActiveApprover(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, id), eq(staffUsers.status, 'active'), holdsPermWhere(staffUsers.id, APPROVER_KEY)));
  return !!row;
}

export async function activeUsers(db: DbOrTx, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(and(inArray(staffUsers.id, ids), eq(staffUsers.status, 'active')));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

export async function userNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(inArray(staffUsers.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function roleMembers(db: DbOrTx, roleId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(wfRoleMembers)
    .innerJoin(wfRoles, eq(wfRoles.id, wfRoleMembers.roleId))
    .innerJoin(staffUsers, eq(staffUsers.id, wfRoleMembers.userId))
    .where(
      and(
        eq(wfRoleMembers.roleId, roleId),
        eq(wfRoles.enabled, true),
        eq(wfRoles.deleted, false),
        eq(staffUsers.status, 'active'),
      ),
    )
    .orderBy(staffUsers.id);
}

/**
 * The initiator's leaders, nearest first: walking up from the initiator's (first) department, each
 * department's leader once, skipping the initiator themself and departments without a leader.
 * `selfLed`: a department on the walk is led by the initiator (an empty walk then means they are
 * the top of their own chain, not that the departments lack leaders).
 */
export async function leaderWalk(
  db: DbOrTx,
  userId: number,
  levels: number,
): Promise<{ leaders: { id: number; name: string }[]; selfLed: boolean }> {
  const [home] = await db
    .select({ id: userDepartments.departmentId })
    .from(userDepartments)
    .where(eq(userDepartments.userId, userId))
    .orderBy(userDepartments.departmentId)
    .limit(1);
  if (!home) return { leaders: [], selfLed: false };
  const all = await db
    .select({ id: departments.id, parentId: departments.parentId, leader: departments.leaderUserId })
    .from(departments);
  const byId = new Map(all.map((d) => [d.id, d]));
  const found: number[] = [];
  const seen = new Set<number>();
  let selfLed = false;
  for (let d = byId.get(home.id); d && found.length < levels && !seen.has(d.id); d = byId.get(d.parentId ?? -1)) {
    seen.add(d.id);
    if (d.leader === userId) selfLed = true;
    else if (d.leader && !found.includes(d.leader)) found.push(d.leader);
  }
  return { leaders: await activeUsers(db, found), selfLed };
}

export async function isActiveUser(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, id), eq(staffUsers.status, 'active')));
  return !!row;
}

/**
 * Active staff to pick (transmit target, user fields) within the caller's data scope: name or job
 * number containing the keyword (taken literally), at most `limit` (≤ 20), each with the names of
 * their departments — never login names or contact details. `approversOnly`: holders of the
 * approver key only (a to-do can go only to them).
 */
export async function pickUsers(
  db: DbOrTx,
  auth: AuthContext,
  q: { keyword?: string; limit: number; approversOnly?: boolean },
): Promise<UserPick[]> {
  const k = q.keyword?.trim();
  const pattern = k ? containsPattern(k) : undefined;
  const rows = await db
    .select({ id: staffUsers.id, name: staffUsers.name, jobNumber: staffUsers.jobNumber })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.status, 'active'),
        dataScopeWhere(auth, staffUsers.id),
        q.approversOnly ? holdsPermWhere(staffUsers.id, APPROVER_KEY) : undefined,
        pattern ? or(ilike(staffUsers.name, pattern), ilike(staffUsers.jobNumber, pattern)) : undefined,
      ),
    )
    .orderBy(asc(staffUsers.name), asc(staffUsers.id))
    .limit(Math.min(Math.max(q.limit, 1), 20));
  if (rows.length === 0) return [];
  const depts = await db
    .select({ userId: userDepartments.userId, name: departments.name })
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
