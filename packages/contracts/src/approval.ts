import { z } from 'zod';
import type { FieldKind, FieldSpec } from './fields/kinds.js';
import { fileInfo } from './files.js';
import { pageQuery } from './paging.js';
import { staffPickQuery } from './staff.js';
import { coerceInt32, decimal, int32, int32Id, text } from './validation/scalars.js';

/**
 * General approval (spec 2 "General approval", 7 "Workflow /v2/workflow"): forms and their fields,
 * workflow roles, processes with versioned definitions, instances, tasks and their history.
 */

const id = coerceInt32().positive();
const name = text().trim().min(1).max(64);
/** a record's `updatedAt` as read (ISO 8601) */
const isoStamp = z.iso.datetime({ offset: true });

// ───── forms ─────
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'select',
  'user',
  'department',
  'customer',
  'supplier',
  'attachment',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const fieldRules = z
  .object({
    min: decimal().optional(),
    max: decimal().optional(),
    maxLength: int32Id().max(10_000).optional(),
    pattern: text().max(200).optional(),
  })
  .strict();
export type FieldRules = z.infer<typeof fieldRules>;

export const formField = z.object({
  id: int32(),
  formId: int32(),
  key: text(),
  label: text(),
  labelEn: text(),
  type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  /** dictionary code (select) */
  dictCode: text().nullable(),
  /** fixed choices (select without a dictionary) */
  options: z.array(z.object({ value: text(), label: text() })),
  rules: fieldRules,
  sort: int32(),
});
export type FormField = z.infer<typeof formField>;

/**
 * The platform field kind of a form field: a `select` is an `enum` of its options, or a `dict`
 * when it names a dictionary; every other type is the kind of the same name.
 */
export function formFieldSpec(f: Pick<FormField, 'type' | 'required' | 'rules' | 'options' | 'dictCode'>): FieldSpec {
  const kind: FieldKind = f.type === 'select' ? (f.dictCode ? 'dict' : 'enum') : f.type;
  return { kind, required: f.required, rules: f.rules, options: f.options };
}

export const formRow = z.object({
  id: int32(),
  name: text(),
  code: text(),
  description: text().nullable(),
  fieldCount: int32(),
  updatedAt: text(),
});
export type FormRow = z.infer<typeof formRow>;

export const formQuery = pageQuery.extend({ keyword: text().trim().max(64).optional() });
export const formSaveBody = z.object({
  id: id.optional(),
  name,
  code: text()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{1,39}$/, 'lower-case letters, digits, _ -'),
  description: text().trim().max(500).nullable().default(null),
  /** the record's `updatedAt` as the edit form opened it: a later change answers CONFLICT */
  expectUpdatedAt: isoStamp.optional(),
});
export type FormSaveBody = z.infer<typeof formSaveBody>;

export const fieldQuery = pageQuery.extend({ formId: id });
export const fieldSaveBody = z.object({
  id: id.optional(),
  formId: id,
  key: text()
    .trim()
    .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/, 'letters, digits, _'),
  label: name,
  labelEn: name,
  type: z.enum(FIELD_TYPES),
  required: z.boolean().default(false),
  dictCode: text().trim().max(64).nullable().default(null),
  options: z
    .array(z.object({ value: text().trim().min(1).max(64), label: text().trim().min(1).max(64) }))
    .max(100)
    .default([]),
  rules: fieldRules.default({}),
  sort: int32().min(0).max(9999).default(0),
});
export type FieldSaveBody = z.infer<typeof fieldSaveBody>;

// ───── workflow roles ─────
export const wfRoleRow = z.object({
  id: int32(),
  name: text(),
  code: text(),
  description: text().nullable(),
  enabled: z.boolean(),
  members: z.array(z.object({ id: int32(), name: text(), username: text() })),
  updatedAt: text(),
});
export type WfRoleRow = z.infer<typeof wfRoleRow>;
export const wfRoleQuery = pageQuery.extend({
  keyword: text().trim().max(64).optional(),
  enabled: z.boolean().optional(),
});
export const wfRoleSaveBody = z.object({
  name,
  code: text()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{1,39}$/, 'lower-case letters, digits, _ -'),
  description: text().trim().max(500).nullable().default(null),
  memberIds: z.array(int32Id()).max(200).default([]),
  /** the record's `updatedAt` as the edit form opened it: a later change answers CONFLICT */
  expectUpdatedAt: isoStamp.optional(),
});
export type WfRoleSaveBody = z.infer<typeof wfRoleSaveBody>;
export const stateUpdateBody = z.object({ id, enabled: z.boolean() });

