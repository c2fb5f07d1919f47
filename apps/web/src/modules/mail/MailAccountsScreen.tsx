import type { MailboxView } from '@portal/contracts/mail';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../platform/format-time';
import { type ListColumn, SearchTable } from '../../platform/ui/SearchTable';
import { mailApi, mailKeys } from './api';
import { MailboxForm } from './MailboxForm';

/** /setModule/email/account: every bound mailbox; administrators bind or fix one for a staff member. */
export function MailAccountsScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ userId?: number; account: MailboxView | null } | null>(null);
  const columns: ListColumn<MailboxView>[] = [
    { key: 'userName', dataIndex: 'userName', title: t('mail.accounts.staff'), width: 140 },
    { key: 'email', dataIndex: 'email', title: t('mail.set.email'), width: 240 },
    {
      key: 'connector',
      dataIndex: 'connector',
      title: t('mail.set.connector'),
      width: 220,
      render: (v: 'imap' | 'local') => <Tag>{t(`mail.set.connectors.${v}`)}</Tag>,
    },
    {
      key: 'imapHost',
      dataIndex: 'imapHost',
      title: t('mail.set.imapHost'),
      width: 180,
      render: (v: string) => v || '-',
    },
    {
      key: 'lastSyncAt',
      dataIndex: 'lastSyncAt',
      title: t('mail.set.lastSync'),
      width: 150,
      render: (v: string | null) => formatTime(v),
    },
    {
      key: 'lastError',
      dataIndex: 'lastError',
      title: t('mail.set.lastError'),
      ellipsis: true,
      render: (v) => v ?? '-',
    },
    {
      key: 'action',
      title: t('common.action'),
      width: 90,
      render: (_: unknown, r) => (
        <Button type="link" onClick={() => setEditing({ userId: r.userId, account: r })}>
          {t('mail.set.edit')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <SearchTable<MailboxView, { keyword?: string }>
        queryKey={mailKeys.accounts}
        fetcher={(q, signal) => mailApi.accounts({ page: q.page ?? 1, size: q.size ?? 20, keyword: q.keyword }, signal)}
        columns={columns}
        rowKey="id"
        toolbar={
          <Button type="primary" onClick={() => setEditing({ account: null })}>
            {t('mail.accounts.bindFor')}
          </Button>
        }
        filters={
          <Form.Item name="keyword" label={t('mail.keyword')}>
            <Input allowClear maxLength={100} style={{ width: 220 }} />
          </Form.Item>
        }
      />
      <Modal
        open={!!editing}
        footer={null}
        width={720}
        destroyOnHidden
        title={t('mail.accounts.bindFor')}
        onCancel={() => setEditing(null)}
      >
        {editing && !editing.userId && (
          <Form.Item label={t('mail.accounts.userId')}>
            <InputNumber min={1} onChange={(v) => setEditing({ account: null, userId: v ?? undefined })} />
          </Form.Item>
        )}
        {editing?.userId && (
          <MailboxForm
            account={editing.account}
            userId={editing.userId}
            onSaved={async () => {
              setEditing(null);
              await qc.invalidateQueries({ queryKey: mailKeys.accounts });
            }}
          />
        )}
      </Modal>
    </>
  );
}
