import type { AnalysisQuery, SalesFunnel } from '@portal/contracts/crm';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Flex, Row, Statistic, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minorToDisplay } from '../../../platform/fields/money';
import { analysisApi, analysisKeys } from './api';
import { FunnelChart } from './FunnelChart';
import { defaultQuery, PeriodFilters } from './PeriodFilters';

type Money = { currency: string; amount: number }[];
const money = (list: Money) =>
  list.length ? list.map((m) => `${m.currency} ${minorToDisplay(m.amount)}`).join(' · ') : '-';
const percent = (v: number | null) => (v === null ? '-' : `${v}%`);

/**
 * `/crm/data-analysis/sales-funnels`: the opportunities created in the period, open ones by stage
 * (count, amount, weighted by the stage's win rate), the outcomes and the won rate, per sales.
 */
export function FunnelScreen() {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const [query, setQuery] = useState<AnalysisQuery>(defaultQuery);
  const funnel = useQuery({
    queryKey: analysisKeys.funnel(query),
    queryFn: ({ signal }) => analysisApi.funnel(query, signal),
    placeholderData: keepPreviousData,
  });
  const d = funnel.data;
  const stageName = (s: SalesFunnel['stages'][number]) => (en ? s.nameEn : s.name);
  const chartData = useMemo(
    () => (d?.stages ?? []).map((s) => ({ name: en ? s.nameEn : s.name, value: s.count, detail: money(s.amounts) })),
    [d, en],
  );
  return (
    <Flex vertical gap={12} data-testid="crm-funnel">
      <Card size="small">
        <PeriodFilters value={query} onChange={setQuery} />
      </Card>
      {funnel.isError && <Alert type="error" showIcon title={t('crmData.loadFailed')} />}
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('crmData.funnel.chart')} loading={funnel.isPending}>
            {d?.stages.some((s) => s.count > 0) ? (
              <FunnelChart data={chartData} />
            ) : (
              <Empty description={t('crmData.funnel.empty')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('crmData.funnel.outcomes')} loading={funnel.isPending}>
            {d && (
              <Row gutter={[12, 16]}>
                <Col span={12}>
                  <Statistic title={t('crmData.funnel.open')} value={d.stages.reduce((n, s) => n + s.count, 0)} />
                </Col>
                <Col span={12}>
                  <Statistic
                    title={t('crmData.funnel.winRate')}
                    value={percent(d.winRate)}
                    data-testid="crm-funnel-winrate"
                  />
                </Col>
                <Col span={12}>
                  <Statistic title={t('crmData.funnel.won')} value={d.won.count} />
                  <Typography.Text type="secondary">{money(d.won.amounts)}</Typography.Text>
                </Col>
                <Col span={12}>
                  <Statistic title={t('crmData.funnel.lost')} value={d.lost.count} />
                  <Typography.Text type="secondary">{money(d.lost.amounts)}</Typography.Text>
                </Col>
                <Col span={24}>
                  <Typography.Text type="secondary">
                    {t('crmData.funnel.invalid', { count: d.invalid })}
                  </Typography.Text>
                </Col>
              </Row>
            )}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('crmData.funnel.stages')}>
        <Table
          size="small"
          rowKey="code"
          pagination={false}
          loading={funnel.isFetching}
          dataSource={d?.stages ?? []}
          scroll={{ x: 'max-content' }}
          data-testid="crm-funnel-stages"
          columns={[
            { title: t('crmData.funnel.stage'), render: (_, s) => stageName(s) },
            {
              title: t('crmData.funnel.stageRate'),
              dataIndex: 'winRate',
              align: 'right',
              render: (v: number) => `${v}%`,
            },
            { title: t('crmData.funnel.count'), dataIndex: 'count', align: 'right' },
            { title: t('crmData.funnel.amount'), render: (_, s) => money(s.amounts) },
            { title: t('crmData.funnel.weighted'), render: (_, s) => money(s.weighted) },
          ]}
        />
      </Card>
      <Card size="small" title={t('crmData.funnel.bySales')}>
        <Table
          size="small"
          rowKey="ownerId"
          loading={funnel.isFetching}
          dataSource={d?.byOwner ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('crmData.sales'), dataIndex: 'ownerName' },
            { title: t('crmData.funnel.open'), dataIndex: 'open', align: 'right' },
            { title: t('crmData.funnel.won'), dataIndex: 'won', align: 'right' },
            { title: t('crmData.funnel.lost'), dataIndex: 'lost', align: 'right' },
            { title: t('crmData.funnel.winRate'), dataIndex: 'winRate', align: 'right', render: percent },
          ]}
        />
      </Card>
    </Flex>
  );
}
