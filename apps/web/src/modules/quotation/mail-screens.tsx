import { SendOutlined } from '@ant-design/icons';
import { type QuotedRow, quoteEmailResource, type UploadedQuote } from '@portal/contracts/quotation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Dropdown,
  Flex,
  Form,
  Input,
  Radio,
  Result,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatTime } from '../../platform/format-time';
import { ResourceList } from '../../platform/resource/ResourceList';
import { AccountPicker } from './AccountPicker';
import { type Address, type ComposedQuote, qmApi } from './api';
import { useChannelOptions, useGroupOptions } from './BookPicker';
import { type Category, categoryParam, importCategoryChoices } from './price-categories';
import {
  GROUP_PRODUCTS,
  type QuoteProduct,
  SEND_PAGES,
  type SendPage,
  type SendPageKey,
  UPLOAD_PRODUCTS,
} from './send-pages';
import { UploadedQuoteField } from './UploadedQuoteField';

const time = (s: string | null) => formatTime(s, '—');
const day = (s: string) => s.slice(0, 10);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const addresses = (list?: string[]): Address[] => (list ?? []).map((email) => ({ email: email.trim() }));
const addressText = (list: Address[]) => list.map((a) => (a.name ? `${a.name} <${a.email}>` : a.email)).join(', ');

const BOOK_LABEL = { account: 'qm.mail.account', group: 'qm.book.group', channel: 'qm.mail.channel' } as const;
const rowsHaveCategory = (rows: QuotedRow[]) => rows.some((r) => r.category !== '');

/** The rows a quote carries: what was (or will be) sent, also on the public page. */
function QuotedRowsTable({ product, rows }: { product: QuoteProduct; rows: QuotedRow[] }) {
  const { t } = useTranslation();
  const voice = product === 'voice';
  const wa = product === 'whatsapp';
  return (
    <Table<QuotedRow>
      size="small"
      rowKey={(r) => `${r.destKind}:${r.dest}:${r.category}:${r.effectiveFrom}`}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
      columns={[
        { title: t('qm.country'), dataIndex: 'country', width: 80 },
        {
          title: voice ? t('qm.prefix') : t('qm.network'),
          dataIndex: 'dest',
          width: 140,
          render: (v: string, r) => (r.destKind === 'country' ? <Tag>{t('qm.destKind.country')}</Tag> : v),
        },
        ...(wa || rowsHaveCategory(rows)
          ? [
              {
                title: t('qm.mail.category'),
                dataIndex: 'category',
                width: 120,
                render: (v: string) => v || '—',
              },
            ]
          : []),
        {
          title: voice ? t('qm.unitPriceVoice') : t('qm.unitPrice'),
          dataIndex: 'unitPrice',
          align: 'right',
          width: 120,
        },
        ...(voice
          ? [
              {
                title: t('qm.increments'),
                key: 'inc',
                width: 90,
                render: (_: unknown, r: QuotedRow) => `${r.firstIncrement}/${r.nextIncrement}`,
              },
              { title: t('qm.connectFee'), dataIndex: 'connectFee', align: 'right' as const, width: 100 },
            ]
          : []),
        { title: t('qm.currency'), dataIndex: 'currency', width: 70 },
        { title: t('qm.effectiveFrom'), dataIndex: 'effectiveFrom', width: 120, render: day },
      ]}
    />
  );
}

/** A rendered mail body, sandboxed (no scripts, no navigation of the portal). */
const MailBody = ({ html }: { html: string }) => (
  <iframe
    title="mail"
    sandbox=""
    srcDoc={html}
    style={{ width: '100%', minHeight: 480, border: '1px solid #f0f0f0', borderRadius: 6, background: '#fff' }}
  />
);

interface SendForm {
  bookId?: number;
  product?: QuoteProduct;
  locale: 'zh-CN' | 'en';
  to?: string[];
  cc?: string[];
  dests?: string[];
  /** `upload-file`: the uploaded price list as the server read it */
  upload?: UploadedQuote;
  /** `upload-file`: the price category the uploaded rows are quoted as (standard, OTP, AI voice) */
  category?: Category;
}

/**
 * The one send page: a book (an account's, a quote group's or a supplier channel's) of one product
 * and price category, previewed from the template, sent with the XLSX attached.
 */
