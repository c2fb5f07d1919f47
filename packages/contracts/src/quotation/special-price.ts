import { defineResource, label, type ResourceField } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { customerBookOptions, productOptions, shown } from './fields.js';

const PERM = permOf(routeByPath('/offerManage/quota-apply-approval/special')!);

const fields = {
  id: { kind: 'number', label: label('编号', 'ID'), ...shown },
  bookKind: {
    kind: 'enum',
    label: label('报价对象', 'Book'),
    ...shown,
    options: customerBookOptions,
  },
  bookId: { kind: 'number', label: label('对象编号', 'Book owner id'), ...shown },
  product: {
    kind: 'enum',
    label: label('产品', 'Product'),
    ...shown,
    options: productOptions,
  },
  dest: { kind: 'text', label: label('目的地', 'Destination'), ...shown },
  unitPrice: { kind: 'text', label: label('申请价格', 'Price asked'), decimal: true, ...shown },
  currency: { kind: 'text', label: label('币种', 'Currency'), ...shown },
  effectiveFrom: { kind: 'datetime', label: label('生效时间', 'Effective from'), ...shown },
  limitText: { kind: 'text', label: label('限价', 'Limit'), ...shown },
  reason: { kind: 'textarea', label: label('申请理由', 'Reason'), ...shown },
  state: {
    kind: 'enum',
    label: label('状态', 'State'),
    ...shown,
    options: [
      { value: 'pending', label: label('审批中', 'Under review'), color: 'processing' },
      { value: 'approved', label: label('已通过', 'Approved'), color: 'green' },
      { value: 'rejected', label: label('已驳回', 'Rejected'), color: 'red' },
      { value: 'withdrawn', label: label('已撤回', 'Withdrawn'), color: 'default' },
    ],
  },
  approvalId: { kind: 'number', label: label('审批单', 'Approval request'), readOnly: true },
  applicantId: { kind: 'user', label: label('申请人', 'Applicant'), ...shown },
  createdAt: { kind: 'datetime', label: label('申请时间', 'Applied'), ...shown },
  decidedAt: { kind: 'datetime', label: label('审批时间', 'Decided'), readOnly: true },
} as const satisfies Record<string, ResourceField>;

/**
 * `quota-apply-approval/special`: special-price requests (a customer price below its limit), started
 * by a price save and decided by the approval engine — read-only here, in the applicant's data scope
 * (decision 0055). The spec's detail call `/v2/qm/specialReview/details/{id}` stays beside it.
 */
export const specialPriceResource = defineResource({
  key: 'quotation.specialPrice',
  title: label('特价申请', 'Special-price requests'),
  api: '/v2/qm/special-price',
  routes: { list: '/offerManage/quota-apply-approval/special' },
  titleField: 'dest',
  fields,
  list: {
    columns: [
      'id',
      'bookKind',
      'bookId',
      'product',
      'dest',
      'unitPrice',
      'currency',
      'limitText',
      'reason',
      'state',
      'applicantId',
      'createdAt',
    ],
    filters: { state: { op: 'eq', field: 'state' } },
    sortable: [],
    defaultSort: { field: 'id', order: 'descend' },
  },
  form: { sections: [] },
  detail: { header: ['state', 'product', 'createdAt'] },
  access: { list: PERM, owner: 'applicantId' },
  export: { fileName: label('特价申请', 'special-price-requests') },
  history: false,
});
