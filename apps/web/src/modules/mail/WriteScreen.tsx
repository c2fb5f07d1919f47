import { PaperClipOutlined } from '@ant-design/icons';
import { formatAddress, validateRecipients } from '@portal/contracts';
import type { MailAddress, MailDetail } from '@portal/contracts/mail';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Form, Input, Select, Space, Typography, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { mailApi, mailKeys } from './api';
import { useCurrentMailbox } from './current-mailbox';
import { RichEditor } from './RichEditor';
import { useMailRefresh } from './use-mail';

const AUTOSAVE_MS = 5000;
type Mode = 'reply' | 'all' | 'forward' | 'again';

interface Draft {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  content: string;
  files: { id: string; name: string }[];
}
const EMPTY: Draft = { to: [], cc: [], bcc: [], subject: '', content: '', files: [] };
const emails = (l: MailAddress[]) => l.map((a) => a.email);
const asAddresses = (l: string[]): MailAddress[] => l.map((email) => ({ email: email.trim() }));
const bodyOf = (d: Draft) => ({
  receiverEmailList: asAddresses(d.to),
  ccEmailList: asAddresses(d.cc),
  bccEmailList: asAddresses(d.bcc),
  subject: d.subject,
  content: d.content,
  fileIds: d.files.map((f) => f.id),
});

/** What a reply, reply-all, forward or edit-again starts from. */
function startFrom(m: MailDetail, mode: Mode, me: string): Draft {
  const quote = `<p></p><blockquote>${m.content}</blockquote>`;
  if (mode === 'again')
    return {
      ...EMPTY,
      to: emails(m.receiverEmailList),
      cc: emails(m.ccEmailList),
      subject: m.subject,
      content: m.content,
    };
  if (mode === 'forward') return { ...EMPTY, subject: `Fwd: ${m.subject}`, content: quote };
  const others = [...m.receiverEmailList, ...m.ccEmailList].map((a) => a.email).filter((e) => e !== me);
  return {
    ...EMPTY,
    to: [m.senderEmail],
    cc: mode === 'all' ? others.filter((e) => e !== m.senderEmail) : [],
    subject: /^re:/i.test(m.subject) ? m.subject : `Re: ${m.subject}`,
    content: quote,
  };
}

