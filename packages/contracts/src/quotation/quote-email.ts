import { defineResource, label, type ResourceField } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { productOptions, quoteBookOptions, shown } from './fields.js';

const PERM = permOf(routeByPath('/offerManage/quote-email')!);

const fields = {
  id: { kind: 'number', label: label('编号', 'ID'), ...shown },
  subject: { kind: 'text', label: label('邮件主题', 'Subject'), ...shown },
  bookKind: {
    kind: 'enum',
    label: label('报价对象', 'Quoted to'),
    ...shown,
    options: quoteBookOptions,
  },
  /** the account (or group) id; the list's account filter picks it by code */
  bookId: { kind: 'number', ref: 'account', label: label('账户', 'Account'), ...shown },
  bookName: { kind: 'text', label: label('账户 / 报价组', 'Account / group'), ...shown },
  product: {
    kind: 'enum',
    label: label('产品', 'Product'),
    ...shown,
    options: productOptions,
  },
  locale: {
    kind: 'enum',
    label: label('语言', 'Language'),
    ...shown,
    options: [
      { value: 'zh-CN', label: label('中文', 'Chinese') },
      { value: 'en', label: label('英文', 'English') },
    ],
  },
  recipients: { kind: 'text', label: label('收件人', 'To'), ...shown },
  rowCount: { kind: 'number', label: label('报价行数', 'Rows'), quantity: true, ...shown },
  effectiveFrom: { kind: 'datetime', label: label('生效时间', 'Effective from'), ...shown },
  linkExpiresAt: { kind: 'datetime', label: label('链接有效期至', 'Link valid until'), ...shown },
  sentBy: { kind: 'user', label: label('发送人', 'Sent by'), ...shown },
  sentAt: { kind: 'datetime', label: label('发送时间', 'Sent'), ...shown },
  /** whose data scope covers the quote: the account's customer's owner, or a group quote's sender */
  ownerId: { kind: 'user', label: label('负责人', 'Owner'), readOnly: true },
} as const satisfies Record<string, ResourceField>;

/**
 * `quote-email`: the quotes sent through the send pages, as sent (decisions 0055, 0063). Read-only
 * on the kernel (filters, export, column chooser); a quote belongs to the data scope of its
 * account's customer owner, a group's quote to its sender's. The detail page
 * (`quote-email/detail?id=`) reads `GET /v2/qm/quote-email/{id}` (the body, rows, file and link).
 */
export const quoteEmailResource = defineResource({
  key: 'quotation.quoteEmail',
  title: label('报价邮件', 'Quote emails'),
  api: '/v2/qm/quote-email',
  routes: { list: '/offerManage/quote-email', detail: '/offerManage/quote-email/detail' },
  titleField: 'subject',
  fields,
  list: {
    columns: [
      'id',
      'subject',
      'bookName',
      'product',
      'sentAt',
      'recipients',
      'rowCount',
      'effectiveFrom',
      'bookKind',
      'sentBy',
      'locale',
      'linkExpiresAt',
    ],
    filters: {
      bookId: { op: 'eq', field: 'bookId' },
      bookKind: { op: 'eq', field: 'bookKind' },
      product: { op: 'eq', field: 'product' },
      sentAt: { op: 'range', field: 'sentAt' },
    },
    sortable: ['sentAt'],
    defaultSort: { field: 'id', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['bookName', 'product', 'sentAt'] },
  access: { list: PERM, owner: 'ownerId' },
  export: { fileName: label('报价邮件', 'quote-emails') },
  history: false,
});
