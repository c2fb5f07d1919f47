import { z } from 'zod';
import { fileInfo } from './files.js';
import { pageQuery } from './paging.js';

/**
 * General approval (spec 2 "General approval", 7 "Workflow /v2/workflow"): forms and their fields,
 * workflow roles, processes with versioned definitions, instances, tasks and their history.
 */

const id = z.coerce.number().int().positive();
const name = z.string().trim().min(1).max(64);

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
    min: z.number().optional(),
    max: z.number().optional(),
    maxLength: z.number().int().positive().max(10_000).optional(),
    pattern: z.string().max(200).optional(),
  })
  .strict();
export type FieldRules = z.infer<typeof fieldRules>;

export const formField = z.object({
  id: z.number().int(),
  formId: z.number().int(),
  key: z.string(),
  label: z.string(),
  labelEn: z.string(),
  type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  /** dictionary code (select) */
  dictCode: z.string().nullable(),
  /** fixed choices (select without a dictionary) */
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  rules: fieldRules,
  sort: z.number().int(),
});
export type FormField = z.infer<typeof formField>;

export const formRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  fieldCount: z.number().int(),
  updatedAt: z.string(),
});
export type FormRow = z.infer<typeof formRow>;

export const formQuery = pageQuery.extend({ keyword: z.string().trim().max(64).optional() });
export const formSaveBody = z.object({
  id: id.optional(),
  name,
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{1,39}$/, 'lower-case letters, digits, _ -'),
  description: z.string().trim().max(500).nullable().default(null),
});
export type FormSaveBody = z.infer<typeof formSaveBody>;

export const fieldQuery = pageQuery.extend({ formId: id });
export const fieldSaveBody = z.object({
  id: id.optional(),
  formId: id,
  key: z
    .string()
    .trim()
    .regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/, 'letters, digits, _'),
  label: name,
  labelEn: name,
  type: z.enum(FIELD_TYPES),
  required: z.boolean().default(false),
  dictCode: z.string().trim().max(64).nullable().default(null),
  options: z
    .array(z.object({ value: z.string().trim().min(1).max(64), label: z.string().trim().min(1).max(64) }))
    .max(100)
    .default([]),
  rules: fieldRules.default({}),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type FieldSaveBody = z.infer<typeof fieldSaveBody>;

/** The fields an XLSX template row carries (field/import): key, label, labelEn, type, required, options. */
export const fieldImportPreview = z.object({
  rows: z.array(fieldSaveBody.omit({ formId: true, id: true })),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type FieldImportPreview = z.infer<typeof fieldImportPreview>;
export const fieldImportBody = z.object({ rows: fieldImportPreview.shape.rows.max(200) });

// ───── workflow roles ─────
export const wfRoleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  members: z.array(z.object({ id: z.number().int(), name: z.string(), username: z.string() })),
  updatedAt: z.string(),
});
export type WfRoleRow = z.infer<typeof wfRoleRow>;
export const wfRoleQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  enabled: z.boolean().optional(),
});
export const wfRoleSaveBody = z.object({
  name,
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{1,39}$/, 'lower-case letters, digits, _ -'),
  description: z.string().trim().max(500).nullable().default(null),
  memberIds: z.array(z.number().int().positive()).max(200).default([]),
});
export type WfRoleSaveBody = z.infer<typeof wfRoleSaveBody>;
export const stateUpdateBody = z.object({ id, enabled: z.boolean() });

// ───── process definitions ─────
export const CONDITION_OPS = ['gt', 'gte', 'lt', 'lte', 'eq', 'ne'] as const;
export const nodeCondition = z.object({
  field: z.string().trim().min(1).max(40),
  op: z.enum(CONDITION_OPS),
  /** compared as a number when both sides are numeric (money in minor units), else as text */
  value: z.union([z.string().max(200), z.number()]),
});
export type NodeCondition = z.infer<typeof nodeCondition>;

