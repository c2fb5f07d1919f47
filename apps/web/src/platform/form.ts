import { createLazyZodRule, createZodRule, type FieldSchema } from './form-rule';
import { i18n } from './i18n';

/** antd rule from a contracts zod field schema, with messages in the UI language. */
export const zodRule = (schema: FieldSchema, label: string) =>
  createZodRule(schema, label, (key, vars) => i18n.t(key, vars));

/** zodRule with a schema loaded on first validation (see createLazyZodRule). */
export const lazyZodRule = (load: () => Promise<FieldSchema>, required: boolean, label: string) =>
  createLazyZodRule(load, required, label, (key, vars) => i18n.t(key, vars));
