import { APPROVAL_RECORD_STATES, approvalRecordFields } from '../resource/approval-record.js';
import type { Label } from '../resource/define.js';
import { defineResource } from '../resource/define.js';
import { SrmPerm } from './perms.js';

/** The approval engine's service name of supplier admission requests. */
export const ADMISSION_SERVICE = 'srm.supplier_admission';
export const ADMISSION_APPLY_PATH = '/general/process/supplier-apply/supplier/apply';

export const ADMISSION_STATES = APPROVAL_RECORD_STATES;
export type AdmissionState = (typeof ADMISSION_STATES)[number];

/** The due-diligence checklist every admission answers in full (keys are stored, labels shown). */
export const ADMISSION_CHECKLIST: readonly { key: string; label: Label }[] = [
  { key: 'license', label: { zh: '营业执照/电信牌照已核验', en: 'Business or telecom licence verified' } },
  { key: 'sanctions', label: { zh: '制裁与黑名单筛查已通过', en: 'Sanctions and blacklist screening passed' } },
  { key: 'ownership', label: { zh: '实际控制人已确认', en: 'Beneficial owner identified' } },
  { key: 'bank', label: { zh: '收款账户与主体一致', en: 'Bank account matches the legal entity' } },
  { key: 'test', label: { zh: '通道测试已完成', en: 'Route test completed' } },
  { key: 'contract', label: { zh: '合同/NDA 已签署', en: 'Contract or NDA signed' } },
];
export const ADMISSION_CHECKLIST_KEYS = ADMISSION_CHECKLIST.map((c) => c.key);

const approval = approvalRecordFields();

/** The supplier an application is about: picked once, its code and name read with it. */
export const appliedSupplierFields = {
  supplierId: {
    kind: 'supplier',
    ref: 'supplier',
    label: { zh: '供应商', en: 'Supplier' },
    required: true,
    readOnly: true,
  },
  supplierCode: { kind: 'text', label: { zh: '供应商编号', en: 'Supplier code' }, readOnly: true },
  supplierName: { kind: 'text', label: { zh: '供应商名称', en: 'Supplier name' }, readOnly: true },
} as const;

/**
 * A supplier admission application (准入申请): documents through the upload service and the
 * due-diligence checklist, decided by the approval engine; approval admits the supplier.
 * Started by `POST /v2/srm/admission/apply`, never through the kernel's create.
 */
export const admissionResource = defineResource({
  key: 'srm.admission',
  title: { zh: '供应商准入申请', en: 'Supplier admissions' },
  api: '/v2/srm/admission',
  routes: { list: '/srm/operate/supplier/lication', detail: '/srm/submittedDetail' },
  titleField: 'supplierName',
  fields: {
    ...appliedSupplierFields,
    state: approval.state,
    documents: { kind: 'attachment', label: { zh: '资质文件', en: 'Documents' }, readOnly: true },
    note: { kind: 'textarea', label: { zh: '申请说明', en: 'Note' }, readOnly: true },
    ...approval.trail,
  },
  list: {
    columns: ['supplierCode', 'supplierName', 'state', 'applicantName', 'approvalId', 'createdAt', 'decidedAt'],
    filters: {
      keyword: { op: 'like', fields: ['note'], label: { zh: '申请说明', en: 'Note' } },
      state: { op: 'eq', field: 'state' },
      supplierId: { op: 'eq', field: 'supplierId' },
      applicantId: { op: 'eq', field: 'applicantId' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['createdAt', 'decidedAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['supplierId', 'note'] }] },
  detail: { header: ['supplierCode', 'state', 'applicantName', 'createdAt'] },
  access: { list: SrmPerm.APPLICATIONS, owner: 'applicantId' },
  history: false,
});
