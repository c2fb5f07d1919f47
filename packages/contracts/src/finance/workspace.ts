import { z } from 'zod';
import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';

/**
 * Customer workspaces on the messaging platform and their API keys (decision 0116). A workspace
 * bills to one consumer account (one account may hold several); its API keys are shown once when
 * made, kept only as a SHA-256 hash with a visible prefix, rotated with a grace period, revoked, and
 * each limited to an IP allow-list. The messaging platform checks a key at `WORKSPACE_KEY_VERIFY_PATH`.
 */
const screen = (path: string): string => {
  const route = routeByPath(path);
  if (!route) throw new Error(`finance: no route ${path}`);
  return permOf(route);
};
const WORKSPACES = '/financial/account/consumer/workspace';
const KEYS = '/financial/account/consumer/workspaceapi';

export const WorkspacePerm = {
  /** the workspaces list (finance; sales for their customers' accounts) */
  WORKSPACES: screen(WORKSPACES),
  /** create a workspace, rename it */
  WORKSPACE_EDIT: `${screen(WORKSPACES)}:edit`,
  /** suspend / resume a workspace */
  WORKSPACE_STATE: `${screen(WORKSPACES)}:state`,
  /** the API keys list */
  KEYS: screen(KEYS),
  /** create, rotate, revoke a key, edit its name and allow-list */
  KEY_EDIT: `${screen(KEYS)}:edit`,
  /** check a key (the messaging platform's service user, finance) */
  KEY_VERIFY: `${screen(KEYS)}:verify`,
} as const;

export const WORKSPACE_STATES = ['active', 'suspended'] as const;
export type WorkspaceState = (typeof WORKSPACE_STATES)[number];
/** active; rotated: replaced, still valid until `expiresAt` (the grace period); revoked */
export const WORKSPACE_KEY_STATES = ['active', 'rotated', 'revoked'] as const;
export type WorkspaceKeyState = (typeof WORKSPACE_KEY_STATES)[number];

/** every key starts with this; the prefix kept for recognition is it and the next 8 characters */
export const WORKSPACE_KEY_SCHEME = 'pk_live_';
export const WORKSPACE_KEY_PREFIX_LENGTH = WORKSPACE_KEY_SCHEME.length + 8;
/** the longest grace a rotation may give the old key (30 days), in hours */
export const MAX_GRACE_HOURS = 720;
export const MAX_ALLOWED_IPS = 50;

export const WORKSPACE_API = '/v2/fc/workspace';
export const WORKSPACE_KEY_API = '/v2/fc/workspace/key';
/** create a key: its secret is in this answer only */
export const WORKSPACE_KEY_CREATE_PATH = `${WORKSPACE_KEY_API}/save`;
/** rotate a key: the new key's secret is in this answer only */
export const WORKSPACE_KEY_ROTATE_PATH = `${WORKSPACE_KEY_API}/rotate`;
/** the messaging platform's check of a key and the caller's IP */
export const WORKSPACE_KEY_VERIFY_PATH = `${WORKSPACE_KEY_API}/verify`;

/** one allow-list entry: an IPv4 or IPv6 address, or a CIDR range of either */
export const ipRange = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** the allow-list as typed: entries separated by commas, spaces or new lines */
export const splitAllowList = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The first entry that is not an address or CIDR range (none: the list is good). */
export const badAllowListEntry = (text: string | null | undefined): string | undefined =>
  splitAllowList(text).find((s) => !ipRange.safeParse(s).success);

/** An allow-list as written in a form or a request: at most 50 good entries; empty allows any IP. */
export const allowList = z
  .string()
  .max(4000)
  .refine((t) => badAllowListEntry(t) === undefined, { message: 'not an IP address or CIDR range' })
  .refine((t) => splitAllowList(t).length <= MAX_ALLOWED_IPS, { message: `at most ${MAX_ALLOWED_IPS} entries` });

export const workspaceKeyCreate = z.object({
  workspaceId: z.number().int().positive().max(2_147_483_647),
  name: z.string().trim().min(1).max(64),
  allowIps: allowList.optional(),
});
export type WorkspaceKeyCreate = z.infer<typeof workspaceKeyCreate>;

