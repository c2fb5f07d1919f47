import { defineResource, label } from '../resource/define.js';
import { FinPerm } from './perms.js';

/** What an application asks for: opening an account, or moving money (each its own approval process). */
export const APPLICATION_KINDS = [
  'open',
  'recharge',
  'payment',
  'hedge',
  'gift',
  'manual',
  'prepay_credit',
  'postpay_credit',
  'temp_credit',
  'deferral',
  'billing_change',
  'cycle_change',
  'refund',
  'write_off',
  'reinstate',
  'allocation',
] as const;
export type FinApplicationKind = (typeof APPLICATION_KINDS)[number];
export const MONEY_KINDS = ['recharge', 'payment', 'hedge', 'gift', 'manual'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];
/** Credit-line applications (credit-apply/prepay, postpay): the new line, by the account's billing method. */
export const CREDIT_KINDS = ['prepay_credit', 'postpay_credit'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];
/**
 * The other credit-control applications (credit-apply/temporary, deferral, method, bill-change):
 * a temporary credit until a day, a payment deferral until a day, a billing-method change, a
 * bill-cycle change; one under review per account and kind.
 */
export const CHANGE_KINDS = ['temp_credit', 'deferral', 'billing_change', 'cycle_change'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
/** Spec 7: where each change is applied for (`…/apply`) and read (by id, by `processInstance/{id}`). */
export const CHANGE_BASE: Record<ChangeKind, string> = {
  temp_credit: '/v2/fc/temp/credit',
  deferral: '/v2/fc/cre/returnMoneyDelay',
  billing_change: '/v2/fc/cre/payChange',
  cycle_change: '/v2/fc/cre/cycleUpdate',
};
/** every application `credit-record` and `creditModifyRecord` list */
export const CREDIT_CONTROL_KINDS = [...CREDIT_KINDS, ...CHANGE_KINDS] as const;
export const APPLICATION_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type FinApplicationState = (typeof APPLICATION_STATES)[number];

/** The approval engine's service name of each kind. */
export const FIN_SERVICES: Record<FinApplicationKind, string> = {
  open: 'finance.account_open',
  recharge: 'finance.recharge',
  payment: 'finance.payment',
  hedge: 'finance.hedge',
  gift: 'finance.gift',
  manual: 'finance.manual',
  prepay_credit: 'finance.prepay_credit',
  postpay_credit: 'finance.postpay_credit',
  temp_credit: 'finance.temp_credit',
  deferral: 'finance.deferral',
  billing_change: 'finance.billing_change',
  cycle_change: 'finance.cycle_change',
  refund: 'finance.refund',
  write_off: 'finance.write_off',
  reinstate: 'finance.reinstate',
  allocation: 'finance.allocation',
};
/** Each kind's application screen (spec 2: /general/process/… for the three forms). */
export const FIN_APPLY_PATHS: Record<FinApplicationKind, string> = {
  open: '/financial/account/consumer/consumer',
  recharge: '/general/process/recharge-apply/recharge/apply',
  payment: '/general/process/recharge-apply/payment/apply',
  hedge: '/general/process/recharge-apply/hedge/apply',
  gift: '/financial/recharge-apply/gift',
  manual: '/financial/recharge-apply/manual',
  prepay_credit: '/general/process/credit-apply/prepay/apply',
  postpay_credit: '/general/process/credit-apply/postpay/apply',
  temp_credit: '/general/process/credit-apply/temporary/apply',
  deferral: '/general/process/credit-apply/deferral/apply',
  billing_change: '/general/process/credit-apply/method/apply',
  cycle_change: '/general/process/credit-apply/bill-change/apply',
  // a refund is applied for on the bill-refund screen (the spec names no form of its own)
  refund: '/financial/credit-customer/bill-refund',
  // a write-off is applied for from an overdue bill's row (decision 0080)
  write_off: '/financial/account/consumer/bill',
  // a suspended account's reinstatement is applied for from its row (decision 0093)
  reinstate: '/financial/account/consumer/consumer',
  // an allocation from a main account is applied for on its records screen (decision 0134)
  allocation: '/financial/recharge-record/main-account',
};
/** Where a refund is applied for and read (by id, by `processInstance/{id}`); invented, decision 0073. */
export const REFUND_BASE = '/v2/fc/cre/billRefund';
/** Where a bill's write-off (坏账核销) is applied for and read; invented, decision 0080. */
export const WRITE_OFF_BASE = '/v2/fc/bill/writeOff';
/** Where a suspended account's reinstatement (恢复账户) is applied for and read; invented, decision 0093. */
export const REINSTATE_BASE = '/v2/fc/account/reinstate';
/** Where an allocation (划拨) from a main account to a sub-account is applied for and read; invented, decision 0134. */
export const ALLOCATION_BASE = '/v2/fc/financeRecharge/allocation';
/** The applications a refund may be made against: money that came in from the customer. */
export const REFUNDABLE_KINDS = ['recharge', 'payment'] as const;

export const applicationKindOptions = [
  { value: APPLICATION_KINDS[0], label: label('开户申请', 'Account opening') },
  { value: APPLICATION_KINDS[1], label: label('充值申请', 'Recharge'), color: 'blue' },
  { value: APPLICATION_KINDS[2], label: label('付款申请', 'Payment'), color: 'cyan' },
  { value: APPLICATION_KINDS[3], label: label('对冲申请', 'Hedge'), color: 'purple' },
  { value: APPLICATION_KINDS[4], label: label('赠送申请', 'Gift'), color: 'magenta' },
  { value: APPLICATION_KINDS[5], label: label('手工充值', 'Manual top-up'), color: 'gold' },
  { value: APPLICATION_KINDS[6], label: label('预付信用申请', 'Prepaid credit line'), color: 'geekblue' },
  { value: APPLICATION_KINDS[7], label: label('后付信用申请', 'Postpaid credit line'), color: 'volcano' },
  { value: APPLICATION_KINDS[8], label: label('临时额度申请', 'Temporary credit'), color: 'lime' },
  { value: APPLICATION_KINDS[9], label: label('延期付款申请', 'Payment deferral'), color: 'orange' },
  { value: APPLICATION_KINDS[10], label: label('付款方式变更', 'Billing method change'), color: 'purple' },
  { value: APPLICATION_KINDS[11], label: label('账单周期变更', 'Bill cycle change'), color: 'cyan' },
  { value: APPLICATION_KINDS[12], label: label('退款申请', 'Refund'), color: 'red' },
  { value: APPLICATION_KINDS[13], label: label('坏账核销申请', 'Write-off'), color: 'volcano' },
  { value: APPLICATION_KINDS[14], label: label('恢复账户申请', 'Reinstatement'), color: 'green' },
  { value: APPLICATION_KINDS[15], label: label('划拨申请', 'Allocation'), color: 'geekblue' },
] as const;

/**
 * Finance applications (充值 / 付款 / 对冲 / 赠送 / 手工充值, and account openings): started by the
 * apply calls, decided by the approval engine, whose handler writes the ledger entries in the
 * approval's own transaction. Read-only on the kernel.
 */
export const finApplicationResource = defineResource({
  key: 'finance.application',
  title: label('财务申请', 'Finance applications'),
  api: '/v2/fc/application',
  routes: { list: '/financial/recharge-apply/recharge', detail: '/financial/recharge-apply/recharge/detail' },
  titleField: 'code',
  fields: {
    code: { kind: 'text', label: label('申请编号', 'Application code'), required: true, readOnly: true },
    kind: {
      kind: 'enum',
      label: label('申请类型', 'Kind'),
      required: true,
      readOnly: true,
      options: applicationKindOptions,
    },
    accountId: { kind: 'number', ref: 'account', label: label('账户', 'Account'), required: true, readOnly: true },
    accountCode: { kind: 'text', label: label('账户编号', 'Account code'), readOnly: true },
    customerName: { kind: 'text', label: label('客户名称', 'Customer name'), readOnly: true },
    ownerId: { kind: 'user', label: label('客户负责人', 'Customer owner'), readOnly: true },
    amount: { kind: 'text', label: label('金额/新额度', 'Amount or new line'), readOnly: true, decimal: true },
    previousAmount: { kind: 'text', label: label('原额度', 'Previous line'), readOnly: true, decimal: true },
    changeFrom: { kind: 'text', label: label('变更前', 'Before'), readOnly: true },
    changeTo: { kind: 'text', label: label('变更后', 'After'), readOnly: true },
    until: { kind: 'date', label: label('有效至/延期至', 'Until'), readOnly: true },
    currency: { kind: 'text', label: label('币种', 'Currency'), required: true, readOnly: true },
    reference: { kind: 'text', label: label('银行流水号/凭证', 'Bank reference'), readOnly: true },
    reason: { kind: 'textarea', label: label('申请说明', 'Reason'), readOnly: true },
    /** a refund: the recharge or payment it gives money back from (decision 0073) */
    sourceCode: { kind: 'text', label: label('退款来源', 'Refund of'), readOnly: true },
    /** a write-off: the bill it writes off (decision 0080) */
    billCode: { kind: 'text', label: label('核销账单', 'Bill written off'), readOnly: true },
    /** an allocation: the account the money goes to (decision 0134, 0141) */
    subAccountCode: { kind: 'text', label: label('划入账户', 'To account'), readOnly: true },
    /** a recharge or payment: what approved refunds have not given back yet */
    refundable: { kind: 'text', label: label('可退金额', 'Left to refund'), readOnly: true, decimal: true },
    state: {
      kind: 'enum',
      label: label('申请状态', 'State'),
      required: true,
      readOnly: true,
      options: [
        { value: APPLICATION_STATES[0], label: label('审批中', 'Under review'), color: 'processing' },
        { value: APPLICATION_STATES[1], label: label('已通过', 'Approved'), color: 'green' },
        { value: APPLICATION_STATES[2], label: label('已驳回', 'Rejected'), color: 'red' },
        { value: APPLICATION_STATES[3], label: label('已撤回', 'Withdrawn') },
      ],
    },
    instanceId: { kind: 'number', label: label('审批单号', 'Approval request'), readOnly: true },
    applicantId: { kind: 'user', label: label('申请人', 'Applicant'), readOnly: true },
    applicantName: { kind: 'text', label: label('申请人', 'Applicant'), readOnly: true },
    deciderId: { kind: 'user', label: label('审批人', 'Decided by'), readOnly: true },
    deciderName: { kind: 'text', label: label('审批人', 'Decided by'), readOnly: true },
    createdAt: { kind: 'datetime', label: label('申请时间', 'Applied'), required: true, readOnly: true },
    decidedAt: { kind: 'datetime', label: label('审批完成时间', 'Decided'), readOnly: true },
  },
  list: {
    columns: [
      'code',
      'kind',
      'accountCode',
      'customerName',
      'amount',
      'currency',
      'state',
      'applicantName',
      'createdAt',
      'decidedAt',
    ],
    filters: {
      keyword: { op: 'like', fields: ['code', 'reference'], label: label('编号/流水号', 'Code or reference') },
      kind: { op: 'in', field: 'kind' },
      state: { op: 'eq', field: 'state' },
      accountId: { op: 'eq', field: 'accountId' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['createdAt', 'decidedAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['code', 'kind', 'accountCode', 'amount', 'currency', 'state'] },
  access: { list: FinPerm.RECHARGES, owner: 'ownerId' },
  export: { fileName: label('财务申请', 'Finance applications') },
  history: false,
});

export const ENTRY_KINDS = [
  'recharge',
  'payment',
  'hedge',
  'gift',
  'adjustment',
  'consumption',
  'refund',
  'bill',
  'write_off',
  'allocation',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** Ledger entries on customer accounts (recharge records list the money that came in). Insert-only. */
export const entryResource = defineResource({
  key: 'finance.entry',
  title: label('充值记录', 'Top-up records'),
  api: '/v2/fc/entry',
  routes: { list: '/financial/recharge-record/platform' },
  titleField: 'key',
  fields: {
    key: { kind: 'text', label: label('幂等键', 'Key'), required: true, readOnly: true },
    accountId: { kind: 'number', ref: 'account', label: label('账户', 'Account'), required: true, readOnly: true },
    accountCode: { kind: 'text', label: label('账户编号', 'Account code'), readOnly: true },
    customerName: { kind: 'text', label: label('客户名称', 'Customer name'), readOnly: true },
    ownerId: { kind: 'user', label: label('客户负责人', 'Customer owner'), readOnly: true },
    kind: {
      kind: 'enum',
      label: label('类型', 'Kind'),
      required: true,
      readOnly: true,
      options: [
        { value: 'recharge', label: label('充值', 'Recharge'), color: 'blue' },
        { value: 'payment', label: label('回款', 'Payment received'), color: 'cyan' },
        { value: 'hedge', label: label('对冲', 'Hedge'), color: 'purple' },
        { value: 'gift', label: label('赠送', 'Gift'), color: 'magenta' },
        { value: 'adjustment', label: label('手工调整', 'Adjustment'), color: 'gold' },
        { value: 'consumption', label: label('消费', 'Consumption') },
        { value: 'refund', label: label('退款', 'Refund'), color: 'orange' },
        { value: 'bill', label: label('账单', 'Bill') },
        { value: 'write_off', label: label('坏账核销', 'Write-off'), color: 'red' },
        // money moved from a main account to one of its sub-accounts: out of one, into the other (decision 0134)
        { value: 'allocation', label: label('划拨', 'Allocation'), color: 'geekblue' },
      ],
    },
    amount: { kind: 'text', label: label('金额', 'Amount'), required: true, readOnly: true, decimal: true },
    currency: { kind: 'text', label: label('币种', 'Currency'), required: true, readOnly: true },
    balanceAfter: {
      kind: 'text',
      label: label('变动后余额', 'Balance after'),
      required: true,
      readOnly: true,
      decimal: true,
    },
    day: { kind: 'date', label: label('记账日', 'Day'), required: true, readOnly: true },
    applicationId: { kind: 'number', label: label('申请', 'Application'), readOnly: true },
    reversesId: { kind: 'number', label: label('冲正的分录', 'Reverses entry'), readOnly: true },
    createdAt: { kind: 'datetime', label: label('记账时间', 'Posted'), required: true, readOnly: true },
  },
  list: {
    columns: ['accountCode', 'customerName', 'kind', 'amount', 'currency', 'balanceAfter', 'day', 'createdAt'],
    filters: {
      kind: { op: 'in', field: 'kind' },
      accountId: { op: 'eq', field: 'accountId' },
      day: { op: 'range', field: 'day' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['accountCode', 'kind', 'amount', 'currency', 'day'] },
  access: { list: FinPerm.RECORDS, owner: 'ownerId' },
  export: { fileName: label('充值记录', 'Top-up records') },
  history: false,
});
