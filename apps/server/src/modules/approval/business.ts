import type { ProcessDefinition } from '@portal/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.js';
import { wfFormFields, wfForms, wfProcesses, wfProcessVersions, wfTasks } from './schema.js';

/**
 * The enabled process a business starts its requests on: the newest one with that service name
 * (an administrator may keep several and disable the old); null when none is set up.
 */
export async function processIdOf(db: DbOrTx, serviceName: string): Promise<number | null> {
  const [row] = await db
    .select({ id: wfProcesses.id })
    .from(wfProcesses)
    .where(and(eq(wfProcesses.serviceName, serviceName), eq(wfProcesses.enabled, true)))
    .orderBy(desc(wfProcesses.id))
    .limit(1);
  return row?.id ?? null;
}

export interface BusinessForm {
  code: string;
  name: string;
  description: string;
  fields: { key: string; label: string; labelEn: string; type: string; required: boolean; maxLength: number }[];
}

export interface BusinessProcess {
  code: string;
  name: string;
  nameEn: string;
  groupName: string;
  serviceName: string;
  description: string;
  definition: ProcessDefinition;
}

/**
 * A business's default form and processes (a room's seed): created once by code, then the
 * administrators' to change in the approval settings.
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
      form.fields.map((x, i) => ({
        formId: f!.id,
        key: x.key,
        label: x.label,
        labelEn: x.labelEn,
        type: x.type,
        required: x.required,
        rules: { maxLength: x.maxLength },
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
