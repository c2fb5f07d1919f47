import { Form } from 'antd';
import type { ReactNode } from 'react';
import { zodRule } from '../form';
import type { FieldSchema } from '../form-rule';
import { FieldControl } from './FieldControl';
import { dateItemProps, type FieldDesc } from './field';

/**
 * One field of a form: label, the rule of its zod schema (the server's own check) and the input of
 * its kind (or `control`). `name` is the key the value is sent under.
 */
export function FieldInput({
  name,
  field,
  schema,
  testId = `field-${name}`,
  control,
}: {
  name: string;
  field: FieldDesc;
  schema: FieldSchema;
  testId?: string;
  /** an input in place of the kind's own */
  control?: ReactNode;
}) {
  return (
    <Form.Item
      name={name}
      label={field.label}
      rules={[zodRule(schema, field.label)]}
      valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
      {...dateItemProps(field.kind)}
    >
      {control ?? <FieldControl field={field} testId={testId} />}
    </Form.Item>
  );
}
