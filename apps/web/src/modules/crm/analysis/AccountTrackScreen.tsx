import type { AccountTrack, AnalysisQuery } from '@portal/contracts/crm';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../platform/format-time';
import { analysisApi, analysisKeys } from './api';
import { defaultQuery, PeriodFilters } from './PeriodFilters';

type Row = AccountTrack['rows'][number];

/**
 * `/crm/market-analysis/account-track`: per sales, the customers they brought in, the follow-up
 * work, the accounts opened and the customers with their first paid traffic in the period. Where
 * the finance or traffic room is not mounted its column says so instead of showing a number.
 */
export function AccountTrackScreen() {
  const { t } = useTranslation();
  const [query, setQuery] = useState<AnalysisQuery>(defaultQuery);
  const track = useQuery({
    queryKey: analysisKeys.track(query),
    queryFn: ({ signal }) => analysisApi.track(query, signal),
    placeholderData: keepPreviousData,
  });
  const waits = (available: boolean | undefined, text: string) => () =>
    available ? null : (
      <Tooltip title={text}>
        <Typography.Text type="secondary">{t('crmData.track.notYet')}</Typography.Text>
      </Tooltip>
    );
  const d = track.data;
  return (
    <Flex vertical gap={12} data-testid="crm-account-track">
      <Card size="small">
        <PeriodFilters value={query} onChange={setQuery} />
      </Card>
      {track.isError && <Alert type="error" showIcon title={t('crmData.loadFailed')} />}
      {d && (!d.accountsAvailable || !d.trafficAvailable) && (
        <Alert type="info" showIcon title={t('crmData.track.waits')} data-testid="crm-track-waits" />
      )}
      <Card size="small">
        <Table<Row>
          size="small"
          rowKey="ownerId"
          loading={track.isFetching}
          dataSource={d?.rows ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          data-testid="crm-track-table"
          columns={[
            {
              title: t('crmData.sales'),
              fixed: 'left',
              render: (_, r) => (r.jobNumber ? `${r.ownerName} (${r.jobNumber})` : r.ownerName),
            },
            { title: t('crmData.track.newCustomers'), dataIndex: 'newCustomers', align: 'right' },
            { title: t('crmData.track.received'), dataIndex: 'receivedCustomers', align: 'right' },
            { title: t('crmData.track.followUps'), dataIndex: 'followUps', align: 'right' },
            { title: t('crmData.track.followed'), dataIndex: 'customersFollowed', align: 'right' },
            { title: t('crmData.track.opportunities'), dataIndex: 'newOpportunities', align: 'right' },
            {
              title: t('crmData.track.lastFollowUp'),
              dataIndex: 'lastFollowUpAt',
              render: (v: string | null) => formatTime(v),
            },
            {
              title: t('crmData.track.accounts'),
              dataIndex: 'newAccounts',
              align: 'right',
              render: (v: number) => waits(d?.accountsAvailable, t('crmData.track.waitsFinance'))() ?? v,
            },
            {
              title: t('crmData.track.firstTraffic'),
              dataIndex: 'firstPaidCustomers',
              align: 'right',
              render: (v: number) => waits(d?.trafficAvailable, t('crmData.track.waitsTraffic'))() ?? v,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
