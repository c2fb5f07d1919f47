import { NUMBER_PRODUCTS } from '@portal/contracts/traffic';
import { Form, Input, Select, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { UserSelect } from '../../platform/fields/UserSelect';
import { SearchTable } from '../../platform/ui/SearchTable';
import { type NumberRow, trafficApi, trafficKeys } from './api';
import {
  lastDays,
  moneyColumns,
  num,
  numColumn,
  profitText,
  type RangeFilters,
  RangeItem,
  TotalLines,
  useAnsweredSearch,
} from './shared';

type NumberFilters = RangeFilters & {
  number?: string;
  product?: string;
  accountId?: number;
  customerId?: number;
  ownerId?: number;
};

/**
 * /businessInquiry/numberPerformance (decision 0137): our sending numbers / sender ids per product and
 * currency — volume, delivered and its rate, MO replies received on the number, revenue, cost, profit,
 * accounts using it — from the sender rollup, largest volume first, with totals per currency and export.
 */
export function NumberPerformanceScreen() {
  const { t } = useTranslation();
  const { answer, search } = useAnsweredSearch(trafficApi.numbers, lastDays(30));
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
      { key: 'currency', dataIndex: 'currency', title: t('traffic.currency'), width: 70 },
      numColumn<NumberRow>('count', t('traffic.numbers.count'), 110),
      numColumn<NumberRow>('delivered', t('traffic.numbers.delivered'), 110),
      {
        key: 'deliveryRate',
        dataIndex: 'deliveryRate',
        title: t('traffic.numbers.rate'),
        width: 90,
        align: 'right',
        render: (v: string | null) => (v === null ? '-' : `${v}%`),
      },
      numColumn<NumberRow>('moReplies', t('traffic.numbers.mo'), 100),
      numColumn<NumberRow>('accounts', t('traffic.numbers.accounts'), 90),
      ...moneyColumns<NumberRow>(t),
    ],
    [t],
  );
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('traffic.numbers.what')}
      </Typography.Paragraph>
      <SearchTable<NumberRow, NumberFilters>
        queryKey={trafficKeys.numbers}
        {...search}
        columns={columns}
        rowKey={(r) => `${r.number}:${r.product}:${r.currency}`}
        size="small"
        scrollX={1300}
        exportPath="/v2/traffic/number-performance/export"
        title={
          <TotalLines
            testId="number-totals"
            totals={answer?.totals}
            line={(x) =>
              t('traffic.numbers.totals', {
                currency: x.currency,
                numbers: num(x.numbers),
                count: num(x.count),
                delivered: num(x.delivered),
                revenue: num(x.revenue),
                profit: profitText(x, t),
              })
            }
          >
            {answer?.totals.length ? <span>{t('traffic.numbers.moTotal', { mo: num(answer.moReplies) })}</span> : null}
          </TotalLines>
        }
        filters={
          <>
            <RangeItem showTime={false} />
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
            <Form.Item name="accountId" label={t('traffic.account')}>
              <RecordSelect kind="account" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="customerId" label={t('traffic.numbers.customer')}>
              <RecordSelect kind="customer" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="ownerId" label={t('traffic.agents.owner')}>
              <UserSelect allowClear style={{ width: 180 }} />
            </Form.Item>
          </>
        }
      />
      <Typography.Text type="secondary">{t('traffic.costApart')}</Typography.Text>
    </>
  );
}
