import { createZodRule, type FieldSchema } from './form-rule';
import { i18n } from './i18n';

/** antd rule from a contracts zod field schema, with messages in the UI language. */
export const zodRule = (schema: FieldSchema, label: string) =>
  createZodRule(schema, label, (key, vars) => i18n.t(key, vars));
