import { passwordGrant } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { LOGIN_FIELDS } from './login-fields';

describe('sign-in form fields', () => {
  it('load the schemas of the sign-in request', async () => {
    expect(await LOGIN_FIELDS.username.schema()).toBe(passwordGrant.shape.username);
    expect(await LOGIN_FIELDS.password.schema()).toBe(passwordGrant.shape.password);
    expect(await LOGIN_FIELDS.code.schema()).toBe(passwordGrant.shape.code);
  });

  it('are required exactly when their schema rejects an empty value', async () => {
    for (const [name, field] of Object.entries(LOGIN_FIELDS)) {
      const schema = await field.schema();
      expect(field.required, name).toBe(!schema.safeParse(undefined).success);
    }
  });
});
