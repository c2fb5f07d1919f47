import { APPLICATION_KINDS, APPLICATION_SERVICES, type ApplicationKind } from '@portal/contracts/crm';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { staffUsers } from '../../platform/access/schema.js';
import type { SeedContext } from '../../platform/seed/context.js';
import {
  agree,
  type BusinessProcess,
  deptLeaderNode,
  ensureBusinessProcesses,
  pendingTasksOf,
  reject,
} from '../approval/index.js';
import { ensureApplicationHandlers, startApplication } from './applications.js';
import { crmApplications, crmCustomers } from './schema.js';

const PROCESS_NAMES: Record<ApplicationKind, [zh: string, en: string]> = {
  alias: ['客户简称变更', 'Customer alias change'],
  classA: ['A 类客户申请', 'Class-A customer application'],
  source: ['客户来源变更', 'Customer source change'],
  teamName: ['团队名称变更', 'Team name change'],
  blacklist: ['客户拉黑', 'Customer blacklisting'],
};

/** Each CRM application kind's default process: the applicant's department leader decides. */
const processes: BusinessProcess[] = APPLICATION_KINDS.map((kind) => ({
  code: `crm-${kind}`,
  name: PROCESS_NAMES[kind][0],
  nameEn: PROCESS_NAMES[kind][1],
  groupName: '客户管理',
  serviceName: APPLICATION_SERVICES[kind],
  description: '部门负责人审批',
  definition: {
    nodes: [deptLeaderNode()],
  },
}));

const form = {
  code: 'crm-application',
  name: '客户申请',
  description: 'CRM application: customer, change, reason',
  fields: [
    { key: 'customer', label: '客户', labelEn: 'Customer', type: 'text', required: true, rules: { maxLength: 200 } },
    { key: 'change', label: '变更内容', labelEn: 'Change', type: 'text', required: true, rules: { maxLength: 300 } },
    {
      key: 'reason',
      label: '申请理由',
      labelEn: 'Reason',
      type: 'textarea',
      required: true,
      rules: { maxLength: 500 },
    },
  ],
};

/**
 * The demo requests: the pending ones sales01's (the 10050027 demo), the decided ones sales03's
 * (sales01's own approval lists keep the approval demo alone); each on a customer not yet class A.
 */
const DEMO: {
  kind: ApplicationKind;
  outcome: 'pending' | 'approved' | 'rejected';
  value?: (alias: string) => string;
}[] = [
  { kind: 'alias', outcome: 'pending', value: (a) => `${a}-Global` },
  { kind: 'classA', outcome: 'pending' },
  { kind: 'source', outcome: 'approved', value: () => 'referral' },
  { kind: 'teamName', outcome: 'rejected', value: (a) => `${a} Messaging Ltd` },
  { kind: 'blacklist', outcome: 'pending' },
  { kind: 'classA', outcome: 'approved' },
  { kind: 'alias', outcome: 'rejected', value: (a) => `${a}-Intl` },
  { kind: 'source', outcome: 'pending', value: () => 'exhibition' },
];

/**
 * The CRM processes (one per application kind) and demo applications in each state,
 * decided by their department leader through the engine. A customer that has any application is
 * left alone, so a second run adds nothing.
 */
export async function seedFlows(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const [admin] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin'));
  if (!admin) return;
  await ensureBusinessProcesses(db, form, processes, admin.id);
  ensureApplicationHandlers();
  const [done] = await db.select({ id: crmApplications.id }).from(crmApplications).limit(1);
  if (done) return;
  const candidatesOf = async (username: string) => {
    const [u] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username));
    if (!u) return { userId: 0, rows: [] };
    const rows = await db
      .select({ id: crmCustomers.id, alias: crmCustomers.alias })
      .from(crmCustomers)
      .where(
        and(
          eq(crmCustomers.ownerId, u.id),
          eq(crmCustomers.state, 'private'),
          ne(sql`coalesce(${crmCustomers.level}, '')`, 'A'),
          ne(sql`coalesce(${crmCustomers.source}, '')`, 'referral'),
          ne(sql`coalesce(${crmCustomers.source}, '')`, 'exhibition'),
        ),
      )
      .orderBy(asc(crmCustomers.code))
      .limit(DEMO.length);
    return { userId: u.id, rows };
  };
  const pendingBy = await candidatesOf('sales01');
  const decidedBy = await candidatesOf('sales03');
  let made = 0;
  for (const [i, d] of DEMO.entries()) {
    const by = d.outcome === 'pending' ? pendingBy : decidedBy;
    const c = by.rows[i];
    if (!c) continue;
    made++;
    await db.transaction(async (tx) => {
      const out = Object.assign([], { now: new Date() });
      const { instanceId } = await startApplication(tx, out, new Date(), by.userId, d.kind, {
        customerId: c.id,
        reason:
          d.kind === 'blacklist'
            ? '多次拒付且冒用品牌发送 / repeated chargebacks, brand misuse'
            : '客户要求 / customer request',
        ...(d.value ? { value: d.value(c.alias) } : {}),
      });
      if (d.outcome === 'pending') return;
      for (const task of await pendingTasksOf(tx, instanceId)) {
        if (d.outcome === 'approved') await agree(tx, task.taskId, task.userId, '同意 / agreed', out);
        else
          await reject(
            tx,
            { taskId: task.taskId, target: 'end', opinion: '资料不足 / not enough evidence' },
            task.userId,
            out,
          );
      }
    });
  }
  ctx.log.info({ applications: made }, 'crm applications');
}
