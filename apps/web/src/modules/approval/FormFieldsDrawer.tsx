import { PlusOutlined } from '@ant-design/icons';
import type { FieldSaveBody, FormField, FormRow } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportButton } from '../../platform/import/ImportButton';
import { actionColumn } from '../../platform/ui/RowActions';
import { SearchTable } from '../../platform/ui/SearchTable';
import { approvalApi, approvalKeys, fieldImportPaths } from './api';
import { FieldEditor } from './FieldEditor';
import { useSettingsCall } from './settings-parts';

/** A row of the field import's preview. */
type FieldImportRow = Omit<FieldSaveBody, 'formId' | 'id'>;
const IMPORT_PREVIEW_COLUMNS = ['key', 'label', 'labelEn', 'type', 'required'];

/** The fields of one form (paged on the server): add, edit, delete, import from the XLSX template. */
export function FormFieldsDrawer({ form, onClose }: { form: FormRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ field: FormField | null } | null>(null);
  const remove = useSettingsCall(approvalApi.deleteField, () => t('approval.forms.fieldDeleted'));
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const columns = useMemo<TableColumnsType<FormField>>(
    () => [
      { key: 'sort', dataIndex: 'sort', title: t('approval.forms.field.sort'), width: 60 },
      { key: 'key', dataIndex: 'key', title: t('approval.forms.field.key'), width: 120 },
      { key: 'label', dataIndex: 'label', title: t('approval.forms.field.label') },
      { key: 'labelEn', dataIndex: 'labelEn', title: t('approval.forms.field.labelEn') },
      {
        key: 'type',
        dataIndex: 'type',
        title: t('approval.forms.field.type'),
        width: 110,
        render: (v: FormField['type']) => <Tag>{t(`approval.forms.type.${v}`)}</Tag>,
      },
      {
        key: 'required',
        dataIndex: 'required',
        title: t('approval.forms.required'),
        width: 70,
        render: (v: boolean) => (v ? '✓' : ''),
      },
      actionColumn<FormField>(
        t('common.action'),
        (r) => [
          { key: 'edit', label: t('common.edit'), onClick: () => setEditing({ field: r }) },
          {
            key: 'delete',
            label: t('common.delete'),
            danger: true,
            confirm: t('approval.forms.deleteFieldConfirm', { name: r.label }),
            onClick: () => remove.mutate(r.id),
          },
        ],
        110,
      ),
    ],
    [t, remove],
  );
  const importColumns = useMemo(
    () => columns.filter((c) => IMPORT_PREVIEW_COLUMNS.includes(String(c.key))) as TableColumnsType<FieldImportRow>,
    [columns],
  );
  return (
    <Drawer
      open={form !== null}
      onClose={onClose}
      size={860}
      title={t('approval.forms.fieldsOf', { name: form?.name ?? '' })}
      destroyOnHidden
    >
      {form && (
        <>
          <SearchTable<FormField, object>
            queryKey={approvalKeys.formFields(form.id)}
            fetcher={(q, signal) => approvalApi.fieldPage({ ...q, formId: form.id }, signal)}
            columns={columns}
            rowKey="id"
            size="small"
            toolbar={
              <>
                <ImportButton<FieldImportRow, FormField[]>
                  label={t('approval.forms.import')}
                  title={t('approval.forms.import')}
                  paths={fieldImportPaths(form.id)}
                  templateName="form-fields.xlsx"
                  rowKey="key"
                  columns={importColumns}
                  onDone={async (fields) => {
                    message.success(t('approval.forms.imported', { count: fields.length }));
                    await queryClient.invalidateQueries({ queryKey: approvalKeys.root });
                  }}
                />
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ field: null })}>
                  {t('approval.forms.addField')}
                </Button>
              </>
            }
          />
          <FieldEditor
            formId={form.id}
            field={editing?.field ?? null}
            open={editing !== null}
            onClose={() => setEditing(null)}
          />
        </>
      )}
    </Drawer>
  );
}
