import { SEAL_APPLY_PATH, SEAL_SERVICE } from '@portal/contracts/finance';
import { inArray } from 'drizzle-orm';
import { staffUsers } from '../../../platform/access/schema.js';
import type { DbOrTx } from '../../../platform/db/index.js';
import { copyToAdminNode, ensureBusinessProcess, processNode } from '../../approval/index.js';

export const SEAL_PROCESS_CODE = 'finance-contract-seal';

/**
 * Who approves a seal use (decision 0117): the default process is a legal / finance review (finance01
 * in the demo, else the administrator), then a copy to the administrator. Created once; the workflow
 * administrators change its approvers under approval settings like any other process (seal-config
 * links there).
 */
export async function ensureSealProcess(db: DbOrTx): Promise<void> {
  const people = await db
    .select({ id: staffUsers.id, username: staffUsers.username })
    .from(staffUsers)
    .where(inArray(staffUsers.username, ['admin', 'finance01']));
  const admin = people.find((u) => u.username === 'admin');
  if (!admin) return;
  const reviewer = people.find((u) => u.username === 'finance01') ?? admin;
  await ensureBusinessProcess(db, {
    code: SEAL_PROCESS_CODE,
    name: '合同用印申请',
    nameEn: 'Contract seal application',
    groupName: '财务',
    serviceName: SEAL_SERVICE,
    applyPath: SEAL_APPLY_PATH,
    description:
      '法务/财务审核合同与用印；通过后合同归档并编号 / legal and finance review; approval archives the contract',
    form: {
      code: SEAL_PROCESS_CODE,
      name: '合同用印申请',
      fields: [
        {
          key: 'contract',
          label: '合同',
          labelEn: 'Contract',
          type: 'text',
          required: true,
          rules: { maxLength: 400 },
        },
        {
          key: 'amount',
          label: '金额与期限',
          labelEn: 'Amount and term',
          type: 'text',
          required: true,
          rules: { maxLength: 200 },
        },
        { key: 'seals', label: '用印', labelEn: 'Seals', type: 'text', required: true, rules: { maxLength: 400 } },
        {
          key: 'reason',
          label: '用印说明',
          labelEn: 'Note',
          type: 'textarea',
          required: false,
          rules: { maxLength: 1000 },
        },
        { key: 'files', label: '合同文件', labelEn: 'Contract file', type: 'attachment', required: true },
      ],
    },
    definition: {
      nodes: [
        processNode({
          key: 'legal',
          name: '法务/财务审核',
          nameEn: 'Legal and finance review',
          approverKind: 'users',
          userIds: [reviewer.id],
          timeLimitHours: 48,
        }),
        copyToAdminNode(admin.id),
      ],
    },
    createdBy: admin.id,
  });
}
