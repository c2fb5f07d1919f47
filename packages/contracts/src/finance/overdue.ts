import { z } from 'zod';
import { nameEn, nameZh } from '../reference/fields.js';
import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { BILL_CYCLES } from './account.js';
import { MAIL_FAILED_FILTER, MAILED_HEADER, mailedFields } from './bill-mail.js';
import { FinPerm } from './perms.js';

const setting = (path: string) => permOf(routeByPath(`/setModule/financial/${path}`)!);
/** a positive decimal amount as text (at most 16 digits before the point, 4 after) */
const AMOUNT = '^(0|[1-9][0-9]{0,15})(\\.[0-9]{1,4})?$';

/** What a step of the overdue ladder does (decision 0064). */
export const OVERDUE_ACTIONS = ['notify_owner', 'warn_customer', 'suspend', 'bad_debt'] as const;
export type OverdueAction = (typeof OVERDUE_ACTIONS)[number];
export const overdueActionOptions = [
  { value: 'notify_owner', label: label('通知负责人', 'Notify the owner'), color: 'blue' },
  { value: 'warn_customer', label: label('警告客户', 'Warn the customer'), color: 'orange' },
  { value: 'suspend', label: label('暂停发送', 'Suspend sending'), color: 'red' },
  { value: 'bad_debt', label: label('转坏账', 'Hand to bad debt'), color: 'magenta' },
] as const;

/**
 * `/setModule/financial/credit-rule`: the steps of the overdue ladder. A step fires when every
 * condition it sets holds for a postpaid account's overdue bills (days past the oldest unpaid
 * bill's due day, the unpaid amount, the number of unpaid bills); each step once per overdue
 * episode (the oldest overdue bill), evaluated by the daily job `finance.overdue`.
 */
export const creditRuleResource = defineResource({
  key: 'finance.creditRule',
  title: label('信用规则', 'Credit rules'),
  api: '/v2/fc/credit-rule',
  routes: { list: '/setModule/financial/credit-rule' },
  titleField: 'name',
  fields: {
    step: {
      kind: 'number',
      label: label('阶梯', 'Step'),
      required: true,
      rules: { min: 1, max: 99 },
      track: true,
    },
    name: { ...nameZh, rules: { maxLength: 64 } },
    nameEn: { ...nameEn, rules: { maxLength: 64 } },
    overdueDays: {
      kind: 'number',
      label: label('逾期天数 ≥', 'Days overdue ≥'),
      required: true,
      rules: { min: 0, max: 3650 },
      track: true,
    },
    minUnpaid: {
      kind: 'text',
      label: label('未付金额 ≥', 'Unpaid amount ≥'),
      rules: { maxLength: 21, pattern: AMOUNT },
      decimal: true,
      track: true,
    },
    minBills: {
      kind: 'number',
      label: label('未付账单数 ≥', 'Unpaid bills ≥'),
      rules: { min: 1, max: 120 },
      track: true,
    },
    action: {
      kind: 'enum',
      label: label('动作', 'Action'),
      required: true,
      options: overdueActionOptions,
      track: true,
    },
    enabled: { kind: 'boolean', label: label('启用', 'Enabled'), required: true, track: true },
    remark: { kind: 'text', label: label('备注', 'Remark'), rules: { maxLength: 200 }, track: true },
    updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
  },
  list: {
    columns: ['step', 'name', 'nameEn', 'overdueDays', 'minUnpaid', 'minBills', 'action', 'enabled', 'updatedAt'],
    filters: { action: { op: 'eq', field: 'action' }, enabled: { op: 'eq', field: 'enabled' } },
    sortable: ['step', 'updatedAt'],
    defaultSort: { field: 'step', order: 'ascend' },
  },
  form: {
    sections: [
      { fields: ['step', 'name', 'nameEn', 'overdueDays', 'minUnpaid', 'minBills', 'action', 'enabled', 'remark'] },
    ],
  },
  detail: { header: ['step', 'action', 'enabled'] },
  access: { list: setting('credit-rule'), create: setting('credit-rule'), update: setting('credit-rule') },
  export: { fileName: label('信用规则', 'credit-rules') },
  history: {},
});

/**
 * `/setModule/financial/credit-whitelist`: accounts the overdue ladder leaves alone, through a day
 * or for good; one row per account.
 */
