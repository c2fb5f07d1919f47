import type { MenuNode, MenuSaveBody, TreeMoveBody } from '@portal/contracts/system-settings';
import { asc, eq, sql } from 'drizzle-orm';
import { resources, roleResources, roles } from '../../platform/access/schema.js';
import type { Db, Tx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { lockTree, nest, placeInTree } from './tree.js';

const roleCount = sql<number>`(select count(*)::int from role_resources rr where rr.resource_id = ${resources.id})`;

/** Every menu and button node as one tree, each with the number of roles holding it. */
export async function menuTree(db: Db): Promise<MenuNode[]> {
  const rows = await db
    .select({
      id: resources.id,
      parentId: resources.parentId,
      type: resources.type,
      name: resources.name,
      nameEn: resources.nameEn,
      router: resources.router,
      international: resources.international,
      icon: resources.icon,
      webShowFlag: resources.webShowFlag,
      iframeName: resources.iframeName,
      sort: resources.sort,
      roleCount,
    })
    .from(resources)
    .orderBy(asc(resources.sort), asc(resources.id));
  return nest(rows) as MenuNode[];
}

/** A parent must exist and be a menu (buttons are leaves). */
async function checkParent(tx: Tx, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const [parent] = await tx.select({ type: resources.type }).from(resources).where(eq(resources.id, parentId));
  if (parent?.type !== 'menu') throw new AppError('PARENT_INVALID');
}

/** Creates a node, or edits one (a new parent moves it, refusing cycles). The key stays unique. */
export async function saveMenuNode(db: Db, body: MenuSaveBody): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockTree(tx, resources);
    await checkParent(tx, body.parentId);
    const [dupe] = await tx
      .select({ id: resources.id })
      .from(resources)
      .where(eq(resources.international, body.international));
    if (dupe && dupe.id !== body.id) throw new AppError('DUPLICATE', { vars: { value: body.international } });
    const { id, ...values } = body;
    if (id === undefined) {
      const [row] = await tx.insert(resources).values(values).returning({ id: resources.id });
      return { id: row!.id };
    }
    const [current] = await tx.select().from(resources).where(eq(resources.id, id));
    if (!current) throw new AppError('NOT_FOUND');
    if (current.type === 'menu' && body.type === 'button') {
      const [child] = await tx.select({ id: resources.id }).from(resources).where(eq(resources.parentId, id)).limit(1);
      if (child) throw new AppError('PARENT_INVALID');
    }
    const { parentId, sort, ...rest } = values;
    await tx.update(resources).set(rest).where(eq(resources.id, id));
    if (parentId !== current.parentId || sort !== current.sort) {
      await placeInTree(tx, resources, { id, parentId, index: sort });
    }
    return { id };
  });
}

export async function moveMenuNode(db: Db, move: TreeMoveBody): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTree(tx, resources);
    const [node] = await tx.select({ id: resources.id }).from(resources).where(eq(resources.id, move.id));
    if (!node) throw new AppError('NOT_FOUND');
    await checkParent(tx, move.parentId);
    await placeInTree(tx, resources, move);
  });
}

/** Deletes a leaf no role holds: a node with children or grants is refused with a code naming why. */
export async function deleteMenuNode(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTree(tx, resources);
    const [node] = await tx
      .select({ name: resources.name, nameEn: resources.nameEn })
      .from(resources)
      .where(eq(resources.id, id));
    if (!node) throw new AppError('NOT_FOUND');
    const [child] = await tx.select({ id: resources.id }).from(resources).where(eq(resources.parentId, id)).limit(1);
    const value = { 'zh-CN': node.name, en: node.nameEn };
    if (child) throw new AppError('TREE_HAS_CHILDREN', { vars: { value } });
    const holders = await tx
      .select({ name: roles.name, nameEn: roles.nameEn })
      .from(roleResources)
      .innerJoin(roles, eq(roles.id, roleResources.roleId))
      .where(eq(roleResources.resourceId, id))
      .orderBy(asc(roles.name));
    if (holders.length) {
      throw new AppError('RESOURCE_IN_USE', {
        vars: {
          value,
          roles: { 'zh-CN': holders.map((h) => h.name).join('、'), en: holders.map((h) => h.nameEn).join(', ') },
        },
      });
    }
    await tx.delete(resources).where(eq(resources.id, id));
  });
}
