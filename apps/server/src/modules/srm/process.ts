import {
  ADMISSION_APPLY_PATH,
  ADMISSION_SERVICE,
  ENTITY_CHANGE_APPLY_PATH,
  ENTITY_CHANGE_SERVICE,
  SOURCE_CHANGE_APPLY_PATH,
  SOURCE_CHANGE_SERVICE,
  TRANSFER_APPLY_PATH,
  TRANSFER_REQUEST_SERVICE,
} from '@portal/contracts/srm';
import { eq } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { Db } from '../../platform/db/index.js';
import { copyToAdminNode, ensureBusinessProcesses, processNode } from '../approval/index.js';

/** The first step of both srm processes: the applicant's department leader (the purchasing lead), 48 hours. */
const PURCHASING_LEAD = processNode({
  key: 'leader',
  name: '采购负责人审批',
  nameEn: 'Purchasing lead',
  approverKind: 'deptLeader',
  timeLimitHours: 48,
});

export const ADMISSION_PROCESS_CODE = 'srm-supplier-admission';

/**
 * The default admission process: the applicant's department leader (the purchasing manager), then
 * a copy to the administrator. Created once; workflow administrators change it like any other.
 */
export async function ensureAdmissionProcess(db: Db): Promise<void> {
  const [admin] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin'));
  if (!admin) return;
  const description = '采购部门负责人审批 → 抄送管理员；通过后供应商方可承载业务';
  await ensureBusinessProcesses(
    db,
    {
      code: 'srm-supplier-admission',
      name: '供应商准入申请',
      fields: [
        {
          key: 'supplier',
          label: '供应商',
          labelEn: 'Supplier',
          type: 'text',
          required: true,
          rules: { maxLength: 200 },
        },
        {
          key: 'checklist',
          label: '尽职调查清单',
          labelEn: 'Due-diligence checklist',
          type: 'textarea',
          required: true,
          rules: { maxLength: 2000 },
        },
        {
          key: 'note',
          label: '申请说明',
          labelEn: 'Note',
          type: 'textarea',
          required: false,
          rules: { maxLength: 1000 },
        },
        { key: 'documents', label: '资质文件', labelEn: 'Documents', type: 'attachment', required: false },
      ],
      description,
    },
    [
      {
        code: ADMISSION_PROCESS_CODE,
        name: '供应商准入',
        nameEn: 'Supplier admission',
        groupName: '采购',
        serviceName: ADMISSION_SERVICE,
        applyPath: ADMISSION_APPLY_PATH,
        description,
        definition: {
          nodes: [PURCHASING_LEAD, copyToAdminNode(admin.id)],
        },
      },
    ],
    admin.id,
  );
}

/** The default source change process: the applicant's department leader decides. */
export async function ensureSourceChangeProcess(db: Db): Promise<void> {
  const [admin] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin'));
  if (!admin) return;
  const description = '采购部门负责人审批；通过后写入新的供应商来源';
  await ensureBusinessProcesses(
    db,
    {
      code: 'srm-supplier-source-change',
      name: '供应商来源变更申请',
      fields: [
        {
          key: 'supplier',
          label: '供应商',
          labelEn: 'Supplier',
          type: 'text',
          required: true,
          rules: { maxLength: 200 },
        },
        {
          key: 'change',
          label: '来源变更',
          labelEn: 'Change',
          type: 'text',
          required: true,
          rules: { maxLength: 200 },
        },
        {
          key: 'reason',
          label: '变更原因',
          labelEn: 'Reason',
          type: 'textarea',
          required: true,
          rules: { maxLength: 500 },
        },
      ],
      description,
    },
    [
      {
        code: 'srm-supplier-source-change',
        name: '供应商来源变更',
        nameEn: 'Supplier source change',
        groupName: '采购',
        serviceName: SOURCE_CHANGE_SERVICE,
        applyPath: SOURCE_CHANGE_APPLY_PATH,
        description,
        definition: {
          nodes: [PURCHASING_LEAD],
        },
      },
    ],
    admin.id,
  );
}

/** The default transfer and entity change processes (one form): the applicant's department leader decides. */
export async function ensureSupplierRequestProcesses(db: Db): Promise<void> {
  const [admin] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin'));
  if (!admin) return;
  const description = '采购部门负责人审批；通过后执行转移或写入新的签约主体';
  const step = { definition: { nodes: [PURCHASING_LEAD] }, groupName: '采购', description };
  await ensureBusinessProcesses(
    db,
    {
      code: 'srm-supplier-request',
      name: '供应商转移与主体变更申请',
      fields: [
        {
          key: 'supplier',
          label: '供应商',
          labelEn: 'Supplier',
          type: 'text',
          required: true,
          rules: { maxLength: 200 },
        },
        {
          key: 'change',
          label: '变更内容',
          labelEn: 'Change',
          type: 'text',
          required: true,
          rules: { maxLength: 300 },
        },
        {
          key: 'reason',
          label: '申请原因',
          labelEn: 'Reason',
          type: 'textarea',
          required: true,
          rules: { maxLength: 500 },
        },
      ],
      description,
    },
    [
      {
        code: 'srm-supplier-transfer',
        name: '供应商转移',
        nameEn: 'Supplier transfer',
        serviceName: TRANSFER_REQUEST_SERVICE,
        applyPath: TRANSFER_APPLY_PATH,
        ...step,
      },
      {
        code: 'srm-supplier-entity-change',
        name: '供应商主体变更',
        nameEn: 'Supplier entity change',
        serviceName: ENTITY_CHANGE_SERVICE,
        applyPath: ENTITY_CHANGE_APPLY_PATH,
        ...step,
      },
    ],
    admin.id,
  );
}
