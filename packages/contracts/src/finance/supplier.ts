import { z } from 'zod';
import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { applyReason } from './schemas.js';

/**
 * Supplier accounts (`account/supplier/{sms, vos, email, social}`, decision 0096): what we hold at
 * (positive) or owe to (negative) one supplier for one product in one currency. The balance moves only
 * through insert-only entries in minor units; money we send or a manual correction moves only when a
 * supplier application is approved, the cost of traffic and a supplier's bill are posted by the rooms
 * that know them, each once by its key.
 */
export const SUPPLIER_PRODUCTS = ['sms', 'vos', 'email', 'social'] as const;
export type SupplierProduct = (typeof SUPPLIER_PRODUCTS)[number];
/** the SRM channel product each supplier-account screen holds (VOS is the voice switch, social is WhatsApp) */
export const SUPPLIER_CHANNEL_PRODUCT: Record<SupplierProduct, 'sms' | 'voice' | 'email' | 'whatsapp'> = {
  sms: 'sms',
  vos: 'voice',
  email: 'email',
  social: 'whatsapp',
};
/**
 * prepayment: money we send ahead (+); cost: our cost of traffic carried (−); bill: the supplier's
 * bill beyond our own cost, agreed at the bill check (±); payment: money we pay against what we owe
 * (+); adjustment: a correction (±); write_off: money the supplier owes us handed to bad debt (−,
 * decision 0125). The signs are a database check.
 */
export const SUPPLIER_ENTRY_KINDS = ['prepayment', 'cost', 'bill', 'payment', 'adjustment', 'write_off'] as const;
export type SupplierEntryKind = (typeof SUPPLIER_ENTRY_KINDS)[number];
/** what a person applies for (the rest is posted by the traffic and bill-check rooms) */
export const SUPPLIER_APPLY_KINDS = ['prepayment', 'payment', 'adjustment'] as const;
export type SupplierApplyKind = (typeof SUPPLIER_APPLY_KINDS)[number];
/**
 * every kind of supplier application: those above, the bad-debt write-off and a confirmed bill's
 * difference posted as a `bill` entry (their own routes, decision 0125)
 */
export const SUPPLIER_APPLICATION_KINDS = [...SUPPLIER_APPLY_KINDS, 'write_off', 'bill'] as const;
export type SupplierApplicationKind = (typeof SUPPLIER_APPLICATION_KINDS)[number];
export const SUPPLIER_SERVICE = 'finance.supplier_money';
export const SUPPLIER_APPLY_BASE = '/v2/fc/account/supplier/apply';

export const supplierEntryKindOptions = [
  { value: 'prepayment', label: label('预付', 'Prepayment'), color: 'blue' },
  { value: 'cost', label: label('流量成本', 'Traffic cost') },
  { value: 'bill', label: label('供应商账单', 'Supplier bill'), color: 'purple' },
  { value: 'payment', label: label('付款', 'Payment'), color: 'cyan' },
  { value: 'adjustment', label: label('调整', 'Adjustment'), color: 'gold' },
  { value: 'write_off', label: label('坏账核销', 'Bad-debt write-off'), color: 'magenta' },
] as const;

const productLabels: Record<SupplierProduct, ReturnType<typeof label>> = {
  sms: label('短信', 'SMS'),
  vos: label('语音 (VOS)', 'Voice (VOS)'),
  email: label('邮件', 'Email'),
  social: label('社媒', 'Social'),
};
export const supplierProductOptions = SUPPLIER_PRODUCTS.map((value) => ({ value, label: productLabels[value] }));

const screenKey = (product: SupplierProduct) => {
  const route = routeByPath(`/financial/account/supplier/${product}`);
  if (!route) throw new Error(`finance: no supplier route ${product}`);
  return permOf(route);
};
/** the screen's key (list, entries); `:apply` applies for money, `:create` opens an account */
export const supplierPerm = (product: SupplierProduct) => {
  const screen = screenKey(product);
  return { LIST: screen, APPLY: `${screen}:apply`, CREATE: `${screen}:create` } as const;
};

