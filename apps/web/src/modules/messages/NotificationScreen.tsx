import { MESSAGE_TYPES, type MessageRow } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Form, Input, Popconfirm, Select, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { actionColumn, useRowCall } from '../../platform/ui/RowActions';
import { SearchTable } from '../../platform/ui/SearchTable';
import { messageKeys, messagesApi } from './api';
import { useOpenMessage } from './use-open-message';

type Filters = { type?: (typeof MESSAGE_TYPES)[number]; status?: 0 | 1; keyword?: string };

/** /message/notification: my messages, filtered by type and state, marked read, opened at their source. */
export function NotificationScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const open = useOpenMessage();
  const refetch = [messageKeys.root, messageKeys.unread];
  const read = useRowCall(messagesApi.markRead, refetch);
  const refresh = () => Promise.all(refetch.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  const columns: TableColumnsType<MessageRow> = [
    {
      key: 'status',
      dataIndex: 'status',
      title: t('messages.status'),
      width: 90,
      render: (v: 0 | 1) => (
        <Badge status={v === 0 ? 'processing' : 'default'} text={t(v === 0 ? 'messages.unread' : 'messages.read')} />
      ),
    },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('messages.type'),
      width: 110,
      render: (v: string) => <Tag>{t(`messages.types.${v}`, v)}</Tag>,
    },
    { key: 'title', dataIndex: 'title', title: t('messages.title'), ellipsis: true },
    { key: 'content', dataIndex: 'content', title: t('messages.content'), ellipsis: true },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('messages.time'),
      width: 160,
      sorter: true,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    actionColumn<MessageRow>(
      t('common.action'),
      (r) => [
        ...(r.link ? [{ key: 'open', label: t('messages.open'), onClick: () => open(r), testId: 'message-open' }] : []),
        ...(r.status === 0
          ? [
              {
                key: 'read',
                label: t('messages.markRead'),
                onClick: () => read.mutateAsync([r.id]),
                testId: 'message-read',
              },
            ]
          : []),
      ],
      150,
    ),
  ];

  return (
    <SearchTable<MessageRow, Filters>
      queryKey={messageKeys.center}
      fetcher={(query, signal) => messagesApi.centerPage(query, signal)}
      columns={columns}
      rowKey="id"
      exportPath="/v2/sys/mc/message/query/center/message/list/export"
      toolbar={
        <Popconfirm
          title={t('messages.readAllConfirm')}
          onConfirm={async () => {
            const { changed } = await messagesApi.readAll();
            message.success(t('messages.readAllDone', { count: changed }));
            await refresh();
          }}
        >
          <Button data-testid="message-read-all">{t('messages.readAll')}</Button>
        </Popconfirm>
      }
      filters={
        <>
          <Form.Item name="type" label={t('messages.type')}>
            <Select
              allowClear
              placeholder={t('common.all')}
              style={{ width: 140 }}
              options={MESSAGE_TYPES.map((v) => ({ value: v, label: t(`messages.types.${v}`) }))}
            />
          </Form.Item>
          <Form.Item name="status" label={t('messages.status')}>
            <Select
              allowClear
              placeholder={t('common.all')}
              style={{ width: 120 }}
              options={[
                { value: 0, label: t('messages.unread') },
                { value: 1, label: t('messages.read') },
              ]}
            />
          </Form.Item>
          <Form.Item name="keyword" label={t('messages.keyword')}>
            <Input allowClear style={{ width: 200 }} maxLength={100} />
          </Form.Item>
        </>
      }
    />
  );
}
