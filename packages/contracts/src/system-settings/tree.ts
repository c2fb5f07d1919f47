import { z } from 'zod';
import { int32, int32Id } from '../validation/scalars.js';

/** Moves a node of a tree: under `parentId` (null: a root) at position `index` among its siblings. */
export const treeMoveBody = z.object({
  id: int32Id(),
  parentId: int32Id().nullable(),
  index: int32().min(0).max(10_000),
});
export type TreeMoveBody = z.infer<typeof treeMoveBody>;

export const idBody = z.object({ id: int32Id() });
export type IdBody = z.infer<typeof idBody>;

/** A node as the tree screens get it: the row plus its children. */
export type TreeOf<T> = T & { children: TreeOf<T>[] };
