import { z } from 'zod';
import { fieldValueSchema } from '../fields/value.js';
import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { decimal } from '../validation/scalars.js';
import { supplierProductOptions } from './supplier.js';

/**
 * Supplier bill check and statements of account (decision 0107, issue 17 "Bills and statements"):
 * `postpaid-supplier/bill-check` compares a supplier's bill, line by line (day, destination country),
 * with our own cost of that supplier's channels from traffic's daily rollups; `soa-manage` holds a
 * statement per supplier account and period: our side from the account's entries, theirs as entered.
 * The tolerance a line may differ by is the product's row of `recon-config`.
 */
const screen = (path: string) => {
  const route = routeByPath(path);
  if (!route) throw new Error(`finance: no route ${path}`);
  return permOf(route);
};
const BILL_CHECK = screen('/financial/postpaid-supplier/bill-check');
const SOA = screen('/financial/postpaid-supplier/soa-manage');
const RECON = screen('/setModule/financial/recon-config');
export const SupplierBillPerm = {
  BILLS: BILL_CHECK,
  /** create a bill, upload its lines, confirm or dispute it */
  CHECK: `${BILL_CHECK}:check`,
  SOA,
  /** create a statement, agree or dispute it */
  SOA_EDIT: `${SOA}:edit`,
  RECON,
} as const;

export const SUPPLIER_BILL_STATES = ['draft', 'checked', 'confirmed', 'disputed'] as const;
export type SupplierBillState = (typeof SUPPLIER_BILL_STATES)[number];
export const supplierBillStateOptions = [
  { value: 'draft', label: label('待上传', 'Draft') },
  { value: 'checked', label: label('已核对', 'Checked'), color: 'blue' },
  { value: 'confirmed', label: label('已确认', 'Confirmed'), color: 'green' },
  { value: 'disputed', label: label('有争议', 'Disputed'), color: 'red' },
] as const;
/** how much of a confirmed bill we paid (decision 0120): payments against it are approved supplier payments */
export const SUPPLIER_PAY_STATES = ['unpaid', 'partly', 'paid'] as const;
export type SupplierPayState = (typeof SUPPLIER_PAY_STATES)[number];
export const supplierPayStateOptions = [
  { value: 'unpaid', label: label('未付', 'Unpaid') },
  { value: 'partly', label: label('部分已付', 'Partly paid'), color: 'orange' },
  { value: 'paid', label: label('已付清', 'Paid'), color: 'green' },
] as const;
export const SOA_STATES = ['open', 'agreed', 'disputed'] as const;
export const soaStateOptions = [
  { value: 'open', label: label('待确认', 'Open') },
  { value: 'agreed', label: label('已确认', 'Agreed'), color: 'green' },
  { value: 'disputed', label: label('有争议', 'Disputed'), color: 'red' },
] as const;

const ro = <K extends 'text' | 'money' | 'number' | 'date' | 'datetime' | 'user' | 'boolean'>(
  kind: K,
  zh: string,
  en: string,
) => ({ kind, label: label(zh, en), readOnly: true }) as const;
const product = {
  kind: 'enum',
  label: label('产品', 'Product'),
  required: true,
  createOnly: true,
  options: supplierProductOptions,
} as const;
const supplierId = {
  kind: 'supplier',
  label: label('供应商', 'Supplier'),
  required: true,
  createOnly: true,
} as const;
const currency = {
  kind: 'text',
  label: label('币种', 'Currency'),
  required: true,
  createOnly: true,
  rules: { pattern: '^[A-Z]{3}$' },
} as const;
const note = { kind: 'text', label: label('说明', 'Note'), rules: { maxLength: 500 } } as const;

