/**
 * Texts of the finance screens in both languages. The accounts tab is shown inside the CRM
 * customer page (loaded with CRM's texts, not ours), so its texts travel as labels, read with useLabel.
 */
export const T = {
  openAccount: { zh: '申请开户', en: 'Apply to open an account' },
  opened: { zh: '开户申请已提交，等待财务审批', en: 'The opening is submitted for finance’s approval' },
  noAccounts: { zh: '该客户暂无账户', en: 'This customer has no account yet' },
  customer: { zh: '客户', en: 'Customer' },
  products: { zh: '产品线', en: 'Products' },
  currency: { zh: '币种', en: 'Currency' },
  billing: { zh: '付费方式', en: 'Billing method' },
  creditLine: { zh: '信用额度', en: 'Credit line' },
  billCycle: { zh: '账单周期', en: 'Bill cycle' },
  reason: { zh: '申请说明', en: 'Reason' },
  account: { zh: '账户', en: 'Account' },
  amount: { zh: '金额', en: 'Amount' },
  reference: { zh: '银行流水号/凭证', en: 'Bank reference' },
  submit: { zh: '提交申请', en: 'Submit' },
  applied: { zh: '申请已提交，等待财务审批', en: 'Submitted for finance’s approval' },
  apply: {
    recharge: { zh: '充值申请', en: 'Recharge application' },
    payment: { zh: '付款申请', en: 'Payment application' },
    hedge: { zh: '对冲申请', en: 'Hedge application' },
    gift: { zh: '赠送申请', en: 'Gift application' },
    manual: { zh: '手工充值', en: 'Manual top-up' },
  },
  credit: {
    prepay_credit: { zh: '预付信用申请', en: 'Prepaid credit application' },
    postpay_credit: { zh: '后付信用申请', en: 'Postpaid credit application' },
  },
  newCreditLine: { zh: '新信用额度', en: 'New credit line' },
  status: { zh: '账户审批状态', en: 'Account approval status' },
  application: { zh: '开户申请', en: 'Opening application' },
  request: { zh: '审批单', en: 'Approval request' },
  noStatus: { zh: '未找到该账户', en: 'No such account' },
} as const;