export const workspaceKeyRotate = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  /** how long the old key stays valid, in hours (0: it stops at once) */
  graceHours: z.number().int().min(0).max(MAX_GRACE_HOURS),
});
export type WorkspaceKeyRotate = z.infer<typeof workspaceKeyRotate>;

/** The answer that carries a secret: the only time it is ever shown. */
export const workspaceKeyIssued = z.object({ id: z.number(), prefix: z.string(), secret: z.string() });
export type WorkspaceKeyIssued = z.infer<typeof workspaceKeyIssued>;

export const workspaceKeyVerify = z.object({
  secret: z.string().min(1).max(200),
  /** the IP address the platform received the customer's call from */
  ip: z.union([z.ipv4(), z.ipv6()]),
});
export type WorkspaceKeyVerify = z.infer<typeof workspaceKeyVerify>;

export const workspaceKeyVerified = z.object({
  keyId: z.number(),
  prefix: z.string(),
  workspaceId: z.number(),
  workspaceCode: z.string(),
  accountId: z.number(),
  accountCode: z.string(),
});
export type WorkspaceKeyVerified = z.infer<typeof workspaceKeyVerified>;

export const workspaceStateOptions = [
  { value: 'active', label: label('正常', 'Active'), color: 'green' },
  { value: 'suspended', label: label('已暂停', 'Suspended'), color: 'orange' },
] as const;

export const workspaceKeyStateOptions = [
  { value: 'active', label: label('有效', 'Active'), color: 'green' },
  { value: 'rotated', label: label('已轮换（宽限期）', 'Rotated (grace)'), color: 'gold' },
  { value: 'revoked', label: label('已吊销', 'Revoked'), color: 'red' },
] as const;

const reason = {
  kind: 'text',
  label: label('原因', 'Reason'),
  required: true,
  rules: { minLength: 2, maxLength: 200 },
} as const;

/** `account/consumer/workspace`: a customer's workspaces, scoped by the account's customer owner. */
export const workspaceResource = defineResource({
  key: 'finance.workspace',
  title: label('工作空间', 'Workspaces'),
  api: WORKSPACE_API,
  routes: { list: WORKSPACES },
  titleField: 'code',
  fields: {
    code: { kind: 'text', label: label('空间编号', 'Workspace code'), readOnly: true },
    name: {
      kind: 'text',
      label: label('空间名称', 'Name'),
      required: true,
      track: true,
      rules: { minLength: 1, maxLength: 64 },
    },
    accountId: {
      kind: 'number',
      ref: 'account',
      label: label('结算账户', 'Billing account'),
      required: true,
      createOnly: true,
    },
    accountCode: { kind: 'text', label: label('账户编号', 'Account code'), readOnly: true },
    customerName: { kind: 'text', label: label('客户名称', 'Customer name'), readOnly: true },
    ownerId: { kind: 'user', label: label('客户负责人', 'Customer owner'), readOnly: true },
    state: {
      kind: 'enum',
      label: label('状态', 'State'),
      readOnly: true,
      track: true,
      options: workspaceStateOptions,
    },
    activeKeys: { kind: 'number', label: label('有效密钥', 'Active keys'), readOnly: true, quantity: true },
    suspendReason: { kind: 'text', label: label('暂停原因', 'Suspension reason'), readOnly: true, track: true },
    remark: { kind: 'textarea', label: label('备注', 'Remark'), track: true, rules: { maxLength: 500 } },
    createdBy: { kind: 'user', label: label('创建人', 'Created by'), readOnly: true },
    createdAt: { kind: 'datetime', label: label('创建时间', 'Created'), readOnly: true },
  },
  list: {
    columns: [
      'code',
      'state',
      'name',
      'accountCode',
      'customerName',
      'activeKeys',
      'ownerId',
      'createdBy',
      'createdAt',
    ],
    filters: {
      keyword: { op: 'like', fields: ['code', 'name'], label: label('编号/名称', 'Code or name') },
      accountId: { op: 'eq', field: 'accountId' },
      state: { op: 'eq', field: 'state' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['name', 'accountId', 'remark'] }] },
  detail: { header: ['code', 'name', 'state', 'accountCode'] },
  access: {
    list: WorkspacePerm.WORKSPACES,
    create: WorkspacePerm.WORKSPACE_EDIT,
    update: WorkspacePerm.WORKSPACE_EDIT,
    owner: 'ownerId',
  },
  commands: {
    suspend: {
      label: label('暂停', 'Suspend'),
      input: { reason },
      perm: WorkspacePerm.WORKSPACE_STATE,
      when: { field: 'state', in: ['active'] },
    },
    resume: {
      label: label('恢复', 'Resume'),
      confirm: label('恢复此工作空间？其密钥将重新可用。', 'Resume the workspace? Its keys work again.'),
      perm: WorkspacePerm.WORKSPACE_STATE,
      when: { field: 'state', in: ['suspended'] },
    },
  },
  export: { fileName: label('工作空间', 'Workspaces') },
  history: {},
});

