import { LIVE_RESOURCES_MAIL, MARKETING_STATUSES, type MarketingRow } from '@portal/contracts/mail';
import { Button, Checkbox, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTime } from '../../../platform/format-time';
import { useLiveRefresh } from '../../../platform/live/use-live-refresh';
import { type ListColumn, SearchTable } from '../../../platform/ui/SearchTable';
import { marketingApi, marketingKeys, STATUS_COLORS } from './api';
import { ResumeButton } from './ResumeButton';
import { StageCounts } from './StageCounts';

type Filters = { keyword?: string; status?: string; mine?: boolean };

/**
 * /crm/marketing-email (menu: CRM → client management): the marketing mails in my data scope — mine,
 * and a manager's team's — with how far their copies got.
 */
export function MarketingListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useLiveRefresh(LIVE_RESOURCES_MAIL.campaigns, marketingKeys.list);
  const open = (r: MarketingRow) =>
    navigate(`/crm/marketing-email/details?${new URLSearchParams({ id: String(r.id), subject: r.subject })}`);
  const columns: ListColumn<MarketingRow>[] = [
    {
      key: 'subject',
      dataIndex: 'subject',
      title: t('mail.subject'),
      width: 260,
      ellipsis: true,
      render: (v: string, r) => <Typography.Link onClick={() => open(r)}>{v}</Typography.Link>,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('mail.mkt.status'),
      width: 90,
      render: (v: MarketingRow['status']) => <Tag color={STATUS_COLORS[v]}>{t(`mail.mkt.statuses.${v}`)}</Tag>,
    },
    {
      key: 'stats',
      title: t('mail.mkt.tracking'),
      width: 360,
      render: (_: unknown, r) => (r.status !== 'draft' ? <StageCounts stats={r.stats} /> : r.stats.recipients),
    },
    { key: 'userName', dataIndex: 'userName', title: t('mail.mkt.author'), width: 110, ellipsis: true },
    { key: 'mailbox', dataIndex: 'mailbox', title: t('mail.mailbox'), width: 200, ellipsis: true, secondary: true },
    {
      key: 'sentAt',
      dataIndex: 'sentAt',
      title: t('mail.mkt.sentAt'),
      width: 150,
      render: (v: string | null) => formatTime(v),
    },
    {
      key: 'actions',
      title: t('common.action'),
      width: 110,
      // stays in view when the table scrolls sideways (the tracking tags are wide)
      fixed: 'right',
      render: (_: unknown, r) => <ResumeButton row={r} size="small" />,
    },
  ];
  return (
    <SearchTable<MarketingRow, Filters>
      queryKey={marketingKeys.list}
      fetcher={(q, signal) => marketingApi.list(q, signal)}
      columns={columns}
      rowKey="id"
      prefKey="crm.marketing-email"
      title={t('mail.mkt.title')}
      toolbar={
        <Space>
          <Button type="primary" data-testid="mkt-new" onClick={() => navigate('/crm/marketing-email/edit')}>
            {t('mail.mkt.new')}
          </Button>
        </Space>
      }
      filters={
        <>
          <Form.Item name="keyword" label={t('mail.keyword')}>
            <Input allowClear maxLength={100} />
          </Form.Item>
          <Form.Item name="status" label={t('mail.mkt.status')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={MARKETING_STATUSES.map((v) => ({ value: v, label: t(`mail.mkt.statuses.${v}`) }))}
            />
          </Form.Item>
          <Form.Item name="mine" valuePropName="checked">
            <Checkbox data-testid="mkt-only-mine">{t('mail.mkt.onlyMine')}</Checkbox>
          </Form.Item>
        </>
      }
    />
  );
}