const minor = (zh: string, en: string) => ({ kind: 'money', label: label(zh, en), readOnly: true }) as const;

/** One product's supplier accounts (one resource per screen, one table). */
export const supplierAccountResource = (product: SupplierProduct) =>
  defineResource({
    key: `finance.supplierAccount.${product}`,
    title: label(`${productLabels[product].zh}供应商账户`, `${productLabels[product].en} supplier accounts`),
    api: `/v2/fc/account/supplier/${product}`,
    routes: { list: `/financial/account/supplier/${product}` },
    titleField: 'code',
    fields: {
      code: { kind: 'text', label: label('账户编号', 'Account code'), readOnly: true },
      supplierId: { kind: 'supplier', label: label('供应商', 'Supplier'), required: true, createOnly: true },
      supplierCode: { kind: 'text', label: label('供应商编号', 'Supplier code'), readOnly: true },
      supplierName: { kind: 'text', label: label('供应商名称', 'Supplier name'), readOnly: true },
      ownerId: { kind: 'user', label: label('供应商负责人', 'Supplier owner'), readOnly: true },
      currency: {
        kind: 'text',
        label: label('币种', 'Currency'),
        required: true,
        createOnly: true,
        rules: { pattern: '^[A-Z]{3}$' },
      },
      balance: minor('余额', 'Balance'),
      prepaid: minor('累计预付', 'Prepaid in total'),
      costs: minor('累计成本', 'Costs in total'),
      lastEntryAt: { kind: 'datetime', label: label('最近变动', 'Last movement'), readOnly: true },
      createdAt: { kind: 'datetime', label: label('创建时间', 'Created'), readOnly: true },
    },
    list: {
      // balance second: a phone shows the code and the first column after it
      columns: ['code', 'balance', 'currency', 'supplierName', 'prepaid', 'costs', 'lastEntryAt', 'ownerId'],
      filters: {
        supplierId: { op: 'eq', field: 'supplierId' },
        currency: { op: 'eq', field: 'currency' },
        createdAt: { op: 'range', field: 'createdAt' },
      },
      sortable: ['createdAt'],
      defaultSort: { field: 'createdAt', order: 'descend' },
    },
    form: { sections: [{ fields: ['supplierId', 'currency'] }] },
    detail: {
      header: ['code', 'supplierName', 'balance', 'currency'],
      tabs: [{ key: 'entries', title: label('账户流水', 'Entries') }],
    },
    access: { list: supplierPerm(product).LIST, create: supplierPerm(product).CREATE, owner: 'ownerId' },
    export: {
      fileName: label(`${productLabels[product].zh}供应商账户`, `${productLabels[product].en} supplier accounts`),
    },
    history: false,
  });

