import { approvalRecordFields } from '../resource/approval-record.js';
import { defineResource, label, type ResourceField } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { productOptions, shown } from './fields.js';

const PERM = permOf(routeByPath('/offerManage/quota-apply-approval/supplier')!);

/** A consumer account whose traffic to the destination is routed to the channel, with its price then. */
export interface AffectedAccount {
  accountId: number;
  code: string;
  /** the customer's owner, warned through the message centre */
  ownerId: number | null;
  /** the account's price per unit (per minute for voice) in the cost's currency; null: no price applies */
  price: string | null;
  /** the new cost is above this price */
  over: boolean;
}

/** One cost a request asks for: the request's own row, or a line of a price-list import's request. */
export interface SupplierQuoteLine {
  /** the list's row number (1 for a single saved cost) */
  row: number;
  dest: string;
  country: string | null;
  label: string;
  oldCost: string | null;
  unitPrice: string;
  firstIncrement: number;
  nextIncrement: number;
  currency: string;
  effectiveFrom: string;
  raise: boolean;
  overPrice: boolean;
  affected: AffectedAccount[];
  /** the cost row the approval wrote */
  priceId: number | null;
}

const approval = approvalRecordFields();

/** `GET /v2/qm/specialReview/supplier/details/{id}`: the request, its accounts and its approval history. */
export interface SupplierQuoteDetail {
  id: number;
  channelId: number;
  channelCode: string;
  product: string;
  destKind: string;
  dest: string;
  country: string | null;
  oldCost: string | null;
  unitPrice: string;
  currency: string;
  effectiveFrom: string;
  raise: boolean;
  overPrice: boolean;
  affected: AffectedAccount[];
  /** a price-list import's request: its line count (0: one saved cost) */
  lineCount: number;
  /** the costs asked for: the one row, or the import's lines */
  lines: SupplierQuoteLine[];
  state: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  approvalId: number | null;
  priceId: number | null;
  applicantId: number;
  applicantName: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** the approval's steps (started, agreed, rejected, …), oldest first */
  history: {
    id: number;
    action: string;
    nodeName: string | null;
    userName: string | null;
    opinion: string | null;
    createdAt: string;
  }[];
}

const fields = {
  id: { kind: 'number', label: label('编号', 'ID'), ...shown },
  channelCode: { kind: 'text', label: label('通道', 'Channel'), ...shown },
  product: { kind: 'enum', label: label('产品', 'Product'), ...shown, options: productOptions },
  dest: { kind: 'text', label: label('目的地', 'Destination'), ...shown },
  oldCost: { kind: 'text', label: label('原成本', 'Old cost'), decimal: true, readOnly: true },
  unitPrice: { kind: 'text', label: label('新成本', 'New cost'), decimal: true, ...shown },
  currency: { kind: 'text', label: label('币种', 'Currency'), ...shown },
  effectiveFrom: { kind: 'datetime', label: label('生效时间', 'Effective from'), ...shown },
  raise: { kind: 'boolean', label: label('在用通道涨价', 'Raise on a live channel'), ...shown },
  overPrice: { kind: 'boolean', label: label('高于客户价', 'Above a customer price'), ...shown },
  affectedCount: { kind: 'number', label: label('受影响账户', 'Affected accounts'), quantity: true, ...shown },
  lineCount: { kind: 'number', label: label('导入行数', 'Imported lines'), quantity: true, ...shown },
  state: approval.state,
  approvalId: approval.trail.approvalId,
  applicantId: approval.trail.applicantId,
  createdAt: approval.trail.createdAt,
  decidedAt: approval.trail.decidedAt,
} as const satisfies Record<string, ResourceField>;

/**
 * `quota-apply-approval/supplier`: supplier-quote requests — a channel cost that raises a live
 * channel's cost or exceeds the price of a customer routed there, started by a cost save and decided
 * by the approval engine (decision 0100). Read-only, in the applicant's data scope; the detail page
 * (`quota-apply-approval/supplier/detail?id=`) reads `/v2/qm/specialReview/supplier/details/{id}`.
 */
export const supplierQuoteResource = defineResource({
  key: 'quotation.supplierQuote',
  title: label('供应商报价审批', 'Supplier quote approvals'),
  api: '/v2/qm/supplier-quote',
  routes: {
    list: '/offerManage/quota-apply-approval/supplier',
    detail: '/offerManage/quota-apply-approval/supplier/detail',
  },
  titleField: 'dest',
  fields,
  list: {
    columns: [
      'id',
      'dest',
      'state',
      'oldCost',
      'unitPrice',
      'channelCode',
      'currency',
      'affectedCount',
      'lineCount',
      'effectiveFrom',
      'raise',
      'overPrice',
      'product',
      'applicantId',
      'createdAt',
    ],
    filters: { state: { op: 'eq', field: 'state' }, product: { op: 'eq', field: 'product' } },
    sortable: [],
    defaultSort: { field: 'id', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['state', 'product', 'createdAt'] },
  access: { list: PERM, owner: 'applicantId' },
  export: { fileName: label('供应商报价审批', 'supplier-quote-requests') },
  history: false,
});
