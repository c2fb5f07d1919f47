import type { FieldSchema } from '../../platform/form-rule';

/** The sign-in request's field schemas; they (and zod) load on the first validation, not with the page. */
const shape = async () => (await import('./login-schema')).passwordGrant.shape;

/**
 * The sign-in form's fields: the contracts schema each is validated with, and whether it must be
 * filled in (the schema cannot say so before it has loaded; login-fields.test.ts holds the two together).
 */
export const LOGIN_FIELDS = {
  username: { required: true, schema: async (): Promise<FieldSchema> => (await shape()).username },
  password: { required: true, schema: async (): Promise<FieldSchema> => (await shape()).password },
  code: { required: false, schema: async (): Promise<FieldSchema> => (await shape()).code },
} as const;
