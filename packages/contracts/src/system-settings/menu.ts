import { z } from 'zod';
import { int32, int32Id, text } from '../validation/scalars.js';

export const RESOURCE_TYPES = ['menu', 'button'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** One node of the menu and button tree as /setModule/authManage/menu edits it. */
export const menuNode = z
  .object({
    id: int32(),
    parentId: int32().nullable(),
    type: z.enum(RESOURCE_TYPES),
    name: text(),
    nameEn: text(),
    router: text().nullable(),
    /** the permission key the node grants */
    international: text(),
    icon: text().nullable(),
    webShowFlag: z.boolean(),
    iframeName: text().nullable(),
    sort: int32(),
    /** roles holding the node */
    roleCount: int32(),
    get children() {
      return z.array(menuNode);
    },
  })
  // a named component, so the recursion is a resolvable $ref in the OpenAPI document
  .meta({ id: 'MenuNode' });
export type MenuNode = z.infer<typeof menuNode>;

export const menuSaveBody = z.object({
  id: int32Id().optional(),
  parentId: int32Id().nullable(),
  type: z.enum(RESOURCE_TYPES),
  name: text().trim().min(1).max(64),
  nameEn: text().trim().min(1).max(128),
  router: text()
    .trim()
    .max(256)
    .regex(/^\/[A-Za-z0-9/_:.-]*$/, 'a path starting with /')
    .nullable()
    .default(null),
  international: text()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z][A-Za-z0-9:_.-]*$/, 'letters, digits, : _ . - ; starting with a letter'),
  icon: text()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9]*$/, 'an icon name')
    .nullable()
    .default(null),
  webShowFlag: z.boolean().default(true),
  iframeName: text().trim().max(64).nullable().default(null),
  sort: int32().min(0).max(10_000).default(0),
});
export type MenuSaveBody = z.infer<typeof menuSaveBody>;

export const menuExportQuery = z.object({ keyword: text().trim().max(64).optional() });
export type MenuExportQuery = z.infer<typeof menuExportQuery>;
