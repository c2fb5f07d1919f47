import { z } from 'zod';
import { APPROVAL_RECORD_STATES, approvalRecordFields } from '../resource/approval-record.js';
import { defineResource, label } from '../resource/define.js';
import { permOf, routeByPath } from '../routes/index.js';
import { int32Id, text } from '../validation/scalars.js';

/**
 * Contract archive and seals (decision 0117): the company's seals and who keeps them (seal-config),
 * applications to seal a contract through the approval engine (seal-apply), and the archive of the
 * sealed contracts with a number per day and the return of the signed original (archive-records).
 */
const screen = (path: string): string => {
  const route = routeByPath(path);
  if (!route) throw new Error(`finance: no route ${path}`);
  return permOf(route);
};
const SEALS = '/setModule/financial/seal-config';
const APPLICATIONS = '/financial/contract-archive/seal-apply';
const ARCHIVE = '/financial/contract-archive/archive-records';
export const SEAL_DETAIL_PATH = '/financial/contract-seal/detail';
export const SEAL_APPLY_PATH = '/general/process/contract-seal/apply';

export const SealPerm = {
  /** the seals (settings) */
  SEALS: screen(SEALS),
  /** add and change seals */
  SEAL_EDIT: `${screen(SEALS)}:edit`,
  /** the seal applications list (the applicant's own) */
  APPLICATIONS: screen(APPLICATIONS),
  /** finance and legal: every application and archived contract, whatever the role's data scope */
  ALL: `${screen(APPLICATIONS)}:all`,
  /** apply to seal a contract (the application form) */
  APPLY: screen(SEAL_APPLY_PATH),
  /** the archive of sealed contracts */
  ARCHIVE: screen(ARCHIVE),
  /** record the return of a signed original into the archive */
  ARCHIVE_EDIT: `${screen(ARCHIVE)}:edit`,
} as const;

/** The approval engine's service name of seal applications. */
export const SEAL_SERVICE = 'finance.contract_seal';
/** Start an application: `POST`; the section 7 detail calls: `GET /{id}`, `/processInstance/{id}`, `/process/{id}`. */
export const SEAL_APPLY_API = '/v2/fc/contract/apply';

export const SEAL_KINDS = ['company', 'contract', 'finance', 'legal_rep'] as const;
export type SealKind = (typeof SEAL_KINDS)[number];
export const sealKindOptions = [
  { value: 'company', label: label('公章', 'Company seal'), color: 'red' },
  { value: 'contract', label: label('合同专用章', 'Contract seal'), color: 'blue' },
  { value: 'finance', label: label('财务专用章', 'Finance seal'), color: 'gold' },
  { value: 'legal_rep', label: label('法定代表人章', 'Legal representative seal'), color: 'purple' },
] as const;

export const COUNTERPART_KINDS = ['customer', 'supplier'] as const;
export type CounterpartKind = (typeof COUNTERPART_KINDS)[number];
export const counterpartKindOptions = [
  { value: 'customer', label: label('客户（销售合同）', 'Customer (sales)'), color: 'blue' },
  { value: 'supplier', label: label('供应商（采购合同）', 'Supplier (purchase)'), color: 'cyan' },
] as const;

export const CONTRACT_TYPES = ['service', 'framework', 'purchase', 'nda', 'supplement', 'other'] as const;
export const contractTypeOptions = [
  { value: 'service', label: label('服务合同', 'Service agreement') },
  { value: 'framework', label: label('框架协议', 'Framework agreement') },
  { value: 'purchase', label: label('采购合同', 'Purchase agreement') },
  { value: 'nda', label: label('保密协议', 'NDA') },
  { value: 'supplement', label: label('补充协议', 'Supplement') },
  { value: 'other', label: label('其他', 'Other') },
] as const;

/** An archived contract's signed original: awaited back from the counterpart, or filed. */
export const ORIGINAL_STATES = ['awaiting', 'filed'] as const;
export const originalStateOptions = [
  { value: 'awaiting', label: label('待归还原件', 'Original awaited'), color: 'orange' },
  { value: 'filed', label: label('原件已归档', 'Original filed'), color: 'green' },
] as const;

