import type { PreviewAnswer } from '@portal/contracts/traffic';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Form, Row, Statistic, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEChart } from '../../platform/ui/use-echart';
import { type PreviewPath, trafficApi, trafficKeys } from './api';
import { costsText, marginText, moneyColumns, num, numColumn, ProfitText, type Range, RangeItem } from './shared';

type Product = PreviewAnswer['products'][number];
/** smaller than antd's 24 px: a row of seven figures per currency */
const VALUE = { fontSize: 20 };
type Sales = PreviewAnswer['sales'][number];

/** the range of the URL (?from=&to=, as the daily results hand it over), else this month to today */
function rangeOf(params: URLSearchParams): Range {
  const from = dayjs(params.get('from') ?? '');
  const to = dayjs(params.get('to') ?? '');
  return from.isValid() && to.isValid() && to.isAfter(from)
    ? [from, to]
    : [dayjs().startOf('month'), dayjs().endOf('day')];
}

/** Revenue per currency (lines) and volume (bars) by day. */
function DaysChart({ days }: { days: PreviewAnswer['days'] }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const option = useMemo(() => {
    const labels = [...new Set(days.map((d) => d.day))];
    const currencies = [...new Set(days.map((d) => d.currency))];
    const count = labels.map((day) => days.filter((d) => d.day === day).reduce((n, d) => n + d.count, 0));
    const volume = t('traffic.preview.volume');
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [volume, ...currencies.map((c) => t('traffic.preview.revenueIn', { currency: c }))] },
      grid: { left: 56, right: 56, top: 32, bottom: 28 },
      xAxis: { type: 'category', data: labels },
      yAxis: [
        { type: 'value', name: volume, minInterval: 1 },
        { type: 'value', name: t('traffic.revenue'), splitLine: { show: false } },
      ],
      series: [
        { type: 'bar', name: volume, data: count, itemStyle: { color: '#91caff' } },
        ...currencies.map((c) => ({
          type: 'line',
          name: t('traffic.preview.revenueIn', { currency: c }),
          yAxisIndex: 1,
          showSymbol: false,
          data: labels.map((day) => Number(days.find((d) => d.day === day && d.currency === c)?.revenue ?? 0)),
        })),
      ],
    };
  }, [days, t]);
  useEChart(box, option);
  return <div ref={box} style={{ height: 240, width: '100%' }} data-testid="preview-days-chart" />;
}

/**
 * c/performance/preview, r/performance/preview: the C-end or R-end customers of a range at a glance
 * (every product): totals per currency, volume and revenue by day, by product and by sales.
 */
function PreviewScreen({ path }: { path: PreviewPath }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params);
  const q = { from: range[0].toISOString(), to: range[1].toISOString() };
  const { data, isFetching } = useQuery({
    queryKey: [...trafficKeys.preview, path, q],
    queryFn: ({ signal }) => trafficApi.preview(path, q, signal),
  });
  const figures = <R extends Product | Sales>(): TableColumnsType<R> => [
    { key: 'currency', dataIndex: 'currency', title: t('traffic.currency'), width: 70 },
    numColumn<R>('count', t('traffic.preview.volume'), 90),
    numColumn<R>('delivered', t('traffic.preview.delivered'), 100),
    ...moneyColumns<R>(t),
  ];
  const productColumns: TableColumnsType<Product> = [
    {
      key: 'product',
      dataIndex: 'product',
      title: t('traffic.product'),
      width: 110,
      render: (p: Product['product']) => t(`traffic.products.${p}`),
    },
    ...figures<Product>(),
  ];
  const salesColumns: TableColumnsType<Sales> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('traffic.groups.owner'),
      width: 120,
      render: (n: string | null) => n ?? t('traffic.preview.noOwner'),
    },
    numColumn<Sales>('customers', t('traffic.preview.customers'), 80),
    ...figures<Sales>(),
  ];
  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Form
          layout="inline"
          initialValues={{ range }}
          onFinish={(v: { range: Range }) =>
            setParams({ from: v.range[0].startOf('day').toISOString(), to: v.range[1].endOf('day').toISOString() })
          }
        >
          <RangeItem showTime={false} />
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Form>
      </Card>
      <Card size="small" title={t('traffic.preview.totals')} loading={isFetching && !data}>
        {data?.totals.length ? (
          <Flex vertical gap={12}>
            {data.totals.map((x) => (
              <Row key={x.currency} gutter={[16, 8]} data-testid={`preview-total-${x.currency}`}>
                <Col xs={12} sm={8} md={3}>
                  <Statistic valueStyle={VALUE} title={t('traffic.currency')} value={x.currency} />
                </Col>
                <Col xs={12} sm={8} md={4}>
                  <Statistic valueStyle={VALUE} title={t('traffic.revenue')} value={num(x.revenue)} />
                </Col>
                <Col xs={12} sm={8} md={4}>
                  <Statistic
                    valueStyle={{ ...VALUE, whiteSpace: 'pre-line' }}
                    title={t('traffic.cost')}
                    value={x.cost === null ? costsText(x.costs) : num(x.cost)}
                  />
                </Col>
                <Col xs={12} sm={8} md={4}>
                  <Statistic
                    valueStyle={VALUE}
                    title={t('traffic.profit')}
                    valueRender={() => (
                      <ProfitText row={{ ...x, converted: x.converted && { ...x.converted, margin: null } }} />
                    )}
                  />
                </Col>
                <Col xs={12} sm={8} md={3}>
                  <Statistic valueStyle={VALUE} title={t('traffic.preview.margin')} value={marginText(x)} />
                </Col>
                <Col xs={12} sm={8} md={3}>
                  <Statistic valueStyle={VALUE} title={t('traffic.preview.volume')} value={num(x.count)} />
                </Col>
                <Col xs={12} sm={8} md={3}>
                  <Statistic valueStyle={VALUE} title={t('traffic.preview.customers')} value={num(x.customers)} />
                </Col>
              </Row>
            ))}
            <Typography.Text type="secondary">
              {t('traffic.preview.note')} {t('traffic.costApart')}
            </Typography.Text>
          </Flex>
        ) : (
          <Empty description={t('traffic.preview.empty')} />
        )}
      </Card>
      {data?.days.length ? (
        <Card size="small" title={t('traffic.preview.byDay')}>
          <DaysChart days={data.days} />
        </Card>
      ) : null}
      <Row gutter={[12, 12]}>
        <Col xs={24} xxl={12}>
          <Card size="small" title={t('traffic.preview.byProduct')}>
            <Table<Product>
              size="small"
              rowKey={(r) => `${r.product}:${r.currency}`}
              loading={isFetching}
              columns={productColumns}
              dataSource={data?.products ?? []}
              pagination={false}
              scroll={{ x: 740 }}
            />
          </Card>
        </Col>
        <Col xs={24} xxl={12}>
          <Card size="small" title={t('traffic.preview.bySales')}>
            <Table<Sales>
              size="small"
              rowKey={(r) => `${r.ownerId}:${r.currency}`}
              loading={isFetching}
              columns={salesColumns}
              dataSource={data?.sales ?? []}
              pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
              scroll={{ x: 830 }}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

/** /businessInquiry/c/performance/preview */
export function DirectPreviewScreen() {
  return <PreviewScreen path="results/day/preview" />;
}

/** /businessInquiry/r/performance/preview */
export function ResellerPreviewScreen() {
  return <PreviewScreen path="results/day/r-end/preview" />;
}
