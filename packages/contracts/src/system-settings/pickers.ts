import { z } from 'zod';
import { int32, text } from '../validation/scalars.js';

/** A department for pickers (any signed-in user): the whole tree as a flat list, parents first. */
export const deptOption = z.object({ id: int32(), parentId: int32().nullable(), name: text(), nameEn: text() });
export type DeptOption = z.infer<typeof deptOption>;

/** A role for pickers (any signed-in user). */
export const roleOption = z.object({ id: int32(), code: text(), name: text(), nameEn: text() });
export type RoleOption = z.infer<typeof roleOption>;
