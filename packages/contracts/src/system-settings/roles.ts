import { z } from 'zod';
import { pageQuery } from '../paging.js';
import { int32, int32Id, text } from '../validation/scalars.js';

/** own records, the user's departments, those with every sub-department, chosen departments, everything */
export const DATA_SCOPES = ['own', 'dept', 'dept_tree', 'custom', 'all'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export const roleListQuery = pageQuery.extend({
  keyword: text().trim().max(64).optional(),
  enabled: z.boolean().optional(),
});
export type RoleListQuery = z.infer<typeof roleListQuery>;

export const roleRow = z.object({
  id: int32(),
  code: text(),
  name: text(),
  nameEn: text(),
  dataScope: z.enum(DATA_SCOPES),
  description: text().nullable(),
  enabled: z.boolean(),
  memberCount: int32(),
  createdAt: text(),
});
export type RoleRow = z.infer<typeof roleRow>;

export const roleDetail = roleRow.extend({
  /** departments of a `custom` data scope */
  departmentIds: z.array(int32()),
  resourceIds: z.array(int32()),
});
export type RoleDetail = z.infer<typeof roleDetail>;

export const roleSaveBody = z
  .object({
    id: int32Id().optional(),
    code: text()
      .trim()
      .min(2)
      .max(32)
      .regex(/^[a-z][a-z0-9_]*$/, 'lower-case letters, digits and _ ; starting with a letter'),
    name: text().trim().min(1).max(64),
    nameEn: text().trim().min(1).max(128),
    dataScope: z.enum(DATA_SCOPES),
    departmentIds: z.array(int32Id()).max(200).default([]),
    description: text().trim().max(500).nullable().default(null),
    enabled: z.boolean().default(true),
    resourceIds: z.array(int32Id()).max(5000).default([]),
  })
  .refine((b) => b.dataScope !== 'custom' || b.departmentIds.length > 0, {
    path: ['departmentIds'],
    message: 'a custom data scope needs at least one department',
  });
export type RoleSaveBody = z.infer<typeof roleSaveBody>;

export const roleMembersQuery = pageQuery.extend({ roleId: int32Id() });
export type RoleMembersQuery = z.infer<typeof roleMembersQuery>;

export const roleMembersBody = z.object({
  roleId: int32Id(),
  userIds: z.array(int32Id()).min(1).max(200),
});
export type RoleMembersBody = z.infer<typeof roleMembersBody>;

/** A staff member as the role and department screens list them. */
export const memberRow = z.object({
  id: int32(),
  username: text(),
  name: text(),
  jobNumber: text(),
  status: z.enum(['active', 'disabled']),
});
export type MemberRow = z.infer<typeof memberRow>;

/** The resource tree for the role editor: `grantable` says whether the editor holds the node's key. */
export const grantNode = z
  .object({
    id: int32(),
    parentId: int32().nullable(),
    type: z.enum(['menu', 'button']),
    name: text(),
    nameEn: text(),
    international: text(),
    grantable: z.boolean(),
    get children() {
      return z.array(grantNode);
    },
  })
  // a named component, so the recursion is a resolvable $ref in the OpenAPI document
  .meta({ id: 'GrantNode' });
export type GrantNode = z.infer<typeof grantNode>;
