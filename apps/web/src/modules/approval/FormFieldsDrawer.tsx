import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormField, FormRow } from '@portal/contracts';
import { Button, Drawer, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionColumn } from '../../platform/ui/RowActions';
import { SearchTable } from '../../platform/ui/SearchTable';
import { approvalApi, approvalKeys } from './api';
import { FieldEditor } from './FieldEditor';
import { FieldImport } from './FieldImport';
import { useSettingsCall } from './settings-parts';

/** The fields of one form (paged on the server): add, edit, delete, import from the XLSX template. */
export function FormFieldsDrawer({ form, onClose }: { form: FormRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ field: FormField | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const remove = useSettingsCall(approvalApi.deleteField, () => t('approval.forms.fieldDeleted'));
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
          { key: 'edit', label: t('mc.edit'), onClick: () => setEditing({ field: r }) },
          {
            key: 'delete',
            label: t('mc.delete'),
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
                <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                  {t('approval.forms.import')}
                </Button>
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
          <FieldImport formId={form.id} open={importing} onClose={() => setImporting(false)} />
        </>
      )}
    </Drawer>
  );
}