/** Most seals one application may ask for, and copies. */
export const MAX_SEALS_PER_APPLY = 4;
export const MAX_SEAL_COPIES = 20;
export const MAX_CONTRACT_FILES = 5;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** `GET` the active seals an application may ask for (any signed-in user: the apply form). */
export const SEAL_OPTIONS_API = '/v2/fc/seal/options';
export const sealOption = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(SEAL_KINDS),
  entityId: z.number(),
});
export type SealOption = z.infer<typeof sealOption>;

/** A seal application as the form sends it (amount in minor units). */
export const sealApply = z.object({
  counterpartKind: z.enum(COUNTERPART_KINDS),
  counterpartId: int32Id(),
  title: text().trim().min(2).max(200),
  contractType: z.enum(CONTRACT_TYPES),
  amount: z.number().int().min(0).max(1e15),
  currency: z.string().regex(/^[A-Z]{3}$/),
  startDay: day,
  endDay: day.nullable().optional(),
  files: z.array(text().min(1).max(64)).min(1).max(MAX_CONTRACT_FILES),
  sealIds: z.array(int32Id()).min(1).max(MAX_SEALS_PER_APPLY),
  copies: z.number().int().min(1).max(MAX_SEAL_COPIES),
  reason: text().trim().max(1000).optional(),
});
export type SealApply = z.infer<typeof sealApply>;

export const sealApplyResult = z.object({ id: z.number(), code: z.string(), instanceId: z.number() });
export type SealApplyResult = z.infer<typeof sealApplyResult>;

