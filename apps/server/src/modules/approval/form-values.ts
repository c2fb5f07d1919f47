import { type FormField, type FormValues, formFieldSpec, type NodeCondition } from '@portal/contracts';
import { fieldValueSchema, isEmptyValue } from '@portal/contracts/fields';
import type { Tx } from '../../platform/db/index.js';
import { isEnabledDictValue } from '../../platform/dict/service.js';
import { AppError } from '../../platform/http/errors.js';

/**
 * The form data kept for an instance: only the form's fields, each checked against its type and
 * rules; a missing required field or a bad value refuses the request with the field's label.
 */
export function checkFormValues(fields: FormField[], values: FormValues, locale: 'zh' | 'en' = 'en'): FormValues {
  const kept: FormValues = {};
  for (const f of fields) {
    const v = values[f.key];
    const label = locale === 'zh' ? f.label : f.labelEn;
    if (isEmptyValue(v)) {
      if (f.required)
        throw new AppError('WF_FORM_INVALID', {
          vars: { field: label },
          data: [{ field: f.key, message: 'required' }],
        });
      continue;
    }
    const parsed = fieldValueSchema({ ...formFieldSpec(f), required: true }).safeParse(v);
    if (!parsed.success)
      throw new AppError('WF_FORM_INVALID', {
        vars: { field: label },
        data: [{ field: f.key, message: `expected ${parsed.error.issues[0]?.message ?? 'a valid value'}` }],
      });
    kept[f.key] = parsed.data as FormValues[string];
  }
  return kept;
}

/**
 * Dictionary fields hold enabled items of their dictionary (a disabled or unknown value is refused;
 * records that already hold a since-disabled value keep it).
 */
export async function checkDictValues(
  tx: Tx,
  fields: FormField[],
  values: FormValues,
  locale: 'zh' | 'en' = 'en',
): Promise<void> {
  for (const f of fields) {
    const v = values[f.key];
    if (f.type !== 'select' || !f.dictCode || typeof v !== 'string') continue;
    if (!(await isEnabledDictValue(tx, f.dictCode, v)))
      throw new AppError('WF_FORM_INVALID', {
        vars: { field: locale === 'zh' ? f.label : f.labelEn },
        data: [{ field: f.key, message: `expected an enabled item of dictionary ${f.dictCode}` }],
      });
  }
}

/** The file ids held by the form's attachment fields. */
export function attachmentIdsOf(fields: FormField[], values: FormValues): string[] {
  return fields.flatMap((f) =>
    f.type === 'attachment' && Array.isArray(values[f.key]) ? (values[f.key] as string[]) : [],
  );
}

/** Does a node's condition hold for these values? Numbers compare as numbers, the rest as text. */
export function conditionHolds(c: NodeCondition, values: FormValues): boolean {
  const actual = values[c.field];
  if (actual === undefined || actual === null) return false;
  const a = typeof actual === 'number' ? actual : Number(actual);
  const b = typeof c.value === 'number' ? c.value : Number(c.value);
  const numeric =
    !Array.isArray(actual) &&
    typeof actual !== 'boolean' &&
    Number.isFinite(a) &&
    Number.isFinite(b) &&
    String(actual) !== '' &&
    String(c.value) !== '';
  const cmp = numeric ? Math.sign(a - b) : String(actual).localeCompare(String(c.value));
  switch (c.op) {
    case 'gt':
      return cmp > 0;
    case 'gte':
      return cmp >= 0;
    case 'lt':
      return cmp < 0;
    case 'lte':
      return cmp <= 0;
    case 'eq':
      return cmp === 0;
    case 'ne':
      return cmp !== 0;
  }
}
