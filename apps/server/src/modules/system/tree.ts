import type { TreeMoveBody } from '@portal/contracts/system-settings';
import { getTableName, sql } from 'drizzle-orm';
import type { departments, resources } from '../../platform/access/schema.js';
import { rowsOf, type Tx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';

/** The two trees the settings screens edit: both have `id`, `parent_id` and `sort`. */
type TreeTable = typeof resources | typeof departments;

/** Rows with `parentId` nested under their parent, in the given order; an orphan becomes a root. */
export function nest<T extends { id: number; parentId: number | null }>(rows: readonly T[]): (T & { children: T[] })[] {
  type Node = T & { children: Node[] };
  const nodes = new Map<number, Node>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: Node[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId === null ? undefined : nodes.get(n.parentId);
    (parent ? parent.children : roots).push(n);
  }
  return roots;
}

/**
 * Serialises structural changes of one tree (moves, new parents) so that two concurrent moves
 * cannot build a cycle between them; held until the transaction ends.
 */
export async function lockTree(tx: Tx, table: TreeTable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tree:${getTableName(table)}`}))`);
}

/** Refuses `parentId` when it is `id` itself or lies below it (call under lockTree). */
export async function refuseCycle(tx: Tx, table: TreeTable, id: number, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  if (parentId === id) throw new AppError('TREE_CYCLE');
  const t = sql.raw(`"${getTableName(table)}"`);
  const hit = rowsOf<{ id: number }>(
    await tx.execute(sql`with recursive below as (
        select id from ${t} where parent_id = ${id}
        union select c.id from ${t} c join below b on c.parent_id = b.id)
      select id from below where id = ${parentId} limit 1`),
  );
  if (hit.length) throw new AppError('TREE_CYCLE');
}

/**
 * Moves node `id` under `parentId` at position `index` among its new siblings and renumbers them
 * 0..n (call under lockTree, after checking the parent exists and accepts children).
 */
export async function placeInTree(tx: Tx, table: TreeTable, move: TreeMoveBody): Promise<void> {
  await refuseCycle(tx, table, move.id, move.parentId);
  const t = sql.raw(`"${getTableName(table)}"`);
  const siblings = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from ${t}
      where parent_id is not distinct from ${move.parentId} and id <> ${move.id} order by sort, id`),
  ).map((r) => Number(r.id));
  siblings.splice(Math.min(move.index, siblings.length), 0, move.id);
  await tx.execute(sql`update ${t} set parent_id = ${move.parentId} where id = ${move.id}`);
  await tx.execute(sql`update ${t} set sort = o.pos - 1
    from unnest(${`{${siblings.join(',')}}`}::int[]) with ordinality as o(id, pos) where ${t}.id = o.id`);
}

/**
 * A tree's rows depth-first in display order (an export's select): `columns` are SQL over the
 * alias `n`, preceded by the node's path of names (`a / b / c`). `where` filters over `n` as well.
 */
export function treeExportSql(
  table: TreeTable,
  columns: string,
  where: { sql: string; params: unknown[] } = { sql: 'true', params: [] },
): { sql: string; params: unknown[] } {
  const name = `"${getTableName(table)}"`;
  return {
    sql: `with recursive walk as (
        select id, array[sort, id] as ord, name::text as trail from ${name} where parent_id is null
        union all
        select c.id, w.ord || array[c.sort, c.id], w.trail || ' / ' || c.name from ${name} c join walk w on c.parent_id = w.id)
      select w.trail, ${columns} from walk w join ${name} n on n.id = w.id where ${where.sql} order by w.ord`,
    params: where.params,
  };
}
