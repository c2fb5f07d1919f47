import { type PerformanceQuery, TRAFFIC_PRODUCTS, type TrafficProduct } from '@portal/contracts/traffic';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Select, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ExportButton } from '../../platform/export/ExportButton';
import { type PerformancePath, trafficApi, trafficKeys } from './api';
import { moneyColumns, numColumn, type Range, RangeItem, rangeQuery } from './shared';

type PerfForm = { range: Range; product: TrafficProduct; groupBy: PerformanceQuery['groupBy'] };
type PerfRow = Awaited<ReturnType<typeof trafficApi.performance>>['rows'][number];

/** Performance from the daily rollups: revenue, cost, profit and volume by day, sales, customer, … */
export function PerformanceScreen({
  path,
  groupBy,
  product = 'sms',
  fixedProduct = false,
  fixedGroup = false,
  preview,
}: {
  path: PerformancePath;
  groupBy: PerfForm['groupBy'];
  product?: PerfForm['product'];
  /** the view answers one product only (voice screens): no product switch */
  fixedProduct?: boolean;
  /** the view groups one way only (channelVoiceQuery): no group switch */
  fixedGroup?: boolean;
  /** the route of this view's preview (C-end / R-end results), opened with the range searched */
  preview?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<PerfForm>();
  const [values, setValues] = useState<PerfForm>({
    range: [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')],
    product,
    groupBy,
  });
  const q = { product: values.product, groupBy: values.groupBy, ...rangeQuery(values.range) };
  const { data, isFetching } = useQuery({
    queryKey: [...trafficKeys.performance, path, q],
    queryFn: ({ signal }) => trafficApi.performance(path, q, signal),
  });
  const voice = values.product === 'voice';
  const columns: TableColumnsType<PerfRow> = [
    {
      key: 'key',
      title: t(`traffic.groups.${values.groupBy}`),
      width: values.groupBy === 'account' || values.groupBy === 'customer' ? 200 : 120,
      ellipsis: true,
      render: (_: unknown, r: PerfRow) => r.label ?? r.key,
    },
    { key: 'currency', dataIndex: 'currency', title: t('traffic.currency'), width: 70 },
    numColumn('count', t('traffic.count')),
    ...(voice
      ? [
          numColumn<PerfRow>('answered', t('traffic.answered'), 90),
          numColumn<PerfRow>('minutes', t('traffic.minutes')),
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
          // segments are SMS parts; a WhatsApp message, mail or MO is one (segments = count)
          ...(values.product === 'sms' ? [numColumn<PerfRow>('segments', t('traffic.segments'))] : []),
          numColumn<PerfRow>('delivered', t('traffic.delivered')),
          {
            key: 'rate',
            title: t('traffic.successRate'),
            width: 90,
            align: 'right' as const,
            render: (_: unknown, r: PerfRow) =>
              r.segments ? `${((r.delivered * 100) / r.segments).toFixed(2)}%` : '-',
          },
        ]),
    ...moneyColumns<PerfRow>(t),
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
        <Form.Item name="product" label={t('traffic.product')} hidden={fixedProduct}>
          <Select
            style={{ width: 130 }}
            options={TRAFFIC_PRODUCTS.map((p) => ({ value: p, label: t(`traffic.products.${p}`) }))}
          />
        </Form.Item>
        <Form.Item name="groupBy" label={t('traffic.groupBy')} hidden={fixedGroup}>
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
          <ExportButton path={`/v2/traffic/${path}/export`} filters={() => q} />
          {preview && (
            <Button
              onClick={() =>
                navigate(
                  `${preview}?${new URLSearchParams({ from: values.range[0].toISOString(), to: values.range[1].toISOString() })}`,
                )
              }
            >
              {t('traffic.preview.open')}
            </Button>
          )}
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
      <Typography.Text type="secondary">{t('traffic.costApart')}</Typography.Text>
    </Card>
  );
}

/** /businessInquiry/smsPerformance */
export function SmsPerformanceScreen() {
  return <PerformanceScreen path="sms-performance" groupBy="day" />;
}

/** /businessInquiry/resultsQuery/day/c-end: daily results of direct customers, by sales */
export function DailyResultsScreen() {
  return <PerformanceScreen path="results/day" groupBy="owner" preview="/businessInquiry/c/performance/preview" />;
}

/** /businessInquiry/resultsQuery/day/r-end: daily results of reseller (R-end) customers, by sales */
export function ResellerResultsScreen() {
  return (
    <PerformanceScreen path="results/day/r-end" groupBy="owner" preview="/businessInquiry/r/performance/preview" />
  );
}

/** /businessInquiry/voicePerformance: voice revenue, minutes, ASR / ACD / PDD from the daily rollup */
export function VoicePerformanceScreen() {
  return <PerformanceScreen path="voice-performance" groupBy="day" product="voice" fixedProduct />;
}

/** /businessInquiry/channelVoiceQuery: the voice channels' attempts, ASR, ACD and PDD over a range */
export function ChannelVoiceScreen() {
  return <PerformanceScreen path="voice-channels" groupBy="channel" product="voice" fixedProduct fixedGroup />;
}

/** /businessInquiry/resultsQuery/wa: WhatsApp messages, delivered and revenue from the daily rollup */
export function WhatsAppResultsScreen() {
  return <PerformanceScreen path="whatsapp-results" groupBy="day" product="whatsapp" fixedProduct />;
}

/** /businessInquiry/mailPerformance: mail sends, delivered (opened counts) and revenue from the daily rollup */
export function MailPerformanceScreen() {
  return <PerformanceScreen path="mail-performance" groupBy="day" product="email" fixedProduct />;
}

// agentPerformance rides in this chunk (the route map adds no import site: the shell's budget)
export { AgentCustomersScreen } from './AgentCustomersScreen';
export { AgentPerformanceScreen } from './AgentPerformanceScreen';
export { AgentQueryScreen } from './AgentQueryScreen';
export { AntsScreen } from './AntsScreen';
export { SmsAppsScreen, VoiceAppsScreen } from './AppQueryScreen';
export { GiftPerformanceScreen } from './GiftPerformanceScreen';
export { NumberPerformanceScreen } from './NumberPerformanceScreen';
export { StarPromotersScreen } from './StarPromotersScreen';
