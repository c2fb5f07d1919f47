import { QUEUE_RATE_MINUTES } from '@portal/contracts/traffic';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordName, RecordSelect } from '../../platform/fields/RecordSelect';
import { type QueueAnswer, trafficApi, trafficKeys } from './api';
import { accountColumn, numColumn, time, timeColumn } from './shared';

type QueueRow = QueueAnswer['rows'][number];

function Age({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation();
  if (seconds === null) return <>-</>;
  const text =
    seconds < 60
      ? t('traffic.ageSeconds', { n: seconds })
      : seconds < 3600
        ? t('traffic.ageMinutes', { n: Math.floor(seconds / 60) })
        : t('traffic.ageHours', { n: Math.floor(seconds / 3600), m: Math.floor((seconds % 3600) / 60) });
  return (
    <Typography.Text type={seconds >= 3600 ? 'danger' : seconds >= 600 ? 'warning' : undefined}>{text}</Typography.Text>
  );
}

/** /businessInquiry/apiQueueManage: per account and channel what waits for its DLR, the submit rate, the oldest. */
export function ApiQueuesScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ accountId?: number; channelId?: number }>();
  const [q, setQ] = useState<{ accountId?: number; channelId?: number }>({});
  const { data, isFetching, refetch } = useQuery({
    queryKey: [...trafficKeys.queues, q],
    queryFn: ({ signal }) => trafficApi.queues(q, signal),
    refetchInterval: 30_000,
  });
  const columns: TableColumnsType<QueueRow> = [
    accountColumn(t),
    {
      key: 'channelId',
      dataIndex: 'channelId',
      title: t('traffic.channelId'),
      width: 160,
      ellipsis: true,
      render: (id: number) => (id ? <RecordName kind="channel" id={id} /> : '-'),
    },
    numColumn('backlog', t('traffic.backlog'), 110),
    numColumn('lastFive', t('traffic.lastFive'), 100, { responsive: ['md'] }),
    numColumn('rate', t('traffic.rate'), 120),
    timeColumn('oldestAt', t('traffic.oldestAt'), { responsive: ['md'] }),
    {
      key: 'oldestAge',
      dataIndex: 'oldestAge',
      title: t('traffic.oldestAge'),
      width: 110,
      align: 'right',
      render: (v: number | null) => <Age seconds={v} />,
    },
  ];
  const clean = (v: { accountId?: number; channelId?: number }) =>
    Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null)) as typeof v;
  return (
    <Card size="small">
      <Form form={form} layout="inline" onFinish={(v) => setQ(clean(v))} style={{ marginBottom: 12 }}>
        <Form.Item name="accountId" label={t('traffic.account')}>
          <RecordSelect kind="account" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="channelId" label={t('traffic.channelId')}>
          <RecordSelect kind="channel" style={{ width: 180 }} />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
          <Button onClick={() => refetch()}>{t('traffic.refresh')}</Button>
        </Flex>
      </Form>
      {data ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('traffic.queueNote', { since: time(data.since), minutes: QUEUE_RATE_MINUTES })}
        </Typography.Paragraph>
      ) : null}
      <Table<QueueRow>
        size="small"
        rowKey={(r) => `${r.accountId}:${r.channelId}`}
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={{ defaultPageSize: 50, showSizeChanger: true }}
        scroll={{ x: 780 }}
      />
    </Card>
  );
}
