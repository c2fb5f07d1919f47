import type { ProcessDefinition } from '@portal/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { departments, staffUsers } from '../../platform/access/schema.js';
import type { Db } from '../../platform/db/index.js';
import { deptLeaderNode, processNode } from './business.js';
import { wfFormFields, wfForms, wfProcesses, wfProcessVersions, wfRoleMembers, wfRoles } from './schema.js';

/** Department leaders the demo route needs ("dept leader" step); only set where none is set. */
const DEMO_LEADERS: [dept: string, username: string][] = [
  ['hq', 'admin'],
  ['admin', 'admin'],
  ['sales', 'salesmgr'],
  ['finance', 'finance02'],
  ['ops', 'ops02'],
];

export const DEMO_PROCESS_CODE = 'general-application';

/**
 * The approval demo (docs/domain.md "Approvals"): the generic service "general" with the form
 * 通用申请 (title, amount, reason, attachment), the workflow role 财务总监 (finance01), and the
 * process: department leader → (amount > 10,000.00) finance director → countersign of ops01 and
 * finance03 (all of) → CC admin. Idempotent; skipped when the demo staff are not there.
 */
export async function seedApprovalDemo(db: Db): Promise<void> {
  const wanted = ['admin', 'salesmgr', 'finance01', 'finance02', 'finance03', 'ops01', 'ops02'];
  const users = await db
    .select({ id: staffUsers.id, username: staffUsers.username })
    .from(staffUsers)
    .where(inArray(staffUsers.username, wanted));
  const id = new Map(users.map((u) => [u.username, u.id]));
  if (wanted.some((u) => !id.has(u))) return;
  const [done] = await db
    .select({ id: wfProcesses.id })
    .from(wfProcesses)
    .where(eq(wfProcesses.code, DEMO_PROCESS_CODE));
  if (done) return;

  await db.transaction(async (tx) => {
    for (const [code, username] of DEMO_LEADERS)
      await tx
        .update(departments)
        .set({ leaderUserId: id.get(username)! })
        .where(and(eq(departments.code, code), isNull(departments.leaderUserId)));

    const [role] = await tx
      .insert(wfRoles)
      .values({
        code: 'finance-director',
        name: '财务总监',
        description: 'Finance director: approves amounts above 10,000.00',
      })
      .onConflictDoNothing()
      .returning({ id: wfRoles.id });
    const roleId =
      role?.id ??
      (await tx.select({ id: wfRoles.id }).from(wfRoles).where(eq(wfRoles.code, 'finance-director')))[0]!.id;
    await tx
      .insert(wfRoleMembers)
      .values({ roleId, userId: id.get('finance01')! })
      .onConflictDoNothing();

    const [form] = await tx
      .insert(wfForms)
      .values({
        code: 'general-application',
        name: '通用申请',
        description: 'General application: title, amount, reason, attachment',
      })
      .returning({ id: wfForms.id });
    await tx.insert(wfFormFields).values([
      {
        formId: form!.id,
        key: 'subject',
        label: '申请事项',
        labelEn: 'Subject',
        type: 'text',
        required: true,
        rules: { maxLength: 100 },
        sort: 1,
      },
      {
        formId: form!.id,
        key: 'amount',
        label: '金额',
        labelEn: 'Amount',
        type: 'money',
        required: true,
        rules: { min: 0, max: 100_000_000_00 },
        sort: 2,
      },
      {
        formId: form!.id,
        key: 'reason',
        label: '申请理由',
        labelEn: 'Reason',
        type: 'textarea',
        required: true,
        rules: { maxLength: 1000 },
        sort: 3,
      },
      {
        formId: form!.id,
        key: 'attachments',
        label: '附件',
        labelEn: 'Attachments',
        type: 'attachment',
        required: false,
        sort: 4,
      },
    ]);

    const definition: ProcessDefinition = {
      nodes: [
        deptLeaderNode(),
        processNode({
          key: 'finance',
          name: '财务总监审批',
          nameEn: 'Finance director',
          approverKind: 'role',
          roleId,
          conditions: [{ field: 'amount', op: 'gt', value: 1_000_000 }],
          timeLimitHours: 24,
        }),
        processNode({
          key: 'countersign',
          name: '会签',
          nameEn: 'Countersign',
          approverKind: 'users',
          userIds: [id.get('ops01')!, id.get('finance03')!],
          mode: 'all',
        }),
        processNode({
          key: 'cc',
          name: '抄送行政',
          nameEn: 'Copy to administration',
          type: 'cc',
          approverKind: 'users',
          userIds: [id.get('admin')!],
        }),
      ],
    };
    const [proc] = await tx
      .insert(wfProcesses)
      .values({
        code: DEMO_PROCESS_CODE,
        name: '通用申请',
        nameEn: 'General application',
        groupName: '通用',
        serviceName: 'general',
        formId: form!.id,
        description: '部门负责人 → 金额超过 10,000.00 时财务总监 → 会签 → 抄送',
      })
      .returning({ id: wfProcesses.id });
    const [version] = await tx
      .insert(wfProcessVersions)
      .values({ processId: proc!.id, version: 1, definition, createdBy: id.get('admin')! })
      .returning({ id: wfProcessVersions.id });
    await tx.update(wfProcesses).set({ currentVersionId: version!.id }).where(eq(wfProcesses.id, proc!.id));
  });
}