/** One product's supplier-account entries (an account's history tab, exported with it). */
export const supplierEntryResource = (product: SupplierProduct) =>
  defineResource({
    key: `finance.supplierEntry.${product}`,
    title: label('供应商账户流水', 'Supplier account entries'),
    api: `/v2/fc/account/supplier/${product}/entry`,
    // read in its account's details tab, on the account's screen
    routes: { list: `/financial/account/supplier/${product}` },
    titleField: 'key',
    fields: {
      key: { kind: 'text', label: label('幂等键', 'Key'), required: true, readOnly: true },
      supplierAccountId: {
        kind: 'number',
        label: label('供应商账户', 'Supplier account'),
        required: true,
        readOnly: true,
      },
      accountCode: { kind: 'text', label: label('账户编号', 'Account code'), readOnly: true },
      ownerId: { kind: 'user', label: label('供应商负责人', 'Supplier owner'), readOnly: true },
      kind: {
        kind: 'enum',
        label: label('类型', 'Kind'),
        required: true,
        readOnly: true,
        options: supplierEntryKindOptions,
      },
      amount: { kind: 'money', label: label('金额', 'Amount'), required: true, readOnly: true },
      currency: { kind: 'text', label: label('币种', 'Currency'), required: true, readOnly: true },
      balanceAfter: { kind: 'money', label: label('变动后余额', 'Balance after'), required: true, readOnly: true },
      day: { kind: 'date', label: label('记账日', 'Day'), required: true, readOnly: true },
      applicationCode: { kind: 'text', label: label('申请编号', 'Application'), readOnly: true },
      note: { kind: 'text', label: label('说明', 'Note'), readOnly: true },
      createdAt: { kind: 'datetime', label: label('记账时间', 'Posted'), required: true, readOnly: true },
    },
    list: {
      columns: ['day', 'kind', 'amount', 'balanceAfter', 'currency', 'applicationCode', 'note', 'createdAt'],
      filters: {
        supplierAccountId: { op: 'eq', field: 'supplierAccountId' },
        kind: { op: 'in', field: 'kind' },
        day: { op: 'range', field: 'day' },
      },
      sortable: ['createdAt'],
      defaultSort: { field: 'createdAt', order: 'descend' },
    },
    form: { sections: [] },
    detail: { header: ['kind', 'amount', 'currency', 'day'] },
    access: { list: supplierPerm(product).LIST, owner: 'ownerId' },
    export: { fileName: label('供应商账户流水', 'Supplier account entries') },
    history: false,
  });

export const SUPPLIER_APPLICATION_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;

/**
 * One product's supplier applications (decision 0104): a tab beside the accounts on the product's
 * screen (the spec has no route of its own for them), read-only; filters by kind, state, supplier and
 * time, exported, its detail the approval's outcome (request, decider, time, the entry's balance after).
 */
export const supplierApplicationResource = (product: SupplierProduct) =>
  defineResource({
    key: `finance.supplierApplication.${product}`,
    title: label('供应商资金申请', 'Supplier money applications'),
    api: `/v2/fc/account/supplier/${product}/application`,
    routes: { list: `/financial/account/supplier/${product}` },
    titleField: 'code',
    fields: {
      code: { kind: 'text', label: label('申请编号', 'Application code'), required: true, readOnly: true },
      kind: {
        kind: 'enum',
        label: label('申请类型', 'Kind'),
        required: true,
        readOnly: true,
        options: supplierEntryKindOptions.filter((o) =>
          (SUPPLIER_APPLICATION_KINDS as readonly string[]).includes(o.value),
        ),
      },
      state: {
        kind: 'enum',
        label: label('申请状态', 'State'),
        required: true,
        readOnly: true,
        options: [
          { value: SUPPLIER_APPLICATION_STATES[0], label: label('审批中', 'Under review'), color: 'processing' },
          { value: SUPPLIER_APPLICATION_STATES[1], label: label('已通过', 'Approved'), color: 'green' },
          { value: SUPPLIER_APPLICATION_STATES[2], label: label('已驳回', 'Rejected'), color: 'red' },
          { value: SUPPLIER_APPLICATION_STATES[3], label: label('已撤回', 'Withdrawn') },
        ],
      },
      supplierAccountId: {
        kind: 'number',
        label: label('供应商账户', 'Supplier account'),
        required: true,
        readOnly: true,
      },
      accountCode: { kind: 'text', label: label('账户编号', 'Account code'), readOnly: true },
      supplierId: { kind: 'supplier', label: label('供应商', 'Supplier'), readOnly: true },
      supplierName: { kind: 'text', label: label('供应商名称', 'Supplier name'), readOnly: true },
      ownerId: { kind: 'user', label: label('供应商负责人', 'Supplier owner'), readOnly: true },
      amount: { kind: 'money', label: label('金额', 'Amount'), required: true, readOnly: true },
      currency: { kind: 'text', label: label('币种', 'Currency'), required: true, readOnly: true },
      reference: { kind: 'text', label: label('银行流水号/凭证', 'Bank reference'), readOnly: true },
      reason: { kind: 'textarea', label: label('申请说明', 'Reason'), readOnly: true },
      instanceId: { kind: 'number', label: label('审批单号', 'Approval request'), readOnly: true },
      applicantName: { kind: 'text', label: label('申请人', 'Applicant'), readOnly: true },
      deciderName: { kind: 'text', label: label('审批人', 'Decided by'), readOnly: true },
      balanceAfter: { kind: 'money', label: label('入账后余额', 'Balance after posting'), readOnly: true },
      createdAt: { kind: 'datetime', label: label('申请时间', 'Applied'), required: true, readOnly: true },
      decidedAt: { kind: 'datetime', label: label('审批完成时间', 'Decided'), readOnly: true },
    },
    list: {
      // state second: a phone shows the code and the first column after it; the account next, then the money
      columns: [
        'code',
        'state',
        'accountCode',
        'amount',
        'currency',
        'kind',
        'supplierName',
        'applicantName',
        'createdAt',
        'decidedAt',
      ],
      filters: {
        keyword: { op: 'like', fields: ['code', 'reference'], label: label('编号/流水号', 'Code or reference') },
        kind: { op: 'in', field: 'kind' },
        state: { op: 'eq', field: 'state' },
        supplierAccountId: { op: 'eq', field: 'supplierAccountId' },
        createdAt: { op: 'range', field: 'createdAt' },
      },
      sortable: ['createdAt', 'decidedAt'],
      defaultSort: { field: 'createdAt', order: 'descend' },
    },
    form: { sections: [] },
    detail: {
      header: ['code', 'kind', 'amount', 'currency', 'state'],
    },
    access: { list: supplierPerm(product).LIST, owner: 'ownerId' },
    export: { fileName: label('供应商资金申请', 'Supplier money applications') },
    history: false,
  });

