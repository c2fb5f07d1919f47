import {
  INBOX_SETTINGS_PATH,
  type InboxSettings,
  inboxSettings,
  sharedSignatureResource,
} from '@portal/contracts/mail';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Select, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../platform/form';
import { get, post } from '../../platform/http';
import { ResourceList } from '../../platform/resource/ResourceList';
import { mailKeys } from './api';
import type { zhCN } from './locales/zh-CN';

/** `/setModule/email/signature`: signatures shared with every staff member (offered in the write step). */
export const SharedSignaturesScreen = () => <ResourceList def={sharedSignatureResource} />;

const inboxKey = [...mailKeys.root, 'inbox-settings'] as const;
const field = inboxSettings.shape;

/** `/setModule/email/inbox`: spam retention, the largest mail, spam words, learning from moves. */
export function InboxSettingsScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<InboxSettings>();
  const { data } = useQuery({
    queryKey: inboxKey,
    queryFn: ({ signal }) => get<InboxSettings>(INBOX_SETTINGS_PATH, undefined, { signal }),
  });
  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [data, form]);
  const save = useMutation({
    mutationFn: (v: InboxSettings) =>
      post<InboxSettings>(
        INBOX_SETTINGS_PATH,
        { ...v, spamRetentionDays: v.spamRetentionDays ?? null, spamWords: v.spamWords ?? [] },
        { checkRepeat: true },
      ),
    onSuccess: async () => {
      message.success(t('mail.inboxSet.saved'));
      await queryClient.invalidateQueries({ queryKey: inboxKey });
    },
  });
  if (!data) return <Skeleton active />;
  const text = (k: keyof typeof zhCN.mail.inboxSet) => t(`mail.inboxSet.${k}`);
  return (
    <Card size="small" style={{ maxWidth: 640 }}>
      <Form<InboxSettings>
        form={form}
        layout="vertical"
        onFinish={(v) => save.mutate(v)}
        data-testid="mail-inbox-settings"
      >
        <Form.Item name="spamRetentionDays" label={text('spamRetentionDays')} extra={text('spamRetentionHint')}>
          <InputNumber min={1} max={3650} precision={0} placeholder={text('keepForever')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="maxMessageMb"
          label={text('maxMessageMb')}
          extra={text('maxMessageHint')}
          rules={[zodRule(field.maxMessageMb, text('maxMessageMb'))]}
        >
          <InputNumber min={1} max={50} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="spamWords"
          label={text('spamWords')}
          extra={text('spamWordsHint')}
          rules={[
            {
              // (none is fine: the list is optional; each word as the server takes it)
              validator: async (_: unknown, v?: string[]) => {
                if (v?.length && !field.spamWords.safeParse(v).success) throw new Error(text('spamWordsHint'));
              },
            },
          ]}
        >
          <Select mode="tags" open={false} tokenSeparators={[',', '，']} data-testid="mail-spam-words" />
        </Form.Item>
        <Form.Item
          name="learnFromMoves"
          label={text('learnFromMoves')}
          extra={text('learnHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="mail-inbox-save">
          {text('save')}
        </Button>
      </Form>
    </Card>
  );
}
