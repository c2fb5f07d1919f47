import { EditOutlined, PaperClipOutlined, StarFilled, StarOutlined, SyncOutlined } from '@ant-design/icons';
import { formatAddress, validateRecipients } from '@portal/contracts';
import type { DetailsType, MailRow } from '@portal/contracts/mail';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTime } from '../../platform/format-time';
import type { BulkAction } from '../../platform/ui/BulkBar';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
import { type MailBox, mailApi, mailKeys } from './api';
import { useCurrentMailbox } from './current-mailbox';
import { MailboxSwitcher } from './MailboxSwitcher';
import { useCounters, useMailRefresh, useOpenMail } from './use-mail';

type Filters = { keyword?: string; read?: 0 | 1; sender?: string };
const MARK_TEXT = {
  read: 'mail.markRead',
  unread: 'mail.markUnread',
  star: 'mail.star',
  unstar: 'mail.unstar',
} as const;
const DETAILS_TYPE: Record<MailBox, DetailsType | 'draft'> = {
  inbox: 'inbox',
  star: 'inbox',
  spam: 'spam',
  sent: 'sent',
  drafts: 'draft',
};

/** The sender filter of the inbox and spam: who wrote to that folder (sender/query), most mail first. */
function SenderSelect({
  folder,
  value,
  onChange,
}: {
  folder: 'inbox' | 'junk';
  value?: string;
  onChange?: (v?: string) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const accountId = useCurrentMailbox((s) => s.accountId);
  const q = useQuery({
    queryKey: [...mailKeys.root, 'sender-hits', folder, accountId, keyword],
    queryFn: () => mailApi.senderHits(folder, keyword),
    staleTime: 30_000,
  });
  return (
    <Select
      allowClear
      showSearch
      filterOption={false}
      data-testid="mail-sender-filter"
      placeholder={t('common.all')}
      style={{ width: 240 }}
      value={value}
      onChange={onChange}
      onSearch={setKeyword}
      options={(q.data ?? []).map((h) => ({ value: h.email, label: `${formatAddress(h)} (${h.count})` }))}
    />
  );
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const asAddresses = (l: string[] = []) => l.map((email) => ({ email: email.trim() }));

/** Batch forward (email/batch/transmit): the chosen mails as .eml attachments of one new mail. */
function BatchForwardModal({ rows, onClose }: { rows: MailRow[]; onClose: (sent: boolean) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ to: string[]; cc?: string[]; subject?: string; note?: string }>();
  const [sending, setSending] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setSending(true);
    try {
      await mailApi.batchForward({
        ids: rows.map((r) => r.id),
        receiverEmailList: asAddresses(v.to),
        ccEmailList: asAddresses(v.cc),
        subject: v.subject?.trim() || undefined,
        content: (v.note ?? '')
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => `<p>${escapeHtml(l)}</p>`)
          .join(''),
      });
      message.success(t('mail.bf.done'));
      onClose(true);
    } finally {
      setSending(false);
    }
  };
  const addresses = (required: boolean) => ({
    validator: async (_: unknown, v?: string[]) => {
      if (required && !v?.length) throw new Error(t('mail.noRecipient'));
      if (v?.length && validateRecipients(asAddresses(v))) throw new Error(t('mail.recipientInvalid'));
    },
  });
  return (
    <Modal
      open
      title={t('mail.bf.title', { count: rows.length })}
      okText={t('mail.bf.send')}
      confirmLoading={sending}
      onOk={submit}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="mail-batch-forward">
        <Form.Item name="to" label={t('mail.bf.to')} rules={[addresses(true)]}>
          <Select mode="tags" open={false} tokenSeparators={[',', ';', ' ']} placeholder={t('mail.addressHint')} />
        </Form.Item>
        <Form.Item name="cc" label={t('mail.bf.cc')} rules={[addresses(false)]}>
          <Select mode="tags" open={false} tokenSeparators={[',', ';', ' ']} placeholder={t('mail.addressHint')} />
        </Form.Item>
        <Form.Item name="subject" label={t('mail.bf.subject')}>
          <Input maxLength={998} placeholder={rows.length === 1 ? `Fwd: ${rows[0]!.subject}` : undefined} />
        </Form.Item>
        <Form.Item name="note" label={t('mail.bf.note')}>
          <Input.TextArea rows={3} maxLength={10_000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

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
  const [forwarding, setForwarding] = useState<MailRow[] | null>(null);
  // the marks' labels as the server names them (select/email/mark), ours until it answers
  const markOptions = useQuery({
    queryKey: [...mailKeys.root, 'marks'],
    queryFn: mailApi.markOptions,
    staleTime: Infinity,
  });
  const markLabel = (value: string, fallback: string) =>
    markOptions.data?.find((o) => o.value === value)?.label ?? fallback;
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
      render: (v: string) => formatTime(v),
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
          ...(['read', 'unread', 'star', 'unstar'] as const).map((m) => ({
            key: m,
            label: markLabel(m, t(MARK_TEXT[m])),
            onRun: (rows: MailRow[]) => run(mailApi.mark(ids(rows), m, spam)),
          })),
          {
            key: 'forward',
            label: t('mail.batchForward'),
            onRun: (rows: MailRow[]) => setForwarding(rows.slice(0, 20)),
          },
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
    <>
      {forwarding && (
        <BatchForwardModal
          rows={forwarding}
          onClose={(sent) => {
            setForwarding(null);
            if (sent) void refresh();
          }}
        />
      )}
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
            {(box === 'inbox' || box === 'spam') && (
              <Form.Item name="sender" label={t('mail.senderFilter')}>
                <SenderSelect folder={spam ? 'junk' : 'inbox'} />
              </Form.Item>
            )}
          </>
        }
      />
    </>
  );
}

export const InboxScreen = () => <MailListScreen box="inbox" />;
export const StarScreen = () => <MailListScreen box="star" />;
export const SpamScreen = () => <MailListScreen box="spam" />;
export const SentScreen = () => <MailListScreen box="sent" />;
export const DraftsScreen = () => <MailListScreen box="drafts" />;