function SendQuoteScreen({ page }: { page: SendPageKey }) {
  const cfg: SendPage = SEND_PAGES[page];
  const { book, category, upload } = cfg;
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<SendForm>();
  const [preview, setPreview] = useState<ComposedQuote | null>(null);
  const groups = useGroupOptions(book === 'group', cfg.groupKind);
  const product = Form.useWatch('product', form) ?? cfg.product ?? 'sms';
  const channels = useChannelOptions(book === 'channel', product);
  const bodyOf = (v: SendForm) => ({
    bookKind: book,
    bookId: v.bookId,
    product: cfg.product ?? v.product ?? 'sms',
    // the upload page's rows are of the category chosen on it (decision 0113); the others' is the page's
    category: upload ? categoryParam(v.category) : category,
    locale: v.locale,
    to: addresses(v.to),
    cc: addresses(v.cc),
    dests: v.dests?.length ? v.dests.map((d) => d.trim().toUpperCase()) : undefined,
    rows: upload ? v.upload?.rows : undefined,
  });
  const compose = useMutation({
    mutationFn: (v: SendForm) => {
      const b = bodyOf(v);
      return qmApi.composeQuote({ ...b, to: b.to.length ? b.to : undefined, cc: undefined });
    },
    onSuccess: setPreview,
  });
  const send = useMutation({
    mutationFn: (v: SendForm) => qmApi.sendQuote(bodyOf(v)),
    onSuccess: (r) => {
      message.success(t('qm.mail.sent'));
      navigate(`/offerManage/quote-email/detail?id=${r.id}`);
    },
  });
  const emailRule = {
    validator: (_: unknown, v?: string[]) =>
      (v ?? []).every((e) => EMAIL.test(e.trim()))
        ? Promise.resolve()
        : Promise.reject(new Error(t('qm.mail.badEmail'))),
  };
  const idParam = { account: 'accountId', group: 'groupId', channel: 'channelId' }[book];
  // a kept tab opened again with another record in its address (the group just made) picks that one
  const wanted = Number(params.get(idParam)) || undefined;
  useEffect(() => {
    if (wanted) form.setFieldValue('bookId', wanted);
  }, [wanted, form]);
  return (
    <Card size="small" title={t(`qm.mail.sendTitle.${page}`)}>
      <Form<SendForm>
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={{
          bookId: Number(params.get(idParam)) || undefined,
          product: cfg.product ?? 'sms',
          locale: i18n.language === 'en' ? 'en' : 'zh-CN',
          category: 'standard',
        }}
        onValuesChange={(changed: Partial<SendForm>) => {
          setPreview(null);
          // another product reads the file by other columns: upload it again
          if (upload && changed.product) {
            form.setFieldValue('upload', undefined);
            // a category the new product does not price (AI voice for SMS) goes back to standard
            if (!importCategoryChoices(changed.product).includes(form.getFieldValue('category')))
              form.setFieldValue('category', 'standard');
          }
          // a supplier page addresses the channel's supplier contacts until the user writes others
          if (book === 'channel' && changed.bookId && !form.getFieldValue('to')?.length) {
            const c = channels.find((x) => x.id === changed.bookId);
            if (c?.contacts.length) form.setFieldValue('to', [c.contacts[0]!.email]);
          }
        }}
        onFinish={(v) => send.mutate(v)}
      >
        {category && (
          <Alert type="info" showIcon title={t(`qm.mail.categoryHint.${category}`)} style={{ marginBottom: 12 }} />
        )}
        <Flex gap={16} wrap>
          {book === 'account' && (
            <Form.Item name="bookId" label={t('qm.accountId')} rules={[{ required: true }]}>
              <AccountPicker allowClear={false} data-testid="send-account" />
            </Form.Item>
          )}
          {book === 'group' && (
            <Form.Item name="bookId" label={t('qm.book.group')} rules={[{ required: true }]}>
              <Select
                showSearch
                optionFilterProp="label"
                options={groups}
                style={{ width: 280, maxWidth: '100%' }}
                data-testid="send-group"
              />
            </Form.Item>
          )}
          {book === 'group' && cfg.groupKind !== 'az' && (
            <Form.Item label=" ">
              <Button type="link" onClick={() => navigate('/offerManage/send/add-group')} data-testid="send-add-group">
                {t('qm.mail.addGroup')}
              </Button>
            </Form.Item>
          )}
          {book === 'channel' && (
            <Form.Item name="bookId" label={t('qm.mail.channel')} rules={[{ required: true }]}>
              <Select
                showSearch
                optionFilterProp="label"
                style={{ width: 320, maxWidth: '100%' }}
                data-testid="send-channel"
                options={channels.map((c) => ({ value: c.id, label: `${c.code} · ${c.supplier} · ${c.name}` }))}
              />
            </Form.Item>
          )}
          {!cfg.product && (
            <Form.Item name="product" label={t('qm.product')}>
              <Radio.Group
                optionType="button"
                options={(upload ? UPLOAD_PRODUCTS : GROUP_PRODUCTS).map((p) => ({
                  value: p,
                  label: t(`qm.productValue.${p}`),
                }))}
              />
            </Form.Item>
          )}
          {upload && (
            <Form.Item name="category" label={t('qm.category')}>
              <Radio.Group
                optionType="button"
                data-testid="send-upload-category"
                options={importCategoryChoices(product).map((c) => ({ value: c, label: t(`qm.categoryValue.${c}`) }))}
              />
            </Form.Item>
          )}
          <Form.Item name="locale" label={t('qm.mail.locale')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'zh-CN', label: '中文' },
                { value: 'en', label: 'English' },
              ]}
            />
          </Form.Item>
        </Flex>
        {upload && (
          <Form.Item
            name="upload"
            label={t('qm.upload.file')}
            rules={[
              {
                validator: (_: unknown, v?: UploadedQuote) =>
                  v?.rows.length ? Promise.resolve() : Promise.reject(new Error(t('qm.upload.none'))),
              },
            ]}
          >
            <UploadedQuoteField product={product === 'voice' ? 'voice' : 'sms'} />
          </Form.Item>
        )}
        <Form.Item name="to" label={t('qm.mail.to')} rules={[{ required: true }, emailRule]}>
          <Select
            mode="tags"
            open={false}
            tokenSeparators={[',', ';', ' ']}
            placeholder={book === 'channel' ? 'rates@supplier.com' : 'name@customer.com'}
            data-testid="send-to"
          />
        </Form.Item>
        <Form.Item name="cc" label={t('qm.mail.cc')} rules={[emailRule]}>
          <Select mode="tags" open={false} tokenSeparators={[',', ';', ' ']} />
        </Form.Item>
        {product !== 'number' && !upload && (
          <Form.Item name="dests" label={t('qm.mail.dests')} extra={t(`qm.mail.destsHint.${product}`)}>
            <Select mode="tags" open={false} tokenSeparators={[',', ';', ' ']} />
          </Form.Item>
        )}
        <Space>
          <Button
            loading={compose.isPending}
            onClick={() =>
              void form
                .validateFields(upload ? ['bookId', 'upload'] : ['bookId'])
                .then(() => compose.mutate(form.getFieldsValue()))
            }
          >
            {t('qm.mail.preview')}
          </Button>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {t('qm.mail.send')}
          </Button>
        </Space>
      </Form>
      {preview && (
        <div style={{ marginTop: 16 }}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('qm.mail.subject')}>{preview.subject}</Descriptions.Item>
            <Descriptions.Item label={t('qm.mail.effective')}>{day(preview.effectiveFrom)}</Descriptions.Item>
            <Descriptions.Item label={t('qm.mail.rowCount')}>{preview.rows.length}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0' }}>
            {t('qm.mail.attachHint')}
          </Typography.Paragraph>
          <MailBody html={preview.html} />
        </div>
      )}
    </Card>
  );
}
/** the route's send page, by the last segment of its path */
export function SendPageScreen() {
  const { pathname } = useLocation();
  const key = pathname.split('/').pop() as SendPageKey;
  return SEND_PAGES[key] ? <SendQuoteScreen key={key} page={key} /> : null;
}

