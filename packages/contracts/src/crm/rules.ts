import { defineResource, type ResourceField } from '../resource/define.js';
import { CrmPerm } from './perms.js';

/**
 * The open-sea rules (`/setModule/crm/rules/*`, decision 0033) as settings records on the kernel:
 * each change is in the record's history; the server reads them where they apply (the return job,
 * claims, locks, the duplicate check). A handful of rows each: no filters, in the order made.
 */

const RULES = '/v2/crm/rules';
const label = (zh: string, en: string) => ({ zh, en });
const days = (zh: string, en: string, required = true) =>
  ({ kind: 'number', label: label(zh, en), required, rules: { min: 0, max: 3650 }, track: true }) as const;
const count = (zh: string, en: string) =>
  ({ kind: 'number', label: label(zh, en), rules: { min: 0, max: 100_000 }, track: true }) as const;
const enabled = { kind: 'boolean', label: label('启用', 'Enabled'), required: true, track: true } as const;
const updatedAt = { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true } as const;
const remark: ResourceField = { kind: 'text', label: label('备注', 'Remark'), rules: { maxLength: 200 }, track: true };
const settings = (perm: string) => ({
  access: { list: perm, create: perm, update: perm, delete: perm },
  history: {},
});
const customerLevel = {
  kind: 'dict',
  dict: 'crm.customer_level',
  label: label('客户等级（空 = 全部等级）', 'Customer level (empty: every level)'),
  track: true,
} as const;

/**
 * Retention: a private customer returns to the open sea after so many days without a follow-up, or
 * so many days owned without a deal; its owner hears of it `noticeDays` before. One row per level,
 * the row without a level for the others. Locked and dealt customers never return.
 */
export const retentionRuleResource = defineResource({
  key: 'crm.retentionRule',
  title: label('客户保有规则', 'Retention rules'),
  api: `${RULES}/retention`,
  routes: { list: '/setModule/crm/rules/retention' },
  titleField: 'level',
  fields: {
    level: customerLevel,
    followUpDays: days('未跟进天数', 'Days without a follow-up'),
    dealDays: days('未成交天数', 'Days without a deal'),
    noticeDays: days('提前提醒天数', 'Notice days before'),
    enabled,
    remark,
    updatedAt,
  },
  list: {
    columns: ['followUpDays', 'dealDays', 'noticeDays', 'level', 'enabled', 'remark', 'updatedAt'],
    filters: {},
    sortable: [],
    defaultSort: { field: 'id', order: 'ascend' },
  },
  form: { sections: [{ fields: ['level', 'followUpDays', 'dealDays', 'noticeDays', 'enabled', 'remark'] }] },
  ...settings(CrmPerm.RULES_RETENTION),
});

export const LEVEL_RULE_SUBJECTS = ['company', 'department', 'user'] as const;
export type LevelRuleSubject = (typeof LEVEL_RULE_SUBJECTS)[number];

/**
 * Owned-customer limits (`crm/rules/level`): for one user, one department, or the company (the
 * default). A claimant's rule is their own, else their first department's, else the company's.
 * Empty limits mean no limit.
 */
export const levelRuleResource = defineResource({
  key: 'crm.levelRule',
  title: label('客户数量规则', 'Owned-customer limits'),
  api: `${RULES}/level`,
  routes: { list: '/setModule/crm/rules/level' },
  titleField: 'appliesTo',
  fields: {
    /** the user's or department's name, `*` for the company */
    appliesTo: { kind: 'text', label: label('适用于', 'Applies to'), readOnly: true },
    subject: {
      kind: 'enum',
      label: label('适用对象', 'Applies to'),
      required: true,
      track: true,
      options: [
        { value: 'company', label: label('全公司（默认）', 'Company (default)'), color: 'blue' },
        { value: 'department', label: label('部门', 'Department'), color: 'purple' },
        { value: 'user', label: label('个人', 'User'), color: 'green' },
      ],
    },
    departmentId: { kind: 'department', label: label('部门', 'Department'), track: true },
    userId: { kind: 'user', label: label('用户', 'User'), track: true },
    userLimit: count('每人私海上限', 'Most customers per person'),
    departmentLimit: count('部门私海上限', 'Most customers per department'),
    countDealt: {
      kind: 'boolean',
      label: label('已成交客户计入上限', 'Dealt customers count'),
      required: true,
      track: true,
    },
    lockLimit: count('每人锁定上限', 'Most locked customers per person'),
    dailyClaimCap: count('每日领取上限', 'Claims per day'),
    cooldownDays: days('原负责人再领取间隔天数', 'Days before the previous owner may claim again', false),
    embargoDays: days('退回后禁止领取天数', 'Days no one may claim after a return', false),
    updatedAt,
  },
  list: {
    columns: [
      'appliesTo',
      'subject',
      'userLimit',
      'departmentLimit',
      'countDealt',
      'lockLimit',
      'dailyClaimCap',
      'cooldownDays',
      'embargoDays',
      'updatedAt',
    ],
    filters: {},
    sortable: [],
    defaultSort: { field: 'id', order: 'ascend' },
  },
  form: {
    sections: [
      { title: label('适用对象', 'Applies to'), fields: ['subject', 'departmentId', 'userId'] },
      {
        title: label('上限', 'Limits'),
        fields: ['userLimit', 'departmentLimit', 'countDealt', 'lockLimit', 'dailyClaimCap'],
      },
      { title: label('领取', 'Claims'), fields: ['cooldownDays', 'embargoDays'] },
    ],
  },
  ...settings(CrmPerm.RULES_LEVEL),
});

