import { Form, Input, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RefSelect } from '../../platform/fields/RefSelect';
import { SearchTable } from '../../platform/ui/SearchTable';
import { type AgentQueryRow, trafficApi, trafficKeys } from './api';
import { currencyLinesColumn, perfSearchForm } from './perf-shared';
import { lastDays, num, numColumn, type RangeFilters, TotalLines, time, useAnsweredSearch } from './shared';

type AgentFilters = RangeFilters & { keyword?: string; ownerId?: number; departmentId?: number; country?: string };
const STATE_COLOR: Record<string, string> = { private: 'blue', open_sea: 'gold', blacklist: 'red' };

/**
 * /businessInquiry/agent-query/page (decision 0144): the agents (R-end partners) in the caller's scope with
 * the customers that came through them (CRM) and those customers' traffic in the range beside the
 * agent's own (the daily rollups), per currency; each agent opens its customers.
 */
export function AgentQueryScreen() {
  const { t } = useTranslation();
  const { answer, search } = useAnsweredSearch(trafficApi.agentQuery, lastDays(30));
  const columns = useMemo<TableColumnsType<AgentQueryRow>>(
    () => [
      {
        key: 'agent',
        title: t('traffic.agentQuery.agent'),
        width: 200,
        fixed: 'left',
        render: (_: unknown, r) => (
          <Link
            to={`/businessInquiry/agent-query/customer?agentId=${r.agentId}&name=${encodeURIComponent(r.name)}`}
            data-testid={`agentq-${r.agentId}`}
          >
            {r.name}
            <br />
            <Typography.Text type="secondary">{r.code}</Typography.Text>
          </Link>
        ),
      },
      {
        key: 'owner',
        dataIndex: 'ownerName',
        title: t('traffic.agentQuery.owner'),
        width: 100,
        render: (v: string | null) => v ?? '-',
      },
      { key: 'country', dataIndex: 'country', title: t('traffic.agentQuery.country'), width: 70, responsive: ['md'] },
      {
        key: 'state',
        dataIndex: 'state',
        title: t('traffic.agentQuery.state'),
        width: 90,
        responsive: ['md'],
        render: (v: string) => <Tag color={STATE_COLOR[v]}>{t(`traffic.agentQuery.states.${v}`, v)}</Tag>,
      },
      {
        key: 'lastContactAt',
        dataIndex: 'lastContactAt',
        title: t('traffic.agentQuery.lastContact'),
        width: 160,
        responsive: ['lg'],
        render: time,
      },
      numColumn<AgentQueryRow>('referred', t('traffic.agentQuery.referred'), 90, {
        title: <Tooltip title={t('traffic.agentQuery.referredNote')}>{t('traffic.agentQuery.referred')}</Tooltip>,
      }),
      numColumn<AgentQueryRow>('withAccount', t('traffic.agentQuery.withAccount'), 90, {
        title: <Tooltip title={t('traffic.agentQuery.withAccountNote')}>{t('traffic.agentQuery.withAccount')}</Tooltip>,
      }),
      numColumn<AgentQueryRow>('dealt', t('traffic.agentQuery.dealt'), 80),
      currencyLinesColumn<AgentQueryRow, AgentQueryRow['traffic'][number]>({
        key: 'traffic',
        title: t('traffic.agentQuery.traffic'),
        lines: (r) => r.traffic,
        figures: (x) => x,
      }),
      currencyLinesColumn<AgentQueryRow, AgentQueryRow['traffic'][number]>({
        key: 'own',
        title: <Tooltip title={t('traffic.agentQuery.ownNote')}>{t('traffic.agentQuery.own')}</Tooltip>,
        lines: (r) => r.traffic,
        figures: (x) => ({ count: x.ownCount, revenue: x.ownRevenue }),
      }),
    ],
    [t],
  );
  return (
    <SearchTable<AgentQueryRow, AgentFilters>
      queryKey={trafficKeys.agentQuery}
      {...search}
      columns={columns}
      rowKey="agentId"
      exportPath="/v2/traffic/agent-query/export"
      size="small"
      scrollX={1280}
      title={
        <TotalLines
          testId="agentq-totals"
          totals={answer?.totals}
          line={(x) =>
            t('traffic.agentQuery.totals', {
              currency: x.currency,
              agents: num(x.agents),
              count: num(x.count),
              revenue: num(x.revenue),
              customers: num(x.customers),
              own: num(x.ownCount),
              ownRevenue: num(x.ownRevenue),
            })
          }
        >
          {answer ? (
            <span data-testid="agentq-summary">
              {t('traffic.agentQuery.summary', {
                agents: num(answer.summary.agents),
                referred: num(answer.summary.referred),
                dealt: num(answer.summary.dealt),
              })}
            </span>
          ) : null}
        </TotalLines>
      }
      filters={perfSearchForm({
        filters: ['ownerId', 'departmentId'],
        before: (
          <Form.Item name="keyword" label={t('traffic.agentQuery.keyword')}>
            <Input allowClear maxLength={64} style={{ width: 160 }} />
          </Form.Item>
        ),
        after: (
          <Form.Item name="country" label={t('traffic.agentQuery.country')}>
            <RefSelect kind="country" allowClear showSearch style={{ width: 160 }} />
          </Form.Item>
        ),
      })}
    />
  );
}
