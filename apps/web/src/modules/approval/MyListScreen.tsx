import {
  INSTANCE_STATUSES,
  type InstanceRow,
  type InstanceStatus,
  LIVE_RESOURCES,
  type MyPageQuery,
} from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTime } from '../../platform/format-time';
import { actionColumn } from '../../platform/ui/RowActions';
import { SearchTable } from '../../platform/ui/SearchTable';
import { approvalApi, approvalKeys, type MyListKind } from './api';
import { type MyList, profilePath } from './profile-path';
import { InstanceStatusTag, TaskStatusTag } from './StatusTag';

type Filters = Pick<MyPageQuery, 'keyword' | 'processId' | 'status'> & { range?: [Dayjs, Dayjs] };

const KIND: Record<MyList, MyListKind> = {
  'my-agent': 'toDoPage',
  'my-initiate': 'applyPage',
  'my-handle': 'handlePage',
  'my-deliver': 'ccMePage',
};

const time = (v: string | null) => formatTime(v);

function useColumns(list: MyList): TableColumnsType<InstanceRow> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMemo(() => {
    const open = (row: InstanceRow) => void navigate(profilePath(list, row.id, row.title));
    const cols: TableColumnsType<InstanceRow> = [
      {
        key: 'title',
        dataIndex: 'title',
        title: t('approval.requestTitle'),
        ellipsis: true,
        render: (v: string, row) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(row)}>
            {v}
          </Button>
        ),
      },
      { key: 'processName', dataIndex: 'processName', title: t('approval.process'), width: 140, ellipsis: true },
    ];
    if (list !== 'my-initiate')
      cols.push({ key: 'initiatorName', dataIndex: 'initiatorName', title: t('approval.initiator'), width: 100 });
    if (list === 'my-agent' || list === 'my-handle')
      cols.push({ key: 'taskNodeName', dataIndex: 'taskNodeName', title: t('approval.node'), width: 140 });
    else
      cols.push({
        key: 'currentNodeName',
        dataIndex: 'currentNodeName',
        title: t('approval.currentNode'),
        width: 140,
        render: (v: string | null) => v ?? '-',
      });
    if (list === 'my-handle')
      cols.push({
        key: 'taskStatus',
        dataIndex: 'taskStatus',
        title: t('approval.myDecision'),
        width: 100,
        render: (v: InstanceRow['taskStatus']) => (v ? <TaskStatusTag status={v} /> : '-'),
      });
    cols.push({
      key: 'status',
      dataIndex: 'status',
      title: t('approval.statusLabel'),
      width: 100,
      render: (v: InstanceStatus) => <InstanceStatusTag status={v} />,
    });
    if (list === 'my-agent') {
      cols.push({
        key: 'taskCreatedAt',
        dataIndex: 'taskCreatedAt',
        title: t('approval.receivedAt'),
        width: 150,
        render: time,
      });
      cols.push({ key: 'dueAt', dataIndex: 'dueAt', title: t('approval.dueAt'), width: 150, render: time });
    } else if (list === 'my-handle') {
      cols.push({
        key: 'taskHandledAt',
        dataIndex: 'taskHandledAt',
        title: t('approval.handledAt'),
        width: 150,
        render: time,
      });
    } else if (list === 'my-deliver') {
      cols.push({
        key: 'taskCreatedAt',
        dataIndex: 'taskCreatedAt',
        title: t('approval.copiedAt'),
        width: 150,
        render: time,
      });
    } else {
      cols.push({ key: 'createdAt', dataIndex: 'createdAt', title: t('approval.startedAt'), width: 150, render: time });
    }
    cols.push(
      actionColumn<InstanceRow>(
        t('common.action'),
        (r) => [
          {
            key: 'open',
            label: list === 'my-agent' ? t('approval.handle') : t('approval.view'),
            onClick: () => open(r),
            testId: 'row-open',
          },
        ],
        90,
      ),
    );
    return cols;
  }, [list, t, navigate]);
}

/** One of the four personal lists: search form over the server-paged requests, each opening its profile. */
function MyListScreen({ list }: { list: MyList }) {
  const { t } = useTranslation();
  const processes = useQuery({ queryKey: approvalKeys.options('process'), queryFn: approvalApi.processOptions });
  const columns = useColumns(list);
  const kind = KIND[list];
  return (
    <SearchTable<InstanceRow, Filters>
      queryKey={approvalKeys.list(kind)}
      live={LIVE_RESOURCES.approvalInstances}
      fetcher={({ range, page, size, keyword, processId, status }, signal) =>
        approvalApi.myPage(
          kind,
          {
            page,
            size,
            keyword,
            processId,
            status,
            ...(range ? { dateFrom: range[0].format('YYYY-MM-DD'), dateTo: range[1].format('YYYY-MM-DD') } : {}),
          },
          signal,
        )
      }
      columns={columns}
      rowKey={(r) => `${r.id}-${r.taskId ?? ''}`}
      size="small"
      filters={
        <>
          <Form.Item name="keyword" label={t('approval.keyword')}>
            <Input
              allowClear
              maxLength={64}
              style={{ width: 180 }}
              placeholder={t('approval.keywordHint')}
              data-testid="list-keyword"
            />
          </Form.Item>
          <Form.Item name="processId" label={t('approval.process')}>
            <Select
              allowClear
              placeholder={t('common.all')}
              style={{ width: 160 }}
              options={(processes.data ?? []).map((o) => ({ value: Number(o.value), label: o.label }))}
            />
          </Form.Item>
          {list !== 'my-agent' && (
            <Form.Item name="status" label={t('approval.statusLabel')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 120 }}
                options={INSTANCE_STATUSES.map((s) => ({ value: s, label: t(`approval.status.${s}`) }))}
              />
            </Form.Item>
          )}
          <Form.Item name="range" label={t('approval.dateRange')}>
            <DatePicker.RangePicker style={{ width: 240 }} />
          </Form.Item>
        </>
      }
    />
  );
}

export const MyAgentScreen = () => <MyListScreen list="my-agent" />;
export const MyInitiateScreen = () => <MyListScreen list="my-initiate" />;
export const MyHandleScreen = () => <MyListScreen list="my-handle" />;
export const MyDeliverScreen = () => <MyListScreen list="my-deliver" />;