/** The section 7 detail: the application, its files (signed links), its seals and its approval's steps. */
export const sealApplicationDetail = z.object({
  id: z.number(),
  code: z.string(),
  state: z.enum(APPROVAL_RECORD_STATES),
  counterpartKind: z.enum(COUNTERPART_KINDS),
  counterpartId: z.number(),
  counterpartName: z.string(),
  title: z.string(),
  contractType: z.string(),
  amount: z.number(),
  currency: z.string(),
  startDay: z.string(),
  endDay: z.string().nullable(),
  copies: z.number(),
  reason: z.string().nullable(),
  seals: z.array(z.object({ id: z.number(), name: z.string(), kind: z.string() })),
  files: z.array(z.object({ id: z.string(), name: z.string(), size: z.number(), url: z.string() })),
  archiveNo: z.string().nullable(),
  instanceId: z.number().nullable(),
  applicantId: z.number(),
  applicantName: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  trail: z.array(
    z.object({
      id: z.number(),
      action: z.string(),
      nodeName: z.string().nullable(),
      userName: z.string().nullable(),
      opinion: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type SealApplicationDetail = z.infer<typeof sealApplicationDetail>;

/** `setModule/financial/seal-config`: the company's seals, each of a contracting entity, with its keeper. */
export const sealResource = defineResource({
  key: 'finance.seal',
  title: label('印章', 'Seals'),
  api: '/v2/fc/seal',
  routes: { list: SEALS },
  titleField: 'name',
  fields: {
    name: {
      kind: 'text',
      label: label('印章名称', 'Seal name'),
      required: true,
      track: true,
      rules: { minLength: 2, maxLength: 64 },
    },
    kind: { kind: 'enum', label: label('印章类型', 'Kind'), required: true, track: true, options: sealKindOptions },
    entityId: {
      kind: 'number',
      ref: 'entity',
      label: label('所属主体', 'Contracting entity'),
      required: true,
      track: true,
    },
    entityName: { kind: 'text', label: label('所属主体', 'Contracting entity'), readOnly: true },
    keeperId: { kind: 'user', label: label('保管人', 'Keeper'), required: true, track: true },
    active: { kind: 'boolean', label: label('启用', 'Active'), required: true, track: true },
    /** the seal's registration (or an electronic seal's certificate) runs out on this day: its keeper is reminded before */
    validUntil: { kind: 'date', label: label('有效期至', 'Valid until'), track: true },
    remark: { kind: 'textarea', label: label('备注', 'Remark'), track: true, rules: { maxLength: 500 } },
    createdBy: { kind: 'user', label: label('创建人', 'Created by'), readOnly: true },
    createdAt: { kind: 'datetime', label: label('创建时间', 'Created'), readOnly: true },
  },
  list: {
    columns: ['name', 'kind', 'entityName', 'keeperId', 'active', 'validUntil', 'remark', 'createdAt'],
    filters: {
      keyword: { op: 'like', fields: ['name'], label: label('印章名称', 'Seal name') },
      kind: { op: 'eq', field: 'kind' },
      entityId: { op: 'eq', field: 'entityId' },
      active: { op: 'eq', field: 'active' },
    },
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['name', 'kind', 'entityId', 'keeperId', 'active', 'validUntil', 'remark'] }] },
  detail: { header: ['kind', 'entityId', 'keeperId', 'active', 'validUntil'] },
  access: { list: SealPerm.SEALS, create: SealPerm.SEAL_EDIT, update: SealPerm.SEAL_EDIT },
  export: { fileName: label('印章', 'Seals') },
  history: {},
});

const approval = approvalRecordFields();

/** The contract fields an application and its archive record share. */
const contractFields = {
  counterpartKind: {
    kind: 'enum',
    label: label('相对方类型', 'Counterpart kind'),
    required: true,
    readOnly: true,
    options: counterpartKindOptions,
  },
  counterpartId: { kind: 'number', label: label('相对方编号', 'Counterpart id'), readOnly: true },
  counterpartName: { kind: 'text', label: label('合同相对方', 'Counterpart'), readOnly: true },
  title: { kind: 'text', label: label('合同名称', 'Contract title'), required: true, readOnly: true },
  contractType: {
    kind: 'enum',
    label: label('合同类型', 'Contract type'),
    required: true,
    readOnly: true,
    options: contractTypeOptions,
  },
  amount: { kind: 'money', label: label('合同金额', 'Amount'), readOnly: true },
  currency: { kind: 'text', label: label('币种', 'Currency'), readOnly: true },
  startDay: { kind: 'date', label: label('合同开始日', 'Starts'), readOnly: true },
  endDay: { kind: 'date', label: label('合同到期日', 'Expires'), readOnly: true },
  sealNames: { kind: 'text', label: label('用印', 'Seals'), readOnly: true },
  copies: { kind: 'number', label: label('份数', 'Copies'), readOnly: true, quantity: true },
  files: { kind: 'attachment', label: label('合同文件', 'Contract file'), readOnly: true },
} as const;

/**
 * `contract-archive/seal-apply`: applications to seal a contract, the applicant's own (finance and
 * legal with `SealPerm.ALL`: every one). Started by `POST /v2/fc/contract/apply`, decided by the
 * approval engine; never created or changed through the kernel.
 */
export const sealApplicationResource = defineResource({
  key: 'finance.sealApplication',
  title: label('用印申请', 'Seal applications'),
  api: '/v2/fc/contract/seal-apply',
  routes: { list: APPLICATIONS, detail: SEAL_DETAIL_PATH },
  titleField: 'title',
  fields: {
    code: { kind: 'text', label: label('申请编号', 'Application no.'), readOnly: true },
    ...contractFields,
    state: approval.state,
    archiveNo: { kind: 'text', label: label('归档编号', 'Archive no.'), readOnly: true },
    reason: { kind: 'textarea', label: label('用印说明', 'Note'), readOnly: true },
    ...approval.trail,
  },
  list: {
    columns: [
      'code',
      'title',
      'counterpartName',
      'state',
      'sealNames',
      'amount',
      'currency',
      'archiveNo',
      'applicantName',
      'createdAt',
    ],
    filters: {
      keyword: {
        op: 'like',
        fields: ['code', 'title', 'counterpartName'],
        label: label('编号/合同/相对方', 'No., contract or counterpart'),
      },
      state: { op: 'eq', field: 'state' },
      counterpartKind: { op: 'eq', field: 'counterpartKind' },
      applicantId: { op: 'eq', field: 'applicantId' },
      createdAt: { op: 'range', field: 'createdAt' },
    },
    sortable: ['createdAt'],
    defaultSort: { field: 'createdAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['title', 'counterpartKind', 'contractType'] }] },
  detail: {
    header: ['code', 'state', 'counterpartName', 'archiveNo'],
    tabs: [{ key: 'approval', title: label('审批进度', 'Approval') }],
  },
  access: { list: SealPerm.APPLICATIONS, owner: 'applicantId' },
  export: { fileName: label('用印申请', 'Seal applications') },
  history: false,
});

/**
 * `contract-archive/archive-records`: the sealed contracts, numbered `HT-YYYYMMDD-NNN` on the day their
 * application was approved; the applicant's own (finance and legal: all). The return of the signed
 * original is a command (who handed it in, when).
 */
export const contractArchiveResource = defineResource({
  key: 'finance.contractArchive',
  title: label('归档记录', 'Archive records'),
  api: '/v2/fc/contract/archive',
  routes: { list: ARCHIVE },
  titleField: 'archiveNo',
  fields: {
    archiveNo: { kind: 'text', label: label('归档编号', 'Archive no.'), readOnly: true },
    applicationId: { kind: 'number', label: label('用印申请', 'Seal application'), readOnly: true },
    applicationCode: { kind: 'text', label: label('申请编号', 'Application no.'), readOnly: true },
    ...contractFields,
    originalState: {
      kind: 'enum',
      label: label('原件', 'Original'),
      required: true,
      readOnly: true,
      track: true,
      options: originalStateOptions,
    },
    returnedBy: { kind: 'user', label: label('原件归还人', 'Original returned by'), readOnly: true, track: true },
    returnedOn: { kind: 'date', label: label('原件归还日', 'Original returned on'), readOnly: true, track: true },
    remark: { kind: 'textarea', label: label('备注', 'Remark'), track: true, rules: { maxLength: 500 } },
    applicantId: { kind: 'user', label: label('申请人', 'Applicant'), readOnly: true },
    archivedAt: { kind: 'datetime', label: label('归档时间', 'Archived'), required: true, readOnly: true },
  },
  list: {
    columns: [
      'archiveNo',
      'title',
      'counterpartName',
      'contractType',
      'amount',
      'currency',
      'endDay',
      'originalState',
      'archivedAt',
    ],
    filters: {
      keyword: {
        op: 'like',
        fields: ['archiveNo', 'title', 'counterpartName'],
        label: label('归档编号/合同/相对方', 'Archive no., contract or counterpart'),
      },
      counterpartKind: { op: 'eq', field: 'counterpartKind' },
      contractType: { op: 'eq', field: 'contractType' },
      originalState: { op: 'eq', field: 'originalState' },
      archivedAt: { op: 'range', field: 'archivedAt' },
      endDay: { op: 'range', field: 'endDay', label: label('到期日', 'Expiry') },
    },
    sortable: ['archivedAt', 'endDay'],
    defaultSort: { field: 'archivedAt', order: 'descend' },
  },
  form: { sections: [{ fields: ['remark'] }] },
  detail: { header: ['archiveNo', 'counterpartName', 'originalState', 'endDay'] },
  access: { list: SealPerm.ARCHIVE, update: SealPerm.ARCHIVE_EDIT, owner: 'applicantId' },
  commands: {
    fileOriginal: {
      label: label('原件归档', 'File the original'),
      input: {
        returnedBy: { kind: 'user', label: label('原件归还人', 'Returned by'), required: true },
        returnedOn: { kind: 'date', label: label('归还日期', 'Returned on'), required: true },
      },
      perm: SealPerm.ARCHIVE_EDIT,
      when: { field: 'originalState', in: ['awaiting'] },
    },
  },
  export: { fileName: label('合同归档记录', 'Contract archive') },
  history: {},
});