/** `quote-email` (decision 0063): the sent quotes on the kernel, with an account picker, export and column chooser. */
export function QuoteEmailsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (id: number) => navigate(`/offerManage/quote-email/detail?id=${id}`);
  return (
    <ResourceList
      def={quoteEmailResource}
      overrides={{
        filters: { bookId: <AccountPicker data-testid="quote-email-account" /> },
        cells: {
          subject: (v, row) => (
            <Typography.Link onClick={() => open(row.id as number)} data-testid="quote-email-open">
              {String(v)}
            </Typography.Link>
          ),
        },
        toolbar: (
          <Dropdown
            menu={{
              items: (Object.keys(SEND_PAGES) as SendPageKey[]).map((p) => ({
                key: p,
                label: t(`qm.mail.sendTitle.${p}`),
              })),
              onClick: ({ key }) => navigate(`/offerManage/send/${key}`),
            }}
          >
            <Button type="primary" icon={<SendOutlined />}>
              {t('qm.mail.send')}
            </Button>
          </Dropdown>
        ),
      }}
    />
  );
}

/** A sent quote by `?id=`: the mail as sent, its rows, the attached price list and the customer's link. */
export function QuoteEmailDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { data } = useQuery({
    queryKey: ['qm', 'quote-email', id],
    queryFn: () => qmApi.quoteEmail(id),
    enabled: id > 0,
  });
  if (!data) return null;
  return (
    <Card size="small" title={data.subject}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t(BOOK_LABEL[data.bookKind])}>{data.bookName}</Descriptions.Item>
        <Descriptions.Item label={t('qm.product')}>
          {t(`qm.productValue.${data.product}`)}
          {data.category && <Tag style={{ marginLeft: 8 }}>{data.category.toUpperCase()}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('qm.mail.to')}>{addressText(data.toList)}</Descriptions.Item>
        <Descriptions.Item label={t('qm.mail.cc')}>{addressText(data.ccList) || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('qm.mail.effective')}>{day(data.effectiveFrom)}</Descriptions.Item>
        <Descriptions.Item label={t('qm.mail.sentAt')}>{time(data.sentAt)}</Descriptions.Item>
        <Descriptions.Item label={t('qm.mail.attachment')}>
          {data.file ? <a href={data.file.url}>{data.file.name}</a> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('qm.mail.link')}>
          <Typography.Link
            href={data.link}
            target="_blank"
            copyable={{ text: data.link }}
            ellipsis
            style={{ maxWidth: 260 }}
            data-testid="quote-link"
          >
            {data.link}
          </Typography.Link>
          <div>
            <Typography.Text type="secondary">
              {t('qm.mail.linkUntil', { date: day(data.linkExpiresAt) })}
            </Typography.Text>
          </div>
        </Descriptions.Item>
      </Descriptions>
      <Tabs
        style={{ marginTop: 12 }}
        items={[
          { key: 'mail', label: t('qm.mail.body'), children: <MailBody html={data.html} /> },
          {
            key: 'rows',
            label: `${t('qm.mail.rows')} (${data.rows.length})`,
            children: <QuotedRowsTable product={data.product} rows={data.rows} />,
          },
        ]}
      />
    </Card>
  );
}

