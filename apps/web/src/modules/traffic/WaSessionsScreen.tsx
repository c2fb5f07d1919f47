import { WA_CATEGORIES } from '@portal/contracts/traffic';
import { Form, Input, InputNumber, Select, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchTable } from '../../platform/ui/SearchTable';
import { type SessionRow, trafficApi, trafficKeys } from './api';
import {
  accountColumn,
  amountColumn,
  num,
  numColumn,
  type Range,
  RangeItem,
  rangeQuery,
  timeColumn,
  today,
} from './shared';

type SessionFilters = {
  range?: Range;
  from?: string;
  to?: string;
  accountId?: number;
  party?: string;
  conversationId?: string;
  category?: (typeof WA_CATEGORIES)[number];
};

/** /businessInquiry/wa-session-record: the WhatsApp conversations of a range, one row each with its figures */
export function WaSessionsScreen() {
  const { t } = useTranslation();
  const [totals, setTotals] = useState<{ sessions: number; messages: number; revenue: string; cost: string }>();
  const columns = useMemo<TableColumnsType<SessionRow>>(
    () => [
      timeColumn('lastAt', t('traffic.lastMessage')),
      { key: 'conversationId', dataIndex: 'conversationId', title: t('traffic.conversation'), width: 150 },
      accountColumn(t),
      { key: 'from', dataIndex: 'from', title: t('traffic.from.whatsapp'), width: 140 },
      { key: 'to', dataIndex: 'to', title: t('traffic.to.whatsapp'), width: 140 },
      { key: 'country', dataIndex: 'country', title: t('traffic.country'), width: 70, responsive: ['md'] },
      {
        key: 'category',
        dataIndex: 'category',
        title: t('traffic.category'),
        width: 110,
        render: (v: string | null) => (v ? t(`traffic.categories.${v}` as 'traffic.categories.utility') : '-'),
      },
      timeColumn<SessionRow>('firstAt', t('traffic.firstMessage'), { responsive: ['lg'] }),
      numColumn('messages', t('traffic.messages'), 80),
      numColumn('delivered', t('traffic.delivered'), 80, { responsive: ['md'] }),
      numColumn('read', t('traffic.messageStates.read'), 70, { responsive: ['md'] }),
      numColumn('failed', t('traffic.messageStates.failed'), 70, { responsive: ['md'] }),
      amountColumn<SessionRow, 'revenue'>('revenue', t('traffic.revenue'), (r) => r.currency),
      amountColumn<SessionRow, 'cost'>('cost', t('traffic.cost'), (r) => r.currency, { responsive: ['lg'] }),
    ],
    [t],
  );
  return (
    <SearchTable<SessionRow, SessionFilters>
      queryKey={trafficKeys.sessions}
      fetcher={async (query, signal) => {
        const { range: _r, ...q } = query;
        const res = await trafficApi.sessions(q, signal);
        setTotals(res.totals);
        return res;
      }}
      initialFilters={{ range: today() }}
      fromForm={({ range, ...rest }) => ({ ...rest, ...rangeQuery(range) })}
      columns={columns}
      rowKey={(r) => `${r.conversationId}:${r.accountId}:${r.currency}`}
      size="small"
      scrollX={1500}
      exportPath="/v2/traffic/whatsapp/sessions/export"
      title={
        totals
          ? t('traffic.sessionTotals', {
              sessions: num(totals.sessions),
              messages: num(totals.messages),
              revenue: num(totals.revenue),
              cost: num(totals.cost),
            })
          : null
      }
      filters={
        <>
          <RangeItem />
          <Form.Item name="party" label={t('traffic.number')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="accountId" label={t('traffic.account')}>
            <InputNumber min={1} precision={0} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="category" label={t('traffic.category')}>
            <Select
              allowClear
              style={{ width: 130 }}
              options={WA_CATEGORIES.map((v) => ({ value: v, label: t(`traffic.categories.${v}`) }))}
            />
          </Form.Item>
          <Form.Item name="conversationId" label={t('traffic.conversation')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
        </>
      }
    />
  );
}
