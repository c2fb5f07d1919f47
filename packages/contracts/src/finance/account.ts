import { defineResource, label } from '../resource/define.js';
import { billingContactFields } from './bill-mail.js';
import { FinPerm } from './perms.js';

export const ACCOUNT_STATES = ['applying', 'active', 'suspended', 'closed', 'rejected'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];
export const BILLING_METHODS = ['prepaid', 'postpaid'] as const;
export type BillingMethod = (typeof BILLING_METHODS)[number];
export const BILL_CYCLES = ['monthly', 'semimonthly', 'weekly'] as const;
export const ACCOUNT_PRODUCTS = ['sms', 'voice', 'whatsapp', 'number', 'email'] as const;

export const productOptions = [
  { value: ACCOUNT_PRODUCTS[0], label: label('短信', 'SMS') },
  { value: ACCOUNT_PRODUCTS[1], label: label('语音', 'Voice') },
  { value: ACCOUNT_PRODUCTS[2], label: label('WhatsApp', 'WhatsApp') },
  { value: ACCOUNT_PRODUCTS[3], label: label('号码', 'Numbers') },
  { value: ACCOUNT_PRODUCTS[4], label: label('邮件', 'E-mail') },
] as const;

export const billingOptions = [
  { value: BILLING_METHODS[0], label: label('预付费', 'Prepaid'), color: 'blue' },
  { value: BILLING_METHODS[1], label: label('后付费', 'Postpaid'), color: 'purple' },
] as const;

export const accountStateOptions = [
  { value: ACCOUNT_STATES[0], label: label('开户审批中', 'Applying'), color: 'processing' },
  { value: ACCOUNT_STATES[1], label: label('正常', 'Active'), color: 'green' },
  { value: ACCOUNT_STATES[2], label: label('已暂停', 'Suspended'), color: 'orange' },
  { value: ACCOUNT_STATES[3], label: label('已关闭', 'Closed') },
  { value: ACCOUNT_STATES[4], label: label('开户被驳回', 'Rejected'), color: 'red' },
] as const;

/**
 * A consumer account (客户账户): a customer's account on our messaging platform. Opened by an
 * approved application (`POST /v2/fc/account/apply`), never through the kernel's create; its
 * balance moves only through the ledger. Data scope follows the customer's owner.
 */
export const accountResource = defineResource({
  key: 'finance.account',
  title: label('客户账户', 'Consumer accounts'),
  api: '/v2/fc/account',
  routes: { list: '/financial/account/consumer/consumer', detail: '/businessInquiry/accountApprovalStatus' },
  titleField: 'code',
  fields: {
    code: { kind: 'text', label: label('账户编号', 'Account code'), required: true, readOnly: true },
    customerId: { kind: 'customer', label: label('客户', 'Customer'), required: true, readOnly: true },
    customerCode: { kind: 'text', label: label('客户编号', 'Customer code'), readOnly: true },
    customerName: { kind: 'text', label: label('客户名称', 'Customer name'), readOnly: true },
    ownerId: { kind: 'user', label: label('客户负责人', 'Customer owner'), readOnly: true },
    products: {
      kind: 'enum',
      label: label('产品线', 'Products'),
      multiple: true,
      maxItems: 5,
      readOnly: true,
      options: productOptions,
    },
    currency: { kind: 'text', label: label('币种', 'Currency'), required: true, readOnly: true },
    billing: {
      kind: 'enum',
      label: label('付费方式', 'Billing method'),
      required: true,
      readOnly: true,
      options: billingOptions,
    },
    creditLine: {
      kind: 'text',
      label: label('信用额度', 'Credit line'),
      required: true,
      readOnly: true,
      decimal: true,
    },
    balance: { kind: 'text', label: label('余额', 'Balance'), required: true, readOnly: true, decimal: true },
    tempCredit: { kind: 'text', label: label('临时额度', 'Temporary credit'), readOnly: true, decimal: true },
    tempCreditUntil: { kind: 'date', label: label('临时额度有效至', 'Temporary credit through'), readOnly: true },
    deferredUntil: { kind: 'date', label: label('延期付款至', 'Payment deferred through'), readOnly: true },
    /** the day the overdue ladder handed the account to bad debt (cleared once nothing is overdue; decision 0073) */
    badDebtSince: { kind: 'date', label: label('转坏账日', 'Bad debt since'), readOnly: true },
    billCycle: {
      kind: 'enum',
      label: label('账单周期', 'Bill cycle'),
      required: true,
      readOnly: true,
      options: [
        { value: BILL_CYCLES[0], label: label('月结', 'Monthly') },
        { value: BILL_CYCLES[1], label: label('半月结', 'Semi-monthly') },
        { value: BILL_CYCLES[2], label: label('周结', 'Weekly') },
      ],
    },
    /**
     * the main account (主账户) this account is a sub-account of (decision 0134): same customer and
     * currency, not itself, and no chains (a main account is no one's sub-account); set by finance
     */
    mainAccountId: {
      kind: 'number',
      ref: 'account',
      label: label('主账户', 'Main account'),
      track: true,
    },
    mainAccountCode: { kind: 'text', label: label('主账户编号', 'Main account code'), readOnly: true },
    /** how many accounts name this one as their main account */
    subAccounts: { kind: 'number', label: label('子账户数', 'Sub-accounts'), readOnly: true, quantity: true },
    entityId: { kind: 'number', ref: 'entity', label: label('签约主体', 'Contracting entity'), readOnly: true },
    state: {
      kind: 'enum',
      label: label('账户状态', 'State'),
      required: true,
      readOnly: true,
      options: accountStateOptions,
    },
    approvalId: { kind: 'number', label: label('开户审批单', 'Opening request'), readOnly: true },
    createdAt: { kind: 'datetime', label: label('申请时间', 'Applied'), required: true, readOnly: true },
    openedAt: { kind: 'datetime', label: label('开户时间', 'Opened'), readOnly: true },
    ...billingContactFields,
  },
  list: {
    columns: [
      'code',
      'customerCode',
      'customerName',
      'products',
      'currency',
      'billing',
      'balance',
      'creditLine',
      'billCycle',
      'mainAccountId',
      'state',
      'createdAt',
    ],
    filters: {
      keyword: { op: 'like', fields: ['code'], label: label('账户编号', 'Account code') },
      customerId: { op: 'eq', field: 'customerId' },
      state: { op: 'eq', field: 'state' },
      billing: { op: 'eq', field: 'billing' },
      currency: { op: 'eq', field: 'currency' },
      mainAccountId: { op: 'eq', field: 'mainAccountId' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['createdAt', 'code'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  // the only field finance edits on an account: its main account (decision 0134)
  form: { sections: [{ fields: ['mainAccountId'] }] },
  detail: {
    header: [
      'code',
      'customerName',
      'state',
      'billing',
      'balance',
      'currency',
      'billingEmail',
      'billingLocale',
      'autoMail',
    ],
  },
  access: { list: FinPerm.ACCOUNTS, update: FinPerm.ACCOUNT_EDIT, owner: 'ownerId' },
  commands: {
    // where its bills and statements are mailed (decision 0135): finance keeps it
    billingContact: {
      label: label('账单联系人', 'Billing contact'),
      perm: FinPerm.ALL_ACCOUNTS,
      input: {
        billingEmail: { ...billingContactFields.billingEmail, readOnly: false },
        billingLocale: { ...billingContactFields.billingLocale, readOnly: false, required: true },
        autoMail: { ...billingContactFields.autoMail, readOnly: false },
      },
    },
  },
  export: { fileName: label('客户账户', 'Consumer accounts') },
  history: {},
});
