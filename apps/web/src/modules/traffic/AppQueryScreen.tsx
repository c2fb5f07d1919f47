import { Form, Input, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { UserSelect } from '../../platform/fields/UserSelect';
import { SearchTable } from '../../platform/ui/SearchTable';
import { type AppTrafficRow, trafficApi, trafficKeys } from './api';
import { AccountLink, amountColumn, lastDays, numColumn, type RangeFilters, RangeItem, rangedSearch } from './shared';

type Product = 'sms' | 'voice';
type AppFilters = RangeFilters & {
  accountId?: number;
  customerId?: number;
  appId?: string;
  ownerId?: number;
  byDay?: 'true' | 'false';
};
const pct = (v: string | null) => (v === null ? '-' : `${v}%`);

/**
 * /businessInquiry/app-query/sms and /voice (decision 0138): per account (and day) and currency, the
 * traffic of the screen's product with the account's applications of that product beside it.
 */
function AppQueryScreen({ product }: { product: Product }) {
  const { t } = useTranslation();
  const columns = useMemo<TableColumnsType<AppTrafficRow>>(() => {
    const figures: TableColumnsType<AppTrafficRow> =
      product === 'sms'
        ? [
            numColumn<AppTrafficRow>('count', t('traffic.apps.messages'), 100),
            numColumn<AppTrafficRow>('segments', t('traffic.apps.parts'), 100),
            numColumn<AppTrafficRow>('delivered', t('traffic.apps.delivered'), 100, { responsive: ['md'] }),
            {
              key: 'rate',
              title: t('traffic.apps.rate'),
              width: 90,
              align: 'right',
              render: (_: unknown, r) => pct(r.deliveredRate),
            },
          ]
        : [
            numColumn<AppTrafficRow>('count', t('traffic.apps.attempts'), 100),
            numColumn<AppTrafficRow>('answered', t('traffic.apps.answered'), 100, { responsive: ['md'] }),
            { key: 'asr', title: 'ASR', width: 80, align: 'right', render: (_: unknown, r) => pct(r.asr) },
            {
              key: 'acd',
              title: t('traffic.apps.acd'),
              width: 80,
              align: 'right',
              responsive: ['md'],
              render: (_: unknown, r) => r.acd ?? '-',
            },
            numColumn<AppTrafficRow>('minutes', t('traffic.apps.minutes'), 110),
          ];
    return [
      {
        key: 'day',
        dataIndex: 'day',
        title: t('traffic.apps.day'),
        width: 110,
        // a row without a day is the whole range's
        render: (v: string | null) => v ?? t('traffic.apps.wholeRange'),
      },
      {
        key: 'account',
        title: t('traffic.account'),
        width: 130,
        render: (_: unknown, r) => (
          <span data-testid={`app-row-${r.accountId}-${r.currency}`}>
            <AccountLink id={r.accountId}>{r.accountCode ?? `#${r.accountId}`}</AccountLink>
          </span>
        ),
      },
      {
        key: 'customer',
        title: t('traffic.apps.customer'),
        width: 200,
        render: (_: unknown, r) => (
          <Link to={`/crm/customer/detail?id=${r.customerId}`}>
            {r.customerName ?? `#${r.customerId}`}
            {r.customerCode ? <Typography.Text type="secondary"> {r.customerCode}</Typography.Text> : null}
          </Link>
        ),
      },
      {
        key: 'apps',
        title: t('traffic.apps.apps'),
        width: 240,
        render: (_: unknown, r) =>
          r.apps.length
            ? r.apps.map((a) => (
                <Tag key={a.appId} color={a.state === 'active' ? 'blue' : 'default'} title={a.name}>
                  {a.appId} {a.name}
                </Tag>
              ))
            : '-',
      },
      {
        key: 'owner',
        dataIndex: 'ownerName',
        title: t('traffic.apps.owner'),
        width: 100,
        responsive: ['lg'],
        render: (v: string | null) => v ?? '-',
      },
      // an account priced in two currencies has a row for each
      { key: 'currency', dataIndex: 'currency', title: t('traffic.currency'), width: 80 },
      ...figures,
      amountColumn<AppTrafficRow, 'revenue'>('revenue', t('traffic.revenue'), (r) => r.currency),
    ];
  }, [t, product]);
  return (
    <SearchTable<AppTrafficRow, AppFilters>
      queryKey={trafficKeys.apps(product)}
      {...rangedSearch((q, signal) => trafficApi.apps(product, q, signal), lastDays(7))}
      columns={columns}
      rowKey={(r) => `${r.day ?? ''}:${r.accountId}:${r.currency}`}
      size="small"
      exportPath={`/v2/traffic/apps/${product}/export`}
      title={<Typography.Text type="secondary">{t('traffic.apps.note')}</Typography.Text>}
      filters={
        <>
          <RangeItem showTime={false} />
          <Form.Item name="appId" label={t('traffic.apps.app')}>
            <Input allowClear placeholder="APP…" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="customerId" label={t('traffic.apps.customer')}>
            <RecordSelect kind="customer" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="accountId" label={t('traffic.account')}>
            <RecordSelect kind="account" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="ownerId" label={t('traffic.apps.owner')}>
            <UserSelect allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="byDay" label={t('traffic.apps.byDay')}>
            <Select
              allowClear
              style={{ width: 100 }}
              options={[
                { value: 'true', label: t('traffic.apps.yes') },
                { value: 'false', label: t('traffic.apps.no') },
              ]}
            />
          </Form.Item>
        </>
      }
    />
  );
}

export const SmsAppsScreen = () => <AppQueryScreen product="sms" />;
export const VoiceAppsScreen = () => <AppQueryScreen product="voice" />;
