import { MAIL_LOG_DIRECTIONS, type MailLogRow } from '@portal/contracts/mail';
import { Form, Input, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../platform/format-time';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
import { mailApi, mailKeys } from './api';
import { useCurrentMailbox } from './current-mailbox';
import { MailboxSwitcher } from './MailboxSwitcher';

const COLOR = { sent: 'blue', received: 'green', failed: 'red' } as const;
type Filters = { keyword?: string; direction?: string; counterpartKind?: string };

/** /message/email/logs: what my mailbox sent, received and failed to send, with the customer it concerned. */
export function MailLogsScreen() {
  const { t } = useTranslation();
  const accountId = useCurrentMailbox((s) => s.accountId);
  const columns: ListColumn<MailLogRow>[] = [
    {
      key: 'at',
      dataIndex: 'at',
      title: t('mail.time'),
      width: 150,
      render: (v: string) => formatTime(v),
    },
    {
      key: 'direction',
      dataIndex: 'direction',
      title: t('mail.logs.direction'),
      width: 90,
      render: (v: MailLogRow['direction']) => <Tag color={COLOR[v]}>{t(`mail.logs.${v}`)}</Tag>,
    },
    {
      key: 'subject',
      dataIndex: 'subject',
      title: t('mail.subject'),
      width: 280,
      ellipsis: true,
      render: (v: string) => v || t('mail.noSubject'),
    },
    {
      key: 'peers',
      dataIndex: 'peers',
      title: t('mail.logs.peers'),
      width: 240,
      ellipsis: true,
      render: (v: string) => v || '-',
    },
    {
      key: 'counterpart',
      title: t('mail.logs.counterpart'),
      width: 180,
      ellipsis: true,
      render: (_: unknown, r) => r.counterpartName ?? '-',
    },
    { key: 'mailbox', dataIndex: 'mailbox', title: t('mail.mailbox'), width: 200, secondary: true },
    {
      key: 'error',
      dataIndex: 'error',
      title: t('mail.logs.error'),
      ellipsis: true,
      secondary: 2,
      render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '-'),
    },
  ];
  return (
    <SearchTable<MailLogRow, Filters>
      queryKey={[...mailKeys.logs, accountId]}
      fetcher={(q, signal) => mailApi.logs(q, signal)}
      columns={columns}
      rowKey="id"
      toolbar={<MailboxSwitcher />}
      filters={
        <>
          <Form.Item name="keyword" label={t('mail.keyword')}>
            <Input allowClear maxLength={100} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="direction" label={t('mail.logs.direction')}>
            <Select
              allowClear
              placeholder={t('common.all')}
              style={{ width: 120 }}
              options={MAIL_LOG_DIRECTIONS.map((d) => ({ value: d, label: t(`mail.logs.${d}`) }))}
            />
          </Form.Item>
          <Form.Item name="counterpartKind" label={t('mail.logs.counterpart')}>
            <Select
              allowClear
              placeholder={t('common.all')}
              style={{ width: 130 }}
              options={[{ value: 'customer', label: t('mail.counterpart.customer') }]}
            />
          </Form.Item>
        </>
      }
    />
  );
}
