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

/** Checks a value against a field schema; throws the form message of the first issue. */
async function check(schema: FieldSchema, value: unknown, label: string, t: Translate): Promise<void> {
  const result = schema.safeParse(value === null || value === '' ? undefined : value);
  if (result.success) return;
  // an optional schema rejects '' only through its inner checks: give the inner issue
  const issue = result.error.issues[0];
  if (issue) throw new Error(issueText(issue, value, label, t));
}

/**
 * The one form pattern: an antd rule validating a field with its contracts zod schema.
 * `required` (the asterisk) follows from whether the schema accepts an empty value.
 */
export function createZodRule(schema: FieldSchema, label: string, t: Translate): FormRule {
  return {
    required: !schema.safeParse(undefined).success,
    validator: (_rule, value: unknown) => check(schema, value, label, t),
  };
}

/**
 * The same rule for a page that must not carry zod before it renders (the sign-in page): the schema
 * loads on the first validation (a failed load is tried again on the next). `required` is given,
 * as nothing can ask the schema before it is there; a test beside the caller pins it to the schema.
 */
export function createLazyZodRule(
  load: () => Promise<FieldSchema>,
  required: boolean,
  label: string,
  t: Translate,
): FormRule {
  let loading: Promise<FieldSchema> | undefined;
  const schema = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  return {
    required,
    validator: async (_rule, value: unknown) => check(await schema(), value, label, t),
  };
}
