import { PlusOutlined } from '@ant-design/icons';
import { type TemplateRow, templateBody } from '@portal/contracts/mail';
import { Button, Form, Input, Popconfirm, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../platform/form';
import { FormModal } from '../../platform/ui/FormModal';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
import { mailApi, mailKeys } from './api';
import { useMailRefresh } from './use-mail';

/** Mailbox settings → templates: mine (editable) and colleagues' shared ones (to use). */
export function TemplatesTab() {
  const { t } = useTranslation();
  const refresh = useMailRefresh();
  const [editing, setEditing] = useState<Partial<TemplateRow> | null>(null);
  const columns: ListColumn<TemplateRow>[] = [
    {
      key: 'name',
      title: t('mail.set.signatureName'),
      width: 200,
      render: (_: unknown, r) => (
        <Space size={4}>
          {r.name}
          {r.shared && <Tag color="green">{t('mail.tpl.shared')}</Tag>}
        </Space>
      ),
    },
    { key: 'subject', dataIndex: 'subject', title: t('mail.subject'), ellipsis: true, render: (v: string) => v || '-' },
    {
      key: 'author',
      title: t('mail.tpl.author'),
      width: 120,
      render: (_: unknown, r) => (r.mine ? t('mail.tpl.me') : (r.authorName ?? '-')),
    },
    {
      key: 'actions',
      title: '',
      width: 130,
      render: (_: unknown, r) =>
        r.mine ? (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              {t('mail.set.edit')}
            </Button>
            <Popconfirm
              title={t('mail.tpl.deleteConfirm')}
              onConfirm={async () => {
                await mailApi.deleteTemplate(r.id);
                await refresh();
              }}
            >
              <Button type="link" size="small" danger>
                {t('mail.set.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];
  return (
    <>
      <SearchTable<TemplateRow, { keyword?: string }>
        queryKey={[...mailKeys.templates, 'page']}
        fetcher={(q, signal) => mailApi.templatePage(q, signal)}
        columns={columns}
        rowKey="id"
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="tpl-add"
            onClick={() => setEditing({ shared: false })}
          >
            {t('mail.tpl.add')}
          </Button>
        }
        filters={
          <Form.Item name="keyword" label={t('mail.keyword')}>
            <Input allowClear maxLength={60} style={{ width: 200 }} />
          </Form.Item>
        }
      />
      <FormModal<{ name: string; subject: string; content: string; shared: boolean }>
        open={!!editing}
        title={t('mail.template')}
        width={640}
        initialValues={{
          name: editing?.name ?? '',
          subject: editing?.subject ?? '',
          content: editing?.content ?? '',
          shared: editing?.shared ?? false,
        }}
        onClose={() => setEditing(null)}
        successMessage={t('mail.done')}
        invalidate={mailKeys.templates}
        onSubmit={async (v) => {
          await mailApi.saveTemplate({ ...v, id: editing?.id });
          setEditing(null);
        }}
      >
        <Form.Item
          name="name"
          label={t('mail.set.signatureName')}
          rules={[zodRule(templateBody.shape.name, t('mail.set.signatureName'))]}
        >
          <Input data-testid="tpl-name" />
        </Form.Item>
        <Form.Item
          name="subject"
          label={t('mail.subject')}
          rules={[zodRule(templateBody.shape.subject, t('mail.subject'))]}
        >
          <Input data-testid="tpl-subject" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('mail.content')}
          rules={[zodRule(templateBody.shape.content, t('mail.content'))]}
        >
          <Input.TextArea rows={6} data-testid="tpl-content" />
        </Form.Item>
        <Form.Item name="shared" label={t('mail.tpl.shared')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
    </>
  );
}
