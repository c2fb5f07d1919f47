import { defineResource } from '../resource/define.js';
import { CrmPerm } from './perms.js';

export const OPPORTUNITY_STATUSES = ['open', 'won', 'lost', 'invalid'] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];

/**
 * A sales opportunity on a customer: its stage comes from the stage list of the owner's department
 * group (settings data, each stage with a win rate); it ends won, lost (with a reason) or invalid.
 */
export const opportunityResource = defineResource({
  key: 'crm.opportunity',
  title: { zh: '商机', en: 'Opportunities' },
  api: '/v2/crm/opportunity',
  routes: { list: '/crm/client-partner/my-client', detail: '/crm/opportunity/detail', create: '/crm/opportunity/add' },
  titleField: 'name',
  fields: {
    customerId: {
      kind: 'customer',
      ref: 'customer',
      label: { zh: '客户', en: 'Customer' },
      required: true,
      createOnly: true,
    },
    customerName: { kind: 'text', label: { zh: '客户', en: 'Customer' }, readOnly: true },
    name: {
      kind: 'text',
      label: { zh: '商机名称', en: 'Name' },
      required: true,
      rules: { maxLength: 128 },
      track: true,
    },
    stage: {
      kind: 'text',
      label: { zh: '阶段', en: 'Stage' },
      required: true,
      rules: { maxLength: 32, pattern: '^[a-z][a-z0-9_]*$' },
      track: true,
    },
    winRate: { kind: 'percent', label: { zh: '赢率', en: 'Win rate' }, readOnly: true },
    amount: { kind: 'money', label: { zh: '预计金额', en: 'Amount' }, required: true, rules: { min: 0 }, track: true },
    currency: {
      kind: 'text',
      label: { zh: '币种', en: 'Currency' },
      required: true,
      rules: { pattern: '^[A-Z]{3}$' },
      track: true,
    },
    expectedCloseDate: { kind: 'date', label: { zh: '预计成交日期', en: 'Expected close' }, track: true },
    status: {
      kind: 'enum',
      label: { zh: '状态', en: 'Status' },
      required: true,
      readOnly: true,
      track: true,
      options: [
        { value: OPPORTUNITY_STATUSES[0], label: { zh: '进行中', en: 'Open' }, color: 'blue' },
        { value: OPPORTUNITY_STATUSES[1], label: { zh: '赢单', en: 'Won' }, color: 'green' },
        { value: OPPORTUNITY_STATUSES[2], label: { zh: '输单', en: 'Lost' }, color: 'red' },
        { value: OPPORTUNITY_STATUSES[3], label: { zh: '无效', en: 'Invalid' }, color: 'default' },
      ],
    },
    lostReason: { kind: 'dict', dict: 'crm.lost_reason', label: { zh: '输单原因', en: 'Lost reason' }, readOnly: true },
    ownerId: { kind: 'user', label: { zh: '负责人', en: 'Owner' }, readOnly: true },
    ownerName: { kind: 'text', label: { zh: '负责人', en: 'Owner' }, readOnly: true },
    closedAt: { kind: 'datetime', label: { zh: '关闭时间', en: 'Closed' }, readOnly: true },
    createdAt: { kind: 'datetime', label: { zh: '创建时间', en: 'Created' }, required: true, readOnly: true },
  },
  list: {
    columns: ['name', 'customerName', 'stage', 'winRate', 'amount', 'currency', 'status', 'ownerName', 'createdAt'],
    filters: {
      keyword: { op: 'like', fields: ['name'] },
      customerId: { op: 'eq', field: 'customerId' },
      stage: { op: 'eq', field: 'stage' },
      status: { op: 'eq', field: 'status' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['name', 'amount', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['customerId', 'name', 'stage', 'amount', 'currency', 'expectedCloseDate'] }] },
  detail: { header: ['customerName', 'stage', 'status', 'amount'] },
  access: {
    list: CrmPerm.CUSTOMERS,
    create: CrmPerm.OPPORTUNITY_EDIT,
    update: CrmPerm.OPPORTUNITY_EDIT,
    owner: 'ownerId',
  },
  commands: {
    win: {
      label: { zh: '赢单', en: 'Won' },
      confirm: { zh: '确认该商机已赢单？', en: 'Mark this opportunity as won?' },
      perm: CrmPerm.OPPORTUNITY_EDIT,
    },
    lose: {
      label: { zh: '输单', en: 'Lost' },
      input: {
        lostReason: {
          kind: 'dict',
          dict: 'crm.lost_reason',
          label: { zh: '输单原因', en: 'Lost reason' },
          required: true,
        },
      },
      perm: CrmPerm.OPPORTUNITY_EDIT,
    },
    invalidate: {
      label: { zh: '无效', en: 'Invalid' },
      confirm: { zh: '确认将该商机标记为无效？', en: 'Mark this opportunity as invalid?' },
      perm: CrmPerm.OPPORTUNITY_EDIT,
    },
  },
  history: {},
});
