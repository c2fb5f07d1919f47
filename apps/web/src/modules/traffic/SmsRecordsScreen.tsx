import { SMS_STATUSES, TrafficPerm } from '@portal/contracts/traffic';
import { Button, Form, Input, Select, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Can } from '../../platform/access';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { SearchTable } from '../../platform/ui/SearchTable';
import { type SmsRow, trafficApi, trafficKeys } from './api';
import { RecallTaskModal } from './RecallTaskModal';
import {
  accountColumn,
  amountColumn,
  channelColumn,
  num,
  type Range,
  RangeItem,
  rangedSearch,
  StatusTag,
  timeColumn,
} from './shared';
import { TimelineDrawer } from './TimelineDrawer';
import { UnmatchedDrawer } from './UnmatchedDrawer';

type SmsFilters = {
  range?: Range;
  from?: string;
  to?: string;
  accountId?: number;
  number?: string;
  messageId?: string;
  batchId?: string;
  channelId?: number;
  country?: string;
  status?: (typeof SMS_STATUSES)[number];
};

/**
 * a link's search (`?batchId=&from=&to=`, from a scheduled batch on sms-appointment-record) as the
 * first filters; without one, today
 */
function linkedFilters(params: URLSearchParams): Partial<SmsFilters> | undefined {
  const batchId = params.get('batchId');
  const from = dayjs(params.get('from') ?? '');
  const to = dayjs(params.get('to') ?? '');
  if (!batchId || !from.isValid() || !to.isValid()) return undefined;
  return { batchId, range: [from, to] };
}

/** /businessInquiry/sendRcdQuery: SMS send records of a range with their DLR state, totals and timeline. */
export function SmsRecordsScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const linked = useMemo(() => linkedFilters(params), [params]);
  const [open, setOpen] = useState<SmsRow | null>(null);
  const [unmatched, setUnmatched] = useState(false);
  const [recall, setRecall] = useState(false);
  const [totals, setTotals] = useState<{ records: number; delivered: number; revenue: string; cost: string }>();
  const columns = useMemo<TableColumnsType<SmsRow>>(
    () => [
      timeColumn('submitAt', t('traffic.submitAt')),
      {
        key: 'messageId',
        title: t('traffic.messageId'),
        width: 200,
        // a platform's long ids (a resend's) end in an ellipsis inside the column, the whole id on hover
        render: (_, r) => {
          const id = `${r.messageId}${r.parts > 1 ? ` (${r.part}/${r.parts})` : ''}`;
          return (
            <Button
              type="link"
              size="small"
              title={id}
              onClick={() => setOpen(r)}
              style={{ padding: 0, maxWidth: '100%' }}
            >
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{id}</span>
            </Button>
          );
        },
      },
      accountColumn(t),
      { key: 'number', dataIndex: 'number', title: t('traffic.number'), width: 140, render: (v: string) => `+${v}` },
      { key: 'country', dataIndex: 'country', title: t('traffic.country'), width: 70 },
      { key: 'network', dataIndex: 'network', title: t('traffic.network'), width: 80, responsive: ['lg'] },
      { key: 'encoding', dataIndex: 'encoding', title: t('traffic.encoding'), width: 80, responsive: ['lg'] },
      channelColumn(t, { responsive: ['lg'] }),
      { key: 'status', title: t('traffic.status'), width: 110, render: (_, r) => <StatusTag row={r} /> },
      {
        key: 'batchId',
        dataIndex: 'batchId',
        title: t('traffic.twoway.batchId'),
        width: 170,
        responsive: ['lg'],
      },
      { key: 'dlrError', dataIndex: 'dlrError', title: t('traffic.dlrError'), width: 80, responsive: ['md'] },
      timeColumn('dlrAt', t('traffic.dlrAt'), { responsive: ['md'] }),
      amountColumn('price', t('traffic.price'), (r) => r.currency),
      amountColumn('cost', t('traffic.cost'), (r) => r.costCurrency, { responsive: ['lg'] }),
    ],
    [t],
  );
  const search = rangedSearch(async (q, signal) => {
    const res = await trafficApi.sms(q, signal);
    setTotals(res.totals);
    return res;
  });
  return (
    <>
      <SearchTable<SmsRow, SmsFilters>
        key={params.toString()}
        queryKey={trafficKeys.sms}
        {...search}
        initialFilters={linked ?? search.initialFilters}
        columns={columns}
        rowKey={(r) => `${r.messageId}:${r.part}`}
        size="small"
        scrollX={1500}
        exportPath="/v2/traffic/sms/export"
        toolbar={
          <>
            <Can perm={TrafficPerm.AUTO_RECALL_CREATE}>
              <Button onClick={() => setRecall(true)}>{t('traffic.twoway.recallFromRecords')}</Button>
            </Can>
            <Can perm={TrafficPerm.INGEST_ADMIN}>
              <Button onClick={() => setUnmatched(true)}>{t('traffic.unmatched.open')}</Button>
            </Can>
          </>
        }
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
              <RecordSelect kind="account" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="batchId" label={t('traffic.twoway.batchId')}>
              <Input allowClear maxLength={64} style={{ width: 170 }} />
            </Form.Item>
            <Form.Item name="status" label={t('traffic.status')}>
              <Select
                allowClear
                style={{ width: 140 }}
                options={SMS_STATUSES.map((s) => ({ value: s, label: t(`traffic.statuses.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="channelId" label={t('traffic.channelId')}>
              <RecordSelect kind="channel" style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="country" label={t('traffic.country')}>
              <Input allowClear maxLength={2} style={{ width: 80 }} />
            </Form.Item>
          </>
        }
      />
      <TimelineDrawer row={open} onClose={() => setOpen(null)} />
      <UnmatchedDrawer open={unmatched} onClose={() => setUnmatched(false)} />
      <RecallTaskModal open={recall} onClose={() => setRecall(false)} />
    </>
  );
}
