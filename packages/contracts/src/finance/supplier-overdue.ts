import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { supplierProductOptions } from './supplier.js';
import { supplierPayStateOptions } from './supplier-bill.js';

/**
 * `/financial/supplier-control/overdue` (decision 0120): confirmed supplier bills we have not paid in
 * full, the day the daily job `finance.supplierOverdue` first warned of them (`warn days` before they
 * fall due) and first found them overdue (past `due days` after their period, by the
 * `supplier-control-set` row of their currency in force on the period's last day). Exempt and
 * whitelisted suppliers are left out. A row is `settled` once its bill is paid. The same job lists a
 * prepaid supplier account whose balance fell under its currency's `balance floor` (decision 0126),
 * settled once topped up to it.
 */
const OVERDUE = (() => {
  const route = routeByPath('/financial/supplier-control/overdue');
  if (!route) throw new Error('finance: no route /financial/supplier-control/overdue');
  return permOf(route);
})();
export const SupplierOverduePerm = { LIST: OVERDUE } as const;

export const SUPPLIER_OVERDUE_STEPS = ['warn', 'overdue'] as const;
export type SupplierOverdueStep = (typeof SUPPLIER_OVERDUE_STEPS)[number];
export const supplierOverdueStepOptions = [
  { value: 'warn', label: label('即将到期', 'Falling due'), color: 'orange' },
  { value: 'overdue', label: label('已逾期', 'Overdue'), color: 'red' },
] as const;
/** why a supplier is listed (decision 0126): an unpaid confirmed bill, or a prepaid account under its currency's floor */
export const SUPPLIER_OVERDUE_REASONS = ['bill', 'floor'] as const;
export type SupplierOverdueReason = (typeof SUPPLIER_OVERDUE_REASONS)[number];
export const supplierOverdueReasonOptions = [
  { value: 'bill', label: label('账单未付', 'Unpaid bill') },
  { value: 'floor', label: label('预付余额低于下限', 'Prepaid balance below floor'), color: 'volcano' },
] as const;
export const SUPPLIER_OVERDUE_STATES = ['open', 'settled'] as const;
export const supplierOverdueStateOptions = [
  { value: 'open', label: label('未结清', 'Open'), color: 'red' },
  { value: 'settled', label: label('已结清', 'Settled'), color: 'green' },
] as const;

const ro = <K extends 'text' | 'money' | 'number' | 'date' | 'datetime' | 'user'>(kind: K, zh: string, en: string) =>
  ({ kind, label: label(zh, en), readOnly: true }) as const;

export const supplierOverdueResource = defineResource({
  key: 'finance.supplierOverdue',
  title: label('逾期供应商', 'Overdue suppliers'),
  api: '/v2/fc/supplier-control/overdue',
  routes: { list: '/financial/supplier-control/overdue' },
  titleField: 'billCode',
  fields: {
    billId: ro('number', '账单', 'Bill'),
    billCode: ro('text', '账单编号', 'Bill code'),
    reason: { kind: 'enum', label: label('原因', 'Reason'), readOnly: true, options: supplierOverdueReasonOptions },
    accountCode: ro('text', '供应商账户', 'Supplier account'),
    balance: ro('money', '发现时余额', 'Balance when found'),
    floor: ro('money', '余额下限', 'Balance floor'),
    supplierId: { kind: 'supplier', label: label('供应商', 'Supplier'), readOnly: true },
    supplierName: ro('text', '供应商名称', 'Supplier name'),
    ownerId: ro('user', '供应商负责人', 'Supplier owner'),
    product: { kind: 'enum', label: label('产品', 'Product'), readOnly: true, options: supplierProductOptions },
    currency: ro('text', '币种', 'Currency'),
    periodTo: ro('date', '账期结束', 'Period to'),
    dueDay: ro('date', '应付日', 'Due day'),
    step: { kind: 'enum', label: label('阶段', 'Step'), readOnly: true, options: supplierOverdueStepOptions },
    theirAmount: ro('money', '账单金额', 'Bill amount'),
    paid: ro('money', '已付金额', 'Paid'),
    unpaid: ro('money', '未付金额', 'Unpaid'),
    payState: { kind: 'enum', label: label('付款状态', 'Payment'), readOnly: true, options: supplierPayStateOptions },
    warnedAt: ro('datetime', '提醒时间', 'Warned'),
    overdueAt: ro('datetime', '逾期时间', 'Found overdue'),
    state: { kind: 'enum', label: label('状态', 'State'), readOnly: true, options: supplierOverdueStateOptions },
    settledAt: ro('datetime', '结清时间', 'Settled'),
  },
  list: {
    // what a narrow screen keeps first: which bill, how late, what is still owed
    columns: [
      'billCode',
      'supplierName',
      'reason',
      'step',
      'dueDay',
      'unpaid',
      'payState',
      'state',
      'currency',
      'theirAmount',
      'product',
      'ownerId',
      'accountCode',
      'balance',
      'floor',
      'warnedAt',
      'overdueAt',
    ],
    filters: {
      supplierId: { op: 'eq', field: 'supplierId' },
      reason: { op: 'eq', field: 'reason' },
      step: { op: 'eq', field: 'step' },
      state: { op: 'eq', field: 'state' },
      dueDay: { op: 'range', field: 'dueDay' },
    },
    sortable: ['dueDay'],
    defaultSort: { field: 'dueDay', order: 'ascend' },
  },
  form: { sections: [] },
  detail: {
    header: [
      'billCode',
      'supplierName',
      'reason',
      'step',
      'dueDay',
      'unpaid',
      'accountCode',
      'balance',
      'floor',
      'state',
    ],
  },
  access: { list: OVERDUE, owner: 'ownerId' },
  export: { fileName: label('逾期供应商', 'overdue-suppliers') },
  history: false,
});
