import { Form, Input, Result, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SearchTable } from '../../platform/ui/SearchTable';
import { type AgentCustomerRow, trafficApi, trafficKeys } from './api';
import { currencyLinesColumn } from './perf-shared';
import { lastDays, num, numColumn, type RangeFilters, RangeItem, TotalLines, useAnsweredSearch } from './shared';

type CustomerFilters = RangeFilters & { keyword?: string; agentId?: number };
const STATE_COLOR: Record<string, string> = { private: 'blue', open_sea: 'gold', blacklist: 'red' };
const AGENTS = '/businessInquiry/agent-query/page';

/** the agent of the address (`?agentId=`), undefined when absent or not a positive whole number */
function agentOf(params: URLSearchParams) {
  const n = Number(params.get('agentId'));
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * /businessInquiry/agent-query/customer?agentId= (decision 0147): one agent's referred customers (CRM) with
 * their accounts (finance) and their traffic in the range per currency (the daily rollups); the tab carries
 * the agent's name (`&name=`, the route's titleFrom). Without an agent it points to the agent list.
 */
export function AgentCustomersScreen() {
  const { t } = useTranslation();
  const agentId = agentOf(useSearchParams()[0]);
  if (agentId === undefined)
    return (
      <Result
        status="info"
        title={t('traffic.agentCustomers.pick')}
        extra={<Link to={AGENTS}>{t('traffic.agentCustomers.toAgents')}</Link>}
      />
    );
  return <AgentCustomers agentId={agentId} />;
}

function AgentCustomers({ agentId }: { agentId: number }) {
  const { t } = useTranslation();
  const { answer, search } = useAnsweredSearch(
    (q, signal) => trafficApi.agentCustomers({ ...q, agentId }, signal),
    lastDays(30),
  );
  const columns = useMemo<TableColumnsType<AgentCustomerRow>>(
    () => [
      {
        key: 'customer',
        title: t('traffic.agentCustomers.customer'),
        width: 180,
        fixed: 'left',
        render: (_: unknown, r) => (
          <Link to={`/crm/customer/detail?id=${r.customerId}`} data-testid={`agentc-${r.customerId}`}>
            {r.name}
            <br />
            <Typography.Text type="secondary">{r.code}</Typography.Text>
          </Link>
        ),
      },
      {
        key: 'owner',
        dataIndex: 'ownerName',
        title: t('traffic.agentCustomers.owner'),
        width: 100,
        render: (v: string | null) => v ?? '-',
      },
      { key: 'type', dataIndex: 'type', title: t('traffic.agentCustomers.type'), width: 60, responsive: ['lg'] },
      {
        key: 'state',
        dataIndex: 'state',
        title: t('traffic.agentCustomers.state'),
        width: 90,
        responsive: ['md'],
        render: (v: string) => <Tag color={STATE_COLOR[v]}>{t(`traffic.agentQuery.states.${v}`, v)}</Tag>,
      },
      {
        key: 'dealt',
        dataIndex: 'dealt',
        title: t('traffic.agentCustomers.dealt'),
        width: 70,
        render: (v: boolean) =>
          v ? <Tag color="green">{t('traffic.agentCustomers.yes')}</Tag> : t('traffic.agentCustomers.no'),
      },
      numColumn<AgentCustomerRow>('accounts', t('traffic.agentCustomers.accounts'), 80, {
        title: (
          <Tooltip title={t('traffic.agentCustomers.accountsNote')}>{t('traffic.agentCustomers.accounts')}</Tooltip>
        ),
      }),
      {
        key: 'firstDay',
        dataIndex: 'firstDay',
        title: (
          <Tooltip title={t('traffic.agentCustomers.firstDayNote')}>{t('traffic.agentCustomers.firstDay')}</Tooltip>
        ),
        width: 120,
        responsive: ['lg'],
        render: (v: string | null) => v ?? '-',
      },
      currencyLinesColumn<AgentCustomerRow, AgentCustomerRow['traffic'][number]>({
        key: 'traffic',
        title: t('traffic.agentCustomers.traffic'),
        lines: (r) => r.traffic,
        figures: (x) => x,
      }),
    ],
    [t],
  );
  return (
    <SearchTable<AgentCustomerRow, CustomerFilters>
      queryKey={trafficKeys.agentCustomers(agentId)}
      {...search}
      fromForm={(v) => ({ ...search.fromForm(v), agentId })}
      columns={columns}
      rowKey="customerId"
      exportPath="/v2/traffic/agent-query/customers/export"
      size="small"
      scrollX={760}
      title={
        <TotalLines
          testId="agentc-totals"
          totals={answer?.totals}
          line={(x) =>
            t('traffic.agentCustomers.totals', {
              currency: x.currency,
              count: num(x.count),
              revenue: num(x.revenue),
              customers: num(x.customers),
            })
          }
        >
          {answer ? (
            <>
              <Typography.Text strong data-testid="agentc-agent">
                {t('traffic.agentCustomers.agent', {
                  name: answer.agent.name,
                  code: answer.agent.code,
                  owner: answer.agent.ownerName ?? '-',
                })}
              </Typography.Text>
              <span data-testid="agentc-summary">
                {t('traffic.agentCustomers.summary', {
                  customers: num(answer.summary.customers),
                  dealt: num(answer.summary.dealt),
                  withAccount: num(answer.summary.withAccount),
                })}
              </span>
            </>
          ) : null}
        </TotalLines>
      }
      filters={
        <>
          <RangeItem showTime={false} />
          <Form.Item name="keyword" label={t('traffic.agentCustomers.keyword')}>
            <Input allowClear maxLength={64} style={{ width: 160 }} />
          </Form.Item>
        </>
      }
    />
  );
}
