import { ownedPartyFields, PARTY_ALIAS_PATTERN, PARTY_DOMAIN_PATTERN } from '../ownership/party.js';
import { defineResource } from '../resource/define.js';
import { CrmPerm } from './perms.js';

export const CUSTOMER_TYPES = ['C', 'R'] as const;
export const CUSTOMER_STATES = ['private', 'open_sea', 'blacklist'] as const;
export type CustomerState = (typeof CUSTOMER_STATES)[number];

/** an alias is the short name the messaging platform shows: letters, digits, dash and underscore */
export const ALIAS_PATTERN = PARTY_ALIAS_PATTERN;
/** a company e-mail domain, lower case */
export const DOMAIN_PATTERN = PARTY_DOMAIN_PATTERN;

const party = ownedPartyFields({
  noun: { zh: '客户', en: 'Customer' },
  name: { zh: '公司名称', en: 'Company name' },
  owner: { zh: '负责人', en: 'Owner' },
  states: CUSTOMER_STATES,
  reachPerm: CrmPerm.CONTACT_DETAILS,
});

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
    ...party.identity,
    // set once when the customer is added; a change goes through the alias change (approval)
    alias: { ...party.identity.alias, createOnly: true },
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
    country: party.country,
    industry: { kind: 'dict', dict: 'crm.industry', label: { zh: '所属行业', en: 'Industry' }, track: true },
    level: { kind: 'dict', dict: 'crm.customer_level', label: { zh: '客户等级', en: 'Level' }, track: true },
    source: { kind: 'dict', dict: 'crm.customer_source', label: { zh: '客户来源', en: 'Source' }, track: true },
    agentId: {
      kind: 'customer',
      ref: 'agent',
      label: { zh: '所属代理', en: 'Agent (business partner)' },
      track: true,
    },
    agentName: { kind: 'text', label: { zh: '所属代理', en: 'Agent' }, readOnly: true },
    emailDomains: party.domains({ zh: '公司邮箱域名', en: 'Company e-mail domains' }),
    ...party.reach,
    ...party.ownership,
    dealt: { kind: 'boolean', label: { zh: '已成交', en: 'Deal' }, required: true, readOnly: true, track: true },
    ...party.contact,
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
  history: {
    followUp: { dict: 'crm.follow_up_type' },
    labels: {
      // the churn rule's entry: paid traffic of the window before → the last window (decision 0048)
      paidTraffic: { zh: '付费流量', en: 'Paid traffic' },
      // the customer was made from a promotion sign-up (decision 0052)
      fromSignUp: { zh: '由推广报名转为客户', en: 'Converted from a promotion sign-up' },
    },
  },
});
