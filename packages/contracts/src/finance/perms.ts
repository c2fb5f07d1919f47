import { permOf, routeByPath } from '../routes/index.js';

const screen = (path: string): string => {
  const route = routeByPath(path);
  if (!route) throw new Error(`finance: no route ${path}`);
  return permOf(route);
};
const button = (path: string, action: string) => `${screen(path)}:${action}`;

const ACCOUNTS = '/financial/account/consumer/consumer';

/** Permission keys of the finance room, derived from the route registry. */
export const FinPerm = {
  ACCOUNTS: screen(ACCOUNTS),
  /** apply to open a consumer account (sales for their customers, finance for any) */
  ACCOUNT_OPEN: button(ACCOUNTS, 'open'),
  /** finance staff: every account and its money, whatever their role's data scope (the finance role holds it) */
  ALL_ACCOUNTS: button(ACCOUNTS, 'all'),
  /** apply to reinstate a suspended account (the finance role; decision 0093) */
  REINSTATE: button(ACCOUNTS, 'reinstate'),
  /** set an account's main account on its form (the finance role; decision 0134) */
  ACCOUNT_EDIT: button(ACCOUNTS, 'edit'),
  /** the main accounts' top-up records and their allocations (decision 0134) */
  MAIN_RECORDS: screen('/financial/recharge-record/main-account'),
  /** apply to allocate money from a main account to a sub-account (the finance role; decision 0134) */
  ALLOCATE: button('/financial/recharge-record/main-account', 'allocate'),
  RECHARGES: screen('/financial/recharge-apply/recharge'),
  PAYMENTS: screen('/financial/recharge-apply/payment'),
  HEDGES: screen('/financial/recharge-apply/hedge'),
  MANUAL: screen('/financial/recharge-apply/manual'),
  GIFTS: screen('/financial/recharge-apply/gift'),
  /** the application forms (every role holds them; the account must be in the caller's scope) */
  APPLY_RECHARGE: screen('/general/process/recharge-apply/recharge/apply'),
  APPLY_PAYMENT: screen('/general/process/recharge-apply/payment/apply'),
  APPLY_HEDGE: screen('/general/process/recharge-apply/hedge/apply'),
  RECORDS: screen('/financial/recharge-record/platform'),
  /** every account's end-of-day balances (account/snapshot) */
  SNAPSHOTS: screen('/financial/account/snapshot'),
  /** postpaid bills and their statements (account/consumer/bill) */
  BILLS: screen('/financial/account/consumer/bill'),
  /** apply to write off an overdue bill as bad debt (the finance role; decision 0080) */
  WRITE_OFF: button('/financial/account/consumer/bill', 'write_off'),
  CREDIT_CONTROL: screen('/financial/credit-customer/credit-control'),
  /** bill refunds: apply and list (the finance role; the account must be in the caller's data scope) */
  REFUNDS: screen('/financial/credit-customer/bill-refund'),
  CREDIT_RECORDS: screen('/financial/credit-customer/credit-record'),
  APPLY_PREPAY_CREDIT: screen('/general/process/credit-apply/prepay/apply'),
  APPLY_POSTPAY_CREDIT: screen('/general/process/credit-apply/postpay/apply'),
  APPLY_TEMP_CREDIT: screen('/general/process/credit-apply/temporary/apply'),
  APPLY_DEFERRAL: screen('/general/process/credit-apply/deferral/apply'),
  APPLY_BILLING_CHANGE: screen('/general/process/credit-apply/method/apply'),
  APPLY_CYCLE_CHANGE: screen('/general/process/credit-apply/bill-change/apply'),
} as const;
