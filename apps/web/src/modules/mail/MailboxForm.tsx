import { MAIL_CONNECTORS, type MailboxBindBody, type MailboxView } from '@portal/contracts/mail';
import { App, Button, Form, Input, InputNumber, Radio, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { mailApi } from './api';

type Values = Omit<MailboxBindBody, 'userId'>;

/** The binding of one mailbox: address, servers, user and a write-only password. */
export function MailboxForm({
  account,
  userId,
  onSaved,
}: {
  account: MailboxView | null;
  userId?: number;
  onSaved: (v: MailboxView) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const connector = Form.useWatch('connector', form) ?? account?.connector ?? 'imap';
  const initial: Partial<Values> = account
    ? { ...account, password: undefined }
    : { connector: 'imap', imapPort: 993, imapTls: true, smtpPort: 465, smtpTls: true };
  return (
    <Form<Values>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '120px' }}
      style={{ maxWidth: 640 }}
      initialValues={initial}
      onFinish={async (v) => {
        const saved = await mailApi.bind({ ...v, id: account?.id, userId });
        message.success(t('mail.set.saved'));
        form.setFieldValue('password', undefined);
        onSaved(saved);
      }}
    >
      <Form.Item name="email" label={t('mail.set.email')} rules={[{ required: true, type: 'email' }]}>
        <Input data-testid="bind-email" maxLength={254} />
      </Form.Item>
      <Form.Item name="displayName" label={t('mail.set.displayName')}>
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="connector" label={t('mail.set.connector')}>
        <Radio.Group
          options={MAIL_CONNECTORS.map((c) => ({ value: c, label: t(`mail.set.connectors.${c}`) }))}
          optionType="button"
        />
      </Form.Item>
      {connector === 'imap' && (
        <>
          <Form.Item label={t('mail.set.imapHost')} required>
            <Space.Compact block>
              <Form.Item name="imapHost" noStyle rules={[{ required: true }]}>
                <Input placeholder="imap.example.com" style={{ width: '60%' }} />
              </Form.Item>
              <Form.Item name="imapPort" noStyle>
                <InputNumber min={1} max={65535} placeholder={t('mail.set.port')} style={{ width: '25%' }} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="imapTls" label={`IMAP ${t('mail.set.tls')}`} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label={t('mail.set.smtpHost')} required>
            <Space.Compact block>
              <Form.Item name="smtpHost" noStyle rules={[{ required: true }]}>
                <Input placeholder="smtp.example.com" style={{ width: '60%' }} />
              </Form.Item>
              <Form.Item name="smtpPort" noStyle>
                <InputNumber min={1} max={65535} placeholder={t('mail.set.port')} style={{ width: '25%' }} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="smtpTls" label={`SMTP ${t('mail.set.tls')}`} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="username" label={t('mail.set.username')}>
            <Input maxLength={254} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('mail.set.password')}
            extra={account?.hasPassword ? t('mail.set.passwordKept') : undefined}
            rules={[{ required: !account?.hasPassword }]}
          >
            <Input.Password maxLength={500} autoComplete="new-password" />
          </Form.Item>
        </>
      )}
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" data-testid="bind-save">
          {t('mail.set.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
