import type { FieldSaveBody, FormField, FormRow, FormSaveBody, PageResult } from '@portal/contracts';
import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { containsPattern } from '../../platform/db/like.js';
import { assertUnchanged } from '../../platform/db/unchanged.js';
import { AppError } from '../../platform/http/errors.js';
import { wfFormFields, wfForms, wfProcesses } from './schema.js';

export async function listForms(
  db: Db,
  q: { page: number; size: number; keyword?: string },
): Promise<PageResult<FormRow>> {
  const cond = and(
    eq(wfForms.deleted, false),
    q.keyword
      ? or(ilike(wfForms.name, containsPattern(q.keyword)), ilike(wfForms.code, containsPattern(q.keyword)))
      : undefined,
  );
  const fieldCount = sql<number>`(select count(*)::int from wf_form_fields f where f.form_id = ${wfForms.id})`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: wfForms.id,
        name: wfForms.name,
        code: wfForms.code,
        description: wfForms.description,
        fieldCount,
        updatedAt: wfForms.updatedAt,
      })
      .from(wfForms)
      .where(cond)
      .orderBy(desc(wfForms.updatedAt), asc(wfForms.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: sql<number>`count(*)::int` }).from(wfForms).where(cond),
  ]);
  return {
    records: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    total: count?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}

async function formExists(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: wfForms.id })
    .from(wfForms)
    .where(and(eq(wfForms.id, id), eq(wfForms.deleted, false)));
  if (!row) throw new AppError('NOT_FOUND');
}

export async function saveForm(db: Db, body: FormSaveBody): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: wfForms.id })
      .from(wfForms)
      .where(
        and(eq(wfForms.code, body.code), eq(wfForms.deleted, false), body.id ? ne(wfForms.id, body.id) : undefined),
      );
    if (dup) throw new AppError('DUPLICATE', { vars: { value: body.code } });
    if (body.id) {
      const [current] = await tx
        .select({ updatedAt: wfForms.updatedAt })
        .from(wfForms)
        .where(and(eq(wfForms.id, body.id), eq(wfForms.deleted, false)))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND');
      assertUnchanged(current.updatedAt, body.expectUpdatedAt);
      await tx
        .update(wfForms)
        .set({ name: body.name, code: body.code, description: body.description, updatedAt: new Date() })
        .where(eq(wfForms.id, body.id));
      return { id: body.id };
    }
    const [row] = await tx
      .insert(wfForms)
      .values({ name: body.name, code: body.code, description: body.description })
      .returning({ id: wfForms.id });
    return { id: row!.id };
  });
}

export async function deleteForm(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [form] = await tx
      .select({ name: wfForms.name })
      .from(wfForms)
      .where(and(eq(wfForms.id, id), eq(wfForms.deleted, false)))
      .for('update');
    if (!form) throw new AppError('NOT_FOUND');
    const [used] = await tx.select({ id: wfProcesses.id }).from(wfProcesses).where(eq(wfProcesses.formId, id)).limit(1);
    if (used) throw new AppError('WF_IN_USE', { vars: { value: form.name } });
    await tx.update(wfForms).set({ deleted: true, updatedAt: new Date() }).where(eq(wfForms.id, id));
  });
}

const toField = (r: typeof wfFormFields.$inferSelect): FormField => ({
  id: r.id,
  formId: r.formId,
  key: r.key,
  label: r.label,
  labelEn: r.labelEn,
  type: r.type as FormField['type'],
  required: r.required,
  dictCode: r.dictCode,
  options: r.options,
  rules: r.rules,
  sort: r.sort,
});

export async function fieldsOf(db: DbOrTx, formId: number): Promise<FormField[]> {
  const rows = await db
    .select()
    .from(wfFormFields)
    .where(eq(wfFormFields.formId, formId))
    .orderBy(asc(wfFormFields.sort), asc(wfFormFields.id));
  return rows.map(toField);
}

export async function listFields(
  db: Db,
  q: { formId: number; page: number; size: number },
): Promise<PageResult<FormField>> {
  await formExists(db, q.formId);
  const cond = eq(wfFormFields.formId, q.formId);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(wfFormFields)
      .where(cond)
      .orderBy(asc(wfFormFields.sort), asc(wfFormFields.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: sql<number>`count(*)::int` }).from(wfFormFields).where(cond),
  ]);
  return { records: rows.map(toField), total: count?.n ?? 0, page: q.page, size: q.size };
}

/** Adds or changes fields of one form; keys are unique within the form. */
export async function saveFields(db: DbOrTx, formId: number, list: Omit<FieldSaveBody, 'formId'>[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    await formExists(tx, formId);
    const ids: number[] = [];
    for (const f of list) {
      const values = {
        formId,
        key: f.key,
        label: f.label,
        labelEn: f.labelEn,
        type: f.type,
        required: f.required,
        dictCode: f.dictCode,
        options: f.options,
        rules: f.rules,
        sort: f.sort,
      };
      const [dup] = await tx
        .select({ id: wfFormFields.id })
        .from(wfFormFields)
        .where(
          and(
            eq(wfFormFields.formId, formId),
            eq(wfFormFields.key, f.key),
            f.id ? ne(wfFormFields.id, f.id) : undefined,
          ),
        );
      if (dup) throw new AppError('DUPLICATE', { vars: { value: f.key } });
      if (f.id) {
        const [row] = await tx
          .update(wfFormFields)
          .set(values)
          .where(and(eq(wfFormFields.id, f.id), eq(wfFormFields.formId, formId)))
          .returning({ id: wfFormFields.id });
        if (!row) throw new AppError('NOT_FOUND');
        ids.push(row.id);
      } else {
        const [row] = await tx.insert(wfFormFields).values(values).returning({ id: wfFormFields.id });
        ids.push(row!.id);
      }
    }
    await tx.update(wfForms).set({ updatedAt: new Date() }).where(eq(wfForms.id, formId));
    return ids;
  });
}

export async function deleteField(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(wfFormFields).where(eq(wfFormFields.id, id)).returning({ id: wfFormFields.id });
  if (!row) throw new AppError('NOT_FOUND');
}

export async function formOptions(db: Db): Promise<{ value: number; label: string }[]> {
  const rows = await db
    .select({ value: wfForms.id, label: wfForms.name })
    .from(wfForms)
    .where(eq(wfForms.deleted, false))
    .orderBy(asc(wfForms.name));
  return rows;
}
