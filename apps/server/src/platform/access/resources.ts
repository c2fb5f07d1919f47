import type { Locale, ResourceNode, UserInfo } from '@portal/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/index.js';
import { AppError } from '../http/errors.js';
import { nameIn } from '../i18n/names.js';
import { departments, resources, roleResources, roles, staffUsers, userDepartments, userRoles } from './schema.js';

/** The signed-in user's card; department names in the reader's language. */
export async function userInfoOf(db: Db, userId: number, locale: Locale): Promise<UserInfo> {
  const [u] = await db.select().from(staffUsers).where(eq(staffUsers.id, userId));
  if (!u) throw new AppError('TOKEN_INVALID');
  const depts = await db
    .select({ name: departments.name, nameEn: departments.nameEn })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .where(eq(userDepartments.userId, userId))
    .orderBy(asc(departments.sort));
  return {
    avatar: u.avatar,
    jobNumber: u.jobNumber,
    name: nameIn(locale, u.name, u.nameEn),
    userId: u.id,
    staffId: u.staffId,
    jobTime: u.jobTime,
    deptNames: depts.map((d) => nameIn(locale, d.name, d.nameEn)),
    username: u.username,
  };
}

async function resourcesOf(db: Db, userId: number, type: 'menu' | 'button') {
  return db
    .selectDistinct({
      id: resources.id,
      parentId: resources.parentId,
      name: resources.name,
      nameEn: resources.nameEn,
      router: resources.router,
      international: resources.international,
      icon: resources.icon,
      webShowFlag: resources.webShowFlag,
      iframeName: resources.iframeName,
      sort: resources.sort,
    })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.enabled, true)))
    .innerJoin(roleResources, eq(roleResources.roleId, roles.id))
    .innerJoin(resources, and(eq(resources.id, roleResources.resourceId), eq(resources.type, type)))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(resources.sort), asc(resources.id));
}

/** The user's menu nodes as a tree; a node whose parent the user lacks becomes a root. */
export async function menuTreeOf(db: Db, userId: number): Promise<ResourceNode[]> {
  const rows = await resourcesOf(db, userId, 'menu');
  const nodes = new Map<number, ResourceNode>(
    rows.map(({ sort: _s, ...r }) => [r.id, { ...r, children: [] }] as [number, ResourceNode]),
  );
  const roots: ResourceNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}

export async function buttonsOf(db: Db, userId: number): Promise<ResourceNode[]> {
  return (await resourcesOf(db, userId, 'button')).map(({ sort: _s, ...r }) => ({ ...r, children: [] }));
}
