import { Form, Input, InputNumber, Select, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchTable } from '../../platform/ui/SearchTable';
import { trafficApi, trafficKeys, type VoiceRow } from './api';
import {
  accountColumn,
  amountColumn,
  channelColumn,
  num,
  type Range,
  RangeItem,
  rangeQuery,
  timeColumn,
  today,
} from './shared';

type VoiceFilters = {
  range?: Range;
  from?: string;
  to?: string;
  accountId?: number;
  callee?: string;
  callId?: string;
  answered?: 'yes' | 'no';
  sipCode?: number;
};

/** /businessInquiry/voiceRecordQuery: call records (CDRs) of a range with totals. */
export function VoiceRecordsScreen() {
  const { t } = useTranslation();
  const [totals, setTotals] = useState<{ attempts: number; answered: number; seconds: number; revenue: string }>();
  const columns = useMemo<TableColumnsType<VoiceRow>>(
    () => [
      timeColumn('setupAt', t('traffic.setupAt')),
      { key: 'callId', dataIndex: 'callId', title: t('traffic.callId'), width: 180 },
      accountColumn(t),
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
      channelColumn(t, { responsive: ['lg'] }),
      timeColumn('answerAt', t('traffic.answerAt')),
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
      amountColumn('price', t('traffic.price'), (r) => r.currency),
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
      initialFilters={{ range: today() }}
      fromForm={({ range, ...rest }) => ({ ...rest, ...rangeQuery(range) })}
      columns={columns}
      rowKey="callId"
      size="small"
      scrollX={1500}
      exportPath="/v2/traffic/voice/export"
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
          <Form.Item name="sipCode" label={t('traffic.sipCode')}>
            <InputNumber min={100} max={699} precision={0} style={{ width: 90 }} />
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
