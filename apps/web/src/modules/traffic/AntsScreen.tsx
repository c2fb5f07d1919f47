import { ANT_MAX_COUNT } from '@portal/contracts/traffic';
import { Form, InputNumber, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type AntRow, trafficApi, trafficKeys } from './api';
import { figureColumns, PerfTable, perfSearchForm } from './perf-shared';
import { lastDays, num, profitText, type RangeFilters, useAnsweredSearch } from './shared';

type AntFilters = RangeFilters & { maxCount?: number; ownerId?: number };

/**
 * /businessInquiry/resultsQuery/ants (decision 0129): the long tail — "ant" customers, each of whom sent at
 * most a ceiling in the range — per customer and currency with revenue, cost and profit; the totals say how
 * many ants there are and what share of the revenue in scope they bring.
 */
export function AntsScreen() {
  const { t } = useTranslation();
  const { answer, search } = useAnsweredSearch(trafficApi.ants, lastDays(30));
  const columns = useMemo<TableColumnsType<AntRow>>(
    () => [
      {
        key: 'customer',
        title: t('traffic.ants.customer'),
        width: 220,
        render: (_: unknown, r) => (
          <span data-testid={`ant-${r.customerId}-${r.currency}`}>
            {r.name ?? '-'}
            <br />
            <Typography.Text type="secondary">
              {r.code ?? ''} #{r.customerId}
            </Typography.Text>
          </span>
        ),
      },
      ...figureColumns<AntRow>(t, { volume: { title: t('traffic.ants.count') } }),
    ],
    [t],
  );
  return (
    <PerfTable<AntRow, AntFilters, NonNullable<typeof answer>['totals'][number]>
      what={t('traffic.ants.what')}
      queryKey={trafficKeys.ants}
      {...search}
      columns={columns}
      rowKey={(r) => `${r.customerId}:${r.currency}`}
      scrollX={860}
      exportPath="/v2/traffic/ants/export"
      totals={{
        testId: 'ant-totals',
        list: answer?.totals,
        line: (x) =>
          t('traffic.ants.totals', {
            currency: x.currency,
            customers: num(x.customers),
            count: num(x.count),
            revenue: num(x.revenue),
            share: x.share === null ? '-' : `${x.share}%`,
            all: num(x.allRevenue),
            profit: profitText(x, t),
          }),
      }}
      filters={perfSearchForm({
        filters: ['ownerId'],
        before: (
          <Form.Item name="maxCount" label={t('traffic.ants.maxCount')} tooltip={t('traffic.ants.maxCountNote')}>
            <InputNumber min={1} precision={0} placeholder={String(ANT_MAX_COUNT)} style={{ width: 130 }} />
          </Form.Item>
        ),
      })}
    />
  );
}
