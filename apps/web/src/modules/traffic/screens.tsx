import { formatNumber } from '@portal/contracts';
import { MAX_RANGE_DAYS, type PerformanceQuery, SMS_STATUSES } from '@portal/contracts/traffic';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchTable } from '../../platform/ui/SearchTable';
import { type SmsRow, type TimelineEntry, trafficApi, trafficKeys, type VoiceRow } from './api';

type Range = [Dayjs, Dayjs];
const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '-');
const num = (v: number | string) => formatNumber(v);
const rangeQuery = (range?: Range) => (range ? { from: range[0].toISOString(), to: range[1].toISOString() } : {});
const STATE_COLOR: Record<string, string> = {
  delivered: 'success',
  pending: 'processing',
  enroute: 'processing',
  accepted: 'processing',
  expired: 'warning',
  unknown: 'default',
};

/** the required range (at most 93 days), checked in the form before the server refuses it */
function RangeItem({ showTime = true }: { showTime?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="range"
      label={t('traffic.range')}
      rules={[
        { required: true, message: t('traffic.rangeRequired') },
        {
          validator: async (_r, v?: Range) => {
            if (v && v[1].diff(v[0], 'day', true) > MAX_RANGE_DAYS)
              throw new Error(t('traffic.rangeTooLong', { days: MAX_RANGE_DAYS }));
          },
        },
      ]}
    >
      <DatePicker.RangePicker showTime={showTime} allowClear={false} style={{ width: showTime ? 340 : 250 }} />
    </Form.Item>
  );
}

function StatusTag({ row }: { row: Pick<SmsRow, 'submitStatus' | 'dlrState'> }) {
  const { t } = useTranslation();
  const s = row.submitStatus === 'rejected' ? 'submit_rejected' : (row.dlrState ?? 'pending');
  return <Tag color={STATE_COLOR[s] ?? 'error'}>{t(`traffic.statuses.${s}` as 'traffic.statuses.pending')}</Tag>;
}

/** The submit and DLR reports of one message, every part, in time order. */
function TimelineDrawer({ row, onClose }: { row: SmsRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = row
    ? {
        messageId: row.messageId,
        from: dayjs(row.submitAt).subtract(1, 'hour').toISOString(),
        to: dayjs(row.submitAt).add(1, 'hour').toISOString(),
      }
    : null;
  const { data } = useQuery({
    queryKey: trafficKeys.timeline(row?.messageId ?? ''),
    queryFn: ({ signal }) => trafficApi.timeline(q!, signal),
    enabled: !!q,
  });
  return (
    <Drawer open={!!row} onClose={onClose} width={460} title={t('traffic.timelineOf', { id: row?.messageId ?? '' })}>
      <Timeline
        items={(data ?? []).map((e: TimelineEntry) => ({
          color: e.kind === 'submit' ? 'blue' : e.state === 'delivered' ? 'green' : e.applied ? 'red' : 'gray',
          children: (
            <div key={`${e.kind}${e.part}${e.at}${e.state}`}>
              <Typography.Text strong>
                {time(e.at)} · {t('traffic.part')} {e.part} ·{' '}
                {e.kind === 'submit' ? t('traffic.submitStatus') : t('traffic.dlrState')}:{' '}
                {e.kind === 'submit'
                  ? e.state
                  : t(`traffic.statuses.${e.state}` as 'traffic.statuses.pending', { defaultValue: e.state })}
              </Typography.Text>
              {e.error ? <span> ({e.error})</span> : null}
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('traffic.received', { at: time(e.receivedAt) })}
                  {e.kind === 'dlr' && !e.applied ? ` · ${t('traffic.overtaken')}` : ''}
                </Typography.Text>
              </div>
            </div>
          ),
        }))}
      />
    </Drawer>
  );
}

type SmsFilters = {
  range?: Range;
  from?: string;
  to?: string;
  accountId?: number;
  number?: string;
  messageId?: string;
  channelId?: number;
  country?: string;
  status?: (typeof SMS_STATUSES)[number];
};

