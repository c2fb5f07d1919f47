import { describe, expect, it } from 'vitest';
import type { FieldDesc } from '../fields/field';
import { type FormItem, formBody } from './form-body';

const item = (key: string, field: Partial<FieldDesc> = {}, locked = false): FormItem => ({
  key,
  field: { kind: 'text', label: key, ...field },
  schema: { safeParse: () => ({ success: true }) },
  locked,
});
const sections = [
  {
    items: [
      item('username', { required: true }, true),
      item('name', { required: true }),
      item('email'),
      item('departmentIds', { kind: 'department', multiple: true }),
    ],
  },
];

describe('resource form body', () => {
  it('a create leaves out empty values and what the form does not hold', () => {
    expect(formBody(sections, { name: 'A', email: '', stray: 1 }, false)).toEqual({ name: 'A' });
  });
  it('an update clears emptied optional fields, keeps locked ones out and never sends an empty required one', () => {
    expect(formBody(sections, { username: 'x', name: '', email: undefined, departmentIds: undefined }, true)).toEqual({
      email: null,
      departmentIds: [],
    });
  });
});