// ───── process definitions ─────
export const CONDITION_OPS = ['gt', 'gte', 'lt', 'lte', 'eq', 'ne'] as const;
export const nodeCondition = z.object({
  field: text().trim().min(1).max(40),
  op: z.enum(CONDITION_OPS),
  /** compared as a number when both sides are numeric (money in minor units), else as text */
  value: z.union([text().max(200), decimal()]),
});
export type NodeCondition = z.infer<typeof nodeCondition>;

export const APPROVER_KINDS = ['role', 'users', 'deptLeader', 'leaderChain'] as const;
export const processNode = z
  .object({
    key: text()
      .trim()
      .regex(/^[a-zA-Z][a-zA-Z0-9_-]{0,31}$/),
    name,
    /** the English name; left out, the server keeps the Chinese one for both */
    nameEn: name.optional(),
    type: z.enum(['approval', 'cc']),
    approverKind: z.enum(APPROVER_KINDS),
    roleId: int32Id().nullable().default(null),
    userIds: z.array(int32Id()).max(50).default([]),
    /** leaderChain: how many levels up (1 = the department leader) */
    levels: int32().min(1).max(5).default(1),
    /** one-of: any one approver decides; all-of: countersign */
    mode: z.enum(['any', 'all']).default('any'),
    /** all must hold for the node to be on the route; none = always */
    conditions: z.array(nodeCondition).max(5).default([]),
    /** later nodes may send the request back to this one */
    rejectable: z.boolean().default(true),
    /** hours before the approver and the initiator are reminded; null = no limit */
    timeLimitHours: int32()
      .min(1)
      .max(24 * 30)
      .nullable()
      .default(null),
  })
  .superRefine((n, ctx) => {
    if (n.approverKind === 'role' && !n.roleId) ctx.addIssue({ code: 'custom', path: ['roleId'], message: 'required' });
    if (n.approverKind === 'users' && n.userIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'required' });
  });
export type ProcessNode = z.infer<typeof processNode>;

export const processDefinition = z.object({
  nodes: z
    .array(processNode)
    .min(1)
    .max(30)
    .refine((ns) => new Set(ns.map((n) => n.key)).size === ns.length, 'node keys must be unique')
    .refine((ns) => ns.some((n) => n.type === 'approval'), 'at least one approval node'),
});
export type ProcessDefinition = z.infer<typeof processDefinition>;

export const NOTIFY_EVENTS = ['todo', 'cc', 'approved', 'rejected', 'withdrawn', 'timeout'] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

export const processRow = z.object({
  id: int32(),
  code: text(),
  name: text(),
  nameEn: text(),
  groupName: text(),
  serviceName: text(),
  formId: int32(),
  formName: text(),
  applyPath: text().nullable(),
  description: text().nullable(),
  enabled: z.boolean(),
  version: int32(),
  versionId: int32(),
  updatedAt: text(),
});
export type ProcessRow = z.infer<typeof processRow>;
export const processQuery = pageQuery.extend({
  keyword: text().trim().max(64).optional(),
  serviceName: text().trim().max(64).optional(),
  enabled: z.boolean().optional(),
});
export const processSaveBody = z.object({
  id: id.optional(),
  code: text()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{1,39}$/, 'lower-case letters, digits, _ -'),
  name,
  nameEn: name,
  groupName: text().trim().min(1).max(32),
  serviceName: text()
    .trim()
    .regex(/^[a-z][a-z0-9_.-]{1,39}$/),
  formId: id,
  applyPath: text()
    .regex(/^\/[A-Za-z0-9/_-]*$/)
    .nullable()
    .default(null),
  description: text().trim().max(500).nullable().default(null),
  definition: processDefinition,
  /** the record's `updatedAt` as the edit form opened it: a later change answers CONFLICT */
  expectUpdatedAt: isoStamp.optional(),
});
export type ProcessSaveBody = z.infer<typeof processSaveBody>;
export const processDetail = processRow.extend({ definition: processDefinition });
export type ProcessDetail = z.infer<typeof processDetail>;
export const versionRow = z.object({
  id: int32(),
  processId: int32(),
  version: int32(),
  current: z.boolean(),
  createdAt: text(),
  createdByName: text().nullable(),
  instanceCount: int32(),
});
export type VersionRow = z.infer<typeof versionRow>;
export const processVersionDetail = versionRow.extend({ definition: processDefinition });

