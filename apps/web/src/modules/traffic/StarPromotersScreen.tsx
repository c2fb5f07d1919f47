import { Form, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentSelect } from '../../platform/fields/DepartmentSelect';
import { UserSelect } from '../../platform/fields/UserSelect';
import { SearchTable } from '../../platform/ui/SearchTable';
import { type StarPromoterRow, trafficApi, trafficKeys } from './api';
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
      {
        key: 'currency',
        dataIndex: 'currency',
        title: t('traffic.currency'),
        width: 80,
        render: (v: string | null) => v ?? <Tag>{t('traffic.promoters.noTraffic')}</Tag>,
      },
      numColumn<StarPromoterRow>('count', t('traffic.promoters.volume'), 100),
      ...moneyColumns<StarPromoterRow>(t),
    ],
    [t],
  );
  return (
    <>
      <SearchTable<StarPromoterRow, PromoterFilters>
        queryKey={trafficKeys.promoters}
        {...search}
        columns={columns}
        rowKey={(r) => `${r.promoterId}:${r.currency ?? ''}`}
        exportPath="/v2/traffic/star-promoters/export"
        size="small"
        scrollX={1100}
        title={
          <TotalLines
            testId="promoter-totals"
            totals={answer?.totals}
            line={(x) =>
              t('traffic.promoters.totals', {
                currency: x.currency,
                promoters: num(x.promoters),
                count: num(x.count),
                revenue: num(x.revenue),
                profit: profitText(x, t),
              })
            }
          >
            {counts ? (
              <span>
                {t('traffic.promoters.counts', {
                  promoters: num(counts.promoters),
                  signUps: num(counts.signUps),
                  customers: num(counts.customers),
                  dealt: num(counts.dealt),
                })}
              </span>
            ) : null}
          </TotalLines>
        }
        filters={
          <>
            <RangeItem showTime={false} />
            <Form.Item name="promoterId" label={t('traffic.promoters.promoter')}>
              <UserSelect allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="departmentId" label={t('traffic.promoters.department')}>
              <DepartmentSelect allowClear style={{ width: 180 }} />
            </Form.Item>
          </>
        }
      />
      <Typography.Text type="secondary">{t('traffic.costApart')}</Typography.Text>
    </>
  );
}
