import { defineResource } from '../resource/define.js';
import { CrmPerm } from './perms.js';

export const CUSTOMER_TYPES = ['C', 'R'] as const;
export const CUSTOMER_STATES = ['private', 'open_sea', 'blacklist'] as const;
export type CustomerState = (typeof CUSTOMER_STATES)[number];

/** an alias is the short name the messaging platform shows: letters, digits, dash and underscore */
export const ALIAS_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]*$';
/** a company e-mail domain, lower case */
export const DOMAIN_PATTERN = '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$';

/**
 * A customer: a company buying messaging. Owner, state, lock, deal and contact times are set by
 * the room (create, commands, follow-ups, the deal event), never typed.
 */
export const customerResource = defineResource({
  key: 'crm.customer',
  title: { zh: '客户', en: 'Customers' },
  api: '/v2/crm/customer',
  routes: {
    list: '/crm/client-partner/my-client',
    detail: '/crm/customer/detail',
    create: '/crm/customer/add',
  },
  titleField: 'name',
  fields: {
    code: { kind: 'text', label: { zh: '客户编号', en: 'Customer code' }, readOnly: true },
    name: {
      kind: 'text',
      label: { zh: '公司名称', en: 'Company name' },
      required: true,
      rules: { minLength: 2, maxLength: 128 },
      track: true,
    },
    alias: {
      kind: 'text',
      label: { zh: '客户简称', en: 'Alias' },
      required: true,
      rules: { minLength: 2, maxLength: 32, pattern: ALIAS_PATTERN },
      track: true,
    },
    type: {
      kind: 'enum',
      label: { zh: '客户类型', en: 'Customer type' },
      required: true,
      createOnly: true,
      options: [
        { value: CUSTOMER_TYPES[0], label: { zh: 'C 端直客', en: 'C-end direct' }, color: 'blue' },
        { value: CUSTOMER_TYPES[1], label: { zh: 'R 端代理', en: 'R-end reseller' }, color: 'purple' },
      ],
    },
    country: { kind: 'country', label: { zh: '国家/地区', en: 'Country' }, required: true, track: true },
    industry: { kind: 'dict', dict: 'crm.industry', label: { zh: '所属行业', en: 'Industry' }, track: true },
    level: { kind: 'dict', dict: 'crm.customer_level', label: { zh: '客户等级', en: 'Level' }, track: true },
    source: { kind: 'dict', dict: 'crm.customer_source', label: { zh: '客户来源', en: 'Source' }, track: true },
    agentId: {
      kind: 'customer',
      ref: 'customer',
      label: { zh: '所属代理', en: 'Agent (business partner)' },
      track: true,
    },
    agentName: { kind: 'text', label: { zh: '所属代理', en: 'Agent' }, readOnly: true },
    emailDomains: {
      kind: 'text',
      label: { zh: '公司邮箱域名', en: 'Company e-mail domains' },
      multiple: true,
      maxItems: 10,
      rules: { maxLength: 128, pattern: DOMAIN_PATTERN },
      track: true,
    },
    phone: {
      kind: 'phone',
      label: { zh: '公司电话', en: 'Company phone' },
      track: true,
      perm: CrmPerm.CONTACT_DETAILS,
    },
    address: {
      kind: 'textarea',
      label: { zh: '地址', en: 'Address' },
      rules: { maxLength: 500 },
      track: true,
      perm: CrmPerm.CONTACT_DETAILS,
    },
    ownerId: { kind: 'user', label: { zh: '负责人', en: 'Owner' }, readOnly: true, track: true },
    ownerName: { kind: 'text', label: { zh: '负责人', en: 'Owner' }, readOnly: true },
    ownedAt: { kind: 'datetime', label: { zh: '领取时间', en: 'Owner since' }, readOnly: true },
    departmentId: { kind: 'department', label: { zh: '所属部门', en: 'Department' }, readOnly: true },
    state: {
      kind: 'enum',
      label: { zh: '客户状态', en: 'State' },
      required: true,
      readOnly: true,
      track: true,
      options: [
        { value: CUSTOMER_STATES[0], label: { zh: '私海', en: 'Private' }, color: 'green' },
        { value: CUSTOMER_STATES[1], label: { zh: '公海', en: 'Open sea' }, color: 'cyan' },
        { value: CUSTOMER_STATES[2], label: { zh: '黑名单', en: 'Blacklisted' }, color: 'red' },
      ],
    },
    blacklistReason: { kind: 'text', label: { zh: '拉黑原因', en: 'Blacklist reason' }, readOnly: true },
    locked: { kind: 'boolean', label: { zh: '锁定', en: 'Locked' }, required: true, readOnly: true, track: true },
    dealt: { kind: 'boolean', label: { zh: '已成交', en: 'Deal' }, required: true, readOnly: true, track: true },
    lastContactAt: { kind: 'datetime', label: { zh: '最近跟进', en: 'Last contact' }, readOnly: true },
    nextContactAt: { kind: 'datetime', label: { zh: '下次跟进', en: 'Next contact' }, readOnly: true },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
    /** when the retention rules return it to the open sea (none: locked, dealt, not private or no rule) */
    returnAt: { kind: 'datetime', label: { zh: '预计退回公海', en: 'Returns to the open sea' }, readOnly: true },
    /** its last return to the open sea */
    returnedAt: { kind: 'datetime', label: { zh: '退回公海时间', en: 'Returned to the open sea' }, readOnly: true },
  },
  list: {
    columns: [
      'code',
      'name',
      'returnAt',
      'alias',
      'type',
      'country',
      'level',
      'industry',
      'state',
      'ownerName',
      'dealt',
      'lastContactAt',
      'nextContactAt',
      'createdAt',
    ],
    filters: {
      keyword: {
        op: 'like',
        fields: ['name', 'alias', 'code'],
        label: { zh: '名称/简称/编号', en: 'Name, alias or code' },
      },
      type: { op: 'eq', field: 'type' },
      state: { op: 'eq', field: 'state' },
      country: { op: 'eq', field: 'country' },
      level: { op: 'eq', field: 'level' },
      industry: { op: 'eq', field: 'industry' },
      source: { op: 'eq', field: 'source' },
      returnedAt: { op: 'range', field: 'returnedAt' },
      ownerId: { op: 'eq', field: 'ownerId' },
      agentId: { op: 'eq', field: 'agentId' },
      dealt: { op: 'eq', field: 'dealt' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['code', 'name', 'alias', 'lastContactAt', 'nextContactAt', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: {
    sections: [
      {
        title: { zh: '基本信息', en: 'Company' },
        fields: ['name', 'alias', 'type', 'country', 'industry', 'level', 'source', 'agentId'],
      },
      { title: { zh: '联系方式', en: 'Reach' }, fields: ['emailDomains', 'phone', 'address'] },
    ],
  },
  detail: {
    header: ['code', 'alias', 'state', 'ownerName', 'dealt'],
    tabs: [
      { key: 'contacts', title: { zh: '联系人', en: 'Contacts' } },
      { key: 'opportunities', title: { zh: '商机', en: 'Opportunities' } },
      { key: 'agents', title: { zh: '代理客户', en: 'Agent customers' } },
      { key: 'accounts', title: { zh: '账户', en: 'Accounts' } },
      { key: 'mails', title: { zh: '邮件', en: 'Mails' } },
      { key: 'approvals', title: { zh: '审批', en: 'Approvals' } },
      { key: 'team', title: { zh: '团队成员', en: 'Team' } },
    ],
  },
  access: {
    list: CrmPerm.CUSTOMERS,
    create: CrmPerm.CUSTOMER_EDIT,
    update: CrmPerm.CUSTOMER_EDIT,
    owner: 'ownerId',
  },
  commands: {
    lock: {
      label: { zh: '锁定/解锁', en: 'Lock or unlock' },
      input: { locked: { kind: 'boolean', label: { zh: '锁定', en: 'Locked' }, required: true } },
      perm: CrmPerm.CUSTOMER_LOCK,
    },
  },
  history: { followUp: { dict: 'crm.follow_up_type' } },
});
