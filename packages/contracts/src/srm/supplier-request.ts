import { z } from 'zod';
import { KEEP_AS } from '../ownership/define.js';
import { APPROVAL_RECORD_STATES, approvalRecordFields } from '../resource/approval-record.js';
import { defineResource } from '../resource/define.js';
import { int32Id, text } from '../validation/scalars.js';
import { appliedSupplierFields } from './admission.js';
import { SrmPerm } from './perms.js';

/** The approval engine's service names: a transfer to another buyer, a change of our contracting entity. */
export const TRANSFER_REQUEST_SERVICE = 'srm.supplier_transfer';
export const ENTITY_CHANGE_SERVICE = 'srm.supplier_entity_change';
export const TRANSFER_APPLY_PATH = '/srm/operate/transfer-supplier/apply';
export const ENTITY_CHANGE_APPLY_PATH = '/general/process/supplier-body-replace/apply';

export const SUPPLIER_REQUEST_KINDS = ['transfer', 'entity', 'source'] as const;
export type SupplierRequestKind = (typeof SUPPLIER_REQUEST_KINDS)[number];
export const SUPPLIER_REQUEST_STATES = APPROVAL_RECORD_STATES;

const approval = approvalRecordFields();

/**
 * A change of a supplier that needs an approval (decisions 0049, 0061): a transfer to another buyer
 * (转移申请, with its contacts and what the old owner keeps), a change of our contracting entity
 * (主体变更) or of the supplier's source (来源变更). One record for all three, like CRM's
 * applications; the approval's handler carries the change out. Started by
 * `POST /v2/srm/transfer-request/apply`, `/v2/srm/entity-change/apply`, `/v2/srm/source-change/apply`.
 */
export const supplierRequestResource = defineResource({
  key: 'srm.supplierRequest',
  title: { zh: '供应商变更申请', en: 'Supplier change requests' },
  api: '/v2/srm/supplier-request',
  routes: { list: '/srm/operate/transfer-supplier/list', detail: '/srm/operate/transfer-supplier/detail' },
  titleField: 'supplierName',
  fields: {
    ...appliedSupplierFields,
    kind: {
      kind: 'enum',
      label: { zh: '申请类型', en: 'Kind' },
      required: true,
      readOnly: true,
      options: [
        { value: SUPPLIER_REQUEST_KINDS[0], label: { zh: '转移', en: 'Transfer' }, color: 'blue' },
        { value: SUPPLIER_REQUEST_KINDS[1], label: { zh: '主体变更', en: 'Entity change' }, color: 'purple' },
        { value: SUPPLIER_REQUEST_KINDS[2], label: { zh: '来源变更', en: 'Source change' }, color: 'cyan' },
      ],
    },
    fromUserId: { kind: 'user', label: { zh: '原负责人', en: 'From owner' }, readOnly: true },
    fromUserName: { kind: 'text', label: { zh: '原负责人', en: 'From owner' }, readOnly: true },
    toUserId: { kind: 'user', label: { zh: '新负责人', en: 'To owner' }, readOnly: true },
    toUserName: { kind: 'text', label: { zh: '新负责人', en: 'To owner' }, readOnly: true },
    withContacts: { kind: 'boolean', label: { zh: '联系人一并转移', en: 'Contacts move too' }, readOnly: true },
    keepAs: {
      kind: 'enum',
      label: { zh: '原负责人保留', en: 'Old owner keeps' },
      readOnly: true,
      options: [
        { value: KEEP_AS[0], label: { zh: '不保留', en: 'Nothing' } },
        { value: KEEP_AS[1], label: { zh: '只读成员', en: 'Read access' } },
        { value: KEEP_AS[2], label: { zh: '读写成员', en: 'Write access' } },
      ],
    },
    fromEntityId: { kind: 'number', ref: 'entity', label: { zh: '原签约主体', en: 'From entity' }, readOnly: true },
    toEntityId: { kind: 'number', ref: 'entity', label: { zh: '新签约主体', en: 'To entity' }, readOnly: true },
    fromSource: {
      kind: 'dict',
      dict: 'purchase.supplier_source',
      label: { zh: '原来源', en: 'From source' },
      readOnly: true,
    },
    toSource: {
      kind: 'dict',
      dict: 'purchase.supplier_source',
      label: { zh: '新来源', en: 'To source' },
      readOnly: true,
    },
    reason: { kind: 'textarea', label: { zh: '申请原因', en: 'Reason' }, readOnly: true },
    state: approval.state,
    ...approval.trail,
  },
  list: {
    columns: [
      'supplierCode',
      'supplierName',
      'kind',
      'fromUserName',
      'toUserName',
      'fromEntityId',
      'toEntityId',
      'fromSource',
      'toSource',
      'state',
      'applicantName',
      'createdAt',
      'decidedAt',
    ],
    filters: {
      keyword: { op: 'like', fields: ['reason'], label: { zh: '申请原因', en: 'Reason' } },
      kind: { op: 'eq', field: 'kind' },
      state: { op: 'eq', field: 'state' },
      supplierId: { op: 'eq', field: 'supplierId' },
      applicantId: { op: 'eq', field: 'applicantId' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['createdAt', 'decidedAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['supplierId', 'reason'] }] },
  detail: { header: ['supplierCode', 'kind', 'state', 'applicantName', 'createdAt'] },
  access: { list: SrmPerm.SUPPLIER_REQUESTS, owner: 'applicantId' },
  history: false,
});

/** A transfer request: my private supplier, the buyer it goes to, whether its contacts go along, why. */
export const transferRequestApply = z.object({
  supplierId: int32Id(),
  toUserId: int32Id(),
  withContacts: z.boolean().default(true),
  keepAs: z.enum(KEEP_AS).default('none'),
  reason: text().trim().min(2).max(500),
});
export type TransferRequestApply = z.infer<typeof transferRequestApply>;

/** An entity change: my private supplier, our new contracting entity, why. */
export const entityChangeApply = z.object({
  supplierId: int32Id(),
  toEntityId: int32Id(),
  reason: text().trim().min(2).max(500),
});
export type EntityChangeApply = z.infer<typeof entityChangeApply>;
