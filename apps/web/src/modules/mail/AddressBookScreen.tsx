import { PlusOutlined } from '@ant-design/icons';
import { type BookRow, bookBody } from '@portal/contracts/mail';
import { Button, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { zodRule } from '../../platform/form';
import { FormModal } from '../../platform/ui/FormModal';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
import { mailApi, mailKeys } from './api';
import { useMailRefresh } from './use-mail';

/** /message/email/adb: my own address book — people I write to besides colleagues and CRM contacts. */
export function AddressBookScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useMailRefresh();
  const [editing, setEditing] = useState<Partial<BookRow> | null>(null);
  const field = (k: keyof typeof bookBody.shape, label: string) => ({
    name: k,
    label,
    rules: [zodRule(bookBody.shape[k], label)],
  });
  const columns: ListColumn<BookRow>[] = [
    { key: 'name', dataIndex: 'name', title: t('mail.adb.name'), width: 160, render: (v: string) => v || '-' },
    {
      key: 'email',
      dataIndex: 'email',
      title: t('mail.adb.email'),
      width: 240,
      render: (v: string) => (
        <Typography.Link onClick={() => navigate(`/message/email/write?to=${encodeURIComponent(v)}`)}>
          {v}
        </Typography.Link>
      ),
    },
    { key: 'company', dataIndex: 'company', title: t('mail.adb.company'), width: 200, render: (v: string) => v || '-' },
    {
      key: 'phone',
      dataIndex: 'phone',
      title: t('mail.adb.phone'),
      width: 150,
      secondary: true,
      render: (v: string) => v || '-',
    },
    {
      key: 'remark',
      dataIndex: 'remark',
      title: t('mail.adb.remark'),
      ellipsis: true,
      secondary: 2,
      render: (v: string) => v || '-',
    },
    {
      key: 'actions',
      title: '',
      width: 130,
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {t('mail.set.edit')}
          </Button>
          <Popconfirm
            title={t('mail.adb.deleteConfirm')}
            onConfirm={async () => {
              await mailApi.deleteBook([r.id]);
              await refresh();
            }}
          >
            <Button type="link" size="small" danger>
              {t('mail.set.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <SearchTable<BookRow, { keyword?: string }>
        queryKey={mailKeys.book}
        fetcher={(q, signal) => mailApi.book(q, signal)}
        columns={columns}
        rowKey="id"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} data-testid="adb-add" onClick={() => setEditing({})}>
            {t('mail.adb.add')}
          </Button>
        }
        filters={
          <Form.Item name="keyword" label={t('mail.keyword')}>
            <Input allowClear maxLength={100} style={{ width: 220 }} />
          </Form.Item>
        }
      />
      <FormModal<Partial<BookRow>>
        open={!!editing}
        title={t(editing?.id ? 'mail.adb.edit' : 'mail.adb.add')}
        initialValues={editing ?? {}}
        onClose={() => setEditing(null)}
        successMessage={t('mail.done')}
        invalidate={mailKeys.book}
        onSubmit={async (v) => {
          await mailApi.saveBook({ ...v, id: editing?.id });
          setEditing(null);
        }}
      >
        <Form.Item {...field('email', t('mail.adb.email'))} required>
          <Input data-testid="adb-email" maxLength={254} />
        </Form.Item>
        <Form.Item {...field('name', t('mail.adb.name'))}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item {...field('company', t('mail.adb.company'))}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item {...field('phone', t('mail.adb.phone'))}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item {...field('remark', t('mail.adb.remark'))}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormModal>
    </>
  );
}