export const APPROVER_KINDS = ['role', 'users', 'deptLeader', 'leaderChain'] as const;
export const processNode = z
  .object({
    key: z
      .string()
      .trim()
      .regex(/^[a-zA-Z][a-zA-Z0-9_-]{0,31}$/),
    name,
    type: z.enum(['approval', 'cc']),
    approverKind: z.enum(APPROVER_KINDS),
    roleId: z.number().int().positive().nullable().default(null),
    userIds: z.array(z.number().int().positive()).max(50).default([]),
    /** leaderChain: how many levels up (1 = the department leader) */
    levels: z.number().int().min(1).max(5).default(1),
    /** one-of: any one approver decides; all-of: countersign */
    mode: z.enum(['any', 'all']).default('any'),
    /** all must hold for the node to be on the route; none = always */
    conditions: z.array(nodeCondition).max(5).default([]),
    /** later nodes may send the request back to this one */
    rejectable: z.boolean().default(true),
    /** hours before the approver and the initiator are reminded; null = no limit */
    timeLimitHours: z
      .number()
      .int()
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
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  groupName: z.string(),
  serviceName: z.string(),
  formId: z.number().int(),
  formName: z.string(),
  applyPath: z.string().nullable(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  version: z.number().int(),
  versionId: z.number().int(),
  updatedAt: z.string(),
});
export type ProcessRow = z.infer<typeof processRow>;
export const processQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  serviceName: z.string().trim().max(64).optional(),
  enabled: z.boolean().optional(),
});
export const processSaveBody = z.object({
  id: id.optional(),
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{1,39}$/, 'lower-case letters, digits, _ -'),
  name,
  nameEn: name,
  groupName: z.string().trim().min(1).max(32),
  serviceName: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_.-]{1,39}$/),
  formId: id,
  applyPath: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*$/)
    .nullable()
    .default(null),
  description: z.string().trim().max(500).nullable().default(null),
  definition: processDefinition,
});
export type ProcessSaveBody = z.infer<typeof processSaveBody>;
export const processDetail = processRow.extend({ definition: processDefinition });
export type ProcessDetail = z.infer<typeof processDetail>;
export const versionRow = z.object({
  id: z.number().int(),
  processId: z.number().int(),
  version: z.number().int(),
  current: z.boolean(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  instanceCount: z.number().int(),
});
export type VersionRow = z.infer<typeof versionRow>;
export const processVersionDetail = versionRow.extend({ definition: processDefinition });

export const processNotify = z.object({
  processId: z.number().int(),
  events: z.array(z.enum(NOTIFY_EVENTS)),
  webhookUrl: z.string().url().max(500).nullable(),
});
export type ProcessNotify = z.infer<typeof processNotify>;
export const processNotifyBody = z.object({
  processId: id,
  events: z.array(z.enum(NOTIFY_EVENTS)).max(NOTIFY_EVENTS.length),
  webhookUrl: z
    .string()
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
    z.string().max(40),
    z.union([z.string().max(5000), z.number(), z.boolean(), z.array(z.string().max(200)).max(50), z.null()]),
  )
  .refine((v) => Object.keys(v).length <= 100, 'too many fields');
export type FormValues = z.infer<typeof formValues>;

export const startBody = z.object({
  processId: id,
  /** resubmit a returned request instead of starting a new one */
  instanceId: id.optional(),
  title: z.string().trim().min(1).max(120),
  formData: formValues,
  attachmentIds: z.array(z.string().min(1).max(64)).max(20).default([]),
});
export type StartBody = z.infer<typeof startBody>;
export const routePreviewBody = startBody.pick({ processId: true, formData: true });

export const instanceRef = z.object({ instanceId: id });
export const taskActionBody = z.object({
  taskId: id,
  opinion: z.string().trim().max(1000).default(''),
});
export const rejectBody = taskActionBody.extend({
  target: z.enum(REJECT_TARGETS),
  /** the node to go back to (target 'node') */
  nodeKey: z.string().max(32).optional(),
  opinion: z.string().trim().min(1).max(1000),
});
export const transmitBody = taskActionBody.extend({ toUserId: id });
export const commentBody = z.object({ instanceId: id, content: z.string().trim().min(1).max(1000) });
export const withdrawBody = z.object({ instanceId: id, opinion: z.string().trim().max(1000).default('') });

export const routeStep = z.object({
  nodeKey: z.string(),
  name: z.string(),
  type: z.enum(['approval', 'cc']),
  mode: z.enum(['any', 'all']),
  approvers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  timeLimitHours: z.number().int().nullable(),
  rejectable: z.boolean(),
});
export type RouteStep = z.infer<typeof routeStep>;

export const instanceRow = z.object({
  id: z.number().int(),
  title: z.string(),
  processId: z.number().int(),
  processName: z.string(),
  serviceName: z.string(),
  initiatorId: z.number().int(),
  initiatorName: z.string(),
  status: z.enum(INSTANCE_STATUSES),
  currentNodeName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** to-do / handled rows: the task */
  taskId: z.number().int().nullable(),
  taskNodeName: z.string().nullable(),
  taskStatus: z.enum(TASK_STATUSES).nullable(),
  taskCreatedAt: z.string().nullable(),
  taskHandledAt: z.string().nullable(),
  dueAt: z.string().nullable(),
});
export type InstanceRow = z.infer<typeof instanceRow>;

export const myPageQuery = z.object({
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(200).default(20),
  keyword: z.string().trim().max(64).optional(),
  processId: z.number().int().positive().optional(),
  serviceName: z.string().trim().max(64).optional(),
  status: z.enum(INSTANCE_STATUSES).optional(),
  /** ISO dates (inclusive), on the row's own date: task received / request started */
  dateFrom: z.string().date().optional(),
  dateTo: z.string().date().optional(),
});
export type MyPageQuery = z.infer<typeof myPageQuery>;

export const mySummary = z.object({
  todoNum: z.number().int(),
  applyNum: z.number().int(),
  handleNum: z.number().int(),
  ccNum: z.number().int(),
});
export type MySummary = z.infer<typeof mySummary>;

export const historyEntry = z.object({
  id: z.number().int(),
  action: z.enum(ACTION_KINDS),
  nodeKey: z.string().nullable(),
  nodeName: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  targetUserName: z.string().nullable(),
  opinion: z.string().nullable(),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const taskView = z.object({
  id: z.number().int(),
  nodeKey: z.string(),
  nodeName: z.string(),
  assigneeId: z.number().int(),
  assigneeName: z.string(),
  status: z.enum(TASK_STATUSES),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  dueAt: z.string().nullable(),
});
export type TaskView = z.infer<typeof taskView>;

export const instanceDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  processId: z.number().int(),
  processName: z.string(),
  version: z.number().int(),
  serviceName: z.string(),
  businessKey: z.string().nullable(),
  initiatorId: z.number().int(),
  initiatorName: z.string(),
  status: z.enum(INSTANCE_STATUSES),
  currentNodeKey: z.string().nullable(),
  currentNodeName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  formData: formValues,
  fields: z.array(formField),
  attachmentIds: z.array(z.string()),
  /** every attachment of the request (top-level and attachment fields) with a short-lived signed download URL */
  attachments: z.array(fileInfo),
  route: z.array(routeStep),
  /** node keys already passed on the route */
  passedNodeKeys: z.array(z.string()),
  tasks: z.array(taskView),
  history: z.array(historyEntry),
  ccUsers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  viewer: z.object({
    taskId: z.number().int().nullable(),
    canAgree: z.boolean(),
    canReject: z.boolean(),
    canTransmit: z.boolean(),
    canWithdraw: z.boolean(),
    canResubmit: z.boolean(),
    canComment: z.boolean(),
  }),
});
export type InstanceDetail = z.infer<typeof instanceDetail>;

export const option = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });
export type Option = z.infer<typeof option>;
export const sponsorProcess = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  groupName: z.string(),
  serviceName: z.string(),
  formId: z.number().int(),
  applyPath: z.string().nullable(),
  description: z.string().nullable(),
});
export type SponsorProcess = z.infer<typeof sponsorProcess>;

/**
 * `GET /v2/workflow/select/user`: active staff to pick (transmit target, user fields) for any
 * signed-in user, within the caller's data scope; `approvers` keeps only those who may act on
 * to-dos (the transmit picker). Answers names, job numbers and departments — no login names.
 */
export const userSelectQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(20),
  approvers: z.enum(['true', 'false']).optional(),
});
export type UserSelectQuery = z.infer<typeof userSelectQuery>;
export const userPick = z.object({
  id: z.number().int(),
  name: z.string(),
  jobNumber: z.string(),
  deptNames: z.array(z.string()),
});
export type UserPick = z.infer<typeof userPick>;