/** A supplier application: money we send, a payment, or a correction; posted when approved. */
export const supplierApply = z.object({
  supplierAccountId: z.number().int().positive(),
  kind: z.enum(SUPPLIER_APPLY_KINDS),
  /** minor units; an adjustment may be negative, the others are positive (refused otherwise) */
  amount: z.number().int().min(-100_000_000_00).max(100_000_000_00),
  /** the bank reference of money sent */
  reference: z.string().trim().max(64).optional(),
  reason: applyReason,
});
export type SupplierApply = z.infer<typeof supplierApply>;

/** Paying a confirmed supplier bill (decision 0120): a supplier payment application naming the bill. */
export const supplierBillPay = z.object({
  /** minor units, positive; at most what the bill still owes less payments under review */
  amount: z.number().int().positive().max(100_000_000_00),
  reference: z.string().trim().max(64).optional(),
  reason: applyReason,
});
export type SupplierBillPay = z.infer<typeof supplierBillPay>;
export const supplierBillPayPath = (billId: number | string) => `/v2/fc/postpaid-supplier/bill-check/${billId}/pay`;

/** Posting a confirmed bill's difference (decision 0125): a supplier `bill` application naming the bill, once. */
export const supplierBillDifference = z.object({ reason: applyReason });
export type SupplierBillDifference = z.infer<typeof supplierBillDifference>;
export const supplierBillDifferencePath = (billId: number | string) =>
  `/v2/fc/postpaid-supplier/bill-check/${billId}/post-difference`;

export const supplierApplicationDetail = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(SUPPLIER_APPLICATION_KINDS),
  state: z.enum(SUPPLIER_APPLICATION_STATES),
  supplierAccountId: z.number(),
  accountCode: z.string(),
  amount: z.number(),
  currency: z.string(),
  reference: z.string().nullable(),
  reason: z.string(),
  instanceId: z.number().nullable(),
  entryId: z.number().nullable(),
  balanceAfter: z.number().nullable(),
  applicantId: z.number(),
  deciderId: z.number().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type SupplierApplicationDetail = z.infer<typeof supplierApplicationDetail>;
