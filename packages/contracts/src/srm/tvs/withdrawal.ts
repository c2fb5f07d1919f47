import { defineResource } from '../../resource/define.js';
import { supplierFields } from '../channels/channel.js';
import { SrmPerm } from '../perms.js';

export const WITHDRAWAL_STATES = ['requested', 'approved', 'rejected', 'paid', 'cancelled'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/**
 * `tvs/withdrawal-record`: a SIM-farm partner asks to be paid what its devices earned over a period
 * (decision 0083). Entered by purchasing from the partner's statement, approved or rejected by
 * someone else, then marked paid with finance's payment reference. The record moves no money: the
 * payable and the payment are finance's (supplier accounts, issue 17); one period of a partner in one
 * currency is withdrawn once.
 */
export const tvsWithdrawalResource = defineResource({
  key: 'srm.tvsWithdrawal',
  title: { zh: '提现记录', en: 'Withdrawals' },
  api: '/v2/srm/tvs/withdrawal',
  routes: { list: '/srm/tvs/withdrawal-record' },
  titleField: 'supplierName',
  fields: {
    ...supplierFields({ zh: '合作方', en: 'Partner' }),
    periodFrom: { kind: 'date', label: { zh: '结算期起', en: 'Period from' }, required: true, createOnly: true },
    periodTo: { kind: 'date', label: { zh: '结算期止', en: 'Period to' }, required: true, createOnly: true },
    amount: {
      kind: 'money',
      label: { zh: '提现金额', en: 'Amount' },
      required: true,
      rules: { min: 1, max: 100_000_000_00 },
      track: true,
    },
    currency: {
      kind: 'text',
      label: { zh: '币种', en: 'Currency' },
      required: true,
      createOnly: true,
      rules: { pattern: '^[A-Z]{3}$' },
    },
    payee: {
      kind: 'text',
      label: { zh: '收款账户', en: 'Paid to' },
      required: true,
      rules: { minLength: 2, maxLength: 200 },
      track: true,
    },
    documents: { kind: 'attachment', label: { zh: '对账单', en: 'Statement' }, track: true },
    state: {
      kind: 'enum',
      label: { zh: '状态', en: 'State' },
      required: true,
      readOnly: true,
      track: true,
      options: [
        { value: WITHDRAWAL_STATES[0], label: { zh: '待审批', en: 'Requested' }, color: 'blue' },
        { value: WITHDRAWAL_STATES[1], label: { zh: '已批准', en: 'Approved' }, color: 'cyan' },
        { value: WITHDRAWAL_STATES[2], label: { zh: '已驳回', en: 'Rejected' }, color: 'red' },
        { value: WITHDRAWAL_STATES[3], label: { zh: '已付款', en: 'Paid' }, color: 'green' },
        { value: WITHDRAWAL_STATES[4], label: { zh: '已取消', en: 'Cancelled' }, color: 'default' },
      ],
    },
    decidedBy: { kind: 'user', label: { zh: '审批人', en: 'Decided by' }, readOnly: true, track: true },
    rejectReason: { kind: 'text', label: { zh: '驳回原因', en: 'Reject reason' }, readOnly: true },
    paymentRef: { kind: 'text', label: { zh: '付款流水号', en: 'Payment reference' }, readOnly: true, track: true },
    paidAt: { kind: 'datetime', label: { zh: '付款时间', en: 'Paid' }, readOnly: true },
    remark: { kind: 'textarea', label: { zh: '备注', en: 'Remark' }, rules: { maxLength: 500 } },
    createdBy: { kind: 'user', label: { zh: '申请人', en: 'Entered by' }, readOnly: true },
    createdAt: { kind: 'datetime', label: { zh: '申请时间', en: 'Requested' }, required: true, readOnly: true },
  },
  list: {
    columns: ['supplierName', 'state', 'amount', 'currency', 'periodFrom', 'periodTo', 'paidAt', 'createdAt'],
    filters: {
      keyword: {
        op: 'like',
        fields: ['payee', 'paymentRef'],
        label: { zh: '收款账户/流水号', en: 'Payee or reference' },
      },
      supplierId: { op: 'eq', field: 'supplierId' },
      state: { op: 'eq', field: 'state' },
      currency: { op: 'eq', field: 'currency' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['amount', 'periodTo', 'paidAt', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: {
    sections: [
      { fields: ['supplierId', 'periodFrom', 'periodTo', 'amount', 'currency', 'payee', 'documents', 'remark'] },
    ],
  },
  detail: { header: ['state', 'amount', 'currency', 'decidedBy', 'paymentRef'] },
  access: {
    list: SrmPerm.TVS_WITHDRAWALS,
    create: SrmPerm.TVS_WITHDRAWAL_EDIT,
    update: SrmPerm.TVS_WITHDRAWAL_EDIT,
  },
  commands: {
    approve: {
      label: { zh: '批准', en: 'Approve' },
      confirm: { zh: '批准这笔提现？', en: 'Approve this withdrawal?' },
      perm: SrmPerm.TVS_WITHDRAWAL_DECIDE,
    },
    reject: {
      label: { zh: '驳回', en: 'Reject' },
      input: {
        reason: {
          kind: 'text',
          label: { zh: '驳回原因', en: 'Reason' },
          required: true,
          rules: { minLength: 2, maxLength: 200 },
        },
      },
      perm: SrmPerm.TVS_WITHDRAWAL_DECIDE,
    },
    pay: {
      label: { zh: '登记付款', en: 'Record payment' },
      input: {
        paymentRef: {
          kind: 'text',
          label: { zh: '付款流水号', en: 'Payment reference' },
          required: true,
          rules: { minLength: 2, maxLength: 64 },
        },
      },
      perm: SrmPerm.TVS_WITHDRAWAL_PAY,
    },
    cancel: {
      label: { zh: '取消', en: 'Cancel' },
      confirm: { zh: '取消这笔提现申请？', en: 'Cancel this withdrawal request?' },
      perm: SrmPerm.TVS_WITHDRAWAL_EDIT,
    },
  },
  history: {},
});
