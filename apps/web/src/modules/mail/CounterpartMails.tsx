import { formatAddress } from '@portal/contracts';
import type { CounterpartKind, MailRow } from '@portal/contracts/mail';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTime } from '../../platform/format-time';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
import { mailApi, mailKeys } from './api';
import { useOpenMail } from './use-mail';

const typeOf = (r: MailRow) => (r.folder === 'sent' ? 'sent' : r.folder === 'junk' ? 'spam' : 'inbox');
const CRM_PAGE = { sent: 'send', inbox: 'inbox', junk: 'trash', drafts: 'draft' } as const;

/**
 * The caller's mails exchanged with one customer or supplier (dealings/query), newest first: the
 * correspondence screen's right side and the mails tab of a customer's or supplier's detail.
 * Mailboxes are personal: each reader sees what they exchanged themselves.
 */
export function CounterpartMails({ kind, id, title }: { kind: CounterpartKind; id: number; title?: ReactNode }) {
  const { t } = useTranslation();
  const open = useOpenMail();
  const navigate = useNavigate();
  // a customer's mail opens on CRM's own e-mail detail pages (the menu stays on my customers)
  const openCrm = (r: MailRow) =>
    navigate(
      `/crm/email/${CRM_PAGE[r.folder]}-details?${new URLSearchParams({ id: String(r.id), subject: r.subject || '-' })}`,
    );
  const columns: ListColumn<MailRow>[] = [
    {
      key: 'who',
      title: t('mail.sender'),
      width: 220,
      ellipsis: true,
      render: (_: unknown, r) =>
        r.folder === 'sent'
          ? `→ ${r.receiverEmailList.map(formatAddress).join(', ')}`
          : formatAddress({ email: r.senderEmail, name: r.senderName }),
    },
    {
      key: 'subject',
      title: t('mail.subject'),
      ellipsis: true,
      render: (_: unknown, r) => (
        <Typography.Link onClick={() => (kind === 'customer' ? openCrm(r) : open(r, typeOf(r)))}>
          {r.subject || t('mail.noSubject')}
        </Typography.Link>
      ),
    },
    {
      key: 'receiveTime',
      dataIndex: 'receiveTime',
      title: t('mail.time'),
      width: 150,
      render: (v: string) => formatTime(v),
    },
  ];
  return (
    <SearchTable<MailRow, { keyword?: string }>
      key={`${kind}-${id}`}
      queryKey={[...mailKeys.dealings, 'mails', kind, id]}
      fetcher={(q, signal) => mailApi.dealings({ ...q, counterpartKind: kind, counterpartId: id }, signal)}
      columns={columns}
      rowKey="id"
      title={title}
    />
  );
}

/** A record's mails tab: the list once the reader has a mailbox, else a way to bind one (no redirect away). */
export function RecordMailsTab({ kind, id }: { kind: CounterpartKind; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useQuery({ queryKey: mailKeys.state(null), queryFn: () => mailApi.state() });
  if (!state.data) return null;
  if (!state.data.bound)
    return (
      <Alert
        type="info"
        showIcon
        message={t('mail.tab.noMailbox')}
        action={
          <Button
            size="small"
            onClick={() => navigate(kind === 'customer' ? '/crm/email-binding/edit' : '/message/email/set')}
          >
            {t('mail.none.bind')}
          </Button>
        }
      />
    );
  return (
    <div data-testid="record-mails">
      <CounterpartMails
        kind={kind}
        id={id}
        title={
          kind === 'customer' ? (
            <Button size="small" data-testid="record-marketing" onClick={() => navigate('/crm/marketing-email')}>
              {t('mail.mkt.list')}
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
