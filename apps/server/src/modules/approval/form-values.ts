import { type FormField, type FormValues, formFieldSpec, type NodeCondition } from '@portal/contracts';
import { fieldValueSchema, isEmptyValue } from '@portal/contracts/fields';
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
