import type { FieldRules, ProcessDefinition } from '@portal/contracts';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.js';
import { wfFormFields, wfForms, wfProcesses, wfProcessVersions, wfTasks } from './schema.js';

/**
 * The process a business starts its requests on: the newest enabled and published one with that
 * service name (an administrator may keep several and disable the old); null when none is set up,
 * which the business answers with its own "no process" code.
 */
export async function processIdOf(db: DbOrTx, serviceName: string): Promise<number | null> {
  const [row] = await db
    .select({ id: wfProcesses.id })
    .from(wfProcesses)
    .where(
      and(
        eq(wfProcesses.serviceName, serviceName),
        eq(wfProcesses.enabled, true),
        isNotNull(wfProcesses.currentVersionId),
      ),
    )
    .orderBy(desc(wfProcesses.id))
    .limit(1);
  return row?.id ?? null;
}

type ProcessNode = ProcessDefinition['nodes'][number];

/**
 * One node of a process definition with the usual defaults (an approval by one of the approvers, any
 * one deciding, rejectable, no conditions, no time limit): a business's seed names what differs.
 */
export const processNode = (
  n: Partial<ProcessNode> & Pick<ProcessNode, 'key' | 'name' | 'approverKind'>,
): ProcessNode => ({
  type: 'approval',
  roleId: null,
  userIds: [],
  levels: 1,
  mode: 'any',
  conditions: [],
  rejectable: true,
  timeLimitHours: null,
  ...n,
});

/** The first node of most business processes: the applicant's department leader decides. */
export const deptLeaderNode = (n: Partial<ProcessNode> = {}): ProcessNode =>
  processNode({ key: 'leader', name: '部门负责人审批', nameEn: 'Department leader', approverKind: 'deptLeader', ...n });

/** The last node of most business processes: a copy to the administrator (nothing to decide). */
export const copyToAdminNode = (adminId: number): ProcessNode =>
  processNode({
    key: 'cc',
    name: '抄送管理员',
    nameEn: 'Copy to administrator',
    type: 'cc',
    approverKind: 'users',
    userIds: [adminId],
    rejectable: false,
  });

/** One field of a business's form, as the approval form settings hold it. */
export interface BusinessFormField {
  key: string;
  label: string;
  labelEn: string;
  type: string;
  required: boolean;
  rules?: FieldRules;
  /** @deprecated say `rules: { maxLength }` */
  maxLength?: number;
}

export interface BusinessForm {
  code: string;
  name: string;
  description: string;
  fields: readonly BusinessFormField[];
}

export interface BusinessProcess {
  code: string;
  name: string;
  nameEn: string;
  groupName: string;
  serviceName: string;
  /** the business's own application screen, where the approval centre sends "apply" */
  applyPath?: string;
  description: string;
  definition: ProcessDefinition;
}

/**
 * A business's default form and processes (a room's seed or start): each created once by its
 * code, so the business works out of the box, then the administrators' to change in the approval
 * settings like any other. Several processes may share the form (one per application kind).
 */
export async function ensureBusinessProcesses(
  db: DbOrTx,
  form: BusinessForm,
  processes: readonly BusinessProcess[],
  createdBy: number,
): Promise<void> {
  let [f] = await db.select({ id: wfForms.id }).from(wfForms).where(eq(wfForms.code, form.code));
  if (!f) {
    [f] = await db
      .insert(wfForms)
      .values({ code: form.code, name: form.name, description: form.description })
      .returning({ id: wfForms.id });
    await db.insert(wfFormFields).values(
      form.fields.map(({ maxLength, rules, ...x }, i) => ({
        formId: f!.id,
        ...x,
        rules: rules ?? (maxLength === undefined ? {} : { maxLength }),
        sort: i + 1,
      })),
    );
  }
  for (const p of processes) {
    const [done] = await db.select({ id: wfProcesses.id }).from(wfProcesses).where(eq(wfProcesses.code, p.code));
    if (done) continue;
    const [proc] = await db
      .insert(wfProcesses)
      .values({
        code: p.code,
        name: p.name,
        nameEn: p.nameEn,
        groupName: p.groupName,
        serviceName: p.serviceName,
        formId: f!.id,
        applyPath: p.applyPath,
        description: p.description,
      })
      .returning({ id: wfProcesses.id });
    const [version] = await db
      .insert(wfProcessVersions)
      .values({ processId: proc!.id, version: 1, definition: p.definition, createdBy })
      .returning({ id: wfProcessVersions.id });
    await db.update(wfProcesses).set({ currentVersionId: version!.id }).where(eq(wfProcesses.id, proc!.id));
  }
}

/** The open tasks of a request and who holds them (a business's seed decides its demo requests). */
export async function pendingTasksOf(db: DbOrTx, instanceId: number) {
  return db
    .select({ taskId: wfTasks.id, userId: wfTasks.assigneeId })
    .from(wfTasks)
    .where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'pending')))
    .orderBy(wfTasks.id);
}

/**
 * @deprecated the one-process form of `ensureBusinessProcesses` (session 6's srm helper), kept so
 * rooms written against it still compile: `ensureBusinessProcesses(db, form, [process], createdBy)`.
 */
export interface BusinessProcessSpec extends BusinessProcess {
  form: Omit<BusinessForm, 'description'>;
  createdBy: number;
}

/** @deprecated use `ensureBusinessProcesses(db, form, [process], createdBy)` */
export const ensureBusinessProcess = (db: DbOrTx, { form, createdBy, ...process }: BusinessProcessSpec) =>
  ensureBusinessProcesses(db, { ...form, description: process.description }, [process], createdBy);

/** @deprecated use `processIdOf` (the same function) */
export const processOfService = processIdOf;
