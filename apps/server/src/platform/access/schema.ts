import { userResource } from '@portal/contracts/system';
import { DATA_SCOPES, type DataScope } from '@portal/contracts/system-settings';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchColumnFor, searchIndex } from '../db/search.js';

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    parentId: integer('parent_id'),
    leaderUserId: integer('leader_user_id'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('departments_code_uq').on(t.code), index('departments_parent_idx').on(t.parentId)],
);

export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    /** the name English readers see (header, own card); none: they see `name` */
    nameEn: text('name_en'),
    jobNumber: text('job_number').notNull(),
    staffId: text('staff_id').notNull(),
    avatar: text('avatar'),
    email: text('email'),
    mobile: text('mobile'),
    jobTime: text('job_time'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    ssoSubject: text('sso_subject'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** optimistic lock of the resource kernel: every write bumps it */
    version: integer('version').notNull().default(1),
    /** the keyword filter's search text (username, name, job number), see platform/db/search.ts */
    search: searchColumnFor(userResource),
  },
  (t) => [
    searchIndex('staff_users_search_trgm', t.search),
    uniqueIndex('staff_users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('staff_users_job_number_uq').on(t.jobNumber),
    uniqueIndex('staff_users_sso_subject_uq').on(t.ssoSubject),
    index('staff_users_status_idx').on(t.status),
    // re-created by migration 0072 with INCLUDE (status, search): the kernel's walks check them in the index (decision 0098)
    index('staff_users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);

export const userDepartments = pgTable(
  'user_departments',
  {
    userId: integer('user_id').notNull(),
    departmentId: integer('department_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.departmentId] }), index('user_departments_dept_idx').on(t.departmentId)],
);

export { DATA_SCOPES };
export type DataScopeKind = DataScope;

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    dataScope: text('data_scope', { enum: DATA_SCOPES }).notNull().default('own'),
    description: text('description'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_code_uq').on(t.code)],
);

/** The departments of a role whose data scope is `custom`. */
export const roleDepartments = pgTable(
  'role_departments',
  { roleId: integer('role_id').notNull(), departmentId: integer('department_id').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.departmentId] }), index('role_departments_dept_idx').on(t.departmentId)],
);

export const userRoles = pgTable(
  'user_roles',
  { userId: integer('user_id').notNull(), roleId: integer('role_id').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Menu and button nodes; `international` is the permission key the node grants. */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    type: text('type', { enum: ['menu', 'button'] }).notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    router: text('router'),
    international: text('international').notNull(),
    icon: text('icon'),
    webShowFlag: boolean('web_show_flag').notNull().default(true),
    iframeName: text('iframe_name'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('resources_international_uq').on(t.international), index('resources_parent_idx').on(t.parentId)],
);

export const roleResources = pgTable(
  'role_resources',
  { roleId: integer('role_id').notNull(), resourceId: integer('resource_id').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.resourceId] }), index('role_resources_resource_idx').on(t.resourceId)],
);
