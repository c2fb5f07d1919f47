import { z } from 'zod';
import { pageQuery, pageResult } from '../paging.js';
import { defineResource } from '../resource/define.js';
import { int32Id, text } from '../validation/scalars.js';
import { ALIAS_PATTERN } from './customer.js';
import { CrmPerm } from './perms.js';

/**
 * CRM applications that go through the approval engine, each a process of its own service name:
 * an alias change, a class-A application (approved: level A), a customer source change, a team
 * name change (the customer's company name as its team is called on the platform) and a move to
 * the blacklist.
 */
export const APPLICATION_KINDS = ['alias', 'classA', 'source', 'teamName', 'blacklist'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];
export const APPLICATION_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** the approval service name of each kind (a process with that service name runs it) */
export const APPLICATION_SERVICES: Record<ApplicationKind, string> = {
  alias: 'crm.alias',
  classA: 'crm.classA',
  source: 'crm.source',
  teamName: 'crm.teamName',
  blacklist: 'crm.blacklist',
};

/** the code prefix of each kind's records */
export const APPLICATION_PREFIX: Record<ApplicationKind, string> = {
  alias: 'AL',
  classA: 'CA',
  source: 'SC',
  teamName: 'TN',
  blacklist: 'BL',
};

export const applicationResource = defineResource({
  key: 'crm.application',
  title: { zh: '客户申请', en: 'Customer applications' },
  api: '/v2/crm/application',
  routes: { list: '/crm/operate/approval-order', detail: '/crm/operate/approval-order/detail' },
  titleField: 'code',
  fields: {
    code: { kind: 'text', label: { zh: '申请编号', en: 'Application code' }, readOnly: true },
    kind: {
      kind: 'enum',
      label: { zh: '申请类型', en: 'Kind' },
      required: true,
      readOnly: true,
      options: [
        { value: 'alias', label: { zh: '简称变更', en: 'Alias change' }, color: 'blue' },
        { value: 'classA', label: { zh: 'A 类客户申请', en: 'Class-A application' }, color: 'gold' },
        { value: 'source', label: { zh: '客户来源变更', en: 'Source change' }, color: 'cyan' },
        { value: 'teamName', label: { zh: '团队名称变更', en: 'Team name change' }, color: 'purple' },
        { value: 'blacklist', label: { zh: '拉黑申请', en: 'Blacklisting' }, color: 'red' },
      ],
    },
    customerId: { kind: 'customer', ref: 'customer', label: { zh: '客户', en: 'Customer' }, readOnly: true },
    customerCode: { kind: 'text', label: { zh: '客户编号', en: 'Customer code' }, readOnly: true },
    customerName: { kind: 'text', label: { zh: '客户名称', en: 'Customer' }, readOnly: true },
    oldValue: { kind: 'text', label: { zh: '变更前', en: 'Before' }, readOnly: true },
    newValue: { kind: 'text', label: { zh: '变更后', en: 'After' }, readOnly: true },
    reason: { kind: 'textarea', label: { zh: '申请理由', en: 'Reason' }, readOnly: true },
    state: {
      kind: 'enum',
      label: { zh: '状态', en: 'State' },
      required: true,
      readOnly: true,
      options: [
        { value: 'pending', label: { zh: '审批中', en: 'Pending' }, color: 'processing' },
        { value: 'approved', label: { zh: '已通过', en: 'Approved' }, color: 'green' },
        { value: 'rejected', label: { zh: '已驳回', en: 'Rejected' }, color: 'red' },
        { value: 'withdrawn', label: { zh: '已撤回', en: 'Withdrawn' }, color: 'default' },
      ],
    },
    instanceId: { kind: 'number', label: { zh: '审批单号', en: 'Request no.' }, readOnly: true },
    initiatorId: { kind: 'user', label: { zh: '申请人', en: 'Applicant' }, readOnly: true },
    initiatorName: { kind: 'text', label: { zh: '申请人', en: 'Applicant' }, readOnly: true },
    opinion: { kind: 'text', label: { zh: '审批意见', en: 'Opinion' }, readOnly: true },
    createdAt: { kind: 'datetime', label: { zh: '申请时间', en: 'Applied' }, required: true, readOnly: true },
    decidedAt: { kind: 'datetime', label: { zh: '完成时间', en: 'Decided' }, readOnly: true },
  },
  list: {
    columns: [
      'code',
      'kind',
      'customerCode',
      'customerName',
      'oldValue',
      'newValue',
      'state',
      'initiatorName',
      'createdAt',
      'decidedAt',
    ],
    filters: {
      keyword: { op: 'like', fields: ['code'], label: { zh: '申请编号', en: 'Application code' } },
      kind: { op: 'eq', field: 'kind' },
      state: { op: 'eq', field: 'state' },
      customerId: { op: 'eq', field: 'customerId' },
      initiatorId: { op: 'eq', field: 'initiatorId' },
      /** the approval request (the 10050027 dialog opens the alias records with it) */
      taskId: { op: 'eq', field: 'instanceId' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['code', 'createdAt', 'decidedAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['code', 'kind', 'state', 'customerName', 'initiatorName'] },
  access: { list: CrmPerm.APPROVAL_ORDERS, owner: 'initiatorId' },
});

const reason = text().trim().min(1).max(500);
const customerId = int32Id();

/** POST /v2/crm/application/alias: a new alias, checked as the customer form checks it */
export const aliasApply = z.object({
  customerId,
  alias: text().trim().min(2).max(32).regex(new RegExp(ALIAS_PATTERN)),
  reason,
});
export const classAApply = z.object({ customerId, reason });
export const sourceApply = z.object({ customerId, source: text().trim().min(1).max(64), reason });
export const teamNameApply = z.object({ customerId, name: text().trim().min(2).max(128), reason });
export const blacklistApply = z.object({ customerId, reason });
/** takes customers off the blacklist: they go to the open sea */
export const blacklistRemove = z.object({ ids: z.array(int32Id()).min(1).max(200), reason });

export const applyResult = z.object({ id: z.number().int(), code: z.string(), instanceId: z.number().int() });

export type AliasApply = z.infer<typeof aliasApply>;
export type ClassAApply = z.infer<typeof classAApply>;
export type SourceApply = z.infer<typeof sourceApply>;
export type TeamNameApply = z.infer<typeof teamNameApply>;
export type BlacklistApply = z.infer<typeof blacklistApply>;
export type ApplyResult = z.infer<typeof applyResult>;

/** Where each kind's apply call goes. */
export const APPLY_PATHS: Record<ApplicationKind, string> = {
  alias: '/v2/crm/application/alias',
  classA: '/v2/crm/application/class-a',
  source: '/v2/crm/application/source',
  teamName: '/v2/crm/application/team-name',
  blacklist: '/v2/crm/application/blacklist',
};

/** The customers shared with colleagues (the share list), one row per member. */
export const shareRow = z.object({
  customerId: z.number().int(),
  customerCode: z.string(),
  customerName: z.string(),
  ownerName: z.string().nullable(),
  userId: z.number().int(),
  userName: z.string(),
  access: z.enum(['read', 'write']),
  grantedByName: z.string().nullable(),
  grantedAt: z.string(),
});
export type ShareRow = z.infer<typeof shareRow>;
export const shareQuery = pageQuery.extend({ keyword: text().trim().max(64).optional() });
export const sharePage = pageResult(shareRow);
