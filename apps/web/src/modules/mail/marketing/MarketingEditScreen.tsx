import type { CustomerContactHit, MarketingRecipient } from '@portal/contracts/mail';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { mailApi } from '../api';
import { RichEditor } from '../RichEditor';
import { marketingApi, marketingKeys } from './api';

type Values = { subject: string; content: string; emails: string[] };
type Known = Map<string, MarketingRecipient & { customerName?: string }>;

/** adds contacts to the known ones (the first sight of an address wins) */
const remember = (set: (f: (m: Known) => Known) => void, list: (MarketingRecipient & { customerName?: string })[]) =>
  set((m) => {
    const next = new Map(m);
    for (const r of list) if (!next.has(r.email)) next.set(r.email, r);
    return next;
  });

/** /crm/marketing-email/edit(?id): a marketing mail draft — subject, body and customer contacts — saved or sent. */
export function MarketingEditScreen() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const emails = Form.useWatch('emails', form);
  // every contact seen (search hits and the draft's own), by address
  const [known, setKnown] = useState<Known>(new Map());
  const draft = useQuery({
    queryKey: marketingKeys.detail(id ?? 0),
    queryFn: () => marketingApi.detail(id!),
    enabled: !!id,
  });
  const hits = useQuery({
    queryKey: ['mail-marketing-contacts', keyword],
    queryFn: () => mailApi.customerContacts(keyword),
  });
  useEffect(() => {
    if (hits.data)
      remember(
        setKnown,
        hits.data.map((h: CustomerContactHit) => ({
          customerId: h.customerId,
          email: h.email.toLowerCase(),
          name: h.name,
          customerName: h.customerName,
        })),
      );
  }, [hits.data]);
  useEffect(() => {
    const d = draft.data;
    if (!d) return;
    remember(setKnown, d.recipients);
    form.setFieldsValue({ subject: d.subject, content: d.content, emails: d.recipients.map((r) => r.email) });
  }, [draft.data, form]);
  if (id && !draft.data) return <Spin />;

  const save = async (send: boolean) => {
    const v = await form.validateFields();
    const recipients = v.emails
      .map((e) => known.get(e))
      .filter((r): r is MarketingRecipient => !!r)
      .map(({ customerId, email, name }) => ({ customerId, email, name }));
    const { id: saved } = await marketingApi.save({ id, subject: v.subject, content: v.content, recipients });
    if (send) await marketingApi.send(saved);
    message.success(t(send ? 'mail.mkt.sending' : 'mail.mkt.saved'));
    await qc.invalidateQueries({ queryKey: marketingKeys.list });
    await qc.invalidateQueries({ queryKey: marketingKeys.detail(saved) });
    navigate(`/crm/marketing-email/details?${new URLSearchParams({ id: String(saved), subject: v.subject })}`);
  };
  // the current search's hits first, then the picked ones (their tags need labels); never every contact
  // seen so far, which pushed a later search's hits below the dropdown's visible rows
  const picked = emails ?? [];
  const shown = new Set([...(hits.data ?? []).map((h: CustomerContactHit) => h.email.toLowerCase()), ...picked]);
  const options = [...shown]
    .map((e) => known.get(e))
    .filter((r): r is NonNullable<typeof r> => !!r)
    .map((r) => ({
      value: r.email,
      label: `${r.name ? `${r.name} <${r.email}>` : r.email}${r.customerName ? ` · ${r.customerName}` : ''}`,
    }));

  return (
    <Card title={t(id ? 'mail.mkt.edit' : 'mail.mkt.new')}>
      <Form<Values> form={form} layout="vertical" initialValues={{ subject: '', content: '', emails: [] }}>
        <Form.Item name="emails" label={t('mail.mkt.recipients')} rules={[{ required: true, type: 'array', min: 1 }]}>
          <Select
            mode="multiple"
            data-testid="mkt-recipients"
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            options={options}
            placeholder={t('mail.mkt.pickContacts')}
          />
        </Form.Item>
        <Form.Item name="subject" label={t('mail.subject')} rules={[{ required: true, whitespace: true }]}>
          <Input data-testid="mkt-subject" maxLength={998} />
        </Form.Item>
        <Form.Item name="content" label={t('mail.content')} rules={[{ required: true }]}>
          <EditorField />
        </Form.Item>
        <Space wrap>
          <Button data-testid="mkt-save" onClick={() => save(false)}>
            {t('mail.mkt.saveDraft')}
          </Button>
          <Button
            type="primary"
            data-testid="mkt-send"
            onClick={() =>
              modal.confirm({
                title: t('mail.mkt.sendConfirm', { count: form.getFieldValue('emails')?.length ?? 0 }),
                onOk: () => save(true),
              })
            }
          >
            {t('mail.mkt.send')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}

/** the rich editor as a form control */
function EditorField({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: 8 }}>
      <RichEditor value={value ?? ''} onChange={(v) => onChange?.(v)} />
    </div>
  );
}
