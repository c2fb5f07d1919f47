import { VOS_BALANCE_DETAIL, vosBalanceResource } from '@portal/contracts/finance';
import { LOW_DAYS, type VosAccountQuery } from '@portal/contracts/traffic';
import { Button, Checkbox, Form, Select, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Can } from '../../platform/access';
import { RecordName, RecordSelect } from '../../platform/fields/RecordSelect';
import { SearchTable } from '../../platform/ui/SearchTable';
import { num, numColumn } from './shared';
import { type VosAccountRow, voiceApi, voiceKeys } from './voice-api';

/** the checkbox holds a boolean; the query (and the export) the API's `low=yes` */
type Filters = Partial<Omit<VosAccountQuery, 'page' | 'size' | 'low'>> & { low?: boolean | 'yes' };

const money = (v: string | null, currency: string) => (v === null ? '-' : `${num(v)} ${currency}`);

/**
 * /businessInquiry/vos-voice-account: the accounts carrying voice with their balance and credit now and
 * their last 7 days of calls; "Daily balances" opens finance's VOS balance report of the account (0119).
 */
export function VosAccountsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = useMemo<TableColumnsType<VosAccountRow>>(
    () => [
      { key: 'code', dataIndex: 'code', title: t('traffic.voice.vos.code'), width: 120 },
      {
        key: 'customerId',
        dataIndex: 'customerId',
        title: t('traffic.customer'),
        width: 180,
        ellipsis: true,
        render: (id: number) => <RecordName kind="customer" id={id} />,
      },
      {
        key: 'billing',
        dataIndex: 'billing',
        title: t('traffic.voice.vos.billing'),
        width: 90,
        render: (v: VosAccountRow['billing']) => t(`traffic.voice.vos.billings.${v}`),
      },
      {
        key: 'balance',
        title: t('traffic.voice.vos.balance'),
        width: 150,
        align: 'right',
        render: (_, r) => money(r.balance, r.currency),
      },
      {
        key: 'creditLine',
        title: t('traffic.voice.vos.creditLine'),
        width: 140,
        align: 'right',
        responsive: ['md'],
        render: (_, r) => money(r.creditLine, r.currency),
      },
      {
        key: 'available',
        title: t('traffic.voice.vos.available'),
        width: 150,
        align: 'right',
        render: (_, r) => money(r.available, r.currency),
      },
      {
        key: 'daysLeft',
        dataIndex: 'daysLeft',
        title: t('traffic.voice.vos.daysLeft'),
        width: 100,
        align: 'right',
        render: (v: string | null) =>
          v === null ? '-' : Number(v) < LOW_DAYS ? <Tag color="error">{num(v)}</Tag> : num(v),
      },
      numColumn('attempts', t('traffic.voice.vos.attempts'), 100),
      numColumn('answered', t('traffic.voice.vos.answered'), 100, { responsive: ['lg'] }),
      {
        key: 'minutes',
        title: t('traffic.voice.vos.minutes'),
        width: 120,
        align: 'right',
        responsive: ['lg'],
        render: (_, r) => num((r.seconds / 60).toFixed(2)),
      },
      {
        key: 'revenue',
        title: t('traffic.voice.vos.revenue'),
        width: 140,
        align: 'right',
        responsive: ['md'],
        render: (_, r) => money(r.revenue, r.currency),
      },
      {
        key: 'actions',
        title: '',
        width: 110,
        fixed: 'right',
        render: (_, r) => (
          <Can perm={vosBalanceResource.access.list}>
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={() => navigate(`${VOS_BALANCE_DETAIL}?accountId=${r.accountId}`)}
            >
              {t('traffic.voice.vos.history')}
            </Button>
          </Can>
        ),
      },
    ],
    [t, navigate],
  );
  return (
    <SearchTable<VosAccountRow, Filters>
      queryKey={voiceKeys.vos}
      fetcher={(q, signal) => voiceApi.vos({ ...q, low: q.low ? 'yes' : undefined }, signal)}
      fromForm={(v) => ({ ...v, low: v.low ? 'yes' : undefined })}
      exportPath="/v2/traffic/vos-accounts/export"
      columns={columns}
      rowKey="accountId"
      size="small"
      scrollX={1500}
      filters={
        <>
          <Form.Item name="accountId" label={t('traffic.account')}>
            <RecordSelect kind="account" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="customerId" label={t('traffic.customer')}>
            <RecordSelect kind="customer" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="billing" label={t('traffic.voice.vos.billing')}>
            <Select
              allowClear
              style={{ width: 110 }}
              options={(['prepaid', 'postpaid'] as const).map((b) => ({
                value: b,
                label: t(`traffic.voice.vos.billings.${b}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="low" valuePropName="checked">
            <Tooltip title={t('traffic.voice.vos.lowHint', { days: LOW_DAYS })}>
              <Checkbox>{t('traffic.voice.vos.low')}</Checkbox>
            </Tooltip>
          </Form.Item>
        </>
      }
    />
  );
}
