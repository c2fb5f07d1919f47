import { RECALL_TASK_STATES, TrafficPerm } from '@portal/contracts/traffic';
import { Button, Form, Progress, Select, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../platform/access';
import { RecordName, RecordSelect } from '../../platform/fields/RecordSelect';
import { SearchTable } from '../../platform/ui/SearchTable';
import { type RecallTaskRow, trafficApi, trafficKeys } from './api';
import { RecallTaskModal } from './RecallTaskModal';
import { accountColumn, numColumn, type Range, RangeItem, rangedSearch, StateTag, time, timeColumn } from './shared';

type Filters = {
  range?: Range;
  from?: string;
  to?: string;
  accountId?: number;
  state?: (typeof RECALL_TASK_STATES)[number];
};

/** /businessInquiry/send-query/auto-recall-task: resends of failed messages by another channel, with progress. */
export function RecallTasksScreen() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const columns = useMemo<TableColumnsType<RecallTaskRow>>(
    () => [
      { key: 'id', dataIndex: 'id', title: 'ID', width: 70 },
      timeColumn('createdAt', t('traffic.twoway.createdAt')),
      accountColumn(t),
      { key: 'state', title: t('traffic.twoway.state'), width: 100, render: (_, r) => <StateTag state={r.state} /> },
      {
        key: 'progress',
        title: t('traffic.twoway.progress'),
        width: 130,
        render: (_, r) => (
          <Progress percent={r.progress} size="small" status={r.state === 'failed' ? 'exception' : undefined} />
        ),
      },
      numColumn('found', t('traffic.twoway.found'), 90),
      numColumn('recalled', t('traffic.twoway.recalled'), 90),
      numColumn('resent', t('traffic.twoway.resent'), 90, { responsive: ['md'] }),
      numColumn('delivered', t('traffic.twoway.deliveredAfter'), 120),
      {
        key: 'channelId',
        dataIndex: 'channelId',
        title: t('traffic.twoway.recallChannel'),
        width: 160,
        ellipsis: true,
        render: (id: number) => <RecordName kind="channel" id={id} />,
      },
      {
        key: 'window',
        title: t('traffic.twoway.window'),
        width: 170,
        responsive: ['md'],
        render: (_, r) => <span style={{ whiteSpace: 'pre-line' }}>{`${time(r.from)}\n${time(r.to)}`}</span>,
      },
      timeColumn('finishedAt', t('traffic.twoway.endAt'), { responsive: ['lg'] }),
    ],
    [t],
  );
  return (
    <>
      <SearchTable<RecallTaskRow, Filters>
        queryKey={trafficKeys.recallTasks}
        {...rangedSearch(async (q, signal) => {
          return trafficApi.recallTasks(q, signal);
        })}
        columns={columns}
        rowKey="id"
        size="small"
        scrollX={1500}
        exportPath="/v2/traffic/recall-tasks/export"
        toolbar={
          <Can perm={TrafficPerm.AUTO_RECALL_CREATE}>
            <Button type="primary" onClick={() => setCreating(true)}>
              {t('traffic.twoway.newRecall')}
            </Button>
          </Can>
        }
        filters={
          <>
            <RangeItem />
            <Form.Item name="accountId" label={t('traffic.account')}>
              <RecordSelect kind="account" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="state" label={t('traffic.twoway.state')}>
              <Select
                allowClear
                style={{ width: 130 }}
                options={RECALL_TASK_STATES.map((s) => ({ value: s, label: t(`traffic.twoway.states.${s}`) }))}
              />
            </Form.Item>
          </>
        }
      />
      <RecallTaskModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
