import { Form, Switch, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type GiftRow, trafficApi, trafficKeys } from './api';
import { figureColumns, PerfTable, perfSearchForm } from './perf-shared';
import { lastDays, num, numColumn, profitText, type RangeFilters, useAnsweredSearch } from './shared';

type GiftFilters = RangeFilters & {
  all?: boolean | 'true';
  ownerId?: number;
  departmentId?: number;
  customerId?: number;
};

const ratio = (v: string | null) => (v === null ? '-' : `${num(v)}%`);

/**
 * /businessInquiry/gift-performance (decision 0143): what our gifts bought — per account and currency the
 * gift recharges of the range beside the account's traffic (volume, revenue, cost, profit) and the gifts
 * as a share of that revenue; accounts with gifts only unless the switch shows every account with traffic.
 */
export function GiftPerformanceScreen() {
  const { t } = useTranslation();
  const { answer, search } = useAnsweredSearch(trafficApi.gifts, lastDays(90));
  const columns = useMemo<TableColumnsType<GiftRow>>(
    () => [
      {
        key: 'account',
        title: t('traffic.gifts.account'),
        width: 200,
        fixed: 'left',
        render: (_: unknown, r) => (
          <span data-testid={`gift-${r.accountId}-${r.currency}`}>
            {r.accountCode ?? `#${r.accountId}`}
            <br />
            <Typography.Text type="secondary">{r.customerName ?? '-'}</Typography.Text>
          </span>
        ),
      },
      {
        key: 'owner',
        title: t('traffic.gifts.owner'),
        width: 140,
        render: (_: unknown, r) => (
          <span>
            {r.ownerName ?? '-'}
            <br />
            <Typography.Text type="secondary">{r.departmentName ?? ''}</Typography.Text>
          </span>
        ),
      },
      ...figureColumns<GiftRow>(t, {
        currency: { width: 84 },
        before: [
          numColumn<GiftRow>('gifts', t('traffic.gifts.gifts'), 80),
          numColumn<GiftRow>('giftAmount', t('traffic.gifts.amount'), 120),
        ],
        volume: { title: t('traffic.gifts.volume'), width: 100 },
      }),
      {
        key: 'giftRatio',
        dataIndex: 'giftRatio',
        title: t('traffic.gifts.ratio'),
        tooltip: t('traffic.gifts.ratioNote'),
        width: 110,
        align: 'right',
        render: ratio,
      },
    ],
    [t],
  );
  return (
    <PerfTable<GiftRow, GiftFilters, NonNullable<typeof answer>['totals'][number]>
      what={t('traffic.gifts.what')}
      queryKey={trafficKeys.gifts}
      {...search}
      // the switch travels as 'true' or not at all (the query and the export's body alike)
      fromForm={({ all, ...rest }) => ({ ...search.fromForm(rest), ...(all ? { all: 'true' as const } : {}) })}
      columns={columns}
      rowKey={(r) => `${r.accountId}:${r.currency}`}
      exportPath="/v2/traffic/gift-performance/export"
      scrollX={1350}
      totals={{
        testId: 'gift-totals',
        list: answer?.totals,
        line: (x) =>
          t('traffic.gifts.totals', {
            currency: x.currency,
            accounts: num(x.accounts),
            gifts: num(x.gifts),
            amount: num(x.giftAmount),
            count: num(x.count),
            revenue: num(x.revenue),
            profit: profitText(x, t),
            ratio: ratio(x.giftRatio),
          }),
      }}
      filters={perfSearchForm({
        filters: ['ownerId', 'departmentId', 'customerId'],
        after: (
          <Form.Item name="all" label={t('traffic.gifts.all')} valuePropName="checked">
            <Switch />
          </Form.Item>
        ),
      })}
    />
  );
}
