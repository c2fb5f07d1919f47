import { defineResource, type EnumOption, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { productOptions } from './account.js';

/**
 * The rest of a consumer account's records (decision 0121, issue 17 `account/consumer/*`): its
 * identity verifications and their review (`authcheck`), its contracts, its client applications
 * (`client`) and its linked cloud sender users (`awsUser`). Each row belongs to one account; who
 * sees it is the account's customer owner's data scope (finance: all). Each screen has an `:edit`
 * key (finance) for creating and changing rows; the verification review has `:decide`.
 */
const screen = (path: string): string => {
  const route = routeByPath(path);
  if (!route) throw new Error(`finance: no route ${path}`);
  return permOf(route);
};
const VERIFY = '/financial/account/consumer/authcheck';
const IDENTITY = '/financial/account/consumer/auth';
const CONTRACT = '/financial/account/consumer/contract';
const CLIENT = '/financial/account/consumer/client';
const AWS = '/financial/account/consumer/awsUser';

export const ConsumerPerm = {
  VERIFICATIONS: screen(VERIFY),
  /** submit a verification, correct its documents while it is pending */
  VERIFY_EDIT: `${screen(VERIFY)}:edit`,
  /** approve or reject a verification (never one's own submission) */
  VERIFY_DECIDE: `${screen(VERIFY)}:decide`,
  /** `auth`: every account's identity state (decision 0133) */
  IDENTITY: screen(IDENTITY),
  CONTRACTS: screen(CONTRACT),
  CONTRACT_EDIT: `${screen(CONTRACT)}:edit`,
  CLIENTS: screen(CLIENT),
  CLIENT_EDIT: `${screen(CLIENT)}:edit`,
  AWS_USERS: screen(AWS),
  AWS_USER_EDIT: `${screen(AWS)}:edit`,
} as const;

/** the account every row belongs to, and who owns its customer (data scope) */
const accountFields = {
  accountId: {
    kind: 'number',
    ref: 'account',
    label: label('结算账户', 'Account'),
    required: true,
    createOnly: true,
  },
  accountCode: { kind: 'text', label: label('账户编号', 'Account code'), readOnly: true },
  customerName: { kind: 'text', label: label('客户名称', 'Customer name'), readOnly: true },
  ownerId: { kind: 'user', label: label('客户负责人', 'Customer owner'), readOnly: true },
} as const;
const createdFields = {
  createdBy: { kind: 'user', label: label('登记人', 'Recorded by'), readOnly: true },
  createdAt: { kind: 'datetime', label: label('登记时间', 'Recorded'), readOnly: true },
} as const;
const reasonInput = {
  reason: {
    kind: 'text',
    label: label('原因', 'Reason'),
    required: true,
    rules: { minLength: 2, maxLength: 200 },
  },
} as const;
const remark = { kind: 'textarea', label: label('备注', 'Remark'), track: true, rules: { maxLength: 500 } } as const;

// ---------------------------------------------------------------- identity verification (authcheck)

export const VERIFICATION_SUBJECTS = ['company', 'person'] as const;
export const VERIFICATION_STATES = ['pending', 'approved', 'rejected'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export const verificationStateOptions: readonly EnumOption[] = [
  { value: 'pending', label: label('待审核', 'Pending'), color: 'blue' },
  { value: 'approved', label: label('已通过', 'Approved'), color: 'green' },
  { value: 'rejected', label: label('已驳回', 'Rejected'), color: 'red' },
];

/**
 * `account/consumer/authcheck`: an account customer's identity verification — a company's business
 * licence or a person's ID document (files uploaded through the files platform), submitted by finance
 * or the sales owner, decided by a finance reviewer who is not the submitter (approve, or reject with
 * a reason). One pending verification per account; a rejected one is followed by a new submission.
 */
export const verificationResource = defineResource({
  key: 'finance.verification',
  title: label('认证审核', 'Verification review'),
  api: '/v2/fc/verification',
  routes: { list: VERIFY },
  titleField: 'legalName',
  fields: {
    ...accountFields,
    subject: {
      kind: 'enum',
      label: label('主体类型', 'Subject'),
      required: true,
      createOnly: true,
      options: [
        { value: 'company', label: label('企业', 'Company') },
        { value: 'person', label: label('个人', 'Person') },
      ],
    },
    legalName: {
      kind: 'text',
      label: label('主体名称', 'Legal name'),
      required: true,
      track: true,
      rules: { minLength: 2, maxLength: 120 },
    },
    documentNo: {
      kind: 'text',
      label: label('证照号码', 'Licence / ID number'),
      required: true,
      track: true,
      rules: { minLength: 4, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' },
    },
    documents: {
      kind: 'attachment',
      label: label('证照文件', 'Documents'),
      required: true,
      track: true,
    },
    validUntil: { kind: 'date', label: label('证照有效期至', 'Valid until'), track: true },
    state: {
      kind: 'enum',
      label: label('状态', 'State'),
      readOnly: true,
      track: true,
      options: verificationStateOptions,
    },
    rejectReason: { kind: 'text', label: label('驳回原因', 'Reject reason'), readOnly: true, track: true },
    reviewedBy: { kind: 'user', label: label('审核人', 'Reviewed by'), readOnly: true },
    reviewedAt: { kind: 'datetime', label: label('审核时间', 'Reviewed'), readOnly: true },
    createdBy: { kind: 'user', label: label('提交人', 'Submitted by'), readOnly: true },
    createdAt: { kind: 'datetime', label: label('提交时间', 'Submitted'), readOnly: true },
  },
  list: {
    columns: [
      'accountCode',
      'legalName',
      'state',
      'customerName',
      'subject',
      'documentNo',
      'validUntil',
      'createdBy',
      'createdAt',
      'reviewedBy',
      'reviewedAt',
    ],
    filters: {
      keyword: {
        op: 'like',
        fields: ['legalName', 'documentNo'],
        label: label('主体名称/证照号码', 'Name or number'),
      },
      accountId: { op: 'eq', field: 'accountId' },
      state: { op: 'eq', field: 'state' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['createdAt', 'reviewedAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['accountId', 'subject', 'legalName', 'documentNo', 'validUntil', 'documents'] }] },
  detail: { header: ['accountCode', 'legalName', 'state', 'reviewedAt'] },
  access: {
    list: ConsumerPerm.VERIFICATIONS,
    create: ConsumerPerm.VERIFY_EDIT,
    update: ConsumerPerm.VERIFY_EDIT,
    updateWhen: { field: 'state', in: ['pending'] },
    owner: 'ownerId',
  },
  commands: {
    approve: {
      label: label('通过', 'Approve'),
      confirm: label('确认证照与主体一致，通过认证？', 'The documents match the subject: approve?'),
      perm: ConsumerPerm.VERIFY_DECIDE,
      when: { field: 'state', in: ['pending'] },
    },
    reject: {
      label: label('驳回', 'Reject'),
      input: reasonInput,
      perm: ConsumerPerm.VERIFY_DECIDE,
      when: { field: 'state', in: ['pending'] },
    },
  },
  export: { fileName: label('认证审核', 'Verifications') },
  history: {},
});

// ---------------------------------------------------------------- identity state per account (auth)

/** days before the approved document's valid-until from which the account is "expiring" */
export const IDENTITY_EXPIRING_DAYS = 30;
export const IDENTITY_STATES = ['none', 'pending', 'verified', 'expiring', 'expired', 'rejected'] as const;
export type IdentityState = (typeof IDENTITY_STATES)[number];
/** the states from which a new submission is a renewal (otherwise a first or repeated submission) */
export const IDENTITY_RENEWABLE: readonly IdentityState[] = ['verified', 'expiring', 'expired'];
/** the states in which a submission is taken at all (one pending verification per account) */
export const IDENTITY_SUBMITTABLE: readonly IdentityState[] = ['none', 'rejected', ...IDENTITY_RENEWABLE];

export const identityStateOptions: readonly EnumOption[] = [
  { value: 'none', label: label('未认证', 'Not verified'), color: 'default' },
  { value: 'pending', label: label('审核中', 'Under review'), color: 'blue' },
  { value: 'verified', label: label('已认证', 'Verified'), color: 'green' },
  { value: 'expiring', label: label('即将到期', 'Expiring'), color: 'orange' },
  { value: 'expired', label: label('已过期', 'Expired'), color: 'red' },
  { value: 'rejected', label: label('已驳回', 'Rejected'), color: 'volcano' },
];

/**
 * `account/consumer/auth` (实名认证, decision 0133): one row per open consumer account in the
 * caller's scope with its identity state, read from its latest verification (`authcheck` reviews
 * them): none, pending, verified, expiring (the approved document's valid-until within
 * IDENTITY_EXPIRING_DAYS), expired, rejected. A submission or a renewal is a new verification.
 */
export const identityResource = defineResource({
  key: 'finance.identity',
  title: label('实名认证', 'Identity verification'),
  api: '/v2/fc/identity',
  routes: { list: IDENTITY },
  titleField: 'code',
  fields: {
    code: { kind: 'text', label: label('账户编号', 'Account code'), readOnly: true },
    customerId: { kind: 'customer', label: label('客户', 'Customer'), readOnly: true },
    customerName: { kind: 'text', label: label('客户名称', 'Customer name'), readOnly: true },
    ownerId: { kind: 'user', label: label('客户负责人', 'Customer owner'), readOnly: true },
    identityState: {
      kind: 'enum',
      label: label('认证状态', 'Identity state'),
      readOnly: true,
      options: identityStateOptions,
    },
    verificationId: { kind: 'number', label: label('当前认证', 'Current verification'), readOnly: true },
    subject: {
      kind: 'enum',
      label: label('主体类型', 'Subject'),
      readOnly: true,
      options: [
        { value: 'company', label: label('企业', 'Company') },
        { value: 'person', label: label('个人', 'Person') },
      ],
    },
    legalName: { kind: 'text', label: label('主体名称', 'Legal name'), readOnly: true },
    documentNo: { kind: 'text', label: label('证照号码', 'Licence / ID number'), readOnly: true },
    validUntil: { kind: 'date', label: label('证照有效期至', 'Valid until'), readOnly: true },
    submittedBy: { kind: 'user', label: label('提交人', 'Submitted by'), readOnly: true },
    submittedAt: { kind: 'datetime', label: label('提交时间', 'Submitted'), readOnly: true },
    decidedBy: { kind: 'user', label: label('审核人', 'Reviewed by'), readOnly: true },
    decidedAt: { kind: 'datetime', label: label('审核时间', 'Reviewed'), readOnly: true },
    createdAt: { kind: 'datetime', label: label('开户申请时间', 'Account created'), readOnly: true },
  },
  list: {
    columns: [
      'code',
      'identityState',
      'customerName',
      'legalName',
      'validUntil',
      'subject',
      'documentNo',
      'submittedBy',
      'submittedAt',
      'decidedBy',
      'decidedAt',
      'ownerId',
    ],
    filters: {
      keyword: { op: 'like', fields: ['code'], label: label('账户编号', 'Account code') },
      customerId: { op: 'eq', field: 'customerId' },
      identityState: { op: 'eq', field: 'identityState' },
    },
    sortable: ['createdAt', 'code'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['code', 'customerName', 'identityState', 'validUntil'] },
  access: { list: ConsumerPerm.IDENTITY, owner: 'ownerId' },
  export: { fileName: label('实名认证', 'Identity verification') },
  history: false,
});

// ---------------------------------------------------------------- contracts

export const CONTRACT_STATES = ['active', 'terminated'] as const;

/**
 * `account/consumer/contract`: the account's signed contracts — number (unique), title, term (first
 * and last day), signed day, the signed file; terminated early with a reason. Expiry is read from the
 * last day (a filter), not a state.
 */
export const contractResource = defineResource({
  key: 'finance.contract',
  title: label('合同管理', 'Contracts'),
  api: '/v2/fc/contract',
  routes: { list: CONTRACT },
  titleField: 'contractNo',
  fields: {
    contractNo: {
      kind: 'text',
      label: label('合同编号', 'Contract no.'),
      required: true,
      createOnly: true,
      rules: { minLength: 3, maxLength: 40, pattern: '^[A-Za-z0-9][A-Za-z0-9-/]*$' },
    },
    title: {
      kind: 'text',
      label: label('合同名称', 'Title'),
      required: true,
      track: true,
      rules: { minLength: 2, maxLength: 120 },
    },
    ...accountFields,
    startsOn: { kind: 'date', label: label('生效日', 'Starts'), required: true, track: true },
    endsOn: { kind: 'date', label: label('到期日', 'Ends'), required: true, track: true },
    signedOn: { kind: 'date', label: label('签署日', 'Signed'), track: true },
    files: { kind: 'attachment', label: label('合同文件', 'Contract file'), track: true },
    state: {
      kind: 'enum',
      label: label('状态', 'State'),
      readOnly: true,
      track: true,
      options: [
        { value: 'active', label: label('有效', 'Active'), color: 'green' },
        { value: 'terminated', label: label('已终止', 'Terminated'), color: 'red' },
      ],
    },
    terminateReason: { kind: 'text', label: label('终止原因', 'Termination reason'), readOnly: true, track: true },
    remark,
    ...createdFields,
  },
  list: {
    columns: [
      'contractNo',
      'title',
      'state',
      'endsOn',
      'accountCode',
      'customerName',
      'startsOn',
      'signedOn',
      'ownerId',
      'createdAt',
    ],
    filters: {
      keyword: { op: 'like', fields: ['contractNo', 'title'], label: label('编号/名称', 'No. or title') },
      accountId: { op: 'eq', field: 'accountId' },
      state: { op: 'eq', field: 'state' },
      endsOn: { op: 'range', field: 'endsOn' },
    },
    sortable: ['endsOn', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: {
    sections: [{ fields: ['contractNo', 'title', 'accountId', 'startsOn', 'endsOn', 'signedOn', 'files', 'remark'] }],
  },
  detail: { header: ['contractNo', 'accountCode', 'endsOn', 'state'] },
  access: {
    list: ConsumerPerm.CONTRACTS,
    create: ConsumerPerm.CONTRACT_EDIT,
    update: ConsumerPerm.CONTRACT_EDIT,
    updateWhen: { field: 'state', in: ['active'] },
    owner: 'ownerId',
  },
  commands: {
    terminate: {
      label: label('终止', 'Terminate'),
      input: reasonInput,
      perm: ConsumerPerm.CONTRACT_EDIT,
      when: { field: 'state', in: ['active'] },
    },
  },
  export: { fileName: label('合同', 'Contracts') },
  history: {},
});

// ---------------------------------------------------------------- client applications

export const CLIENT_STATES = ['active', 'disabled'] as const;
const onOffOptions: readonly EnumOption[] = [
  { value: 'active', label: label('启用', 'Active'), color: 'green' },
  { value: 'disabled', label: label('停用', 'Disabled'), color: 'default' },
];

/**
 * `account/consumer/client`: the client applications (sub-accounts) a customer sends through under
 * one account — app id (`APP…`, given on create), name, the product (one of the account's), state.
 */
export const clientResource = defineResource({
  key: 'finance.client',
  title: label('客户应用', 'Client applications'),
  api: '/v2/fc/client',
  routes: { list: CLIENT },
  titleField: 'appId',
  fields: {
    appId: { kind: 'text', label: label('应用 ID', 'App id'), readOnly: true },
    name: {
      kind: 'text',
      label: label('应用名称', 'Name'),
      required: true,
      track: true,
      rules: { minLength: 1, maxLength: 64 },
    },
    ...accountFields,
    product: {
      kind: 'enum',
      label: label('产品', 'Product'),
      required: true,
      createOnly: true,
      options: productOptions,
    },
    state: { kind: 'enum', label: label('状态', 'State'), readOnly: true, track: true, options: onOffOptions },
    remark,
    ...createdFields,
  },
  list: {
    columns: ['appId', 'name', 'state', 'product', 'accountCode', 'customerName', 'ownerId', 'createdAt'],
    filters: {
      keyword: { op: 'like', fields: ['appId', 'name'], label: label('应用 ID/名称', 'App id or name') },
      accountId: { op: 'eq', field: 'accountId' },
      product: { op: 'eq', field: 'product' },
      state: { op: 'eq', field: 'state' },
    },
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['name', 'accountId', 'product', 'remark'] }] },
  detail: { header: ['appId', 'name', 'product', 'state'] },
  access: {
    list: ConsumerPerm.CLIENTS,
    create: ConsumerPerm.CLIENT_EDIT,
    update: ConsumerPerm.CLIENT_EDIT,
    owner: 'ownerId',
  },
  commands: {
    disable: {
      label: label('停用', 'Disable'),
      input: reasonInput,
      perm: ConsumerPerm.CLIENT_EDIT,
      when: { field: 'state', in: ['active'] },
    },
    enable: {
      label: label('启用', 'Enable'),
      confirm: label('重新启用此应用？', 'Enable the application again?'),
      perm: ConsumerPerm.CLIENT_EDIT,
      when: { field: 'state', in: ['disabled'] },
    },
  },
  export: { fileName: label('客户应用', 'Client applications') },
  history: {},
});

// ---------------------------------------------------------------- linked cloud sender users

export const AWS_USER_KINDS = ['iam_user', 'ses_identity'] as const;
export type AwsUserKind = (typeof AWS_USER_KINDS)[number];
export const AWS_USER_STATES = ['pending', 'verified', 'disabled'] as const;
export const AWS_REGIONS = [
  'us-east-1',
  'us-west-2',
  'eu-west-1',
  'eu-central-1',
  'ap-southeast-1',
  'ap-northeast-1',
  'ap-south-1',
  'sa-east-1',
] as const;

/** an IAM user's ARN: 12-digit account, user path and name */
const IAM_ARN = /^arn:aws:iam::\d{12}:user\/[\w+=,.@/-]{1,128}$/;
/** an SES sender identity: an e-mail address or a domain */
const SES_IDENTITY = /^([^\s@]+@)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
/** The identity is well formed for its kind (the server refuses otherwise). */
export const awsIdentityOk = (kind: AwsUserKind, identity: string): boolean =>
  (kind === 'iam_user' ? IAM_ARN : SES_IDENTITY).test(identity);

/**
 * `account/consumer/awsUser`: cloud sender users linked to the account — an AWS IAM user (ARN) the
 * customer sends SNS / SES through, or an SES sender identity (address or domain) — per region; one
 * row per (region, identity). Linked as pending; finance marks it verified (when) after checking it
 * on the cloud side, or disables it.
 */
export const awsUserResource = defineResource({
  key: 'finance.awsUser',
  title: label('AWS 用户', 'AWS users'),
  api: '/v2/fc/aws-user',
  routes: { list: AWS },
  titleField: 'identity',
  fields: {
    kind: {
      kind: 'enum',
      label: label('类型', 'Kind'),
      required: true,
      createOnly: true,
      options: [
        { value: 'iam_user', label: label('IAM 用户', 'IAM user') },
        { value: 'ses_identity', label: label('SES 发信身份', 'SES identity') },
      ],
    },
    identity: {
      kind: 'text',
      label: label('身份（ARN/邮箱/域名）', 'Identity (ARN, address or domain)'),
      required: true,
      createOnly: true,
      rules: { minLength: 3, maxLength: 200 },
    },
    region: {
      kind: 'enum',
      label: label('区域', 'Region'),
      required: true,
      createOnly: true,
      options: AWS_REGIONS.map((r) => ({ value: r, label: label(r, r) })),
    },
    ...accountFields,
    state: {
      kind: 'enum',
      label: label('状态', 'State'),
      readOnly: true,
      track: true,
      options: [
        { value: 'pending', label: label('待验证', 'Pending'), color: 'blue' },
        { value: 'verified', label: label('已验证', 'Verified'), color: 'green' },
        { value: 'disabled', label: label('已停用', 'Disabled'), color: 'default' },
      ],
    },
    verifiedAt: { kind: 'datetime', label: label('验证时间', 'Verified at'), readOnly: true, track: true },
    remark,
    ...createdFields,
  },
  list: {
    columns: ['identity', 'state', 'region', 'kind', 'accountCode', 'customerName', 'verifiedAt', 'createdAt'],
    filters: {
      keyword: { op: 'like', fields: ['identity'], label: label('身份', 'Identity') },
      accountId: { op: 'eq', field: 'accountId' },
      region: { op: 'eq', field: 'region' },
      state: { op: 'eq', field: 'state' },
    },
    sortable: ['createdAt', 'verifiedAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['kind', 'identity', 'region', 'accountId', 'remark'] }] },
  detail: { header: ['identity', 'region', 'state', 'verifiedAt'] },
  access: {
    list: ConsumerPerm.AWS_USERS,
    create: ConsumerPerm.AWS_USER_EDIT,
    update: ConsumerPerm.AWS_USER_EDIT,
    owner: 'ownerId',
  },
  commands: {
    verify: {
      label: label('标记已验证', 'Mark verified'),
      confirm: label('已在云端核实此身份？', 'Checked this identity on the cloud side?'),
      perm: ConsumerPerm.AWS_USER_EDIT,
      when: { field: 'state', in: ['pending', 'disabled'] },
    },
    disable: {
      label: label('停用', 'Disable'),
      input: reasonInput,
      perm: ConsumerPerm.AWS_USER_EDIT,
      when: { field: 'state', in: ['pending', 'verified'] },
    },
  },
  export: { fileName: label('AWS 用户', 'AWS users') },
  history: {},
});
