import type { FieldDesc } from '../fields/field';
import type { FieldSchema } from '../form-rule';
import type { Values } from './api';

export interface FormItem {
  key: string;
  field: FieldDesc;
  schema: FieldSchema;
  /** shown, not changeable (a create-only field when editing) */
  locked: boolean;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * What a resource form holds, as the create or update body: only its own unlocked items; empty
 * values left out on create, and on update an emptied optional field is sent as null (or an empty
 * list), since a missing key means "unchanged".
 */
export function formBody(sections: readonly { items: readonly FormItem[] }[], values: Values, editing: boolean) {
  const out: Values = {};
  for (const { items } of sections)
    for (const { key, locked, field } of items) {
      if (locked) continue;
      const v = values[key];
      if (!blank(v)) out[key] = v;
      else if (editing && !field.required) out[key] = field.multiple ? [] : null;
    }
  return out;
}