/** `quote-email-template`: subject and body per language with `{variables}`. */
export function QuoteEmailTemplateScreen() {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Alert type="info" showIcon title={t('qm.mail.varsHint')} style={{ maxWidth: 720, marginBottom: 8 }} />
      <Tabs
        items={(['zh-CN', 'en'] as const).map((locale) => ({
          key: locale,
          label: locale === 'zh-CN' ? '中文' : 'English',
          children: <TemplateForm locale={locale} />,
        }))}
      />
    </Card>
  );
}

function TemplateForm({ locale }: { locale: 'zh-CN' | 'en' }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: ['qm', 'template', locale], queryFn: () => qmApi.template(locale) });
  const save = useMutation({
    mutationFn: (v: { subject: string; body: string }) => qmApi.saveTemplate({ locale, ...v }),
    onSuccess: () => {
      message.success(t('qm.save'));
      void queryClient.invalidateQueries({ queryKey: ['qm', 'template', locale] });
    },
  });
  if (!data) return null;
  return (
    <Form layout="vertical" style={{ maxWidth: 720 }} initialValues={data} onFinish={(v) => save.mutate(v)}>
      {!data.saved && <Alert type="warning" showIcon title={t('qm.mail.builtIn')} style={{ marginBottom: 12 }} />}
      <Form.Item name="subject" label={t('qm.mail.subject')} rules={[{ required: true, max: 200 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="body" label={t('qm.mail.body')} rules={[{ required: true, max: 20_000 }]}>
        <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} />
      </Form.Item>
      <Form.Item label={t('qm.mail.vars')}>
        <Space size={[4, 4]} wrap>
          {data.vars.map((v) => (
            <Tag key={v} title={t(`qm.mail.var.${v as 'prices'}`)}>{`{${v}}`}</Tag>
          ))}
        </Space>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('qm.save')}
      </Button>
    </Form>
  );
}

/** The page a sent quote's signed link opens, with or without a session (read-only). */
export function PublicQuoteScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data, error, isLoading } = useQuery({
    queryKey: ['qm', 'public-quote', token],
    queryFn: () => qmApi.publicQuote(token),
    enabled: token.length > 0,
    retry: false,
  });
  if (isLoading) return null;
  if (!data)
    return (
      <Result
        status="warning"
        title={t('qm.mail.linkBad')}
        subTitle={error instanceof Error ? error.message : undefined}
      />
    );
  return (
    <Card size="small" title={data.subject} data-testid="public-quote">
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t(BOOK_LABEL[data.bookKind])}>{data.bookName}</Descriptions.Item>
        <Descriptions.Item label={t('qm.mail.effective')}>{day(data.effectiveFrom)}</Descriptions.Item>
        <Descriptions.Item label={t('qm.mail.linkValid')}>{day(data.linkExpiresAt)}</Descriptions.Item>
      </Descriptions>
      <QuotedRowsTable product={data.product} rows={data.rows} />
    </Card>
  );
}
