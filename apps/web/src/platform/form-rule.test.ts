import { changePasswordBody, passwordGrant, userListQuery } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { createLazyZodRule, createZodRule, type Translate } from './form-rule';

const t: Translate = (key, vars) => `${key}|${Object.values(vars).join('|')}`;

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validate = (rule: ReturnType<typeof createZodRule>, value: unknown) =>
  (rule as { validator: Validator }).validator({}, value);

describe('createZodRule', () => {
  const newPassword = createZodRule(changePasswordBody.shape.newPassword, 'New password', t);

  it('marks fields required when the schema rejects an empty value', () => {
    expect((newPassword as { required: boolean }).required).toBe(true);
    const keyword = createZodRule(userListQuery.shape.keyword, 'Keyword', t);
    expect((keyword as { required: boolean }).required).toBe(false);
  });

  it('says required for an empty value', async () => {
    await expect(validate(newPassword, undefined)).rejects.toThrow('form.required|New password');
    await expect(validate(newPassword, '')).rejects.toThrow('form.required|New password');
  });

  it('gives the minimum length from the schema', async () => {
    await expect(validate(newPassword, 'short')).rejects.toThrow('form.minLength|New password|8');
  });

  it('gives the maximum length from the schema', async () => {
    await expect(validate(newPassword, 'x'.repeat(129))).rejects.toThrow('form.maxLength|New password|128');
  });

  it('accepts a valid value', async () => {
    await expect(validate(newPassword, 'long-enough-1')).resolves.toBeUndefined();
  });

  it('applies the schema transforms (trimmed username must not be blank)', async () => {
    const username = createZodRule(passwordGrant.shape.username, 'Username', t);
    await expect(validate(username, '   ')).rejects.toThrow('form.required|Username');
    await expect(validate(username, ' admin ')).resolves.toBeUndefined();
  });

  it('lets optional fields stay empty', async () => {
    const keyword = createZodRule(userListQuery.shape.keyword, 'Keyword', t);
    await expect(validate(keyword, '')).resolves.toBeUndefined();
    await expect(validate(keyword, 'x'.repeat(65))).rejects.toThrow('form.maxLength|Keyword|64');
  });
});

describe('createLazyZodRule', () => {
  it('loads the schema on the first validation only, and then validates like the eager rule', async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      return changePasswordBody.shape.newPassword;
    };
    const rule = createLazyZodRule(load, true, 'New password', t);
    expect(loads).toBe(0);
    expect((rule as { required: boolean }).required).toBe(true);
    await expect(validate(rule, '')).rejects.toThrow('form.required|New password');
    await expect(validate(rule, 'short')).rejects.toThrow('form.minLength|New password|8');
    await expect(validate(rule, 'long-enough-1')).resolves.toBeUndefined();
    expect(loads).toBe(1);
  });

  it('tries a failed load again on the next validation', async () => {
    let loads = 0;
    const load = async () => {
      loads++;
      if (loads === 1) throw new Error('chunk failed');
      return passwordGrant.shape.username;
    };
    const rule = createLazyZodRule(load, true, 'Username', t);
    await expect(validate(rule, 'admin')).rejects.toThrow('chunk failed');
    await expect(validate(rule, '  ')).rejects.toThrow('form.required|Username');
    expect(loads).toBe(2);
  });
});
