import { describe, expect, it } from 'vitest';
import { type FormField, formFieldSpec } from '../approval.js';
import { FIELD_KINDS } from './kinds.js';
import { fieldValueSchema, isEmptyValue } from './value.js';

const ok = (kind: (typeof FIELD_KINDS)[number], v: unknown, extra: object = {}) =>
  fieldValueSchema({ kind, required: true, ...extra }).safeParse(v).success;

describe('field kinds: one value schema each', () => {
  it('has a schema for every kind', () => {
    for (const kind of FIELD_KINDS) expect(() => fieldValueSchema({ kind })).not.toThrow();
  });
  it('money is integer minor units within min/max', () => {
    expect(ok('money', 50, { rules: { min: 0, max: 100 } })).toBe(true);
    expect(ok('money', 5.5)).toBe(false);
    expect(ok('money', 101, { rules: { min: 0, max: 100 } })).toBe(false);
    expect(ok('money', 2 ** 53)).toBe(false);
  });
  it('text honours max length and pattern; optional values may be missing', () => {
    const rules = { maxLength: 3, pattern: '^[a-z]+$' };
    expect(ok('text', 'abc', { rules })).toBe(true);
    expect(ok('text', 'abcd', { rules })).toBe(false);
    expect(ok('text', 'AB', { rules })).toBe(false);
    expect(ok('text', '   ')).toBe(false);
    expect(fieldValueSchema({ kind: 'text', rules }).safeParse(undefined).success).toBe(true);
  });
  it('phones are E.164 numbers that exist in their numbering plan', () => {
    expect(ok('phone', '+8613800138000')).toBe(true);
    expect(ok('phone', '+14155552671')).toBe(true);
    expect(ok('phone', '13800138000')).toBe(false);
    expect(ok('phone', '+86123')).toBe(false);
  });
  it('dates, date-times, percents, countries and network codes have their own shapes', () => {
    expect(ok('date', '2026-11-21')).toBe(true);
    expect(ok('date', '21/11/2026')).toBe(false);
    expect(ok('date', '2026-13-45')).toBe(false);
    expect(ok('date', '2026-02-30')).toBe(false); // Date.parse would take it as 2 March
    expect(ok('datetime', '2026-11-21T08:30:00+08:00')).toBe(true);
    expect(ok('datetime', '2026-11-21 08:30')).toBe(false);
    expect(ok('percent', 12.5)).toBe(true);
    expect(ok('percent', 100.01)).toBe(false);
    expect(ok('percent', 1.234)).toBe(false);
    expect(ok('country', 'CN')).toBe(true);
    expect(ok('country', 'cn')).toBe(false);
    expect(ok('operator', '46000')).toBe(true);
    expect(ok('operator', '310260')).toBe(true);
    expect(ok('operator', '4600')).toBe(false);
    expect(ok('email', 'a@b.co')).toBe(true);
    expect(ok('email', 'a@')).toBe(false);
    expect(ok('boolean', false)).toBe(true);
    expect(ok('boolean', 'no')).toBe(false);
  });
  it('references are positive 32-bit ids or short codes; attachments a list of file ids', () => {
    expect(ok('user', 12)).toBe(true);
    expect(ok('user', 2 ** 31)).toBe(false);
    expect(ok('customer', 'C-001')).toBe(true);
    expect(ok('attachment', [])).toBe(false);
    expect(ok('attachment', ['f1'])).toBe(true);
    expect(isEmptyValue([])).toBe(true);
    expect(isEmptyValue(0)).toBe(false);
  });
});

describe('approval form fields take the platform kinds', () => {
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
  it('a select is an enum of its options, or a dictionary item when it names one', () => {
    const sel = fieldValueSchema(formFieldSpec(field({ type: 'select', options: [{ value: 'a', label: 'A' }] })));
    expect(sel.safeParse('a').success).toBe(true);
    expect(sel.safeParse('b').success).toBe(false);
    expect(formFieldSpec(field({ type: 'select', dictCode: 'crm.level' })).kind).toBe('dict');
    const att = fieldValueSchema(formFieldSpec(field({ type: 'attachment', required: true })));
    expect(att.safeParse([]).success).toBe(false);
  });
});
