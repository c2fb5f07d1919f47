import type { FormField, FormValues, NodeCondition } from '@portal/contracts';
import { AppError } from '../../platform/http/errors.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** One field's value checked against its type and rules; returns a reason or null. */
function fieldProblem(f: Pick<FormField, 'type' | 'options' | 'rules'>, v: unknown): string | null {
  switch (f.type) {
    case 'number':
    case 'money': {
      if (typeof v !== 'number' || !Number.isFinite(v)) return 'a number';
      if (f.type === 'money' && !Number.isInteger(v)) return 'money in minor units (an integer)';
      if (f.rules.min !== undefined && v < f.rules.min) return `at least ${f.rules.min}`;
      if (f.rules.max !== undefined && v > f.rules.max) return `at most ${f.rules.max}`;
      return null;
    }
    case 'date':
      return typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(v)) ? null : 'a date (YYYY-MM-DD)';
    case 'user':
    case 'department':
    case 'customer':
    case 'supplier':
      return (typeof v === 'number' && Number.isInteger(v) && v > 0) || (typeof v === 'string' && v.length <= 64)
        ? null
        : 'a reference id';
    case 'attachment':
      return Array.isArray(v) && v.every((x) => typeof x === 'string') ? null : 'a list of file ids';
    case 'select':
      if (typeof v !== 'string') return 'one of the choices';
      return f.options.length === 0 || f.options.some((o) => o.value === v) ? null : 'one of the choices';
    default: {
      if (typeof v !== 'string') return 'text';
      if (f.rules.maxLength !== undefined && v.length > f.rules.maxLength)
        return `at most ${f.rules.maxLength} characters`;
      if (f.rules.pattern) {
        let re: RegExp | undefined;
        try {
          re = new RegExp(f.rules.pattern);
        } catch {
          re = undefined;
        }
        if (re && !re.test(v)) return 'the expected format';
      }
      return null;
    }
  }
}

/**
 * The form data kept for an instance: only the form's fields, each checked against its type and
 * rules; a missing required field or a bad value refuses the request with the field's label.
 */
export function checkFormValues(fields: FormField[], values: FormValues, locale: 'zh' | 'en' = 'en'): FormValues {
  const kept: FormValues = {};
  for (const f of fields) {
    const v = values[f.key];
    const label = locale === 'zh' ? f.label : f.labelEn;
    if (empty(v)) {
      if (f.required)
        throw new AppError('WF_FORM_INVALID', {
          vars: { field: label },
          data: [{ field: f.key, message: 'required' }],
        });
      continue;
    }
    const problem = fieldProblem(f, v);
    if (problem)
      throw new AppError('WF_FORM_INVALID', {
        vars: { field: label },
        data: [{ field: f.key, message: `expected ${problem}` }],
      });
    kept[f.key] = v as FormValues[string];
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
