import type { FormHint, ResourceDef } from '@portal/contracts/resource';
import { Alert, Divider, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldInput } from '../fields/FieldInput';
import type { Row } from './api';
import type { FormItem } from './form-body';

/** An input to put in place of a field's own (a picker of records with no field kind, say). */
export type InputOverrides = Record<string, (label: string) => ReactNode>;

/** The record a refused save collided with, with a way to open it instead (decision 0076). */
function ExistingRecord({ def, hint }: { def: ResourceDef; hint: FormHint | null }) {
  const { t } = useTranslation();
  if (!hint?.existing) return null;
  const { id, title } = hint.existing;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="form-existing"
      title={t('resource.existing', { title })}
      action={def.routes.detail && <Link to={`${def.routes.detail}?id=${id}`}>{t('resource.openExisting')}</Link>}
    />
  );
}

/**
 * The items of a resource form, section by section — the one body of its dialog and its page: each
 * field with its kind's input and derived rule; a create-only field shows its value when editing.
 */
export function ResourceFormFields({
  def,
  sections,
  record,
  hint,
  inputs = {},
}: {
  def: ResourceDef;
  sections: readonly { title?: string; items: readonly FormItem[] }[];
  record?: Row;
  hint: FormHint | null;
  inputs?: InputOverrides;
}) {
  return (
    <>
      <ExistingRecord def={def} hint={hint} />
      {sections.map((s, i) => (
        <div key={s.title ?? i}>
          {s.title && <Divider titlePlacement="start">{s.title}</Divider>}
          {s.items.map((item) =>
            item.locked ? (
              <Form.Item key={item.key} label={item.field.label}>
                <Input disabled value={String(record?.[item.key as 'id'] ?? '')} />
              </Form.Item>
            ) : (
              <FieldInput
                key={item.key}
                name={item.key}
                field={item.field}
                schema={item.schema}
                control={inputs[item.key]?.(item.field.label)}
              />
            ),
          )}
        </div>
      ))}
    </>
  );
}
