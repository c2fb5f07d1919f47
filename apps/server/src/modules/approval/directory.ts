import { Perm } from '@portal/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { departments, staffUsers, userDepartments } from '../../platform/access/schema.js';
import { holdsPermWhere } from '../../platform/access/service.js';
import type { DbOrTx } from '../../platform/db/index.js';
import { wfRoleMembers, wfRoles } from './schema.js';

/** Staff look-ups the engine needs (platform tables, read only). */

/** Whether this user is active and holds the approver key (may take over a to-do). */
export async function isActiveApprover(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(staffUsers)
    .where(
      and(eq(staffUsers.id, id), eq(staffUsers.status, 'active'), holdsPermWhere(staffUsers.id, Perm.APPROVAL_TODO)),
    );
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