/** `recon-config`: per supplier product, how far a bill line may differ from our cost before it is flagged. */
export const reconConfigResource = defineResource({
  key: 'finance.reconConfig',
  title: label('对账配置', 'Reconciliation settings'),
  api: '/v2/fc/recon-config',
  routes: { list: '/setModule/financial/recon-config' },
  titleField: 'product',
  fields: {
    product,
    tolerancePct: {
      kind: 'percent',
      label: label('容差比例 %', 'Tolerance %'),
      required: true,
      track: true,
    },
    toleranceAmount: {
      kind: 'money',
      label: label('容差金额（每行）', 'Tolerance amount (per line)'),
      required: true,
      rules: { min: 0 },
      track: true,
    },
    remark: { ...note, label: label('备注', 'Remark'), track: true },
    updatedAt: ro('datetime', '更新时间', 'Updated'),
  },
  list: {
    columns: ['product', 'tolerancePct', 'toleranceAmount', 'remark', 'updatedAt'],
    filters: { product: { op: 'eq', field: 'product' } },
    sortable: ['updatedAt'],
    defaultSort: { field: 'updatedAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['product', 'tolerancePct', 'toleranceAmount', 'remark'] }] },
  detail: { header: ['product', 'tolerancePct', 'toleranceAmount'] },
  access: { list: RECON, create: RECON, update: RECON },
  export: { fileName: label('对账配置', 'reconciliation-settings') },
  history: {},
});

/** The tolerance when a product has no `recon-config` row: 1 % or 1.00 of the currency per line. */
export const DEFAULT_TOLERANCE = { pct: 1, amount: 100 } as const;

/** A line is flagged when it differs by more than both the percentage of our cost and the amount. */
export function beyondTolerance(diff: number, ours: number, t: { pct: number; amount: number }) {
  const d = Math.abs(diff);
  return d > t.amount && d > (Math.abs(ours) * t.pct) / 100;
}

/** `postpaid-supplier/bill-check`: one supplier bill, its lines compared with our cost. */
export const supplierBillResource = defineResource({
  key: 'finance.supplierBill',
  title: label('供应商账单核对', 'Supplier bill check'),
  api: '/v2/fc/postpaid-supplier/bill-check',
  routes: { list: '/financial/postpaid-supplier/bill-check' },
  titleField: 'code',
  fields: {
    code: ro('text', '账单编号', 'Bill code'),
    supplierId,
    supplierName: ro('text', '供应商名称', 'Supplier name'),
    ownerId: ro('user', '供应商负责人', 'Supplier owner'),
    product,
    currency,
    periodFrom: { kind: 'date', label: label('账期开始', 'Period from'), required: true, createOnly: true },
    periodTo: { kind: 'date', label: label('账期结束', 'Period to'), required: true, createOnly: true },
    reference: {
      kind: 'text',
      label: label('对方账单号', 'Their bill number'),
      createOnly: true,
      rules: { maxLength: 64 },
    },
    state: {
      kind: 'enum',
      label: label('状态', 'State'),
      readOnly: true,
      track: true,
      options: supplierBillStateOptions,
    },
    theirAmount: ro('money', '对方金额', 'Their amount'),
    ourCost: ro('money', '我方成本', 'Our cost'),
    difference: ro('money', '差额', 'Difference'),
    lines: ro('number', '行数', 'Lines'),
    flagged: ro('number', '超差行', 'Lines beyond tolerance'),
    note: { ...note, readOnly: true, track: true },
    paid: ro('money', '已付金额', 'Paid'),
    payState: {
      kind: 'enum',
      label: label('付款状态', 'Payment'),
      readOnly: true,
      options: supplierPayStateOptions,
    },
    checkedAt: ro('datetime', '核对时间', 'Checked'),
    createdAt: ro('datetime', '创建时间', 'Created'),
    // the mail the lines were read from (decision 0126); empty when they were uploaded
    sourceMailId: ro('number', '来源邮件', 'From mail'),
    sourceMailSubject: ro('text', '来源邮件主题', 'Mail subject'),
    sourceMailFrom: ro('text', '来源邮件发件人', 'Mail from'),
    sourceFile: ro('text', '账单附件', 'Bill attachment'),
  },
  list: {
    columns: [
      'code',
      'state',
      'payState',
      'supplierName',
      'product',
      'periodFrom',
      'periodTo',
      'currency',
      'theirAmount',
      'ourCost',
      'difference',
      'flagged',
      'paid',
      'checkedAt',
    ],
    filters: {
      keyword: { op: 'like', fields: ['code', 'reference'] },
      supplierId: { op: 'eq', field: 'supplierId' },
      product: { op: 'eq', field: 'product' },
      state: { op: 'eq', field: 'state' },
      payState: { op: 'eq', field: 'payState' },
      periodFrom: { op: 'range', field: 'periodFrom' },
    },
    sortable: ['createdAt', 'periodFrom'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['supplierId', 'product', 'currency', 'periodFrom', 'periodTo', 'reference'] }] },
  detail: {
    header: [
      'code',
      'state',
      'supplierName',
      'theirAmount',
      'ourCost',
      'difference',
      'payState',
      'paid',
      'sourceMailSubject',
      'sourceMailFrom',
      'sourceFile',
    ],
    tabs: [{ key: 'lines', title: label('核对明细', 'Lines') }],
  },
  access: { list: BILL_CHECK, create: `${BILL_CHECK}:check`, owner: 'ownerId' },
  commands: {
    confirm: {
      label: label('确认账单', 'Confirm'),
      confirm: label('确认该账单与我方成本一致（或差异可接受）？', 'Confirm this bill (differences accepted)?'),
      perm: `${BILL_CHECK}:check`,
      input: { note },
      when: { field: 'state', in: ['checked'] },
    },
    dispute: {
      label: label('提出争议', 'Dispute'),
      perm: `${BILL_CHECK}:check`,
      input: { note: { ...note, required: true } },
      when: { field: 'state', in: ['checked'] },
    },
  },
  export: { fileName: label('供应商账单核对', 'supplier-bills') },
  history: {},
});

/** One bill's lines: theirs beside ours, the difference and the flag (the bill's Lines tab and export). */
export const supplierBillLineResource = defineResource({
  key: 'finance.supplierBillLine',
  title: label('供应商账单明细', 'Supplier bill lines'),
  api: '/v2/fc/postpaid-supplier/bill-check/line',
  routes: { list: '/financial/postpaid-supplier/bill-check' },
  titleField: 'country',
  fields: {
    billId: { kind: 'number', label: label('账单', 'Bill'), required: true, readOnly: true },
    billCode: ro('text', '账单编号', 'Bill code'),
    ownerId: ro('user', '供应商负责人', 'Supplier owner'),
    day: ro('date', '日期', 'Day'),
    country: { kind: 'country', label: label('国家/地区', 'Country'), readOnly: true },
    theirCount: ro('number', '对方数量', 'Their count'),
    ourCount: ro('number', '我方数量', 'Our count'),
    theirAmount: ro('money', '对方金额', 'Their amount'),
    ourCost: ro('money', '我方成本', 'Our cost'),
    difference: ro('money', '差额', 'Difference'),
    flagged: ro('boolean', '超出容差', 'Beyond tolerance'),
  },
  list: {
    // the difference and its flag first: a drawer's width shows them without scrolling
    columns: ['day', 'country', 'difference', 'flagged', 'theirAmount', 'ourCost', 'theirCount', 'ourCount'],
    filters: {
      billId: { op: 'eq', field: 'billId' },
      flagged: { op: 'eq', field: 'flagged' },
      country: { op: 'eq', field: 'country' },
    },
    sortable: ['day'],
    defaultSort: { field: 'day', order: 'ascend' },
  },
  form: { sections: [] },
  access: { list: BILL_CHECK, owner: 'ownerId' },
  export: { fileName: label('供应商账单明细', 'supplier-bill-lines') },
  history: false,
});

/**
 * One row of a supplier bill upload: the day, the destination country, their count (messages or
 * minutes) and their amount in the bill's currency (major units, 2 decimals at most).
 */
export const supplierBillLineRow = z.object({
  day: fieldValueSchema({ kind: 'date', required: true }) as z.ZodType<string>,
  country: fieldValueSchema({ kind: 'country', required: true }) as z.ZodType<string>,
  count: decimal().min(0),
  amount: decimal().refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'at most 2 decimals'),
  /** `day country`: one line per day and country (the import's unique key) */
  line: z.string(),
});
export type SupplierBillLineRow = z.infer<typeof supplierBillLineRow>;
export const SUPPLIER_BILL_IMPORT = {
  template: '/v2/fc/postpaid-supplier/bill-check/import/template',
  preview: '/v2/fc/postpaid-supplier/bill-check/import/preview',
  commit: (id: number) => `/v2/fc/postpaid-supplier/bill-check/${id}/import`,
  /** GET: the caller's mails holding an XLSX or CSV attachment (decisions 0126, 0135) */
  mails: '/v2/fc/postpaid-supplier/bill-check/import/mails',
  /** POST { mailId }: the bill's lines read from that mail's attachment, saved as the upload's commit saves them */
  fromMail: (id: number | ':id') => `/v2/fc/postpaid-supplier/bill-check/${id}/import-mail`,
} as const;
/** the attachment a bill's lines are read from */
export const SUPPLIER_BILL_MAIL_FILE_TYPES = ['.xlsx', '.csv'] as const;
/** a mail offered to read a bill from */
export const supplierBillMail = z.object({
  mailId: z.number(),
  subject: z.string(),
  from: z.string(),
  at: z.string(),
  fileName: z.string(),
});
export type SupplierBillMail = z.infer<typeof supplierBillMail>;
export const supplierBillFromMail = z.object({ mailId: z.number().int().positive().max(2_147_483_647) });

