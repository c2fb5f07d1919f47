import { type TableColumnsType, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type AgentPerformanceRow, trafficApi, trafficKeys } from './api';
import { figureColumns, PerfTable, perfSearchForm } from './perf-shared';
import { lastDays, num, numColumn, profitText, type RangeFilters, useAnsweredSearch } from './shared';

type AgentFilters = RangeFilters & { agentId?: number; ownerId?: number };

/**
 * /businessInquiry/agentPerformance (decision 0122): per agent (an R-end customer) and currency, its own
 * traffic with revenue, cost and profit, and the traffic of the customers that came through it; largest
 * volume first, the totals of the whole filter above the table.
 */
export function AgentPerformanceScreen() {
  const { t } = useTranslation();
  const { answer, search } = useAnsweredSearch(trafficApi.agentPerformance, lastDays(30));
  const columns = useMemo<TableColumnsType<AgentPerformanceRow>>(
    () => [
      {
        key: 'agent',
        title: t('traffic.agents.agent'),
        width: 220,
        render: (_: unknown, r) => (
          <span data-testid={`agent-${r.agentId}-${r.currency}`}>
            {r.name ?? '-'}
            <br />
            <Typography.Text type="secondary">
              {r.code ?? ''} #{r.agentId}
            </Typography.Text>
          </span>
        ),
      },
      ...figureColumns<AgentPerformanceRow>(t, {
        volume: { title: t('traffic.agents.own'), note: t('traffic.agents.ownNote') },
      }),
      numColumn<AgentPerformanceRow>('referredCount', t('traffic.agents.referred'), 120, {
        title: <Tooltip title={t('traffic.agents.referredNote')}>{t('traffic.agents.referred')}</Tooltip>,
      }),
      numColumn<AgentPerformanceRow>('referredRevenue', t('traffic.agents.referredRevenue'), 130),
      numColumn<AgentPerformanceRow>('referredCustomers', t('traffic.agents.referredCustomers'), 110),
    ],
    [t],
  );
  return (
    <PerfTable<AgentPerformanceRow, AgentFilters, NonNullable<typeof answer>['totals'][number]>
      queryKey={trafficKeys.agents}
      {...search}
      columns={columns}
      rowKey={(r) => `${r.agentId}:${r.currency}`}
      exportPath="/v2/traffic/agent-performance/export"
      scrollX={1150}
      totals={{
        testId: 'agent-totals',
        list: answer?.totals,
        line: (x) =>
          t('traffic.agents.totals', {
            currency: x.currency,
            agents: num(x.agents),
            count: num(x.count),
            revenue: num(x.revenue),
            profit: profitText(x, t),
            referred: num(x.referredCount),
            customers: num(x.referredCustomers),
            referredRevenue: num(x.referredRevenue),
          }),
      }}
      filters={perfSearchForm({ filters: ['agentId', 'ownerId'] })}
    />
  );
}
