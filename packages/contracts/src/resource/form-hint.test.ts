import { describe, expect, it } from 'vitest';
import { formHintOf } from './form-hint.js';

describe('formHintOf', () => {
  it('reads the suggested values and the existing record of a refused save', () => {
    const data = { alias: 'acme-2', suggest: { alias: 'acme-2' }, existing: { id: 7, title: 'CU100007 Acme' } };
    expect(formHintOf(data)).toEqual({ suggest: { alias: 'acme-2' }, existing: { id: 7, title: 'CU100007 Acme' } });
  });

  it('is nothing for other data: field problems, a bare alias, a malformed record', () => {
    expect(formHintOf([{ field: 'body.name', message: 'required' }])).toBeNull();
    expect(formHintOf({ alias: 'acme-2' })).toBeNull();
    expect(formHintOf({ existing: { id: '7', title: 'x' } })).toBeNull();
    expect(formHintOf(null)).toBeNull();
    expect(formHintOf({ suggest: ['a'], existing: { id: 1.5, title: 'x' } })).toBeNull();
  });
});
