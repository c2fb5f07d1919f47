import type { ResourceDef } from '@portal/contracts/resource/define';
import { Divider, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../fields/FieldInput';
import { FormModal } from '../ui/FormModal';
import type { Values } from './api';
import { useLabel } from './labels';
import { useResourceForm } from './use-resource-form';

/** An input to put in place of a field's own (a picker of records with no field kind, say). */
export type InputOverrides = Record<string, (label: string) => ReactNode>;

/**
 * The create / edit dialog of a resource: its form sections, each field with its kind's input and
 * derived rule; a create-only field shows its value when editing.
 */
export function ResourceForm({
  def,
  id,
  open,
  onClose,
  inputs = {},
  initialValues,
}: {
  def: ResourceDef;
  /** the record edited; none: a new one */
  id?: number | null;
  open: boolean;
  onClose: () => void;
  inputs?: InputOverrides;
  /** a new record's starting values (a screen that opens the form for what it shows) */
  initialValues?: Values;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const form = useResourceForm(def, { id });
  const title = `${form.editing ? t('resource.edit') : t('resource.create')} · ${label(def.title)}`;
  return (
    <FormModal
      open={open}
      title={title}
      onClose={onClose}
      onSubmit={form.submit}
      successMessage={t('resource.saved')}
      invalidate={form.invalidate}
      initialValues={form.record ?? (form.editing ? undefined : initialValues)}
      loading={form.loading}
      width={560}
    >
      {form.sections.map((s, i) => (
        <div key={s.title ?? i}>
          {s.title && <Divider titlePlacement="start">{s.title}</Divider>}
          {s.items.map((item) =>
            item.locked ? (
              <Form.Item key={item.key} label={item.field.label}>
                <Input disabled value={String(form.record?.[item.key as 'id'] ?? '')} />
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
    </FormModal>
  );
}