/** `postpaid-supplier/soa-manage`: a statement of account with one supplier account for one period. */
export const soaResource = defineResource({
  key: 'finance.soa',
  title: label('对账单', 'Statements of account'),
  api: '/v2/fc/postpaid-supplier/soa',
  routes: { list: '/financial/postpaid-supplier/soa-manage' },
  titleField: 'code',
  fields: {
    code: ro('text', '对账单编号', 'Statement code'),
    supplierId,
    supplierName: ro('text', '供应商名称', 'Supplier name'),
    ownerId: ro('user', '供应商负责人', 'Supplier owner'),
    product,
    currency,
    periodFrom: { kind: 'date', label: label('期间开始', 'Period from'), required: true, createOnly: true },
    periodTo: { kind: 'date', label: label('期间结束', 'Period to'), required: true, createOnly: true },
    opening: ro('money', '期初余额（我方）', 'Opening balance (ours)'),
    costs: ro('money', '期间成本（我方）', 'Costs in the period (ours)'),
    payments: ro('money', '期间付款与预付（我方）', 'Payments in the period (ours)'),
    adjustments: ro('money', '期间调整与账单（我方）', 'Adjustments and bills (ours)'),
    closing: ro('money', '期末余额（我方）', 'Closing balance (ours)'),
    theirClosing: {
      kind: 'money',
      label: label('期末余额（对方）', 'Closing balance (theirs)'),
      required: true,
      track: true,
    },
    difference: ro('money', '差额', 'Difference'),
    state: { kind: 'enum', label: label('状态', 'State'), readOnly: true, track: true, options: soaStateOptions },
    note: { ...note, readOnly: true, track: true },
    createdAt: ro('datetime', '创建时间', 'Created'),
  },
  list: {
    columns: [
      'code',
      'state',
      'supplierName',
      'product',
      'periodFrom',
      'periodTo',
      'currency',
      'closing',
      'theirClosing',
      'difference',
      'createdAt',
    ],
    filters: {
      keyword: { op: 'like', fields: ['code'] },
      supplierId: { op: 'eq', field: 'supplierId' },
      product: { op: 'eq', field: 'product' },
      state: { op: 'eq', field: 'state' },
      periodFrom: { op: 'range', field: 'periodFrom' },
    },
    sortable: ['createdAt', 'periodFrom'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['supplierId', 'product', 'currency', 'periodFrom', 'periodTo', 'theirClosing'] }] },
  detail: { header: ['code', 'state', 'supplierName', 'closing', 'theirClosing', 'difference'] },
  access: {
    list: SOA,
    create: `${SOA}:edit`,
    update: `${SOA}:edit`,
    // their closing may be corrected until both sides agree
    updateWhen: { field: 'state', in: ['open', 'disputed'] },
    owner: 'ownerId',
  },
  commands: {
    agree: {
      label: label('确认一致', 'Agree'),
      confirm: label('双方余额已核对一致？', 'Both sides agree on this statement?'),
      perm: `${SOA}:edit`,
      input: { note },
      when: { field: 'state', in: ['open', 'disputed'] },
    },
    dispute: {
      label: label('提出争议', 'Dispute'),
      perm: `${SOA}:edit`,
      input: { note: { ...note, required: true } },
      when: { field: 'state', in: ['open', 'disputed'] },
    },
  },
  export: { fileName: label('对账单', 'statements-of-account') },
  history: {},
});
