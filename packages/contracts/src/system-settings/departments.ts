import { z } from 'zod';
import { pageQuery } from '../paging.js';
import { int32, int32Id, text } from '../validation/scalars.js';

export const deptNode = z
  .object({
    id: int32(),
    parentId: int32().nullable(),
    code: text(),
    name: text(),
    nameEn: text(),
    leaderUserId: int32().nullable(),
    leaderName: text().nullable(),
    sort: int32(),
    /** direct members */
    memberCount: int32(),
    /** whether the caller's data scope lets them change it */
    editable: z.boolean(),
    get children() {
      return z.array(deptNode);
    },
  })
  // a named component, so the recursion is a resolvable $ref in the OpenAPI document
  .meta({ id: 'DeptNode' });
export type DeptNode = z.infer<typeof deptNode>;

export const deptSaveBody = z.object({
  id: int32Id().optional(),
  parentId: int32Id().nullable(),
  code: text()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'lower-case letters, digits, _ and -'),
  name: text().trim().min(1).max(64),
  nameEn: text().trim().min(1).max(128),
  leaderUserId: int32Id().nullable().default(null),
});
export type DeptSaveBody = z.infer<typeof deptSaveBody>;

export const deptMembersQuery = pageQuery.extend({ departmentId: int32Id() });
export type DeptMembersQuery = z.infer<typeof deptMembersQuery>;

export const deptExportQuery = z.object({});
