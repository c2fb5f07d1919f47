import { defineResource } from '../resource/define.js';
import { SrmPerm } from './perms.js';

/** The approval engine's service name of supplier source changes. */
export const SOURCE_CHANGE_SERVICE = 'srm.supplier_source_change';
export const SOURCE_CHANGE_APPLY_PATH = '/general/process/modify-supplier-source/apply';

export const SOURCE_CHANGE_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;

/**
 * A supplier source change (来源变更): the source decides whose prospecting a supplier counts for,
 * so it changes only through an approval; approval writes the new source.
 * Started by `POST /v2/srm/source-change/apply`.
 */
export const sourceChangeResource = defineResource({
  key: 'srm.sourceChange',
  title: { zh: '供应商来源变更', en: 'Supplier source changes' },
  api: '/v2/srm/source-change',
  routes: { list: '/srm/operate/change-source-approval', detail: '/srm/operate/change-source-approval/detail' },
  titleField: 'supplierName',
  fields: {
    supplierId: {
      kind: 'supplier',
      ref: 'supplier',
      label: { zh: '供应商', en: 'Supplier' },
      required: true,
      readOnly: true,
    },
    supplierCode: { kind: 'text', label: { zh: '供应商编号', en: 'Supplier code' }, readOnly: true },
    supplierName: { kind: 'text', label: { zh: '供应商名称', en: 'Supplier name' }, readOnly: true },
    fromSource: { kind: 'dict', dict: 'purchase.supplier_source', label: { zh: '原来源', en: 'From' }, readOnly: true },
    toSource: {
      kind: 'dict',
      dict: 'purchase.supplier_source',
      label: { zh: '新来源', en: 'To' },
      required: true,
      readOnly: true,
    },
    reason: { kind: 'textarea', label: { zh: '变更原因', en: 'Reason' }, readOnly: true },
    state: {
      kind: 'enum',
      label: { zh: '申请状态', en: 'State' },
      required: true,
      readOnly: true,
      options: [
        { value: SOURCE_CHANGE_STATES[0], label: { zh: '审批中', en: 'Under review' }, color: 'processing' },
        { value: SOURCE_CHANGE_STATES[1], label: { zh: '已通过', en: 'Approved' }, color: 'green' },
        { value: SOURCE_CHANGE_STATES[2], label: { zh: '已驳回', en: 'Rejected' }, color: 'red' },
        { value: SOURCE_CHANGE_STATES[3], label: { zh: '已撤回', en: 'Withdrawn' } },
      ],
    },
    approvalId: { kind: 'number', label: { zh: '审批单号', en: 'Approval request' }, readOnly: true },
    applicantId: { kind: 'user', label: { zh: '申请人', en: 'Applicant' }, readOnly: true },
    applicantName: { kind: 'text', label: { zh: '申请人', en: 'Applicant' }, readOnly: true },
    decidedAt: { kind: 'datetime', label: { zh: '审批完成时间', en: 'Decided' }, readOnly: true },
    createdAt: { kind: 'datetime', label: { zh: '申请时间', en: 'Applied' }, required: true, readOnly: true },
  },
  list: {
    columns: [
      'supplierCode',
      'supplierName',
      'fromSource',
      'toSource',
      'state',
      'applicantName',
      'createdAt',
      'decidedAt',
    ],
    filters: {
      keyword: { op: 'like', fields: ['reason'], label: { zh: '变更原因', en: 'Reason' } },
      state: { op: 'eq', field: 'state' },
      supplierId: { op: 'eq', field: 'supplierId' },
      applicantId: { op: 'eq', field: 'applicantId' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['createdAt', 'decidedAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['supplierId', 'toSource', 'reason'] }] },
  detail: { header: ['supplierCode', 'state', 'applicantName', 'createdAt'] },
  access: { list: SrmPerm.SOURCE_CHANGES, owner: 'applicantId' },
  history: false,
});
