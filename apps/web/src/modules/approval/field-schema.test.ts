import type { FormField } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { fieldSchema } from './field-schema';

const field = (f: Partial<FormField>): FormField => ({
  id: 1,
  formId: 1,
  key: 'k',
  label: 'K',
  labelEn: 'K',
  type: 'text',
  required: false,
  dictCode: null,
  options: [],
  rules: {},
  sort: 0,
  ...f,
});

describe('form field schema (the checks the server makes on start)', () => {
  it('money is integer minor units within min/max', () => {
    const s = fieldSchema(field({ type: 'money', required: true, rules: { min: 0, max: 100 } }));
    expect(s.safeParse(50).success).toBe(true);
    expect(s.safeParse(5.5).success).toBe(false);
    expect(s.safeParse(101).success).toBe(false);
    expect(s.safeParse(undefined).success).toBe(false);
  });
  it('text honours max length and pattern; optional text may be empty', () => {
    const s = fieldSchema(field({ rules: { maxLength: 3, pattern: '^[a-z]+$' } }));
    expect(s.safeParse('abc').success).toBe(true);
    expect(s.safeParse('abcd').success).toBe(false);
    expect(s.safeParse('AB').success).toBe(false);
    expect(s.safeParse(undefined).success).toBe(true);
  });
  it('select accepts only its choices; a required attachment needs a file', () => {
    const sel = fieldSchema(field({ type: 'select', options: [{ value: 'a', label: 'A' }] }));
    expect(sel.safeParse('a').success).toBe(true);
    expect(sel.safeParse('b').success).toBe(false);
    const att = fieldSchema(field({ type: 'attachment', required: true }));
    expect(att.safeParse([]).success).toBe(false);
    expect(att.safeParse(['f1']).success).toBe(true);
  });
  it('dates are YYYY-MM-DD', () => {
    const s = fieldSchema(field({ type: 'date', required: true }));
    expect(s.safeParse('2026-11-21').success).toBe(true);
    expect(s.safeParse('21/11/2026').success).toBe(false);
  });
});
