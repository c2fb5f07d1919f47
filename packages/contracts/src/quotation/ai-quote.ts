import { z } from 'zod';
import { defineResource, label, type ResourceField } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { productOptions, shown } from './fields.js';
import { priceListPreview, QUOTE_CATEGORIES } from './index.js';

const PERM = permOf(routeByPath('/offerManage/supplier-quote/ai-quote-log')!);

/** The columns of a supplier price list the AI vendor quote reads (decision 0112): SMS and voice A-Z. */
export const AI_QUOTE_FIELDS = [
  'mcc',
  'mnc',
  'country',
  'network',
  'prefix',
  'rate',
  'currency',
  'firstIncrement',
  'nextIncrement',
  'effectiveDate',
] as const;
export type AiQuoteField = (typeof AI_QUOTE_FIELDS)[number];
/** the columns each product needs */
export const AI_QUOTE_REQUIRED = {
  sms: ['mcc', 'mnc', 'rate'],
  voice: ['prefix', 'rate'],
} as const satisfies Record<'sms' | 'voice', readonly AiQuoteField[]>;

/** field → the sheet's column index (0-based), or null when no column holds it */
export const aiQuoteMapping = z.partialRecord(z.enum(AI_QUOTE_FIELDS), z.number().int().min(0).max(200).nullable());
export type AiQuoteMapping = Partial<Record<AiQuoteField, number | null>>;

/** `POST /v2/qm/ai-quote/read` query: the channel, the product, and an edited mapping when re-read. */
export const aiQuoteReadQuery = z.object({
  channelId: z.coerce.number().int().positive(),
  product: z.enum(['sms', 'voice']),
  category: z.enum(QUOTE_CATEGORIES).optional(),
  /** a run to read again (the same file with an edited mapping) */
  runId: z.coerce.number().int().positive().optional(),
  /** the edited mapping, JSON of `aiQuoteMapping` */
  mapping: z.string().max(2000).optional(),
  /** default currency / effective date when the sheet has none */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
});

/** The attachment kinds a price list may come in. */
export const AI_QUOTE_FILE_TYPES = ['.xlsx', '.csv'] as const;
/** One of the caller's mails holding a price list (`GET /v2/qm/ai-quote/mails`), the source picker's option. */
export const aiQuoteMail = z.object({
  mailId: z.number(),
  subject: z.string(),
  from: z.string(),
  at: z.string(),
  fileName: z.string(),
});
export type AiQuoteMail = z.infer<typeof aiQuoteMail>;

/** What a read answers: the run, the sheet's header, the guessed mapping, the import's preview. */
export const aiQuoteRead = z.object({
  runId: z.number(),
  /** the line (1-based) the header was found on: carriers put title rows above it */
  headerRow: z.number(),
  headers: z.array(z.string()),
  /** a few rows under the header, for the mapping's picker */
  sample: z.array(z.array(z.string())),
  mapping: aiQuoteMapping,
  mappedBy: z.enum(['rules', 'model', 'staff']),
  /** whether an AI model is configured (else the rules alone guess) */
  modelConfigured: z.boolean(),
  /** why the model's answer was not used, when it was asked */
  modelNote: z.string().nullable(),
  rowsRead: z.number(),
  rowsUnderstood: z.number(),
  preview: priceListPreview,
});
export type AiQuoteRead = z.infer<typeof aiQuoteRead>;

export const aiQuoteSave = z.object({
  closeRemoved: z.boolean().default(false),
});

const outcomes = [
  { value: 'draft', label: label('草稿', 'Draft'), color: 'processing' },
  { value: 'saved', label: label('已保存', 'Saved'), color: 'green' },
  { value: 'discarded', label: label('已放弃', 'Discarded'), color: 'default' },
];

const fields = {
  id: { kind: 'number', label: label('编号', 'ID'), ...shown },
  channelCode: { kind: 'text', label: label('通道', 'Channel'), ...shown },
  product: { kind: 'enum', label: label('产品', 'Product'), ...shown, options: productOptions },
  sourceKind: {
    kind: 'enum',
    label: label('来源', 'Source'),
    ...shown,
    options: [
      { value: 'file', label: label('上传文件', 'Uploaded file') },
      { value: 'mail', label: label('邮件附件', 'Mail attachment'), color: 'blue' },
    ],
  },
  source: { kind: 'text', label: label('文件名 / 邮件主题', 'File name / mail subject'), ...shown },
  mappedBy: {
    kind: 'enum',
    label: label('列识别', 'Columns by'),
    ...shown,
    options: [
      { value: 'rules', label: label('规则', 'Rules') },
      { value: 'model', label: label('AI 模型', 'AI model'), color: 'purple' },
      { value: 'staff', label: label('人工调整', 'Staff'), color: 'orange' },
    ],
  },
  mappingText: { kind: 'text', label: label('列对应', 'Column mapping'), readOnly: true },
  rowsRead: { kind: 'number', label: label('读取行数', 'Rows read'), quantity: true, ...shown },
  rowsUnderstood: { kind: 'number', label: label('识别行数', 'Rows understood'), quantity: true, ...shown },
  rowsNotUnderstood: { kind: 'number', label: label('未识别行数', 'Rows not understood'), quantity: true, ...shown },
  reasons: { kind: 'textarea', label: label('未识别原因', 'Why rows were not understood'), readOnly: true },
  outcome: { kind: 'enum', label: label('结果', 'Outcome'), ...shown, options: outcomes },
  savedCount: { kind: 'number', label: label('保存行数', 'Rows saved'), readOnly: true, quantity: true },
  heldCount: { kind: 'number', label: label('待审批行数', 'Rows held for approval'), readOnly: true, quantity: true },
  requestId: { kind: 'number', label: label('供应商报价审批', 'Supplier-quote request'), readOnly: true },
  userId: { kind: 'user', label: label('操作人', 'By'), ...shown },
  createdAt: { kind: 'datetime', label: label('时间', 'When'), ...shown },
} as const satisfies Record<string, ResourceField>;

/**
 * `supplier-quote/ai-quote-log`: every AI vendor quote run (decision 0112) — who read which list for
 * which channel, how its columns were mapped and by what, the rows read, understood and not (with
 * reasons), and whether it was saved (as which import) or discarded. Read-only, in the reader's data
 * scope (the runner).
 */
export const aiQuoteRunResource = defineResource({
  key: 'quotation.aiQuoteRun',
  title: label('AI 报价日志', 'AI quote log'),
  api: '/v2/qm/ai-quote-log',
  routes: { list: '/offerManage/supplier-quote/ai-quote-log' },
  titleField: 'source',
  fields,
  list: {
    columns: [
      'id',
      'source',
      'outcome',
      'channelCode',
      'rowsUnderstood',
      'rowsNotUnderstood',
      'mappedBy',
      'createdAt',
      'rowsRead',
      'product',
      'sourceKind',
      'requestId',
      'userId',
    ],
    filters: {
      outcome: { op: 'eq', field: 'outcome' },
      product: { op: 'eq', field: 'product' },
      mappedBy: { op: 'eq', field: 'mappedBy' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['createdAt'],
    defaultSort: { field: 'id', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['outcome', 'product', 'createdAt'] },
  access: { list: PERM, owner: 'userId' },
  export: { fileName: label('AI 报价日志', 'ai-quote-log') },
  history: false,
});
