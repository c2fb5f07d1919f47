import type { FormRule } from 'antd';

/** The parts of a zod issue the form messages need (structural, so any zod 4 schema fits). */
export interface SchemaIssue {
  code: string;
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
}

export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

type FormKey = 'form.required' | 'form.minLength' | 'form.maxLength' | 'form.email' | 'form.invalid';
export type Translate = (key: FormKey, vars: Record<string, string | number>) => string;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A zod issue as a form message in the UI language. */
export function issueText(issue: SchemaIssue, value: unknown, label: string, t: Translate): string {
  const origin = issue.origin ?? 'string';
  if (issue.code === 'invalid_type' && isBlank(value)) return t('form.required', { label });
  if (issue.code === 'too_small' && origin === 'string') {
    const min = Number(issue.minimum ?? 0);
    return isBlank(value) || min <= 1 ? t('form.required', { label }) : t('form.minLength', { label, min });
  }
  if (issue.code === 'too_big' && origin === 'string') {
    return t('form.maxLength', { label, max: Number(issue.maximum ?? 0) });
  }
  if (issue.code === 'invalid_format' && issue.format === 'email') return t('form.email', { label });
  return t('form.invalid', { label });
}

/**
 * The one form pattern: an antd rule validating a field with its contracts zod schema.
 * `required` (the asterisk) follows from whether the schema accepts an empty value.
 */
export function createZodRule(schema: FieldSchema, label: string, t: Translate): FormRule {
  return {
    required: !schema.safeParse(undefined).success,
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === null || value === '' ? undefined : value);
      if (result.success) return;
      // an optional schema rejects '' only through its inner checks: give the inner issue
      const issue = result.error.issues[0];
      if (issue) throw new Error(issueText(issue, value, label, t));
    },
  };
}
