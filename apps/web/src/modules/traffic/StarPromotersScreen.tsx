import { type TableColumnsType, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type StarPromoterRow, trafficApi, trafficKeys } from './api';
import { figureColumns, PerfTable, perfSearchForm } from './perf-shared';
import { lastDays, num, numColumn, profitText, type RangeFilters, useAnsweredSearch } from './shared';

type PromoterFilters = RangeFilters & { promoterId?: number; departmentId?: number };

/**
 * /businessInquiry/star-promoter-performance (decision 0136): per promoter (the sales whose promotion link
 * the customers signed up through) its sign-ups, the customers they became, and those customers' traffic
 * per currency, ranked by revenue; the counts and the totals of the whole filter above the table.
 */
export function StarPromotersScreen() {
  const { t } = useTranslation();
  const { answer, search } = useAnsweredSearch(trafficApi.starPromoters, lastDays(30));
  const counts = answer?.counts;
  const columns = useMemo<TableColumnsType<StarPromoterRow>>(
    () => [
      { key: 'rank', dataIndex: 'rank', title: t('traffic.promoters.rank'), width: 60, render: (v) => v ?? '-' },
      {
        key: 'promoter',
        title: t('traffic.promoters.promoter'),
        width: 140,
        render: (_: unknown, r) => (
          <span data-testid={`promoter-${r.promoterId}-${r.currency ?? 'none'}`}>{r.name ?? `#${r.promoterId}`}</span>
        ),
      },
      numColumn<StarPromoterRow>('signUps', t('traffic.promoters.signUps'), 90, {
        title: <Tooltip title={t('traffic.promoters.signUpsNote')}>{t('traffic.promoters.signUps')}</Tooltip>,
      }),
      numColumn<StarPromoterRow>('customers', t('traffic.promoters.customers'), 100),
      numColumn<StarPromoterRow>('dealt', t('traffic.promoters.dealt'), 90, {
        title: <Tooltip title={t('traffic.promoters.dealtNote')}>{t('traffic.promoters.dealt')}</Tooltip>,
      }),
      ...figureColumns<StarPromoterRow>(t, {
        currency: { width: 80, render: (v: string | null) => v ?? <Tag>{t('traffic.promoters.noTraffic')}</Tag> },
        volume: { title: t('traffic.promoters.volume'), width: 100 },
      }),
    ],
    [t],
  );
  return (
    <PerfTable<StarPromoterRow, PromoterFilters, NonNullable<typeof answer>['totals'][number]>
      queryKey={trafficKeys.promoters}
      {...search}
      columns={columns}
      rowKey={(r) => `${r.promoterId}:${r.currency ?? ''}`}
      exportPath="/v2/traffic/star-promoters/export"
      scrollX={1100}
      totals={{
        testId: 'promoter-totals',
        list: answer?.totals,
        line: (x) =>
          t('traffic.promoters.totals', {
            currency: x.currency,
            promoters: num(x.promoters),
            count: num(x.count),
            revenue: num(x.revenue),
            profit: profitText(x, t),
          }),
        head: counts ? (
          <span>
            {t('traffic.promoters.counts', {
              promoters: num(counts.promoters),
              signUps: num(counts.signUps),
              customers: num(counts.customers),
              dealt: num(counts.dealt),
            })}
          </span>
        ) : null,
      }}
      filters={perfSearchForm({ filters: ['promoterId', 'departmentId'] })}
    />
  );
}