export const processNotify = z.object({
  processId: int32(),
  events: z.array(z.enum(NOTIFY_EVENTS)),
  webhookUrl: text().url().max(500).nullable(),
});
export type ProcessNotify = z.infer<typeof processNotify>;
export const processNotifyBody = z.object({
  processId: id,
  events: z.array(z.enum(NOTIFY_EVENTS)).max(NOTIFY_EVENTS.length),
  webhookUrl: text()
    .trim()
    .url()
    .max(500)
    .refine((u) => /^https?:\/\//.test(u), 'http(s) only')
    .nullable()
    .default(null),
});

// ───── instances ─────
export const INSTANCE_STATUSES = ['running', 'returned', 'approved', 'rejected', 'withdrawn'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];
export const TASK_STATUSES = ['pending', 'agreed', 'rejected', 'transmitted', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const ACTION_KINDS = [
  'start',
  'resubmit',
  'agree',
  'reject',
  'transmit',
  'comment',
  'withdraw',
  'cc',
  'approved',
  'remind',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
/** reject: end the request, send it back to the initiator, or back to an earlier node */
export const REJECT_TARGETS = ['end', 'initiator', 'node'] as const;

export const formValues = z
  .record(
    text().max(40),
    z.union([text().max(5000), decimal(), z.boolean(), z.array(text().max(200)).max(50), z.null()]),
  )
  .refine((v) => Object.keys(v).length <= 100, 'too many fields');
export type FormValues = z.infer<typeof formValues>;

export const startBody = z.object({
  processId: id,
  /** resubmit a returned request instead of starting a new one */
  instanceId: id.optional(),
  title: text().trim().min(1).max(120),
  formData: formValues,
  attachmentIds: z.array(text().min(1).max(64)).max(20).default([]),
});
export type StartBody = z.infer<typeof startBody>;
export const routePreviewBody = startBody.pick({ processId: true, formData: true });

export const instanceRef = z.object({ instanceId: id });
export const taskActionBody = z.object({
  taskId: id,
  opinion: text().trim().max(1000).default(''),
});
export const rejectBody = taskActionBody.extend({
  target: z.enum(REJECT_TARGETS),
  /** the node to go back to (target 'node') */
  nodeKey: text().max(32).optional(),
  opinion: text().trim().min(1).max(1000),
});
export const transmitBody = taskActionBody.extend({ toUserId: id });
export const commentBody = z.object({ instanceId: id, content: text().trim().min(1).max(1000) });
export const withdrawBody = z.object({ instanceId: id, opinion: text().trim().max(1000).default('') });

export const routeStep = z.object({
  nodeKey: text(),
  name: text(),
  /** the English name (steps planned before node names had one read the Chinese) */
  nameEn: text().optional(),
  type: z.enum(['approval', 'cc']),
  mode: z.enum(['any', 'all']),
  approvers: z.array(z.object({ id: int32(), name: text() })),
  timeLimitHours: int32().nullable(),
  rejectable: z.boolean(),
});
export type RouteStep = z.infer<typeof routeStep>;

export const instanceRow = z.object({
  id: int32(),
  title: text(),
  processId: int32(),
  processName: text(),
  serviceName: text(),
  initiatorId: int32(),
  initiatorName: text(),
  status: z.enum(INSTANCE_STATUSES),
  currentNodeName: text().nullable(),
  createdAt: text(),
  updatedAt: text(),
  /** to-do / handled rows: the task */
  taskId: int32().nullable(),
  taskNodeName: text().nullable(),
  taskStatus: z.enum(TASK_STATUSES).nullable(),
  taskCreatedAt: text().nullable(),
  taskHandledAt: text().nullable(),
  dueAt: text().nullable(),
});
export type InstanceRow = z.infer<typeof instanceRow>;

export const myPageQuery = z.object({
  page: int32().min(1).default(1),
  size: int32().min(1).max(200).default(20),
  keyword: text().trim().max(64).optional(),
  processId: int32Id().optional(),
  serviceName: text().trim().max(64).optional(),
  status: z.enum(INSTANCE_STATUSES).optional(),
  /** ISO dates (inclusive), on the row's own date: task received / request started */
  dateFrom: text().date().optional(),
  dateTo: text().date().optional(),
});
export type MyPageQuery = z.infer<typeof myPageQuery>;

export const mySummary = z.object({
  todoNum: int32(),
  applyNum: int32(),
  handleNum: int32(),
  ccNum: int32(),
});
export type MySummary = z.infer<typeof mySummary>;

export const historyEntry = z.object({
  id: int32(),
  action: z.enum(ACTION_KINDS),
  nodeKey: text().nullable(),
  nodeName: text().nullable(),
  userId: int32().nullable(),
  userName: text().nullable(),
  targetUserName: text().nullable(),
  opinion: text().nullable(),
  createdAt: text(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const taskView = z.object({
  id: int32(),
  nodeKey: text(),
  nodeName: text(),
  assigneeId: int32(),
  assigneeName: text(),
  status: z.enum(TASK_STATUSES),
  createdAt: text(),
  handledAt: text().nullable(),
  dueAt: text().nullable(),
});
export type TaskView = z.infer<typeof taskView>;

export const instanceDetail = z.object({
  id: int32(),
  title: text(),
  processId: int32(),
  processName: text(),
  version: int32(),
  serviceName: text(),
  businessKey: text().nullable(),
  initiatorId: int32(),
  initiatorName: text(),
  status: z.enum(INSTANCE_STATUSES),
  currentNodeKey: text().nullable(),
  currentNodeName: text().nullable(),
  createdAt: text(),
  finishedAt: text().nullable(),
  formData: formValues,
  fields: z.array(formField),
  attachmentIds: z.array(text()),
  /** every attachment of the request (top-level and attachment fields) with a short-lived signed download URL */
  attachments: z.array(fileInfo),
  route: z.array(routeStep),
  /** node keys already passed on the route */
  passedNodeKeys: z.array(text()),
  tasks: z.array(taskView),
  history: z.array(historyEntry),
  ccUsers: z.array(z.object({ id: int32(), name: text() })),
  viewer: z.object({
    taskId: int32().nullable(),
    canAgree: z.boolean(),
    canReject: z.boolean(),
    canTransmit: z.boolean(),
    canWithdraw: z.boolean(),
    canResubmit: z.boolean(),
    canComment: z.boolean(),
  }),
});
export type InstanceDetail = z.infer<typeof instanceDetail>;

export const option = z.object({ value: z.union([text(), decimal()]), label: text() });
export type Option = z.infer<typeof option>;
export const sponsorProcess = z.object({
  id: int32(),
  name: text(),
  nameEn: text(),
  groupName: text(),
  serviceName: text(),
  formId: int32(),
  applyPath: text().nullable(),
  description: text().nullable(),
});
export type SponsorProcess = z.infer<typeof sponsorProcess>;

/**
 * `GET /v2/workflow/select/user`: approval's path of the platform's staff picker
 * (`@portal/contracts/staff`); `approvers` keeps only those who may act on to-dos (the transmit picker).
 */
export const userSelectQuery = staffPickQuery.omit({ holds: true }).extend({
  approvers: z.enum(['true', 'false']).optional(),
});
export type UserSelectQuery = z.infer<typeof userSelectQuery>;
