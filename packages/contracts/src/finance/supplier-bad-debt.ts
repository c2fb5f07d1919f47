import { z } from 'zod';
import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { applyReason } from './schemas.js';
import { SUPPLIER_APPLICATION_STATES, supplierProductOptions } from './supplier.js';

/**
 * `/financial/supplier-control/bad-debt` (decision 0125): money a supplier owes us (the positive
 * balance of a supplier account: a prepayment we will not get back, an overpayment) handed to bad debt.
 * Each is a supplier `write_off` application through the supplier-money approval; once approved its
 * handler posts a `write_off` entry (−amount) on the account in the approval's transaction. One open
 * application per account; the amount at most the account's balance (checked again on approval).
 */
const BAD_DEBT = (() => {
  const route = routeByPath('/financial/supplier-control/bad-debt');
  if (!route) throw new Error('finance: no route /financial/supplier-control/bad-debt');
  return permOf(route);
})();
export const SupplierBadDebtPerm = { LIST: BAD_DEBT } as const;
export const SUPPLIER_BAD_DEBT_API = '/v2/fc/supplier-control/bad-debt';

/** Handing a supplier account's balance to bad debt: the account, the amount (minor units) and why. */
export const supplierBadDebtApply = z.object({
  supplierAccountId: z.number().int().positive(),
  /** minor units, positive; at most the account's balance */
  amount: z.number().int().positive().max(100_000_000_00),
  reason: applyReason,
});
export type SupplierBadDebtApply = z.infer<typeof supplierBadDebtApply>;

const ro = <K extends 'text' | 'money' | 'number' | 'datetime' | 'user' | 'textarea'>(
  kind: K,
  zh: string,
  en: string,
) => ({ kind, label: label(zh, en), readOnly: true }) as const;

export const supplierBadDebtResource = defineResource({
  key: 'finance.supplierBadDebt',
  title: label('坏账管理', 'Bad debts'),
  api: SUPPLIER_BAD_DEBT_API,
  routes: { list: '/financial/supplier-control/bad-debt' },
  titleField: 'code',
  fields: {
    code: ro('text', '申请编号', 'Application code'),
    state: {
      kind: 'enum',
      label: label('状态', 'State'),
      readOnly: true,
      options: [
        { value: SUPPLIER_APPLICATION_STATES[0], label: label('申请中', 'Applying'), color: 'processing' },
        { value: SUPPLIER_APPLICATION_STATES[1], label: label('已核销', 'Approved'), color: 'magenta' },
        { value: SUPPLIER_APPLICATION_STATES[2], label: label('已驳回', 'Rejected'), color: 'red' },
        { value: SUPPLIER_APPLICATION_STATES[3], label: label('已撤回', 'Withdrawn') },
      ],
    },
    supplierAccountId: ro('number', '供应商账户', 'Supplier account'),
    accountCode: ro('text', '账户编号', 'Account code'),
    supplierId: { kind: 'supplier', label: label('供应商', 'Supplier'), readOnly: true },
    supplierName: ro('text', '供应商名称', 'Supplier name'),
    ownerId: ro('user', '供应商负责人', 'Supplier owner'),
    product: { kind: 'enum', label: label('产品', 'Product'), readOnly: true, options: supplierProductOptions },
    amount: ro('money', '核销金额', 'Amount'),
    currency: ro('text', '币种', 'Currency'),
    reason: ro('textarea', '坏账原因', 'Reason'),
    reference: ro('text', '流水号', 'Reference'),
    instanceId: ro('number', '审批单号', 'Approval request'),
    applicantName: ro('text', '申请人', 'Applicant'),
    deciderName: ro('text', '审批人', 'Approver'),
    balanceAfter: ro('money', '核销后余额', 'Balance after'),
    createdAt: ro('datetime', '申请时间', 'Applied'),
    decidedAt: ro('datetime', '审批完成时间', 'Decided'),
  },
  list: {
    // what a narrow screen keeps first: which application, its state, whose money and how much
    columns: [
      'code',
      'state',
      'supplierName',
      'amount',
      'currency',
      'accountCode',
      'balanceAfter',
      'product',
      'reason',
      'applicantName',
      'deciderName',
      'createdAt',
      'decidedAt',
    ],
    filters: {
      // the applications' one search column covers both (the table is shared with the other supplier applications)
      keyword: { op: 'like', fields: ['code', 'reference'], label: label('编号/流水号', 'Code or reference') },
      state: { op: 'eq', field: 'state' },
      supplierAccountId: { op: 'eq', field: 'supplierAccountId' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['createdAt', 'decidedAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['code', 'state', 'supplierName', 'amount', 'currency', 'accountCode'] },
  access: { list: BAD_DEBT, owner: 'ownerId' },
  export: { fileName: label('供应商坏账', 'supplier-bad-debts') },
  history: {},
});
