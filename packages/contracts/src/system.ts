import { z } from 'zod';
import { pageQuery } from './paging.js';

export const USER_STATUSES = ['active', 'disabled'] as const;

export const userListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  departmentId: z.coerce.number().int().positive().optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userRow = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  jobNumber: z.string(),
  email: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  deptNames: z.array(z.string()),
  roleNames: z.array(z.string()),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof userRow>;

export const userStatusBody = z.object({ id: z.number().int().positive(), status: z.enum(USER_STATUSES) });

export const userCreateBody = z.object({
  username: z
    .string()
    .trim()
    .min(3)
    .max(32)
    .regex(/^[a-zA-Z][a-zA-Z0-9._-]*$/, 'letters, digits, . _ - ; starting with a letter'),
  name: z.string().trim().min(1).max(64),
  jobNumber: z.string().trim().min(1).max(32),
  email: z.string().trim().email().max(254).optional(),
  password: z.string().min(8).max(128),
  departmentIds: z.array(z.number().int().positive()).max(20).default([]),
  roleIds: z.array(z.number().int().positive()).max(20).default([]),
});
export type UserCreateBody = z.infer<typeof userCreateBody>;
