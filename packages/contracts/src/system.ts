import { z } from 'zod';
import { pageQuery } from './paging.js';
import { USER_STATUSES } from './system/user.js';
import { coerceInt32, int32, int32Id, text } from './validation/scalars.js';

export { USER_STATUSES };

export const userListQuery = pageQuery.extend({
  keyword: text().trim().max(64).optional(),
  departmentId: coerceInt32().positive().optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userRow = z.object({
  id: int32(),
  username: text(),
  name: text(),
  jobNumber: text(),
  email: text().nullable(),
  status: z.enum(USER_STATUSES),
  deptNames: z.array(text()),
  roleNames: z.array(text()),
  createdAt: text(),
});
export type UserRow = z.infer<typeof userRow>;

export const userStatusBody = z.object({ id: int32Id(), status: z.enum(USER_STATUSES) });

export const userCreateBody = z.object({
  username: text()
    .trim()
    .min(3)
    .max(32)
    .regex(/^[a-zA-Z][a-zA-Z0-9._-]*$/, 'letters, digits, . _ - ; starting with a letter'),
  name: text().trim().min(1).max(64),
  jobNumber: text().trim().min(1).max(32),
  email: text().trim().email().max(254).optional(),
  password: text().min(8).max(128),
  departmentIds: z.array(int32Id()).max(20).default([]),
  roleIds: z.array(int32Id()).max(20).default([]),
});
export type UserCreateBody = z.infer<typeof userCreateBody>;

/** Background jobs (pg-boss) as the operators' jobs screen lists them: failures stay visible. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

export const jobListQuery = pageQuery.extend({
  name: text().trim().min(1).max(128).optional(),
  state: z.enum(JOB_STATES).optional(),
});
export type JobListQuery = z.infer<typeof jobListQuery>;

export const jobRow = z.object({
  id: text(),
  name: text(),
  state: z.enum(JOB_STATES),
  retryCount: int32(),
  retryLimit: int32(),
  createdOn: text(),
  startedOn: text().nullable(),
  completedOn: text().nullable(),
  /** the error message of a failed (or retrying) attempt; null otherwise */
  output: text().nullable(),
});
export type JobRow = z.infer<typeof jobRow>;
