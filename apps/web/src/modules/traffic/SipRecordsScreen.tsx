import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Form, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { type SipAnswer, trafficApi, trafficKeys, type VoiceRow } from './api';
import {
  accountColumn,
  channelColumn,
  num,
  numColumn,
  type Range,
  RangeItem,
  rangeQuery,
  time,
  timeColumn,
  today,
} from './shared';

type SipForm = { range: Range; accountId?: number; channelId?: number; callee?: string };
type SipRow = SipAnswer['rows'][number];
const SIP_COLOR: Record<string, string> = {
  '2': 'success',
  '3': 'processing',
  '4': 'warning',
  '5': 'error',
  '6': 'error',
};

/** The calls of one SIP code (the voice records' query, first 20, newest first). */
function CallsOfCodeDrawer({
  filter,
  onClose,
}: {
  filter: (ReturnType<typeof sipFilter> & { sipCode: number }) | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data, isFetching } = useQuery({
    queryKey: [...trafficKeys.voice, 'code', filter],
    queryFn: ({ signal }) => trafficApi.voice({ ...filter!, page: 1, size: 20 }, signal),
    enabled: !!filter,
  });
  return (
    <Drawer
      open={!!filter}
      onClose={onClose}
      width={560}
      title={t('traffic.callsOfCode', { code: filter?.sipCode ?? '' })}
    >
      <Table<VoiceRow>
        size="small"
        rowKey="callId"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={false}
        scroll={{ x: 520 }}
        columns={[
          { key: 'setupAt', dataIndex: 'setupAt', title: t('traffic.setupAt'), width: 150, render: time },
          {
            key: 'callee',
            dataIndex: 'callee',
            title: t('traffic.callee'),
            width: 130,
            render: (v: string) => `+${v}`,
          },
          accountColumn(t),
          channelColumn(t),
          { key: 'pdd', dataIndex: 'pddMs', title: t('traffic.pdd'), width: 80, align: 'right' },
        ]}
      />
      {data && data.total > 20 ? (
        <Typography.Text type="secondary">{t('traffic.sipTotals', { calls: num(data.total) })}</Typography.Text>
      ) : null}
    </Drawer>
  );
}

const sipFilter = (v: SipForm) => ({
  ...rangeQuery(v.range),
  ...(v.accountId ? { accountId: v.accountId } : {}),
  ...(v.channelId !== undefined && v.channelId !== null ? { channelId: v.channelId } : {}),
  ...(v.callee ? { callee: v.callee } : {}),
});

/** /businessInquiry/voiceSipRecord: how the calls of a range ended, by SIP final code; a code opens its calls. */
export function SipRecordsScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SipForm>();
  const [values, setValues] = useState<SipForm>({ range: today() });
  const [code, setCode] = useState<number | null>(null);
  const q = sipFilter(values);
  const { data, isFetching } = useQuery({
    queryKey: [...trafficKeys.sip, q],
    queryFn: ({ signal }) => trafficApi.sip(q, signal),
  });
  const columns: TableColumnsType<SipRow> = [
    {
      key: 'sipCode',
      dataIndex: 'sipCode',
      title: t('traffic.sipCode'),
      width: 110,
      render: (v: number) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setCode(v)}>
          <Tag color={SIP_COLOR[String(v)[0]!] ?? 'default'}>{v}</Tag>
        </Button>
      ),
    },
    {
      key: 'class',
      title: t('traffic.status'),
      width: 120,
      render: (_, r) =>
        t(`traffic.sipClasses.${String(r.sipCode)[0]}` as 'traffic.sipClasses.2', { defaultValue: '-' }),
    },
    numColumn('calls', t('traffic.calls')),
    {
      key: 'share',
      dataIndex: 'share',
      title: t('traffic.share'),
      width: 90,
      align: 'right',
      render: (v: string) => `${v}%`,
    },
    {
      key: 'pdd',
      dataIndex: 'pdd',
      title: t('traffic.pdd'),
      width: 90,
      align: 'right',
      render: (v: string | null) => (v ? num(v) : '-'),
    },
    timeColumn('lastAt', t('traffic.lastCall')),
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
        <RangeItem />
        <Form.Item name="accountId" label={t('traffic.account')}>
          <RecordSelect kind="account" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="channelId" label={t('traffic.channelId')}>
          <RecordSelect kind="channel" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="callee" label={t('traffic.callee')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Typography.Text type="secondary">{t('traffic.sipTotals', { calls: num(data?.calls ?? 0) })}</Typography.Text>
      <Table<SipRow>
        size="small"
        rowKey="sipCode"
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={false}
        scroll={{ x: 660 }}
        style={{ marginTop: 8 }}
      />
      <CallsOfCodeDrawer filter={code === null ? null : { ...q, sipCode: code }} onClose={() => setCode(null)} />
    </Card>
  );
}
