import { type ResourceDef, resourceSchemas } from '@portal/contracts/resource';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldInput } from '../fields/FieldInput';
import type { FieldSchema } from '../form-rule';
import { FormModal } from '../ui/FormModal';
import { type Row, resourceApi, type Values } from './api';
import { resourceKeys } from './keys';
import { fieldDesc, useLabel } from './labels';
import type { CommandDialog } from './overrides';

/** The dialog of a command that takes input (a new password, a reason): its fields, then the call. */
export function CommandForm({
  def,
  name,
  row,
  onClose,
  dialog = {},
}: {
  def: ResourceDef;
  name: string;
  row: Row | null;
  onClose: () => void;
  dialog?: CommandDialog;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const cmd = def.commands![name]!;
  const shape = resourceSchemas(def).commands[name]!.shape as Record<string, FieldSchema>;
  const title = row ? String(row[def.titleField as 'id'] ?? '') : '';
  return (
    <FormModal<Values>
      open={!!row}
      title={`${label(cmd.label)} · ${title}`}
      onClose={onClose}
      onSubmit={(values) => resourceApi(def).command(name, { ...values, id: row!.id })}
      successMessage={t('resource.done')}
      invalidate={resourceKeys.all(def.key)}
      initialValues={row && dialog.values ? dialog.values(row) : undefined}
    >
      {cmd.confirm && <Alert type="warning" showIcon title={label(cmd.confirm)} style={{ marginBottom: 16 }} />}
      {Object.entries(cmd.input ?? {}).map(([k, f]) => {
        const desc = fieldDesc(f, label);
        return (
          <FieldInput
            key={k}
            name={k}
            field={desc}
            schema={shape[k]!}
            testId={`command-${k}`}
            control={dialog.inputs?.[k]?.(desc.label)}
          />
        );
      })}
    </FormModal>
  );
}
