import { useQuery } from '@tanstack/react-query';
import { Badge, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { mailApi, mailKeys } from './api';
import { useCurrentMailbox } from './current-mailbox';

/** Picks which bound mailbox the mail screens show; hidden while the user has only one. */
export function MailboxSwitcher() {
  const { t } = useTranslation();
  const { accountId, pick } = useCurrentMailbox();
  const senders = useQuery({ queryKey: mailKeys.senders, queryFn: mailApi.senders, retry: false });
  const boxes = senders.data ?? [];
  // a mailbox unbound elsewhere falls back to the default
  useEffect(() => {
    if (accountId && senders.data && !senders.data.some((b) => b.id === accountId)) pick(null);
  }, [accountId, senders.data, pick]);
  if (boxes.length < 2) return null;
  return (
    <Select
      data-testid="mailbox-switcher"
      aria-label={t('mail.mailbox')}
      style={{ minWidth: 240 }}
      value={accountId ?? boxes[0]!.id}
      onChange={(v: number) => pick(v === boxes[0]!.id ? null : v)}
      options={boxes.map((b) => ({
        value: b.id,
        label: (
          <Space size={6}>
            {b.email}
            <Badge count={b.unread} size="small" />
          </Space>
        ),
      }))}
    />
  );
}