/** /businessInquiry/sendRcdQuery: SMS send records of a range with their DLR state, totals and timeline. */
export function SmsRecordsScreen() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<SmsRow | null>(null);
  const [totals, setTotals] = useState<{ records: number; delivered: number; revenue: string; cost: string }>();
  const columns = useMemo<TableColumnsType<SmsRow>>(
    () => [
      { key: 'submitAt', dataIndex: 'submitAt', title: t('traffic.submitAt'), width: 160, render: time },
      {
        key: 'messageId',
        title: t('traffic.messageId'),
        width: 200,
        render: (_, r) => (
          <Button type="link" size="small" onClick={() => setOpen(r)} style={{ padding: 0 }}>
            {r.messageId}
            {r.parts > 1 ? ` (${r.part}/${r.parts})` : ''}
          </Button>
        ),
      },
      { key: 'accountId', dataIndex: 'accountId', title: t('traffic.account'), width: 90 },
      { key: 'number', dataIndex: 'number', title: t('traffic.number'), width: 140, render: (v: string) => `+${v}` },
      { key: 'country', dataIndex: 'country', title: t('traffic.country'), width: 70 },
      { key: 'network', dataIndex: 'network', title: t('traffic.network'), width: 80, responsive: ['lg'] },
      { key: 'encoding', dataIndex: 'encoding', title: t('traffic.encoding'), width: 80, responsive: ['lg'] },
      { key: 'channelId', dataIndex: 'channelId', title: t('traffic.channel'), width: 80, responsive: ['lg'] },
      { key: 'status', title: t('traffic.status'), width: 110, render: (_, r) => <StatusTag row={r} /> },
      { key: 'dlrError', dataIndex: 'dlrError', title: t('traffic.dlrError'), width: 80, responsive: ['md'] },
      { key: 'dlrAt', dataIndex: 'dlrAt', title: t('traffic.dlrAt'), width: 160, render: time, responsive: ['md'] },
      {
        key: 'price',
        title: t('traffic.price'),
        width: 110,
        align: 'right',
        render: (_, r) => `${num(r.price)} ${r.currency}`,
      },
      {
        key: 'cost',
        title: t('traffic.cost'),
        width: 110,
        align: 'right',
        responsive: ['lg'],
        render: (_, r) => `${num(r.cost)} ${r.costCurrency}`,
      },
    ],
    [t],
  );
  return (
    <>
      <SearchTable<SmsRow, SmsFilters>
        queryKey={trafficKeys.sms}
        fetcher={async (query, signal) => {
          const { range: _r, ...q } = query;
          const res = await trafficApi.sms(q, signal);
          setTotals(res.totals);
          return res;
        }}
        initialFilters={{ range: [dayjs().startOf('day'), dayjs().endOf('day')] }}
        fromForm={({ range, ...rest }) => ({ ...rest, ...rangeQuery(range) })}
        columns={columns}
        rowKey={(r) => `${r.messageId}:${r.part}`}
        size="small"
        scrollX={1500}
        exportPath="/v2/traffic/sms/export"
        title={
          totals
            ? t('traffic.totals', {
                records: num(totals.records),
                delivered: num(totals.delivered),
                revenue: num(totals.revenue),
                cost: num(totals.cost),
              })
            : null
        }
        filters={
          <>
            <RangeItem />
            <Form.Item name="number" label={t('traffic.number')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="messageId" label={t('traffic.messageId')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="accountId" label={t('traffic.account')}>
              <InputNumber min={1} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label={t('traffic.status')}>
              <Select
                allowClear
                style={{ width: 140 }}
                options={SMS_STATUSES.map((s) => ({ value: s, label: t(`traffic.statuses.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="channelId" label={t('traffic.channel')}>
              <InputNumber min={0} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="country" label={t('traffic.country')}>
              <Input allowClear maxLength={2} style={{ width: 80 }} />
            </Form.Item>
          </>
        }
      />
      <TimelineDrawer row={open} onClose={() => setOpen(null)} />
    </>
  );
}

type VoiceFilters = {
  range?: Range;
  from?: string;
  to?: string;
  accountId?: number;
  callee?: string;
  callId?: string;
  answered?: 'yes' | 'no';
};

/** /businessInquiry/voiceRecordQuery: call records (CDRs) of a range with totals. */
export function VoiceRecordsScreen() {
  const { t } = useTranslation();
  const [totals, setTotals] = useState<{ attempts: number; answered: number; seconds: number; revenue: string }>();
  const columns = useMemo<TableColumnsType<VoiceRow>>(
    () => [
      { key: 'setupAt', dataIndex: 'setupAt', title: t('traffic.setupAt'), width: 160, render: time },
      { key: 'callId', dataIndex: 'callId', title: t('traffic.callId'), width: 180 },
      { key: 'accountId', dataIndex: 'accountId', title: t('traffic.account'), width: 90 },
      { key: 'caller', dataIndex: 'caller', title: t('traffic.caller'), width: 130 },
      { key: 'callee', dataIndex: 'callee', title: t('traffic.callee'), width: 140, render: (v: string) => `+${v}` },
      { key: 'country', dataIndex: 'country', title: t('traffic.country'), width: 70 },
      {
        key: 'gateways',
        title: t('traffic.gateways'),
        width: 170,
        responsive: ['lg'],
        render: (_, r) => `${r.ingressGateway ?? '-'} / ${r.egressGateway ?? '-'}`,
      },
      { key: 'answerAt', dataIndex: 'answerAt', title: t('traffic.answerAt'), width: 160, render: time },
      { key: 'duration', dataIndex: 'duration', title: t('traffic.duration'), width: 100, align: 'right' },
      { key: 'billed', dataIndex: 'billedDuration', title: t('traffic.billed'), width: 100, align: 'right' },
      {
        key: 'sip',
        dataIndex: 'sipCode',
        title: t('traffic.sipCode'),
        width: 80,
        render: (v: number) => <Tag color={v === 200 ? 'success' : 'error'}>{v}</Tag>,
      },
      { key: 'pdd', dataIndex: 'pddMs', title: t('traffic.pdd'), width: 90, align: 'right', responsive: ['lg'] },
      {
        key: 'price',
        title: t('traffic.price'),
        width: 110,
        align: 'right',
        render: (_, r) => `${num(r.price)} ${r.currency}`,
      },
    ],
    [t],
  );
  return (
    <SearchTable<VoiceRow, VoiceFilters>
      queryKey={trafficKeys.voice}
      fetcher={async (query, signal) => {
        const { range: _r, ...q } = query;
        const res = await trafficApi.voice(q, signal);
        setTotals(res.totals);
        return res;
      }}
      initialFilters={{ range: [dayjs().startOf('day'), dayjs().endOf('day')] }}
      fromForm={({ range, ...rest }) => ({ ...rest, ...rangeQuery(range) })}
      columns={columns}
      rowKey="callId"
      size="small"
      scrollX={1500}
      title={
        totals
          ? t('traffic.voiceTotals', {
              attempts: num(totals.attempts),
              answered: num(totals.answered),
              minutes: num((totals.seconds / 60).toFixed(2)),
              revenue: num(totals.revenue),
            })
          : null
      }
      filters={
        <>
          <RangeItem />
          <Form.Item name="callee" label={t('traffic.callee')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="callId" label={t('traffic.callId')}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="accountId" label={t('traffic.account')}>
            <InputNumber min={1} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="answered" label={t('traffic.answered')}>
            <Select
              allowClear
              style={{ width: 90 }}
              options={[
                { value: 'yes', label: t('traffic.yes') },
                { value: 'no', label: t('traffic.no') },
              ]}
            />
          </Form.Item>
        </>
      }
    />
  );
}

type PerfForm = { range: Range; product: 'sms' | 'voice'; groupBy: PerformanceQuery['groupBy'] };
type PerfRow = Awaited<ReturnType<typeof trafficApi.performance>>['rows'][number];

/** Performance from the daily rollups: revenue, cost, profit and volume by day, sales, customer, … */
function PerformanceScreen({
  path,
  groupBy,
}: {
  path: 'sms-performance' | 'results/day';
  groupBy: PerfForm['groupBy'];
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PerfForm>();
  const [values, setValues] = useState<PerfForm>({
    range: [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')],
    product: 'sms',
    groupBy,
  });
  const q = { product: values.product, groupBy: values.groupBy, ...rangeQuery(values.range) };
  const { data, isFetching } = useQuery({
    queryKey: [...trafficKeys.performance, path, q],
    queryFn: ({ signal }) => trafficApi.performance(path, q, signal),
  });
  const voice = values.product === 'voice';
  const columns: TableColumnsType<PerfRow> = [
    { key: 'key', dataIndex: 'key', title: t(`traffic.groups.${values.groupBy}`), width: 120 },
    { key: 'currency', dataIndex: 'currency', title: t('traffic.currency'), width: 70 },
    { key: 'count', dataIndex: 'count', title: t('traffic.count'), width: 100, align: 'right', render: num },
    ...(voice
      ? [
          {
            key: 'answered',
            dataIndex: 'answered',
            title: t('traffic.answered'),
            width: 90,
            align: 'right' as const,
            render: num,
          },
          {
            key: 'minutes',
            dataIndex: 'minutes',
            title: t('traffic.minutes'),
            width: 100,
            align: 'right' as const,
            render: num,
          },
          {
            key: 'asr',
            dataIndex: 'asr',
            title: t('traffic.asr'),
            width: 80,
            align: 'right' as const,
            render: (v: string | null) => (v ? `${v}%` : '-'),
          },
          { key: 'acd', dataIndex: 'acd', title: t('traffic.acd'), width: 80, align: 'right' as const },
          { key: 'pdd', dataIndex: 'pdd', title: t('traffic.pdd'), width: 90, align: 'right' as const },
        ]
      : [
          {
            key: 'segments',
            dataIndex: 'segments',
            title: t('traffic.segments'),
            width: 100,
            align: 'right' as const,
            render: num,
          },
          {
            key: 'delivered',
            dataIndex: 'delivered',
            title: t('traffic.delivered'),
            width: 100,
            align: 'right' as const,
            render: num,
          },
          {
            key: 'rate',
            title: t('traffic.successRate'),
            width: 90,
            align: 'right' as const,
            render: (_: unknown, r: PerfRow) =>
              r.segments ? `${((r.delivered * 100) / r.segments).toFixed(2)}%` : '-',
          },
        ]),
    { key: 'revenue', dataIndex: 'revenue', title: t('traffic.revenue'), width: 120, align: 'right', render: num },
    { key: 'cost', dataIndex: 'cost', title: t('traffic.cost'), width: 120, align: 'right', render: num },
    { key: 'profit', dataIndex: 'profit', title: t('traffic.profit'), width: 120, align: 'right', render: num },
  ];
  return (
    <Card size="small">
      <Form
        form={form}
        layout="inline"
        initialValues={values}
        onFinish={(v) => setValues(v)}
        style={{ marginBottom: 12 }}
      >
        <RangeItem showTime={false} />
        <Form.Item name="product" label={t('traffic.product')}>
          <Select
            style={{ width: 100 }}
            options={(['sms', 'voice'] as const).map((p) => ({ value: p, label: t(`traffic.products.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="groupBy" label={t('traffic.groupBy')}>
          <Select
            style={{ width: 110 }}
            options={(['day', 'owner', 'customer', 'account', 'country', 'channel'] as const).map((g) => ({
              value: g,
              label: t(`traffic.groups.${g}`),
            }))}
          />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Flex>
      </Form>
      <Table<PerfRow>
        size="small"
        rowKey={(r) => `${r.key}:${r.currency}`}
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={{ defaultPageSize: 50, showSizeChanger: true }}
        scroll={{ x: 1100 }}
      />
    </Card>
  );
}

/** /businessInquiry/smsPerformance */
export function SmsPerformanceScreen() {
  return <PerformanceScreen path="sms-performance" groupBy="day" />;
}

/** /businessInquiry/resultsQuery/day/c-end: daily results of direct customers, by sales */
export function DailyResultsScreen() {
  return <PerformanceScreen path="results/day" groupBy="owner" />;
}
