import { PlusOutlined } from '@ant-design/icons';
import { type FormRow, type FormSaveBody, formSaveBody } from '@portal/contracts';
import { Button, Form, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../platform/form';
import { FormModal } from '../../platform/ui/FormModal';
import { actionColumn } from '../../platform/ui/RowActions';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
import { approvalApi, approvalKeys } from './api';
import { FormFieldsDrawer } from './FormFieldsDrawer';
import { KeywordFilter, updatedAtColumn, useSettingsCall } from './settings-parts';

const shape = formSaveBody.shape;

function FormEditor({ row, open, onClose }: { row: FormRow | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const label = (k: 'name' | 'code' | 'description') => t(`approval.forms.${k}`);
  return (
    <FormModal<FormSaveBody>
      open={open}
      title={row ? t('approval.forms.edit') : t('approval.forms.create')}
      onClose={onClose}
      onSubmit={(v) =>
        // the row as the dialog opened it: a change meanwhile answers CONFLICT instead of being overwritten
        approvalApi.saveForm({
          ...v,
          ...(row ? { id: row.id, expectUpdatedAt: row.updatedAt } : {}),
          description: v.description || null,
        })
      }
      successMessage={t('approval.forms.saved')}
      invalidate={approvalKeys.root}
      initialValues={row ?? {}}
    >
      <Form.Item name="name" label={label('name')} rules={[zodRule(shape.name, label('name'))]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="code" label={label('code')} rules={[zodRule(shape.code, label('code'))]}>
        <Input maxLength={40} disabled={!!row} />
      </Form.Item>
      <Form.Item name="description" label={label('description')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </FormModal>
  );
}

/** /setModule/process/formword: application forms and their fields. */
export function FormsScreen() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ row: FormRow | null } | null>(null);
  const [fieldsOf, setFieldsOf] = useState<FormRow | null>(null);
  const remove = useSettingsCall(approvalApi.deleteForm, () => t('approval.forms.deleted'));
  const columns = useMemo<ListColumn<FormRow>[]>(
    () => [
      { key: 'name', dataIndex: 'name', title: t('approval.forms.name'), kind: 'name', width: 180 },
      { key: 'code', dataIndex: 'code', title: t('approval.forms.code'), kind: 'code', width: 150 },
      { key: 'fieldCount', dataIndex: 'fieldCount', title: t('approval.forms.fieldCount'), kind: 'number', width: 90 },
      {
        key: 'description',
        dataIndex: 'description',
        title: t('approval.forms.description'),
        kind: 'textarea',
        secondary: true,
        render: (v: string | null) => v ?? '-',
      },
      updatedAtColumn<FormRow>(t),
      actionColumn<FormRow>(
        t('common.action'),
        (r) => [
          { key: 'fields', label: t('approval.forms.fields'), onClick: () => setFieldsOf(r) },
          { key: 'edit', label: t('common.edit'), onClick: () => setEditing({ row: r }) },
          {
            key: 'delete',
            label: t('common.delete'),
            danger: true,
            confirm: t('approval.forms.deleteConfirm', { name: r.name }),
            onClick: () => remove.mutate(r.id),
          },
        ],
        170,
      ),
    ],
    [t, remove],
  );
  return (
    <>
      <SearchTable<FormRow, { keyword?: string }>
        queryKey={approvalKeys.forms}
        fetcher={(q, signal) => approvalApi.formPage(q, signal)}
        columns={columns}
        rowKey="id"
        size="small"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
            {t('approval.forms.create')}
          </Button>
        }
        filters={<KeywordFilter />}
      />
      <FormEditor row={editing?.row ?? null} open={editing !== null} onClose={() => setEditing(null)} />
      <FormFieldsDrawer form={fieldsOf} onClose={() => setFieldsOf(null)} />
    </>
  );
}