/**
 * Churn (`crm/rules/churn`): a dealt customer whose paid traffic fell by `dropPercent` over
 * `windowDays` against the days before is flagged and its owner told, optionally returned; the
 * daily `crm.churn` job evaluates it from the traffic port (decision 0048).
 */
export const churnRuleResource = defineResource({
  key: 'crm.churnRule',
  title: label('客户流失规则', 'Churn rules'),
  api: `${RULES}/churn`,
  routes: { list: '/setModule/crm/rules/churn' },
  titleField: 'level',
  fields: {
    level: customerLevel,
    dropPercent: {
      kind: 'number',
      label: label('付费流量下降比例（%）', 'Paid traffic fall (%)'),
      required: true,
      rules: { min: 1, max: 100 },
      track: true,
    },
    windowDays: {
      kind: 'number',
      label: label('对比周期（天）', 'Window (days)'),
      required: true,
      rules: { min: 1, max: 365 },
      track: true,
    },
    returnToSea: {
      kind: 'boolean',
      label: label('同时退回公海', 'Also return to the open sea'),
      required: true,
      track: true,
    },
    enabled,
    updatedAt,
  },
  list: {
    columns: ['dropPercent', 'windowDays', 'level', 'returnToSea', 'enabled', 'updatedAt'],
    filters: {},
    sortable: [],
    defaultSort: { field: 'id', order: 'ascend' },
  },
  form: { sections: [{ fields: ['level', 'dropPercent', 'windowDays', 'returnToSea', 'enabled'] }] },
  ...settings(CrmPerm.RULES_CHURN),
});

/**
 * The Buka allow list (`crm/rules/allow-buka`, 补卡: taking back one's own customer): staff on it
 * may claim back customers they lost to the open sea without waiting out the cool-down, until the
 * entry's end date (docs/domain.md, "Open sea").
 */
export const bukaAllowResource = defineResource({
  key: 'crm.bukaAllow',
  title: label('Buka 准入名单', 'Buka allow list'),
  api: `${RULES}/allow-buka`,
  routes: { list: '/setModule/crm/rules/allow-buka' },
  titleField: 'userName',
  fields: {
    userName: { kind: 'text', label: label('用户', 'User'), readOnly: true },
    userId: { kind: 'user', label: label('用户', 'User'), required: true, track: true },
    until: { kind: 'date', label: label('有效期至（空 = 长期）', 'Until (empty: no end)'), track: true },
    reason: { kind: 'text', label: label('原因', 'Reason'), required: true, rules: { maxLength: 200 }, track: true },
    updatedAt,
  },
  list: {
    columns: ['userName', 'until', 'reason', 'updatedAt'],
    filters: { userId: { op: 'eq', field: 'userId' } },
    sortable: [],
    defaultSort: { field: 'id', order: 'ascend' },
  },
  form: { sections: [{ fields: ['userId', 'until', 'reason'] }] },
  ...settings(CrmPerm.RULES_BUKA),
});

/** Free-mail domains (`crm/rules/domain`): they never identify a company in the duplicate check. */
export const freeMailDomainResource = defineResource({
  key: 'crm.freeMailDomain',
  title: label('免费邮箱域名', 'Free-mail domains'),
  api: `${RULES}/domain`,
  routes: { list: '/setModule/crm/rules/domain' },
  titleField: 'domain',
  fields: {
    domain: {
      kind: 'text',
      label: label('域名', 'Domain'),
      required: true,
      rules: {
        minLength: 3,
        maxLength: 128,
        pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$',
      },
      track: true,
    },
    remark,
    updatedAt,
  },
  list: {
    columns: ['domain', 'remark', 'updatedAt'],
    filters: { keyword: { op: 'like', fields: ['domain'], label: label('域名', 'Domain') } },
    sortable: ['domain'],
    defaultSort: { field: 'domain', order: 'ascend' },
  },
  form: { sections: [{ fields: ['domain', 'remark'] }] },
  ...settings(CrmPerm.RULES_DOMAIN),
});
