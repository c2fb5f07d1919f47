import { CC_DIRECTIONS, CC_RESULTS, type CcRecordQuery } from '@portal/contracts/traffic';
import { Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { SearchTable } from '../../platform/ui/SearchTable';
import { accountColumn, num, type RangeFilters, RangeItem, rangedSearch, timeColumn } from './shared';
import { type CcPage, type CcRow, voiceApi, voiceKeys } from './voice-api';

type Filters = RangeFilters & Partial<Omit<CcRecordQuery, 'page' | 'size' | 'from' | 'to'>>;

const RESULT_COLOR: Record<string, string> = {
  answered: 'success',
  transferred: 'processing',
  abandoned: 'warning',
  no_answer: 'default',
  busy: 'default',
  failed: 'error',
};

/** /businessInquiry/voiceCcRecord: the calls of customers' call-centre seats in a range, with totals. */
export function CcRecordsScreen() {
  const { t } = useTranslation();
  const [totals, setTotals] = useState<CcPage['totals']>();
  const columns = useMemo<TableColumnsType<CcRow>>(
    () => [
      timeColumn('startAt', t('traffic.voice.startAt')),
      { key: 'callId', dataIndex: 'callId', title: t('traffic.voice.callId'), width: 170, responsive: ['lg'] },
      accountColumn(t),
      {
        key: 'direction',
        dataIndex: 'direction',
        title: t('traffic.voice.direction'),
        width: 80,
        render: (v: CcRow['direction']) => t(`traffic.voice.directions.${v}`),
      },
      { key: 'queue', dataIndex: 'queue', title: t('traffic.voice.queue'), width: 110 },
      { key: 'seat', dataIndex: 'seat', title: t('traffic.voice.seat'), width: 90, render: (v) => v ?? '-' },
      {
        key: 'agent',
        dataIndex: 'agent',
        title: t('traffic.voice.agent'),
        width: 100,
        responsive: ['md'],
        render: (v) => v ?? '-',
      },
      { key: 'number', dataIndex: 'number', title: t('traffic.voice.number'), width: 140, render: (v) => `+${v}` },
      {
        key: 'line',
        dataIndex: 'line',
        title: t('traffic.voice.line'),
        width: 130,
        responsive: ['xl'],
        render: (v) => v ?? '-',
      },
      timeColumn('answerAt', t('traffic.voice.answerAt'), { responsive: ['lg'] }),
      timeColumn('endAt', t('traffic.voice.endAt'), { responsive: ['xl'] }),
      { key: 'wait', dataIndex: 'waitSeconds', title: t('traffic.voice.wait'), width: 90, align: 'right' },
      { key: 'talk', dataIndex: 'talkSeconds', title: t('traffic.voice.talk'), width: 90, align: 'right' },
      {
        key: 'result',
        dataIndex: 'result',
        title: t('traffic.voice.result'),
        width: 100,
        render: (v: CcRow['result']) => <Tag color={RESULT_COLOR[v]}>{t(`traffic.voice.results.${v}`)}</Tag>,
      },
      {
        key: 'recording',
        dataIndex: 'recording',
        title: t('traffic.voice.recording'),
        width: 200,
        ellipsis: true,
        responsive: ['lg'],
        render: (v) => v ?? '-',
      },
    ],
    [t],
  );
  return (
    <SearchTable<CcRow, Filters>
      queryKey={voiceKeys.cc}
      {...rangedSearch(async (q, signal) => {
        const res = await voiceApi.cc(q, signal);
        setTotals(res.totals);
        return res;
      })}
      columns={columns}
      rowKey="callId"
      size="small"
      scrollX={1700}
      exportPath="/v2/traffic/cc/export"
      title={
        totals
          ? t('traffic.voice.ccTotals', {
              calls: num(totals.calls),
              answered: num(totals.answered),
              rate: totals.calls ? `${num(((totals.answered * 100) / totals.calls).toFixed(1))}%` : '-',
              wait: totals.calls ? num((totals.waitSeconds / totals.calls).toFixed(1)) : '0',
              minutes: num((totals.talkSeconds / 60).toFixed(2)),
            })
          : null
      }
      filters={
        <>
          <RangeItem />
          <Form.Item name="accountId" label={t('traffic.account')}>
            <RecordSelect kind="account" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="number" label={t('traffic.voice.number')}>
            <Input allowClear maxLength={16} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="queue" label={t('traffic.voice.queue')}>
            <Input allowClear maxLength={64} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="seat" label={t('traffic.voice.seat')}>
            <Input allowClear maxLength={64} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="callId" label={t('traffic.voice.callId')}>
            <Input allowClear maxLength={64} style={{ width: 170 }} />
          </Form.Item>
          <Form.Item name="direction" label={t('traffic.voice.direction')}>
            <Select
              allowClear
              style={{ width: 100 }}
              options={CC_DIRECTIONS.map((d) => ({ value: d, label: t(`traffic.voice.directions.${d}`) }))}
            />
          </Form.Item>
          <Form.Item name="result" label={t('traffic.voice.result')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={CC_RESULTS.map((r) => ({ value: r, label: t(`traffic.voice.results.${r}`) }))}
            />
          </Form.Item>
        </>
      }
    />
  );
}
