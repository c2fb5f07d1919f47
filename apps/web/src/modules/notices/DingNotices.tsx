import { PlusOutlined } from '@ant-design/icons';
import type { DingNoticeRow } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Switch, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchTable } from '../../platform/ui/SearchTable';
import { noticeKeys, noticesApi } from './api';

/** Ding notices: switching one on pushes it to every staff member (live) and the workplace-chat robot. */
export function DingNotices() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DingNoticeRow | 'new' | null>(null);
  const [form] = Form.useForm<{ title: string; content: string; link?: string }>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticeKeys.ding });
  const columns: TableColumnsType<DingNoticeRow> = [
    { key: 'title', dataIndex: 'title', title: t('notices.title'), ellipsis: true },
    { key: 'content', dataIndex: 'content', title: t('notices.content'), ellipsis: true },
    { key: 'pushCount', dataIndex: 'pushCount', title: t('notices.pushCount'), width: 90 },
    {
      key: 'pushedAt',
      dataIndex: 'pushedAt',
      title: t('notices.pushedAt'),
      width: 150,
      render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-'),
    },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t('notices.enabled'),
      width: 90,
      render: (v: boolean, row) =>
        v ? (
          <Switch
            checked
            size="small"
            onChange={async () => {
              await noticesApi.dingEnable(row.id, false);
              await refresh();
            }}
          />
        ) : (
          <Popconfirm
            title={t('notices.pushConfirm')}
            onConfirm={async () => {
              await noticesApi.dingEnable(row.id, true);
              message.success(t('notices.pushed'));
              await refresh();
            }}
          >
            <Switch checked={false} size="small" />
          </Popconfirm>
        ),
    },
    {
      key: 'action',
      title: t('common.action'),
      width: 80,
      render: (_: unknown, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => {
            setEditing(row);
            form.setFieldsValue({ ...row, link: row.link ?? '' });
          }}
        >
          {t('mc.edit')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <SearchTable<DingNoticeRow, { keyword?: string; enabled?: 'yes' | 'no' }>
        queryKey={noticeKeys.ding}
        fetcher={(q, signal) => noticesApi.dingPage(q, signal)}
        columns={columns}
        rowKey="id"
        exportPath="/v2/sys/staff/dingNotice/export"
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing('new');
              form.resetFields();
            }}
          >
            {t('notices.newDing')}
          </Button>
        }
        filters={
          <>
            <Form.Item name="keyword" label={t('notices.keyword')}>
              <Input allowClear maxLength={100} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="enabled" label={t('notices.enabled')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 110 }}
                options={[
                  { value: 'yes', label: t('notices.on') },
                  { value: 'no', label: t('notices.off') },
                ]}
              />
            </Form.Item>
          </>
        }
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('notices.newDing') : t('notices.editDing')}
        onCancel={() => setEditing(null)}
        onOk={async () => {
          const v = await form.validateFields();
          await noticesApi.dingSave({
            ...(editing && editing !== 'new' ? { id: editing.id } : {}),
            title: v.title,
            content: v.content,
            link: v.link?.trim() || null,
          });
          message.success(t('mc.saved'));
          setEditing(null);
          await refresh();
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="title" label={t('notices.title')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="content" label={t('notices.content')} rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 4 }} />
          </Form.Item>
          <Form.Item
            name="link"
            label={t('notices.link')}
            rules={[{ pattern: /^\/[A-Za-z0-9/_?=&.-]*$/, message: t('notices.linkFormat') }]}
          >
            <Input maxLength={256} placeholder="/message/publicnotice/timeaxis" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
