import { PlusOutlined } from '@ant-design/icons';
import { type FormRow, type FormSaveBody, formSaveBody } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../platform/form';
import { SearchTable } from '../../platform/ui/SearchTable';
import { approvalApi, approvalKeys } from './api';
import { FormFieldsDrawer } from './FormFieldsDrawer';

const shape = formSaveBody.shape;

function FormEditor({ row, open, onClose }: { row: FormRow | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormSaveBody>();
  const save = useMutation({
    mutationFn: (v: FormSaveBody) =>
      approvalApi.saveForm({ ...v, ...(row ? { id: row.id } : {}), description: v.description || null }),
    onSuccess: async () => {
      message.success(t('approval.forms.saved'));
      await queryClient.invalidateQueries({ queryKey: approvalKeys.root });
      onClose();
    },
  });
  const label = (k: 'name' | 'code' | 'description') => t(`approval.forms.${k}`);
  return (
    <Modal
      open={open}
      title={row ? t('approval.forms.edit') : t('approval.forms.create')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<FormSaveBody>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={row ?? {}}
        onFinish={(v) => save.mutate(v)}
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
      </Form>
    </Modal>
  );
}

/** /setModule/process/formword: application forms and their fields. */
export function FormsScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ row: FormRow | null } | null>(null);
  const [fieldsOf, setFieldsOf] = useState<FormRow | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => approvalApi.deleteForm(id),
    onSuccess: async () => {
      message.success(t('approval.forms.deleted'));
      await queryClient.invalidateQueries({ queryKey: approvalKeys.root });
    },
  });
  const columns = useMemo<TableColumnsType<FormRow>>(
    () => [
      { key: 'name', dataIndex: 'name', title: t('approval.forms.name') },
      { key: 'code', dataIndex: 'code', title: t('approval.forms.code'), width: 180 },
      { key: 'fieldCount', dataIndex: 'fieldCount', title: t('approval.forms.fieldCount'), width: 90 },
      {
        key: 'description',
        dataIndex: 'description',
        title: t('approval.forms.description'),
        ellipsis: true,
        render: (v: string | null) => v ?? '-',
      },
      {
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        title: t('approval.cfg.updatedAt'),
        width: 140,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      {
        key: 'action',
        title: t('common.action'),
        width: 170,
        fixed: 'right',
        render: (_: unknown, r) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setFieldsOf(r)}>
              {t('approval.forms.fields')}
            </Button>
            <Button type="link" size="small" onClick={() => setEditing({ row: r })}>
              {t('mc.edit')}
            </Button>
            <Popconfirm
              title={t('approval.forms.deleteConfirm', { name: r.name })}
              onConfirm={() => remove.mutate(r.id)}
            >
              <Button type="link" size="small" danger>
                {t('mc.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
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
        filters={
          <Form.Item name="keyword" label={t('approval.keyword')}>
            <Input allowClear maxLength={64} style={{ width: 180 }} />
          </Form.Item>
        }
      />
      <FormEditor row={editing?.row ?? null} open={editing !== null} onClose={() => setEditing(null)} />
      <FormFieldsDrawer form={fieldsOf} onClose={() => setFieldsOf(null)} />
    </>
  );
}
