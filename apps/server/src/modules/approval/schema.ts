import type { FieldRules, ProcessDefinition, RouteStep } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Approval forms: a named set of fields a process collects. */
export const wfForms = pgTable(
  'wf_forms',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wf_forms_code_uq').on(t.code).where(sql`not ${t.deleted}`)],
);

export const wfFormFields = pgTable(
  'wf_form_fields',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id').notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    labelEn: text('label_en').notNull(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    dictCode: text('dict_code'),
    options: jsonb('options').$type<{ value: string; label: string }[]>().notNull().default([]),
    rules: jsonb('rules').$type<FieldRules>().notNull().default({}),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('wf_form_fields_key_uq').on(t.formId, t.key)],
);

/** Workflow roles (e.g. finance director) and their members: approvers by function. */
export const wfRoles = pgTable(
  'wf_roles',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    enabled: boolean('enabled').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wf_roles_code_uq').on(t.code).where(sql`not ${t.deleted}`)],
);

export const wfRoleMembers = pgTable(
  'wf_role_members',
  { roleId: integer('role_id').notNull(), userId: integer('user_id').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.userId] })],
);

/** A process: bound to a form and to the service (business) that owns its outcome. */
export const wfProcesses = pgTable(
  'wf_processes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    groupName: text('group_name').notNull(),
    serviceName: text('service_name').notNull(),
    formId: integer('form_id').notNull(),
    /** where the business's own application form lives; null = the generic form */
    applyPath: text('apply_path'),
    description: text('description'),
    enabled: boolean('enabled').notNull().default(true),
    currentVersionId: integer('current_version_id'),
    notifyEvents: jsonb('notify_events')
      .$type<string[]>()
      .notNull()
      .default(['todo', 'cc', 'approved', 'rejected', 'withdrawn', 'timeout']),
    webhookUrl: text('webhook_url'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wf_processes_code_uq').on(t.code), index('wf_processes_service_idx').on(t.serviceName)],
);

/** Immutable published definitions; editing a process adds a version, instances keep theirs. */
export const wfProcessVersions = pgTable(
  'wf_process_versions',
  {
    id: serial('id').primaryKey(),
    processId: integer('process_id').notNull(),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<ProcessDefinition>().notNull(),
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wf_process_versions_uq').on(t.processId, t.version)],
);

/** A request going through a process version. `route` is the path planned at start. */
export const wfInstances = pgTable(
  'wf_instances',
  {
    id: serial('id').primaryKey(),
    processId: integer('process_id').notNull(),
    versionId: integer('version_id').notNull(),
    serviceName: text('service_name').notNull(),
    businessKey: text('business_key'),
    title: text('title').notNull(),
    initiatorId: integer('initiator_id').notNull(),
    formData: jsonb('form_data').$type<Record<string, unknown>>().notNull(),
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    route: jsonb('route').$type<RouteStep[]>().notNull(),
    /** index into route of the node being worked on */
    stepIndex: integer('step_index').notNull().default(0),
    /** incremented on every resubmission / send-back so old tasks never count again */
    round: integer('round').notNull().default(1),
    status: text('status').notNull(),
    currentNodeKey: text('current_node_key'),
    currentNodeName: text('current_node_name'),
    currentNodeNameEn: text('current_node_name_en'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('wf_instances_initiator_idx').on(t.initiatorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('wf_instances_service_key_idx').on(t.serviceName, t.businessKey),
    index('wf_instances_status_idx').on(t.status),
  ],
);

export const wfTasks = pgTable(
  'wf_tasks',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id').notNull(),
    nodeKey: text('node_key').notNull(),
    nodeName: text('node_name').notNull(),
    nodeNameEn: text('node_name_en'),
    round: integer('round').notNull(),
    assigneeId: integer('assignee_id').notNull(),
    status: text('status').notNull().default('pending'),
    dueAt: ts('due_at'),
    remindedAt: ts('reminded_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    handledAt: ts('handled_at'),
  },
  (t) => [
    // to-do page: my pending tasks, newest first
    index('wf_tasks_todo_idx')
      .on(t.assigneeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'pending'`),
    // handled page: my handled tasks, newest first
    index('wf_tasks_handled_idx')
      .on(t.assigneeId, t.handledAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} in ('agreed', 'rejected', 'transmitted')`),
    index('wf_tasks_instance_idx').on(t.instanceId),
    index('wf_tasks_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending' and ${t.remindedAt} is null`),
  ],
);

/** Who did what when, with opinion: the instance's timeline. */
export const wfActions = pgTable(
  'wf_actions',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id').notNull(),
    taskId: integer('task_id'),
    nodeKey: text('node_key'),
    nodeName: text('node_name'),
    nodeNameEn: text('node_name_en'),
    userId: integer('user_id'),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id'),
    /** reject: where the request went (end, initiator or a node key) */
    targetNode: text('target_node'),
    opinion: text('opinion'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('wf_actions_instance_idx').on(t.instanceId, t.id)],
);

/** Copies: the users a CC node told. */
export const wfCopies = pgTable(
  'wf_copies',
  {
    instanceId: integer('instance_id').notNull(),
    userId: integer('user_id').notNull(),
    nodeKey: text('node_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.userId, t.nodeKey] }),
    index('wf_copies_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.instanceId.desc().nullsFirst()),
  ],
);
