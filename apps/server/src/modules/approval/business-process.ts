import type { FieldRules, ProcessDefinition } from '@portal/contracts';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.js';
import { wfFormFields, wfForms, wfProcesses, wfProcessVersions } from './schema.js';

export interface BusinessProcessSpec {
  code: string;
  name: string;
  nameEn: string;
  groupName: string;
  serviceName: string;
  /** the business's own application screen */
  applyPath: string;
  description: string;
  form: {
    code: string;
    name: string;
    fields: { key: string; label: string; labelEn: string; type: string; required: boolean; rules?: FieldRules }[];
  };
  definition: ProcessDefinition;
  createdBy: number;
}

/**
 * A business's default process with its form, created once (by its code) so the business works out
 * of the box; administrators change it afterwards in the process settings like any other.
 */
export async function ensureBusinessProcess(db: DbOrTx, spec: BusinessProcessSpec): Promise<void> {
  const [done] = await db.select({ id: wfProcesses.id }).from(wfProcesses).where(eq(wfProcesses.code, spec.code));
  if (done) return;
  const [form] = await db
    .insert(wfForms)
    .values({ code: spec.form.code, name: spec.form.name, description: spec.description })
    .returning({ id: wfForms.id });
  await db
    .insert(wfFormFields)
    .values(spec.form.fields.map((f, i) => ({ formId: form!.id, ...f, rules: f.rules ?? {}, sort: i + 1 })));
  const [proc] = await db
    .insert(wfProcesses)
    .values({
      code: spec.code,
      name: spec.name,
      nameEn: spec.nameEn,
      groupName: spec.groupName,
      serviceName: spec.serviceName,
      formId: form!.id,
      applyPath: spec.applyPath,
      description: spec.description,
    })
    .returning({ id: wfProcesses.id });
  const [version] = await db
    .insert(wfProcessVersions)
    .values({ processId: proc!.id, version: 1, definition: spec.definition, createdBy: spec.createdBy })
    .returning({ id: wfProcessVersions.id });
  await db.update(wfProcesses).set({ currentVersionId: version!.id }).where(eq(wfProcesses.id, proc!.id));
}

/** The enabled, published process a business starts its requests on (the first by id), or null. */
export async function processOfService(db: DbOrTx, serviceName: string): Promise<number | null> {
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
    .orderBy(asc(wfProcesses.id))
    .limit(1);
  return row?.id ?? null;
}
