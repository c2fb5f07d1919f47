import { EditOutlined, PaperClipOutlined, StarFilled, StarOutlined, SyncOutlined } from '@ant-design/icons';
import { formatAddress } from '@portal/contracts';
import type { DetailsType, MailRow } from '@portal/contracts/mail';
import { App, Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BulkAction } from '../../platform/ui/BulkBar';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
import { type MailBox, mailApi, mailKeys } from './api';
import { useCurrentMailbox } from './current-mailbox';
import { MailboxSwitcher } from './MailboxSwitcher';
import { useCounters, useMailRefresh, useOpenMail } from './use-mail';

type Filters = { keyword?: string; read?: 0 | 1 };
const DETAILS_TYPE: Record<MailBox, DetailsType | 'draft'> = {
  inbox: 'inbox',
  star: 'inbox',
  spam: 'spam',
  sent: 'sent',
  drafts: 'draft',
};

/** One mail folder (inbox, starred, spam, sent, drafts): search, page, open, mark and move. */
export function MailListScreen({ box }: { box: MailBox }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const refresh = useMailRefresh();
  const open = useOpenMail();
  const counters = useCounters().data;
  const spam = box === 'spam';
  const accountId = useCurrentMailbox((s) => s.accountId);

  const run = async (p: Promise<unknown>) => {
    await p;
    message.success(t('mail.done'));
    await refresh();
  };
  const ids = (rows: MailRow[]) => rows.map((r) => r.id);
  const toggleStar = (r: MailRow) => run(mailApi.mark([r.id], r.star ? 'unstar' : 'star', spam));

  const columns: ListColumn<MailRow>[] = [
    {
      key: 'star',
      title: '',
      width: 44,
      render: (_: unknown, r) =>
        box === 'drafts' ? null : (
          <Button
            type="text"
            size="small"
            aria-label={t(r.star ? 'mail.unstar' : 'mail.star')}
            data-testid="mail-star"
            data-starred={r.star}
            icon={r.star ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
            onClick={() => toggleStar(r)}
          />
        ),
    },
    {
      key: 'who',
      title: t(box === 'sent' || box === 'drafts' ? 'mail.receivers' : 'mail.sender'),
      width: 220,
      ellipsis: true,
      render: (_: unknown, r) =>
        box === 'sent' || box === 'drafts'
          ? r.receiverEmailList.map(formatAddress).join(', ') || '-'
          : formatAddress({ email: r.senderEmail, name: r.senderName }),
    },
    {
      key: 'subject',
      title: t('mail.subject'),
      width: 460,
      ellipsis: true,
      render: (_: unknown, r) => (
        <Space size={6} style={{ whiteSpace: 'nowrap' }}>
          <Typography.Link strong={!r.read} data-testid="mail-open" onClick={() => open(r, DETAILS_TYPE[box])}>
            {r.subject || t('mail.noSubject')}
          </Typography.Link>
          {r.hasAttachment && <PaperClipOutlined />}
          {r.sendAt && (
            <Tag color="processing" data-testid="mail-timed">
              {t('mail.timed.at', { time: dayjs(r.sendAt).format('MM-DD HH:mm') })}{' '}
              <Typography.Link data-testid="mail-timed-cancel" onClick={() => run(mailApi.retime(r.id, null))}>
                {t('mail.timed.cancel')}
              </Typography.Link>
            </Tag>
          )}
          {r.sendError && <Tag color="error">{t('mail.timed.failed')}</Tag>}
          {r.counterpartName && <Tag color="blue">{r.counterpartName}</Tag>}
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
            {r.snippet}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'receiveTime',
      dataIndex: 'receiveTime',
      title: t('mail.time'),
      width: 150,
      sorter: true,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
  ];

  const marks: BulkAction<MailRow>[] =
    box === 'drafts'
      ? [
          {
            key: 'delete',
            label: t('mail.deleteDraft'),
            danger: true,
            confirm: () => t('mail.deleteConfirm'),
            onRun: (rows) => run(mailApi.deleteDrafts(ids(rows))),
          },
        ]
      : [
          { key: 'read', label: t('mail.markRead'), onRun: (rows) => run(mailApi.mark(ids(rows), 'read', spam)) },
          { key: 'unread', label: t('mail.markUnread'), onRun: (rows) => run(mailApi.mark(ids(rows), 'unread', spam)) },
          { key: 'star', label: t('mail.star'), onRun: (rows) => run(mailApi.mark(ids(rows), 'star', spam)) },
          { key: 'unstar', label: t('mail.unstar'), onRun: (rows) => run(mailApi.mark(ids(rows), 'unstar', spam)) },
          ...(box === 'inbox' || box === 'spam'
            ? [
                {
                  key: 'junk',
                  label: t(spam ? 'mail.notSpam' : 'mail.toSpam'),
                  onRun: (rows: MailRow[]) => run(mailApi.junk(ids(rows), !spam)),
                },
              ]
            : []),
        ];

  return (
    <SearchTable<MailRow, Filters>
      queryKey={mailKeys.list(box, accountId)}
      fetcher={(query, signal) => mailApi.list(box, query, signal)}
      columns={columns}
      rowKey="id"
      bulkActions={marks}
      title={
        counters ? (
          <Typography.Text type="secondary" data-testid="mail-counters">
            {t('mail.counters', {
              inbox: counters.receiveUnReadNum,
              star: counters.indiciaUnReadNum,
              spam: counters.junkUnReadNum,
            })}
          </Typography.Text>
        ) : null
      }
      toolbar={
        <Space wrap>
          <MailboxSwitcher />
          <Button
            icon={<SyncOutlined />}
            onClick={async () => {
              const { received } = await mailApi.sync();
              message.success(t('mail.synced', { count: received }));
              await refresh();
            }}
          >
            {t('mail.sync')}
          </Button>
          <Button
            type="primary"
            icon={<EditOutlined />}
            onClick={() => navigate('/message/email/write')}
            data-testid="mail-write"
          >
            {t('mail.write')}
          </Button>
        </Space>
      }
      filters={
        <>
          <Form.Item name="keyword" label={t('mail.keyword')}>
            <Input allowClear style={{ width: 220 }} maxLength={200} />
          </Form.Item>
          {box !== 'drafts' && box !== 'sent' && (
            <Form.Item name="read" label={t('mail.readState')}>
              <Select
                allowClear
                placeholder={t('common.all')}
                style={{ width: 120 }}
                options={[
                  { value: 0, label: t('mail.unread') },
                  { value: 1, label: t('mail.read') },
                ]}
              />
            </Form.Item>
          )}
        </>
      }
    />
  );
}

export const InboxScreen = () => <MailListScreen box="inbox" />;
export const StarScreen = () => <MailListScreen box="star" />;
export const SpamScreen = () => <MailListScreen box="spam" />;
export const SentScreen = () => <MailListScreen box="sent" />;
export const DraftsScreen = () => <MailListScreen box="drafts" />;
