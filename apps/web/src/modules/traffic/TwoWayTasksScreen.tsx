import { REPLY_WINDOW_HOURS, TWO_WAY_TASK_STATES } from '@portal/contracts/traffic';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Drawer,
  Form,
  InputNumber,
  Select,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchTable } from '../../platform/ui/SearchTable';
import { type MessageRow, type TwoWayTaskRow, trafficApi, trafficKeys } from './api';
import {
  accountColumn,
  num,
  numColumn,
  type Range,
  RangeItem,
  rangedSearch,
  StateTag,
  time,
  timeColumn,
} from './shared';

type Filters = {
  range?: Range;
  from?: string;
  to?: string;
  accountId?: number;
  state?: (typeof TWO_WAY_TASK_STATES)[number];
};

/** one task: its figures and its replies (the MO messages counted), paged */
function TaskDrawer({ task, onClose }: { task: TwoWayTaskRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useQuery({
    queryKey: [...trafficKeys.taskReplies(task?.id ?? 0), page],
    queryFn: ({ signal }) => trafficApi.taskReplies(task!.id, { page, size: 10 }, signal),
    enabled: !!task,
  });
  const columns: TableColumnsType<MessageRow> = [
    { key: 'at', dataIndex: 'at', title: t('traffic.receivedAt'), width: 160, render: time },
    { key: 'from', dataIndex: 'from', title: t('traffic.from.mo'), width: 140 },
    { key: 'replyTo', dataIndex: 'replyTo', title: t('traffic.replyTo'), ellipsis: true },
  ];
  return (
    <Drawer
      open={!!task}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      width="min(640px, 100vw)"
      title={t('traffic.twoway.repliesOf', { name: task?.name ?? '' })}
    >
      {task ? (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('traffic.account')}>{task.accountId}</Descriptions.Item>
            <Descriptions.Item label={t('traffic.twoway.senderId')}>{task.senderId}</Descriptions.Item>
            <Descriptions.Item label={t('traffic.twoway.startAt')}>{time(task.startAt)}</Descriptions.Item>
            <Descriptions.Item label={t('traffic.twoway.endAt')}>{time(task.endAt)}</Descriptions.Item>
            <Descriptions.Item label={t('traffic.twoway.numbers')}>{num(task.numbers)}</Descriptions.Item>
            <Descriptions.Item label={t('traffic.twoway.replies')}>
              {num(task.replies)} ({task.replyRate ?? '-'}%)
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('traffic.twoway.repliesNote', { sender: task.senderId, hours: REPLY_WINDOW_HOURS })}
          </Typography.Paragraph>
          <Table<MessageRow>
            size="small"
            rowKey="id"
            loading={isFetching}
            columns={columns}
            dataSource={data?.records ?? []}
            scroll={{ x: 480 }}
            pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage, size: 'small' }}
          />
        </>
      ) : null}
    </Drawer>
  );
}

/** /businessInquiry/twowaytask: campaigns expecting replies, with numbers, replies and reply rate. */
export function TwoWayTasksScreen() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<TwoWayTaskRow | null>(null);
  const columns = useMemo<TableColumnsType<TwoWayTaskRow>>(
    () => [
      {
        key: 'name',
        title: t('traffic.twoway.name'),
        width: 200,
        render: (_, r) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(r)}>
            {r.name}
          </Button>
        ),
      },
      accountColumn(t),
      { key: 'senderId', dataIndex: 'senderId', title: t('traffic.twoway.senderId'), width: 90 },
      { key: 'state', title: t('traffic.twoway.state'), width: 100, render: (_, r) => <StateTag state={r.state} /> },
      numColumn('numbers', t('traffic.twoway.numbers'), 90),
      numColumn('replies', t('traffic.twoway.replies'), 90),
      {
        key: 'replyRate',
        dataIndex: 'replyRate',
        title: t('traffic.twoway.replyRate'),
        width: 90,
        align: 'right',
        render: (v: string | null) => (v === null ? '-' : `${v}%`),
      },
      timeColumn('startAt', t('traffic.twoway.startAt')),
      timeColumn('endAt', t('traffic.twoway.endAt'), { responsive: ['md'] }),
    ],
    [t],
  );
  return (
    <>
      <SearchTable<TwoWayTaskRow, Filters>
        queryKey={trafficKeys.twoWayTasks}
        {...rangedSearch(async (q, signal) => {
          return trafficApi.twoWayTasks(q, signal);
        })}
        columns={columns}
        rowKey="id"
        size="small"
        scrollX={1100}
        exportPath="/v2/traffic/twoway-tasks/export"
        filters={
          <>
            <RangeItem />
            <Form.Item name="accountId" label={t('traffic.account')}>
              <InputNumber min={1} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="state" label={t('traffic.twoway.state')}>
              <Select
                allowClear
                style={{ width: 130 }}
                options={TWO_WAY_TASK_STATES.map((s) => ({ value: s, label: t(`traffic.twoway.states.${s}`) }))}
              />
            </Form.Item>
          </>
        }
      />
      <TaskDrawer task={open} onClose={() => setOpen(null)} />
    </>
  );
}
