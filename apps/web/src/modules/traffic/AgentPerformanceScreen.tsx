import { Form, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { UserSelect } from '../../platform/fields/UserSelect';
import { SearchTable } from '../../platform/ui/SearchTable';
import { type AgentPerformanceRow, type AgentPerformanceTotal, trafficApi, trafficKeys } from './api';
import {
  moneyColumns,
  num,
  numColumn,
  profitText,
  type Range,
  type RangeFilters,
  RangeItem,
  rangedSearch,
} from './shared';

type AgentFilters = RangeFilters & { agentId?: number; ownerId?: number };
/** the last 30 days, whole days: the performance screens' first range */
const lastMonth = (): Range => [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')];

/**
 * /businessInquiry/agentPerformance (decision 0122): per agent (an R-end customer) and currency, its own
 * traffic with revenue, cost and profit, and the traffic of the customers that came through it; largest
 * volume first, the totals of the whole filter above the table.
 */
export function AgentPerformanceScreen() {
  const { t } = useTranslation();
  const [totals, setTotals] = useState<AgentPerformanceTotal[]>([]);
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
      { key: 'currency', dataIndex: 'currency', title: t('traffic.currency'), width: 70 },
      numColumn<AgentPerformanceRow>('count', t('traffic.agents.own'), 110, {
        title: <Tooltip title={t('traffic.agents.ownNote')}>{t('traffic.agents.own')}</Tooltip>,
      }),
      ...moneyColumns<AgentPerformanceRow>(t),
      numColumn<AgentPerformanceRow>('referredCount', t('traffic.agents.referred'), 120, {
        title: <Tooltip title={t('traffic.agents.referredNote')}>{t('traffic.agents.referred')}</Tooltip>,
      }),
      numColumn<AgentPerformanceRow>('referredRevenue', t('traffic.agents.referredRevenue'), 130),
      numColumn<AgentPerformanceRow>('referredCustomers', t('traffic.agents.referredCustomers'), 110),
    ],
    [t],
  );
  return (
    <>
      <SearchTable<AgentPerformanceRow, AgentFilters>
        queryKey={trafficKeys.agents}
        {...rangedSearch(async (q, signal) => {
          const res = await trafficApi.agentPerformance(q, signal);
          setTotals(res.totals);
          return res;
        }, lastMonth)}
        columns={columns}
        rowKey={(r) => `${r.agentId}:${r.currency}`}
        exportPath="/v2/traffic/agent-performance/export"
        size="small"
        scrollX={1150}
        title={
          totals.length ? (
            <Space direction="vertical" size={0} data-testid="agent-totals">
              {totals.map((x) => (
                <span key={x.currency}>
                  {t('traffic.agents.totals', {
                    currency: x.currency,
                    agents: num(x.agents),
                    count: num(x.count),
                    revenue: num(x.revenue),
                    profit: profitText(x, t),
                    referred: num(x.referredCount),
                    customers: num(x.referredCustomers),
                    referredRevenue: num(x.referredRevenue),
                  })}
                </span>
              ))}
            </Space>
          ) : null
        }
        filters={
          <>
            <RangeItem showTime={false} />
            <Form.Item name="agentId" label={t('traffic.agents.agentId')}>
              <RecordSelect kind="agent" style={{ width: 200 }} />
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
