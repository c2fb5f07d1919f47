import {
  SUPPLIER_STATES,
  TVS_MAX_DAYS,
  type TvsAccountPage,
  type TvsAccountQuery,
  type TvsAccountRow,
  tvsAccountQuery,
} from '@portal/contracts/srm';
import { Alert, Flex, Form, Input, InputNumber, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../platform/fields/RefSelect';
import { zodRule } from '../../platform/form';
import { post } from '../../platform/http';
import { SearchTable } from '../../platform/ui/SearchTable';

type Filters = Pick<TvsAccountQuery, 'days' | 'keyword' | 'country' | 'state'>;
const pct = (v: string | null) => (v === null ? '-' : `${v}%`);
const seconds = (ms: number | null) => (ms === null ? '-' : (ms / 1000).toFixed(1));

/** `tvs/account-query`: the SIM-farm partners and what their channels carried over the last days. */
export function TvsAccountsScreen() {
  const { t } = useTranslation();
  const [span, setSpan] = useState<Pick<TvsAccountPage, 'from' | 'to' | 'available'> | null>(null);
  const columns = useMemo<TableColumnsType<TvsAccountRow>>(
    () => [
      { key: 'code', dataIndex: 'code', title: t('srm.tvsAccounts.code'), width: 120 },
      { key: 'name', dataIndex: 'name', title: t('srm.tvsAccounts.name'), width: 200 },
      { key: 'country', dataIndex: 'country', title: t('srm.tvsAccounts.country'), width: 80 },
      {
        key: 'state',
        dataIndex: 'state',
        title: t('srm.tvsAccounts.state'),
        width: 100,
        responsive: ['md'],
        render: (v: TvsAccountRow['state'], r) => (
          <Flex gap={4}>
            <Tag>{t(`srm.tvsAccounts.states.${v}`)}</Tag>
            {r.admitted && <Tag color="green">{t('srm.tvsAccounts.admitted')}</Tag>}
          </Flex>
        ),
      },
      {
        key: 'channels',
        title: t('srm.tvsAccounts.channels'),
        width: 100,
        align: 'right',
        render: (_, r) => `${r.liveChannels} / ${r.channels}`,
      },
      { key: 'smsParts', dataIndex: 'smsParts', title: t('srm.tvsAccounts.smsParts'), width: 110, align: 'right' },
      {
        key: 'deliveryRate',
        dataIndex: 'deliveryRate',
        title: t('srm.tvsAccounts.deliveryRate'),
        width: 100,
        align: 'right',
        render: pct,
      },
      {
        key: 'deliveryMs',
        dataIndex: 'deliveryMs',
        title: t('srm.tvsAccounts.deliveryTime'),
        width: 120,
        align: 'right',
        render: seconds,
      },
      {
        key: 'calls',
        dataIndex: 'calls',
        title: t('srm.tvsAccounts.calls'),
        width: 90,
        align: 'right',
        responsive: ['lg'],
      },
      {
        key: 'asr',
        dataIndex: 'asr',
        title: t('srm.tvsAccounts.asr'),
        width: 90,
        align: 'right',
        responsive: ['lg'],
        render: pct,
      },
    ],
    [t],
  );
  return (
    <Flex vertical gap={12} data-testid="tvs-accounts">
      {span && !span.available && <Alert type="info" showIcon title={t('srm.tvsAccounts.unavailable')} />}
      <SearchTable<TvsAccountRow, Filters>
        queryKey={['srm', 'tvs-accounts']}
        fetcher={async (query, signal) => {
          const page = await post<TvsAccountPage>('/v2/srm/tvs/account/page', query, { signal });
          setSpan({ from: page.from, to: page.to, available: page.available });
          return page;
        }}
        initialFilters={{ days: 7 }}
        columns={columns}
        rowKey="supplierId"
        size="small"
        scrollX={1100}
        title={
          <Typography.Text type="secondary">
            {span ? t('srm.tvsAccounts.window', { from: span.from, to: span.to }) : ' '}
          </Typography.Text>
        }
        exportPath="/v2/srm/tvs/account/export"
        filters={
          <>
            <Form.Item
              name="keyword"
              label={t('srm.tvsAccounts.keyword')}
              rules={[zodRule(tvsAccountQuery.shape.keyword, t('srm.tvsAccounts.keyword'))]}
            >
              <Input allowClear placeholder={t('srm.tvsAccounts.keywordHint')} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="country" label={t('srm.tvsAccounts.country')}>
              <RefSelect kind="country" allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="state" label={t('srm.tvsAccounts.state')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 120 }}
                options={SUPPLIER_STATES.map((s) => ({ value: s, label: t(`srm.tvsAccounts.states.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="days" label={t('srm.tvsAccounts.days')} rules={[{ required: true }]}>
              <InputNumber min={1} max={TVS_MAX_DAYS} precision={0} style={{ width: 90 }} />
            </Form.Item>
          </>
        }
      />
      <Typography.Text type="secondary">{t('srm.tvsAccounts.note')}</Typography.Text>
    </Flex>
  );
}
