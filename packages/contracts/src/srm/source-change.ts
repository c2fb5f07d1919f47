import { APPROVAL_RECORD_STATES, approvalRecordFields } from '../resource/approval-record.js';
import { defineResource } from '../resource/define.js';
import { appliedSupplierFields } from './admission.js';
import { SrmPerm } from './perms.js';

/** The approval engine's service name of supplier source changes. */
export const SOURCE_CHANGE_SERVICE = 'srm.supplier_source_change';
export const SOURCE_CHANGE_APPLY_PATH = '/general/process/modify-supplier-source/apply';

export const SOURCE_CHANGE_STATES = APPROVAL_RECORD_STATES;

const approval = approvalRecordFields();

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
    ...appliedSupplierFields,
    fromSource: { kind: 'dict', dict: 'purchase.supplier_source', label: { zh: '原来源', en: 'From' }, readOnly: true },
    toSource: {
      kind: 'dict',
      dict: 'purchase.supplier_source',
      label: { zh: '新来源', en: 'To' },
      required: true,
      readOnly: true,
    },
    reason: { kind: 'textarea', label: { zh: '变更原因', en: 'Reason' }, readOnly: true },
    state: approval.state,
    ...approval.trail,
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