export const creditWhitelistResource = defineResource({
  key: 'finance.creditWhitelist',
  title: label('信用白名单', 'Credit whitelist'),
  api: '/v2/fc/credit-whitelist',
  routes: { list: '/setModule/financial/credit-whitelist' },
  titleField: 'accountCode',
  fields: {
    accountId: {
      kind: 'number',
      ref: 'account',
      label: label('账户', 'Account'),
      required: true,
      createOnly: true,
      track: true,
    },
    accountCode: { kind: 'text', label: label('账户编号', 'Account code'), readOnly: true },
    customerName: { kind: 'text', label: label('客户名称', 'Customer name'), readOnly: true },
    until: { kind: 'date', label: label('豁免至（含，空为长期）', 'Exempt through (empty: no end)'), track: true },
    enabled: { kind: 'boolean', label: label('启用', 'Enabled'), required: true, track: true },
    reason: { kind: 'text', label: label('原因', 'Reason'), required: true, rules: { maxLength: 200 }, track: true },
    updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
  },
  list: {
    columns: ['accountCode', 'customerName', 'until', 'enabled', 'reason', 'updatedAt'],
    filters: { accountId: { op: 'eq', field: 'accountId' }, enabled: { op: 'eq', field: 'enabled' } },
    sortable: ['updatedAt'],
    defaultSort: { field: 'updatedAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['accountId', 'until', 'enabled', 'reason'] }] },
  detail: { header: ['accountCode', 'until', 'enabled'] },
  access: {
    list: setting('credit-whitelist'),
    create: setting('credit-whitelist'),
    update: setting('credit-whitelist'),
  },
  export: { fileName: label('信用白名单', 'credit-whitelist') },
  history: {},
});

/**
 * `/setModule/financial/notify`: who is told when a ladder step fires, per action: the customer's
 * owner, the finance staff, one more named person; several rows of an action add up (no row: the
 * owner).
 */
export const financeNotifyResource = defineResource({
  key: 'finance.notify',
  title: label('财务通知', 'Finance notifications'),
  api: '/v2/fc/notify',
  routes: { list: '/setModule/financial/notify' },
  titleField: 'name',
  fields: {
    name: { kind: 'text', label: label('说明', 'Description'), required: true, rules: { maxLength: 64 }, track: true },
    action: {
      kind: 'enum',
      label: label('动作', 'Action'),
      required: true,
      createOnly: true,
      options: overdueActionOptions,
      track: true,
    },
    toOwner: { kind: 'boolean', label: label('通知客户负责人', 'Tell the owner'), required: true, track: true },
    toFinance: { kind: 'boolean', label: label('通知财务', 'Tell finance'), required: true, track: true },
    userId: { kind: 'user', label: label('另通知', 'Also tell'), track: true },
    updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
  },
  list: {
    columns: ['name', 'action', 'toOwner', 'toFinance', 'userId', 'updatedAt'],
    filters: { action: { op: 'eq', field: 'action' } },
    sortable: ['updatedAt'],
    defaultSort: { field: 'updatedAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['name', 'action', 'toOwner', 'toFinance', 'userId'] }] },
  detail: { header: ['action', 'toOwner', 'toFinance'] },
  access: { list: setting('notify'), create: setting('notify'), update: setting('notify') },
  export: { fileName: label('财务通知', 'finance-notify') },
  history: {},
});

/**
 * `/setModule/financial/bill-cycle`: per cycle (monthly, semi-monthly, weekly), from a day on, the
 * payment terms (days after the period's end a bill is due) and the grace period (days past due
 * before it is overdue); a period uses the row in force on its last day.
 */
export const billCycleResource = defineResource({
  key: 'finance.billCycle',
  title: label('账单周期', 'Billing cycles'),
  api: '/v2/fc/bill-cycle',
  routes: { list: '/setModule/financial/bill-cycle' },
  titleField: 'cycle',
  fields: {
    cycle: {
      kind: 'enum',
      label: label('周期', 'Cycle'),
      required: true,
      createOnly: true,
      options: [
        { value: BILL_CYCLES[0], label: label('月结', 'Monthly') },
        { value: BILL_CYCLES[1], label: label('半月结', 'Semi-monthly') },
        { value: BILL_CYCLES[2], label: label('周结', 'Weekly') },
      ],
      track: true,
    },
    effectiveFrom: {
      kind: 'date',
      label: label('生效日', 'Effective from'),
      required: true,
      createOnly: true,
      track: true,
    },
    termDays: {
      kind: 'number',
      label: label('账期（天）', 'Payment terms (days)'),
      required: true,
      rules: { min: 0, max: 180 },
      track: true,
    },
    graceDays: {
      kind: 'number',
      label: label('宽限期（天）', 'Grace period (days)'),
      required: true,
      rules: { min: 0, max: 90 },
      track: true,
    },
    remark: { kind: 'text', label: label('备注', 'Remark'), rules: { maxLength: 200 }, track: true },
    updatedAt: { kind: 'datetime', label: label('更新时间', 'Updated'), required: true, readOnly: true },
  },
  list: {
    // the day first: a cycle has a row per day its terms changed
    columns: ['effectiveFrom', 'cycle', 'termDays', 'graceDays', 'remark', 'updatedAt'],
    filters: { cycle: { op: 'eq', field: 'cycle' } },
    sortable: ['updatedAt'],
    defaultSort: { field: 'updatedAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['cycle', 'effectiveFrom', 'termDays', 'graceDays', 'remark'] }] },
  detail: { header: ['cycle', 'effectiveFrom', 'termDays', 'graceDays'] },
  access: { list: setting('bill-cycle'), create: setting('bill-cycle'), update: setting('bill-cycle') },
  export: { fileName: label('账单周期', 'bill-cycles') },
  history: {},
});

export const BILL_STATES = ['draft', 'issued', 'partly_paid', 'paid', 'overdue', 'written_off'] as const;
export type BillState = (typeof BILL_STATES)[number];

/**
 * `account/consumer/bill`: postpaid bills, one per account and closed period, numbered `BL…`; the
 * amount is the period's consumption; what is unpaid is derived from the account's balance
 * (payments settle the oldest bills first). Written by the bill run only.
 */
export const billResource = defineResource({
  key: 'finance.bill',
  title: label('账户账单', 'Account bills'),
  api: '/v2/fc/bill',
  routes: { list: '/financial/account/consumer/bill' },
  titleField: 'code',
  fields: {
    code: { kind: 'text', label: label('账单编号', 'Bill number'), required: true, readOnly: true },
    accountId: { kind: 'number', ref: 'account', label: label('账户', 'Account'), required: true, readOnly: true },
    accountCode: { kind: 'text', label: label('账户编号', 'Account code'), readOnly: true },
    customerName: { kind: 'text', label: label('客户名称', 'Customer name'), readOnly: true },
    ownerId: { kind: 'user', label: label('客户负责人', 'Customer owner'), readOnly: true },
    periodStart: { kind: 'date', label: label('账期开始', 'Period from'), required: true, readOnly: true },
    periodEnd: { kind: 'date', label: label('账期结束', 'Period to'), required: true, readOnly: true },
    amount: { kind: 'text', label: label('账单金额', 'Amount'), required: true, readOnly: true, decimal: true },
    unpaid: { kind: 'text', label: label('未付金额', 'Unpaid'), required: true, readOnly: true, decimal: true },
    currency: { kind: 'text', label: label('币种', 'Currency'), required: true, readOnly: true },
    dueDay: { kind: 'date', label: label('到期日', 'Due'), required: true, readOnly: true },
    state: {
      kind: 'enum',
      label: label('状态', 'State'),
      required: true,
      readOnly: true,
      options: [
        { value: 'draft', label: label('草稿', 'Draft') },
        { value: 'issued', label: label('已出账', 'Issued'), color: 'processing' },
        { value: 'partly_paid', label: label('部分付款', 'Partly paid'), color: 'gold' },
        { value: 'paid', label: label('已付清', 'Paid'), color: 'green' },
        { value: 'overdue', label: label('已逾期', 'Overdue'), color: 'red' },
        { value: 'written_off', label: label('已核销', 'Written off') },
      ],
    },
    issuedAt: { kind: 'datetime', label: label('出账时间', 'Issued'), required: true, readOnly: true },
    ...mailedFields,
  },
  list: {
    // the state stays in view at 1280 px; the currency comes next, before anything else the screen may fold away
    columns: [
      'code',
      'accountCode',
      'amount',
      'unpaid',
      'state',
      'currency',
      'customerName',
      'dueDay',
      'periodStart',
      'periodEnd',
      'issuedAt',
    ],
    filters: {
      keyword: { op: 'like', fields: ['code'], label: label('账单编号', 'Bill number') },
      accountId: { op: 'eq', field: 'accountId' },
      state: { op: 'in', field: 'state' },
      periodEnd: { op: 'range', field: 'periodEnd' },
      ...MAIL_FAILED_FILTER,
    },
    sortable: ['issuedAt', 'dueDay'],
    defaultSort: { field: 'issuedAt', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['code', 'accountCode', 'amount', 'unpaid', 'currency', 'state', ...MAILED_HEADER] },
  access: { list: FinPerm.BILLS, owner: 'ownerId' },
  export: { fileName: label('账户账单', 'Account bills') },
  history: {},
});

/** The statement of a bill (XLSX): `GET {billResource.api}/{id}/statement`. */
export const billStatementPath = (id: number | string) => `/v2/fc/bill/${id}/statement`;
/** Mails a bill to its account's billing contact (decision 0135): `POST`, answers `billMailResult`. */
export const billMailPath = (id: number | string) => `/v2/fc/bill/${id}/mail`;

/** What the overdue ladder did (one row per account, step and episode). */
export const overdueRecord = z.object({
  id: z.number(),
  accountId: z.number(),
  ruleId: z.number(),
  billId: z.number(),
  action: z.enum(OVERDUE_ACTIONS),
  at: z.string(),
});
export type OverdueRecord = z.infer<typeof overdueRecord>;

/** The answer of a bill run or a ladder run (the jobs' work, also callable by finance). */
/** `statements`: the prepaid monthly statements the bill run wrote (decision 0111); a ladder run writes none. */
export const runResult = z.object({ day: z.string(), bills: z.number(), actions: z.number(), statements: z.number() });
export type RunResult = z.infer<typeof runResult>;
