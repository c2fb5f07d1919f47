import {
  TrafficPerm,
  VOICE_TASK_REQUEST_FROM,
  VOICE_TASK_REQUESTS,
  VOICE_TASK_STATES,
  type VoiceTaskQuery,
  type VoiceTaskRequest,
} from '@portal/contracts/traffic';
import {
  App,
  Button,
  Form,
  Input,
  Popconfirm,
  Progress,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Tooltip,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../platform/access';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { queryClient } from '../../platform/query-client';
import { SearchTable } from '../../platform/ui/SearchTable';
import {
  accountColumn,
  num,
  numColumn,
  type Range,
  type RangeFilters,
  RangeItem,
  rangedSearch,
  time,
  timeColumn,
} from './shared';
import { type VoiceTaskRow, voiceApi, voiceKeys } from './voice-api';

type Filters = RangeFilters & Partial<Omit<VoiceTaskQuery, 'page' | 'size' | 'from' | 'to'>>;

const STATE_COLOR: Record<string, string> = {
  scheduled: 'default',
  running: 'processing',
  paused: 'warning',
  finished: 'success',
  cancelled: 'default',
};

/** seven days back to seven ahead: campaigns are planned ahead and run for days */
const aroundNow = (): Range => [dayjs().subtract(7, 'day').startOf('day'), dayjs().add(7, 'day').endOf('day')];

/** the requests a row offers: those its state allows, not the one that still waits for the platform */
const offered = (r: VoiceTaskRow): VoiceTaskRequest[] =>
  VOICE_TASK_REQUESTS.filter(
    (q) =>
      (VOICE_TASK_REQUEST_FROM[q] as readonly string[]).includes(r.state) && !(r.requestPending && r.request === q),
  );

/** /businessInquiry/voiceTaskManagement: customers' outbound voice campaigns with progress; pause / resume / cancel. */
export function VoiceTasksScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const columns = useMemo<TableColumnsType<VoiceTaskRow>>(
    () => [
      { key: 'name', dataIndex: 'name', title: t('traffic.voice.name'), width: 170, ellipsis: true },
      { key: 'taskId', dataIndex: 'taskId', title: t('traffic.voice.taskId'), width: 200, responsive: ['lg'] },
      accountColumn(t),
      { key: 'caller', dataIndex: 'caller', title: t('traffic.voice.caller'), width: 120, responsive: ['md'] },
      {
        key: 'state',
        title: t('traffic.voice.state'),
        width: 100,
        render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{t(`traffic.voice.states.${r.state}`)}</Tag>,
      },
      {
        key: 'progress',
        title: t('traffic.voice.progress'),
        width: 170,
        render: (_, r) => (
          <Tooltip title={`${num(r.attempted)} / ${num(r.numbers)}`}>
            <Progress
              size="small"
              percent={Math.floor((r.attempted * 100) / r.numbers)}
              status={r.state === 'running' ? 'active' : 'normal'}
            />
          </Tooltip>
        ),
      },
      numColumn('numbers', t('traffic.voice.numbers'), 90, { responsive: ['lg'] }),
      numColumn('attempted', t('traffic.voice.attempted'), 90),
      numColumn('answered', t('traffic.voice.answeredCalls'), 90),
      {
        key: 'rate',
        title: t('traffic.voice.answerRate'),
        width: 90,
        align: 'right',
        render: (_, r) => (r.attempted ? `${num(((r.answered * 100) / r.attempted).toFixed(1))}%` : '-'),
      },
      timeColumn('startAt', t('traffic.twoway.startAt')),
      timeColumn('endAt', t('traffic.twoway.endAt'), { responsive: ['lg'] }),
      {
        key: 'request',
        title: t('traffic.voice.request'),
        width: 170,
        responsive: ['md'],
        render: (_, r) =>
          r.request ? (
            <Tooltip title={time(r.requestedAt)}>
              <Space size={4}>
                {t(`traffic.voice.requests.${r.request}`)}
                <Tag color={r.requestPending ? 'processing' : 'default'}>
                  {r.requestPending ? t('traffic.voice.pending') : t('traffic.voice.done')}
                </Tag>
              </Space>
            </Tooltip>
          ) : (
            '-'
          ),
      },
      timeColumn('reportedAt', t('traffic.voice.reportedAt'), { responsive: ['xl'] }),
      {
        key: 'actions',
        title: '',
        width: 150,
        fixed: 'right',
        render: (_, r) => (
          <Can perm={TrafficPerm.VOICE_TASK_CONTROL}>
            <Space size={8}>
              {offered(r).map((q) => {
                const action = t(`traffic.voice.requests.${q}`);
                return (
                  <Popconfirm
                    key={q}
                    title={t('traffic.voice.requestConfirm', { action })}
                    onConfirm={async () => {
                      await voiceApi.request(r.id, q);
                      message.success(t('traffic.voice.requested', { action }));
                      await queryClient.invalidateQueries({ queryKey: voiceKeys.tasks });
                    }}
                  >
                    <Button type="link" size="small" danger={q === 'cancel'} style={{ padding: 0 }}>
                      {action}
                    </Button>
                  </Popconfirm>
                );
              })}
            </Space>
          </Can>
        ),
      },
    ],
    [t, message],
  );
  return (
    <SearchTable<VoiceTaskRow, Filters>
      queryKey={voiceKeys.tasks}
      {...rangedSearch((q, signal) => voiceApi.tasks(q, signal), aroundNow)}
      columns={columns}
      rowKey="id"
      size="small"
      scrollX={1700}
      exportPath="/v2/traffic/voice-tasks/export"
      filters={
        <>
          <RangeItem />
          <Form.Item name="accountId" label={t('traffic.account')}>
            <RecordSelect kind="account" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="taskId" label={t('traffic.voice.taskId')}>
            <Input allowClear maxLength={64} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="state" label={t('traffic.voice.state')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={VOICE_TASK_STATES.map((s) => ({ value: s, label: t(`traffic.voice.states.${s}`) }))}
            />
          </Form.Item>
        </>
      }
    />
  );
}