/** An address field with suggestions from colleagues and correspondents; free entries allowed. */
function AddressInput({
  value,
  onChange,
  testId,
}: {
  value: string[];
  onChange: (v: string[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: [...mailKeys.root, 'contacts', keyword],
    queryFn: () => mailApi.contacts(keyword),
    enabled: keyword.length > 0,
    staleTime: 30_000,
  });
  // contacts of the customers I may see (email/customer/contact), beside the mailbox's own suggestions
  const crm = useQuery({
    queryKey: [...mailKeys.root, 'customer-contacts', keyword],
    queryFn: () => mailApi.customerContacts(keyword),
    enabled: keyword.length > 0,
    staleTime: 30_000,
  });
  const mine = (q.data ?? []).map((c) => ({ value: c.email, label: formatAddress(c) }));
  const listed = new Set(mine.map((o) => o.value));
  const customers = (crm.data ?? [])
    .filter((c) => !listed.has(c.email))
    .map((c) => ({ value: c.email, label: `${formatAddress(c)} · ${c.customerName}` }));
  return (
    <Select
      mode="tags"
      data-testid={testId}
      value={value}
      onChange={onChange}
      onSearch={setKeyword}
      tokenSeparators={[',', ';', ' ']}
      placeholder={t('mail.addressHint')}
      options={customers.length ? [...mine, { label: t('mail.customerContact'), options: customers }] : mine}
      style={{ width: '100%' }}
    />
  );
}

/** /message/email/write: compose with TipTap, address suggestions, attachments, signature and draft autosave. */
export function WriteScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const refresh = useMailRefresh();
  const [params] = useSearchParams();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [draftId, setDraftId] = useState<number | undefined>(Number(params.get('draftId')) || undefined);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const dirty = useRef(false);
  const accountId = useCurrentMailbox((s) => s.accountId);
  const state = useQuery({ queryKey: mailKeys.state(accountId), queryFn: () => mailApi.state(accountId) });
  const signatures = useQuery({ queryKey: mailKeys.signatures, queryFn: mailApi.signatures });
  const templates = useQuery({ queryKey: mailKeys.templates, queryFn: mailApi.templates });
  const [sendAt, setSendAt] = useState<Dayjs | null>(null);
  // recipients who belong to a customer someone else owns (check/owner): a warning, not a block
  const recipients = [...draft.to, ...draft.cc, ...draft.bcc].filter((e) => !validateRecipients([{ email: e }]));
  const owners = useQuery({
    queryKey: [...mailKeys.root, 'owner', [...recipients].sort().join(',')],
    queryFn: () => mailApi.checkOwner(recipients),
    enabled: recipients.length > 0,
    staleTime: 60_000,
  });
  // my signatures and the administrators' shared ones share the picker: keyed by kind and id
  const keyOf = (s: { id: number; shared?: boolean }) => `${s.shared ? 'shared' : 'mine'}:${s.id}`;
  const [signatureKey, setSignatureKey] = useState<string | null | undefined>(undefined);
  const defaultSignature = signatures.data?.find((x) => x.isDefault && !x.shared);
  const chosenKey = signatureKey === undefined ? (defaultSignature ? keyOf(defaultSignature) : null) : signatureKey;
  const signature = signatures.data?.find((s) => keyOf(s) === chosenKey);

  // start from a draft, or from the mail being answered, forwarded or edited again (once the mailbox is known)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opened mailbox, not on every keystroke
  useEffect(() => {
    const from = Number(params.get('from'));
    const mode = params.get('mode') as Mode | null;
    if (draftId) {
      void mailApi.draft(draftId).then((d) =>
        setDraft({
          to: emails(d.receiverEmailList),
          cc: emails(d.ccEmailList),
          bcc: emails(d.bccEmailList),
          subject: d.subject,
          content: d.content,
          files: d.attachments.filter((a) => a.fileId).map((a) => ({ id: a.fileId!, name: a.name })),
        }),
      );
    } else if (params.get('to') && !from) {
      setDraft({ ...EMPTY, to: [params.get('to')!] });
    } else if (from && mode && state.data?.account) {
      void mailApi.detail(from).then((m) => setDraft(startFrom(m, mode, state.data!.account!.email)));
    }
  }, [state.data?.account?.email]);

  const change = (patch: Partial<Draft>) => {
    dirty.current = true;
    setDraft((d) => ({ ...d, ...patch }));
  };
  // autosave: every few seconds while something changed and the addresses are valid
  const latest = useRef(draft);
  latest.current = draft;
  useEffect(() => {
    const timer = setInterval(async () => {
      const d = latest.current;
      if (!dirty.current || validateRecipients(asAddresses([...d.to, ...d.cc, ...d.bcc]))) return;
      dirty.current = false;
      const { id } = await mailApi.saveDraft({ ...bodyOf(d), id: draftId });
      setDraftId(id);
      setSavedAt(dayjs().format('HH:mm:ss'));
    }, AUTOSAVE_MS);
    return () => clearInterval(timer);
  }, [draftId]);

  const send = async (at?: Dayjs) => {
    const all = asAddresses([...draft.to, ...draft.cc, ...draft.bcc]);
    if (draft.to.length + draft.cc.length + draft.bcc.length === 0) return message.error(t('mail.noRecipient'));
    if (validateRecipients(all)) return message.error(t('mail.recipientInvalid'));
    setSending(true);
    try {
      dirty.current = false;
      const content = signature ? `${draft.content}<p>--</p>${signature.content}` : draft.content;
      if (at) {
        await mailApi.timedSave({ ...bodyOf(draft), content, id: draftId, sendAt: at.toISOString() });
        message.success(t('mail.timed.saved', { time: at.format('YYYY-MM-DD HH:mm') }));
        await refresh();
        navigate('/message/email/drafts');
        return;
      }
      await mailApi.send({ ...bodyOf(draft), content, draftId });
      message.success(t('mail.sent'));
      await refresh();
      navigate('/message/email/sent');
    } finally {
      setSending(false);
    }
  };
  const applyTemplate = (id: number) => {
    const tpl = templates.data?.find((x) => x.id === id);
    if (tpl) change({ subject: draft.subject || tpl.subject, content: `${tpl.content}${draft.content}` });
  };

  return (
    <Form layout="horizontal" labelCol={{ flex: '72px' }} style={{ maxWidth: 980 }}>
      <Form.Item label={t('mail.receivers')} required>
        <AddressInput testId="mail-to" value={draft.to} onChange={(to) => change({ to })} />
      </Form.Item>
      <Form.Item label={t('mail.cc')}>
        <AddressInput testId="mail-cc" value={draft.cc} onChange={(cc) => change({ cc })} />
      </Form.Item>
      <Form.Item label={t('mail.bcc')}>
        <AddressInput testId="mail-bcc" value={draft.bcc} onChange={(bcc) => change({ bcc })} />
      </Form.Item>
      {(owners.data ?? []).length > 0 && (
        <Form.Item label=" " colon={false}>
          <Alert
            type="warning"
            showIcon
            data-testid="mail-owner-warning"
            message={(owners.data ?? [])
              .map((w) =>
                t('mail.ownerWarning', { email: w.email, customer: w.counterpartName, owner: w.ownerName ?? '-' }),
              )
              .join('；')}
          />
        </Form.Item>
      )}
      <Form.Item label={t('mail.subject')}>
        <Input
          data-testid="mail-subject"
          value={draft.subject}
          maxLength={998}
          onChange={(e) => change({ subject: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('mail.content')}>
        <RichEditor value={draft.content} onChange={(content) => change({ content })} />
      </Form.Item>
      <Form.Item label={t('mail.attachments')}>
        <Upload
          multiple
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            try {
              const info = await mailApi.upload(file as File);
              change({ files: [...latest.current.files, { id: info.id, name: info.name }] });
              onSuccess?.(info);
            } catch (err) {
              onError?.(err as Error);
            }
          }}
        >
          <Button icon={<PaperClipOutlined />}>{t('mail.addAttachment')}</Button>
        </Upload>
        <Space wrap style={{ marginTop: 6 }}>
          {draft.files.map((f) => (
            <Typography.Text key={f.id} code>
              {f.name}{' '}
              <Typography.Link onClick={() => change({ files: draft.files.filter((x) => x.id !== f.id) })}>
                ×
              </Typography.Link>
            </Typography.Text>
          ))}
        </Space>
      </Form.Item>
      <Form.Item label={t('mail.template')}>
        <Select
          data-testid="mail-template"
          style={{ width: 240 }}
          value={null}
          placeholder={t('mail.pickTemplate')}
          onChange={(v: number | null) => v && applyTemplate(v)}
          options={(templates.data ?? []).map((x) => ({
            value: x.id,
            label: x.mine ? x.name : `${x.name} · ${x.authorName ?? ''}`,
          }))}
        />
      </Form.Item>
      <Form.Item label={t('mail.signature')}>
        <Select
          data-testid="mail-signature"
          style={{ width: 240 }}
          value={signature ? keyOf(signature) : null}
          onChange={(v) => setSignatureKey(v)}
          options={[
            { value: null, label: t('mail.noSignature') },
            ...(signatures.data ?? []).map((s) => ({
              value: keyOf(s),
              label: s.shared ? `${s.name} · ${t('mail.sharedTag')}` : s.name,
            })),
          ]}
        />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" loading={sending} onClick={() => send()} data-testid="mail-send">
            {t('mail.send')}
          </Button>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            data-testid="mail-send-at"
            placeholder={t('mail.timed.pick')}
            value={sendAt}
            onChange={setSendAt}
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          />
          <Button
            disabled={!sendAt}
            loading={sending}
            onClick={() => sendAt && send(sendAt)}
            data-testid="mail-send-timed"
          >
            {t('mail.timed.send')}
          </Button>
          <Button
            onClick={async () => {
              const { id } = await mailApi.saveDraft({ ...bodyOf(draft), id: draftId });
              dirty.current = false;
              setDraftId(id);
              setSavedAt(dayjs().format('HH:mm:ss'));
              message.success(t('mail.done'));
            }}
          >
            {t('mail.saveDraft')}
          </Button>
          {savedAt && <Typography.Text type="secondary">{t('mail.draftSaved', { time: savedAt })}</Typography.Text>}
        </Space>
      </Form.Item>
    </Form>
  );
}
