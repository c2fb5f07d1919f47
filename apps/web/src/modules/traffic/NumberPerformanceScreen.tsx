import { NUMBER_PRODUCTS } from '@portal/contracts/traffic';
import { Form, Input, Select, type TableColumnsType, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type NumberRow, trafficApi, trafficKeys } from './api';
import { figureColumns, PerfTable, perfSearchForm } from './perf-shared';
import { lastDays, num, numColumn, profitText, type RangeFilters, useAnsweredSearch } from './shared';

type NumberFilters = RangeFilters & {
  number?: string;
  product?: string;
  accountId?: number;
  customerId?: number;
  ownerId?: number;
};

/**
 * How many rows each row's MO cell spans: a number's rows stand together (the server's order, decision
 * 0148), so its first row on the page spans them all and the others none.
 */
function spansOf(rows: readonly { number: string }[]): number[] {
  const spans = rows.map(() => 0);
  for (let i = 0; i < rows.length; ) {
    let j = i + 1;
    while (j < rows.length && rows[j]!.number === rows[i]!.number) j++;
    spans[i] = j - i;
    i = j;
  }
  return spans;
}

/**
 * /businessInquiry/numberPerformance (decision 0137): our sending numbers / sender ids per product and
 * currency — volume, delivered and its rate, MO replies received on the number, revenue, cost, profit,
 * accounts using it — from the sender rollup, largest volume first, with totals per currency and export.
 */
export function NumberPerformanceScreen() {
  const { t } = useTranslation();
  const { answer, search } = useAnsweredSearch(trafficApi.numbers, lastDays(30));
  const moSpans = useMemo(() => spansOf(answer?.records ?? []), [answer]);
  const columns = useMemo<TableColumnsType<NumberRow>>(
    () => [
      {
        key: 'number',
        dataIndex: 'number',
        title: t('traffic.numbers.number'),
        width: 170,
        fixed: 'left',
        render: (v: string, r) => (
          <span data-testid={`number-${r.number}-${r.product}-${r.currency}`}>{v || t('traffic.numbers.none')}</span>
        ),
      },
      {
        key: 'product',
        dataIndex: 'product',
        title: t('traffic.product'),
        width: 90,
        render: (v: NumberRow['product']) => t(`traffic.products.${v}`),
      },
      ...figureColumns<NumberRow>(t, {
        volume: { title: t('traffic.numbers.count') },
        after: [
          numColumn<NumberRow>('delivered', t('traffic.numbers.delivered'), 110),
          {
            key: 'deliveryRate',
            dataIndex: 'deliveryRate',
            title: t('traffic.numbers.rate'),
            width: 90,
            align: 'right',
            render: (v: string | null) => (v === null ? '-' : `${v}%`),
          },
          // MO replies belong to the number, not to a product or currency: one cell over its rows
          numColumn<NumberRow>('moReplies', t('traffic.numbers.mo'), 100, {
            title: <Tooltip title={t('traffic.numbers.moNote')}>{t('traffic.numbers.mo')}</Tooltip>,
            onCell: (_r, i) => ({ rowSpan: i === undefined ? 1 : (moSpans[i] ?? 1) }),
          }),
          numColumn<NumberRow>('accounts', t('traffic.numbers.accounts'), 90),
        ],
      }),
    ],
    [t, moSpans],
  );
  return (
    <PerfTable<NumberRow, NumberFilters, NonNullable<typeof answer>['totals'][number]>
      what={t('traffic.numbers.what')}
      queryKey={trafficKeys.numbers}
      {...search}
      columns={columns}
      rowKey={(r) => `${r.number}:${r.product}:${r.currency}`}
      scrollX={1300}
      exportPath="/v2/traffic/number-performance/export"
      totals={{
        testId: 'number-totals',
        list: answer?.totals,
        line: (x) =>
          t('traffic.numbers.totals', {
            currency: x.currency,
            numbers: num(x.numbers),
            count: num(x.count),
            delivered: num(x.delivered),
            revenue: num(x.revenue),
            profit: profitText(x, t),
          }),
        head: answer?.totals.length ? <span>{t('traffic.numbers.moTotal', { mo: num(answer.moReplies) })}</span> : null,
      }}
      filters={perfSearchForm({
        filters: ['accountId', 'customerId', 'ownerId'],
        before: (
          <>
            <Form.Item name="number" label={t('traffic.numbers.number')} tooltip={t('traffic.numbers.prefix')}>
              <Input allowClear maxLength={64} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="product" label={t('traffic.product')}>
              <Select
                allowClear
                style={{ width: 120 }}
                options={NUMBER_PRODUCTS.map((p) => ({ value: p, label: t(`traffic.products.${p}`) }))}
              />
            </Form.Item>
          </>
        ),
      })}
    />
  );
}
