import type { ResourceDef } from '@portal/contracts/resource';
import { Alert, Divider, Form, Input } from 'antd';
import { Fragment, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldInput } from '../fields/FieldInput';
import type { Row } from './api';
import type { FormItem } from './form-body';
import type { ShownHint } from './use-resource-form';

/** An input to put in place of a field's own (a picker of records with no field kind, say). */
export type InputOverrides = Record<string, (label: string) => ReactNode>;

/**
 * Why a save was refused, by the field it concerns (the one the server suggested a value for), or
 * above the form when it names none; with the record the input collided with and a way to open it
 * (decision 0076). Scrolled into view when it appears: on a long page the Save button is far below
 * the field, and the refusal's toast is gone in seconds (decision 0085).
 */
function HintAlert({ def, hint }: { def: ResourceDef; hint: ShownHint }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // each refused save brings a new hint: show it again, wherever the user had scrolled to
  useEffect(() => {
    if (hint) ref.current?.scrollIntoView?.({ block: 'center' });
  }, [hint]);
  const existing = hint.existing;
  return (
    <div ref={ref} style={{ marginBottom: 16 }}>
      <Alert
        type="warning"
        showIcon
        data-testid="form-hint"
        title={hint.text ?? (existing && t('resource.existing', { title: existing.title }))}
        description={hint.text && existing && t('resource.existing', { title: existing.title })}
        action={
          existing &&
          def.routes.detail && <Link to={`${def.routes.detail}?id=${existing.id}`}>{t('resource.openExisting')}</Link>
        }
      />
    </div>
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
  hint: ShownHint | null;
  inputs?: InputOverrides;
}) {
  // by its field when the form shows that field unlocked, else above the form
  const byField = !!hint?.field && sections.some((s) => s.items.some((i) => i.key === hint.field && !i.locked));
  return (
    <>
      {hint && !byField && <HintAlert def={def} hint={hint} />}
      {sections.map((s, i) => (
        <div key={s.title ?? i}>
          {s.title && <Divider titlePlacement="start">{s.title}</Divider>}
          {s.items.map((item) =>
            item.locked ? (
              <Form.Item key={item.key} label={item.field.label}>
                <Input disabled value={String(record?.[item.key as 'id'] ?? '')} />
              </Form.Item>
            ) : (
              <Fragment key={item.key}>
                <FieldInput
                  name={item.key}
                  field={item.field}
                  schema={item.schema}
                  control={inputs[item.key]?.(item.field.label)}
                />
                {hint && item.key === hint.field && <HintAlert def={def} hint={hint} />}
              </Fragment>
            ),
          )}
        </div>
      ))}
    </>
  );
}