/**
 * `account/consumer/workspaceapi`: the workspaces' API keys. Rows, details, exports and history never
 * carry a secret (there is none to carry: only its hash is stored); create and rotate are routes of
 * their own whose answer holds the secret once.
 */
export const workspaceKeyResource = defineResource({
  key: 'finance.workspaceKey',
  title: label('工作空间 API 密钥', 'Workspace API keys'),
  api: WORKSPACE_KEY_API,
  routes: { list: KEYS },
  titleField: 'prefix',
  fields: {
    prefix: { kind: 'text', label: label('密钥前缀', 'Key prefix'), readOnly: true },
    name: {
      kind: 'text',
      label: label('密钥名称', 'Key name'),
      required: true,
      track: true,
      rules: { minLength: 1, maxLength: 64 },
    },
    workspaceId: {
      kind: 'number',
      ref: 'workspace',
      label: label('工作空间', 'Workspace'),
      required: true,
      createOnly: true,
    },
    workspaceCode: { kind: 'text', label: label('空间编号', 'Workspace code'), readOnly: true },
    workspaceName: { kind: 'text', label: label('空间名称', 'Workspace name'), readOnly: true },
    accountCode: { kind: 'text', label: label('账户编号', 'Account code'), readOnly: true },
    ownerId: { kind: 'user', label: label('客户负责人', 'Customer owner'), readOnly: true },
    state: {
      kind: 'enum',
      label: label('状态', 'State'),
      readOnly: true,
      track: true,
      options: workspaceKeyStateOptions,
    },
    allowIps: {
      kind: 'textarea',
      label: label('IP 白名单', 'IP allow-list'),
      track: true,
      rules: { maxLength: 4000 },
    },
    expiresAt: { kind: 'datetime', label: label('失效时间', 'Expires'), readOnly: true, track: true },
    rotatedTo: { kind: 'text', label: label('替换为', 'Replaced by'), readOnly: true },
    lastUsedAt: { kind: 'datetime', label: label('最近使用', 'Last used'), readOnly: true },
    lastUsedIp: { kind: 'text', label: label('最近使用 IP', 'Last used from'), readOnly: true },
    createdBy: { kind: 'user', label: label('创建人', 'Created by'), readOnly: true },
    createdAt: { kind: 'datetime', label: label('创建时间', 'Created'), readOnly: true },
  },
  list: {
    columns: [
      'prefix',
      'state',
      'name',
      'workspaceCode',
      'workspaceName',
      'allowIps',
      'lastUsedAt',
      'expiresAt',
      'createdAt',
    ],
    filters: {
      keyword: { op: 'like', fields: ['prefix', 'name'], label: label('前缀/名称', 'Prefix or name') },
      workspaceId: { op: 'eq', field: 'workspaceId' },
      state: { op: 'eq', field: 'state' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['name', 'allowIps'] }] },
  detail: { header: ['prefix', 'name', 'state', 'workspaceCode'] },
  access: {
    list: WorkspacePerm.KEYS,
    update: WorkspacePerm.KEY_EDIT,
    updateWhen: { field: 'state', in: ['active', 'rotated'] },
    owner: 'ownerId',
  },
  commands: {
    revoke: {
      label: label('吊销', 'Revoke'),
      confirm: label('吊销后此密钥立即失效，不可恢复。', 'The key stops working at once, for good.'),
      perm: WorkspacePerm.KEY_EDIT,
      when: { field: 'state', in: ['active', 'rotated'] },
    },
  },
  export: { fileName: label('工作空间 API 密钥', 'Workspace API keys') },
  history: {},
});
