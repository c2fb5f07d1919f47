import { type SignatureRow, signatureBody } from '@portal/contracts/mail';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  List,
  Popconfirm,
  Space,
  Switch,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../platform/form';
import { formatTime } from '../../platform/format-time';
import { FormModal } from '../../platform/ui/FormModal';
import { mailApi, mailKeys } from './api';
import { useCurrentMailbox } from './current-mailbox';
import { MailboxForm } from './MailboxForm';
import { MailboxSwitcher } from './MailboxSwitcher';
import { mailDocument } from './mail-html';
import { SenderRulesTab } from './SenderRulesTab';
import { TemplatesTab } from './TemplatesTab';

/** /message/email/set: my mailbox binding, new-mail push, and my signatures. */
export function MailboxSettingsScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { accountId, pick } = useCurrentMailbox();
  const [adding, setAdding] = useState(false);
  const state = useQuery({ queryKey: mailKeys.state(accountId), queryFn: () => mailApi.state(accountId) });
  const refresh = () => qc.invalidateQueries({ queryKey: mailKeys.root });
  if (!state.data) return null;
  const account = adding ? null : state.data.account;
  return (
    <Tabs
      items={[
        {
          key: 'binding',
          label: t('mail.set.binding'),
          children: (
            <Space direction="vertical" size={12} style={{ width: '100%' }}>
              {state.data.account && (
                <Space wrap>
                  <MailboxSwitcher />
                  <Button data-testid="mailbox-add" disabled={adding} onClick={() => setAdding(true)}>
                    {t('mail.set.addMailbox')}
                  </Button>
                  {adding ? (
                    <Button onClick={() => setAdding(false)}>{t('common.cancel')}</Button>
                  ) : (
                    <Popconfirm
                      title={t('mail.set.unbindConfirm', { email: state.data.account.email })}
                      onConfirm={async () => {
                        await mailApi.unbind(state.data.account!.id);
                        message.success(t('mail.done'));
                        pick(null);
                        await refresh();
                      }}
                    >
                      <Button danger>{t('mail.set.unbind')}</Button>
                    </Popconfirm>
                  )}
                </Space>
              )}
              {account && (
                <Card size="small">
                  <Descriptions size="small" column={{ xs: 1, md: 3 }}>
                    <Descriptions.Item label={t('mail.set.push')}>
                      <Switch
                        checked={account.sseStatus === 1}
                        onChange={async (on) => {
                          await mailApi.sseStatus(on ? 1 : 0, account.id);
                          await refresh();
                        }}
                      />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('mail.set.ding')}>
                      <DingSwitch accountId={account.id} />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('mail.set.lastSync')}>
                      {formatTime(account.lastSyncAt)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('mail.set.lastError')}>{account.lastError ?? '-'}</Descriptions.Item>
                  </Descriptions>
                </Card>
              )}
              <MailboxForm
                key={account?.id ?? 0}
                account={account}
                onSaved={(saved) => {
                  if (adding) pick(saved.id);
                  setAdding(false);
                  void refresh();
                }}
              />
            </Space>
          ),
        },
        { key: 'signatures', label: t('mail.set.signatures'), children: account ? <Signatures /> : null },
        { key: 'templates', label: t('mail.set.templates'), children: <TemplatesTab /> },
        { key: 'rules', label: t('mail.set.rules'), children: <SenderRulesTab /> },
      ]}
    />
  );
}

function Signatures() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: mailKeys.signatures, queryFn: mailApi.signatures });
  const [editing, setEditing] = useState<Partial<SignatureRow> | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: mailKeys.signatures });
  return (
    <>
      <Button type="primary" onClick={() => setEditing({ isDefault: false })} style={{ marginBottom: 12 }}>
        {t('mail.set.newSignature')}
      </Button>
      <List
        bordered
        dataSource={list.data ?? []}
        renderItem={(s) => (
          <List.Item
            actions={[
              <Button key="e" type="link" onClick={() => setEditing(s)}>
                {t('mail.set.edit')}
              </Button>,
              <Popconfirm
                key="d"
                title={t('mail.set.deleteSignature')}
                onConfirm={async () => {
                  await mailApi.deleteSignature(s.id);
                  message.success(t('mail.done'));
                  await refresh();
                }}
              >
                <Button type="link" danger>
                  {t('mail.set.delete')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space>
                  {s.name}
                  {s.isDefault && <Tag color="blue">{t('mail.set.isDefault')}</Tag>}
                </Space>
              }
              description={
                <iframe
                  title={s.name}
                  sandbox=""
                  srcDoc={mailDocument(s.content, false)}
                  style={{ border: 0, width: '100%', height: 60 }}
                />
              }
            />
          </List.Item>
        )}
      />
      <FormModal<{ name: string; content: string; isDefault: boolean }>
        open={!!editing}
        title={t('mail.set.signatures')}
        initialValues={{
          name: editing?.name ?? '',
          content: editing?.content ?? '',
          isDefault: editing?.isDefault ?? false,
        }}
        onClose={() => setEditing(null)}
        successMessage={t('mail.done')}
        invalidate={mailKeys.signatures}
        onSubmit={async (v) => {
          await mailApi.saveSignature({ ...v, id: editing?.id });
          setEditing(null);
        }}
      >
        <Form.Item
          name="name"
          label={t('mail.set.signatureName')}
          rules={[zodRule(signatureBody.shape.name, t('mail.set.signatureName'))]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('mail.signature')}
          rules={[zodRule(signatureBody.shape.content, t('mail.signature'))]}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
        <Form.Item name="isDefault" label={t('mail.set.isDefault')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
    </>
  );
}

/** dingNotice/query and update: this mailbox's new-mail notices also to the workplace-chat robot. */
function DingSwitch({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const key = [...mailKeys.root, 'ding', accountId];
  const ding = useQuery({ queryKey: key, queryFn: () => mailApi.ding(accountId) });
  if (!ding.data) return null;
  return (
    <Space size={6}>
      <Switch
        data-testid="mail-ding"
        checked={ding.data.enabled}
        onChange={async (on) => {
          await mailApi.setDing(on, accountId);
          await qc.invalidateQueries({ queryKey: key });
        }}
      />
      {!ding.data.robot && <Typography.Text type="secondary">{t('mail.set.dingNoRobot')}</Typography.Text>}
    </Space>
  );
}
