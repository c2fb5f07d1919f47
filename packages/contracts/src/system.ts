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

/** Background jobs (pg-boss) as the operators' jobs screen lists them: failures stay visible. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

export const jobListQuery = pageQuery.extend({
  name: z.string().trim().min(1).max(128).optional(),
  state: z.enum(JOB_STATES).optional(),
});
export type JobListQuery = z.infer<typeof jobListQuery>;

export const jobRow = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  createdOn: z.string(),
  startedOn: z.string().nullable(),
  completedOn: z.string().nullable(),
  /** the error message of a failed (or retrying) attempt; null otherwise */
  output: z.string().nullable(),
});
export type JobRow = z.infer<typeof jobRow>;
