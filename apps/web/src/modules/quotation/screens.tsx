import { specialPriceResource, supplierQuoteResource } from '@portal/contracts/quotation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatTime } from '../../platform/format-time';
import { ResourceList } from '../../platform/resource/ResourceList';
import { AccountPicker } from './AccountPicker';
import { type ListPreview, type PriceRowView, qmApi } from './api';
import { BookPicker } from './BookPicker';
import { PriceListPreviewView } from './PriceListPreviewView';
import { type Category, categoryChoices, categoryParam, importCategoryChoices, sendPageFor } from './price-categories';

type Product = 'sms' | 'voice' | 'whatsapp' | 'number' | 'email';
const time = (s: string | null) => formatTime(s, '—');
const isoOf = (d?: Dayjs | null) => (d ? d.toDate().toISOString() : undefined);
export const CURRENCIES = ['USD', 'EUR', 'CNY', 'HKD', 'SGD', 'GBP'].map((c) => ({ value: c, label: c }));

/** A choice of price categories as options (decision 0108). */
function useCategoryOptions(choices: Category[]) {
  const { t } = useTranslation();
  return choices.map((c) => ({ value: c, label: t(`qm.categoryValue.${c}`) }));
}

/** The columns of price rows (a book's list, a query's history). */
function usePriceColumns(product: Product, agent = false) {
  const { t } = useTranslation();
  const voice = product === 'voice';
  const category = categoryChoices(product).length > 1;
  return [
    {
      title: agent ? t('qm.agent.account') : t('qm.bookId'),
      dataIndex: 'bookId',
      width: 180,
      ellipsis: true,
      render: (id: number, r: PriceRowView) => r.bookName ?? `#${id}`,
    },
    {
      title: t('qm.dest'),
      dataIndex: 'dest',
      width: 150,
      render: (v: string, r: PriceRowView) => (
        <Space size={4}>
          <Tag>{t(`qm.destKind.${r.destKind as 'network'}`)}</Tag>
          {v}
        </Space>
      ),
    },
    ...(category
      ? [
          {
            title: t('qm.category'),
            dataIndex: 'category',
            width: 110,
            render: (v: string) =>
              v ? <Tag color="green">{t(`qm.categoryValue.${v as Category}`)}</Tag> : t('qm.categoryValue.standard'),
          },
        ]
      : []),
    { title: t('qm.country'), dataIndex: 'country', width: 70 },
    {
      title: voice ? t('qm.unitPriceVoice') : t('qm.unitPrice'),
      dataIndex: 'unitPrice',
      align: 'right' as const,
      width: 110,
    },
    ...(voice
      ? [
          {
            title: t('qm.increments'),
            key: 'inc',
            width: 90,
            render: (_: unknown, r: PriceRowView) => `${r.firstIncrement}/${r.nextIncrement}`,
          },
          { title: t('qm.connectFee'), dataIndex: 'connectFee', align: 'right' as const, width: 100 },
        ]
      : []),
    { title: t('qm.currency'), dataIndex: 'currency', width: 70 },
    { title: t('qm.effectiveFrom'), dataIndex: 'effectiveFrom', width: 170, render: time },
    { title: t('qm.effectiveUntil'), dataIndex: 'effectiveUntil', width: 170, render: time },
    {
      title: t('qm.chargeOn'),
      dataIndex: 'chargeOn',
      width: 90,
      render: (v: string | null) => (v ? t(`qm.chargeOnValue.${v as 'submit'}`) : '—'),
    },
    {
      title: t('qm.source'),
      dataIndex: 'source',
      width: 90,
      render: (v: string) => t(`qm.sourceValue.${v as 'manual'}`),
    },
  ];
}

/** The form of one price (customer or supplier), with the margin guard's answer. */
function PriceForm(props: {
  product: Product;
  bookKind: string;
  bookId?: number;
  /** the list's category filter: a price added from the OTP rows is an OTP price */
  category?: Category;
  /** agents-quote (decision 0113): a partner price, only in an agent's account book */
  agent?: boolean;
  /** a new price of a listed row: its destination and currency */
  row?: PriceRowView;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const voice = props.product === 'voice';
  const categories = useCategoryOptions(categoryChoices(props.product));
  const save = useMutation({
    mutationFn: (v: Record<string, unknown>) =>
      qmApi.save({
        ...v,
        bookKind: props.bookKind,
        product: props.product,
        agent: props.agent || undefined,
        // the standard row has no category
        category: categoryParam(v.category as Category),
        effectiveFrom: isoOf(v.effectiveFrom as Dayjs | undefined),
      }),
    onSuccess: (r) => {
      if (r.outcome === 'special') message.warning(t('qm.special', { id: r.approvalId }));
      else if (r.outcome === 'supplier') message.warning(t('qm.supplierQuote.started', { id: r.approvalId }));
      else message.success(t('qm.saved', { at: time(r.effectiveFrom) }));
      props.onDone();
    },
  });
  return (
    <Form
      layout="vertical"
      initialValues={{
        bookId: props.row?.bookId ?? props.bookId,
        currency: props.row?.currency ?? 'USD',
        firstIncrement: props.row?.firstIncrement ?? 60,
        nextIncrement: props.row?.nextIncrement ?? 60,
        category: (props.row ? props.row.category || 'standard' : props.category) ?? 'standard',
        ...(props.row && { [props.row.destKind === 'prefix' ? 'prefix' : props.row.destKind]: props.row.dest }),
      }}
      onFinish={(v) => save.mutate(v)}
    >
      <Form.Item
        name="bookId"
        label={props.agent ? t('qm.agent.account') : t(`qm.book.${props.bookKind as 'account'}`)}
        rules={[{ required: true }]}
      >
        <BookPicker
          bookKind={props.bookKind}
          product={props.product}
          style={{ width: '100%' }}
          data-testid="qm-price-book"
        />
      </Form.Item>
      {categories.length > 1 && (
        <Form.Item name="category" label={t('qm.category')} extra={t('qm.categoryHint')}>
          <Radio.Group optionType="button" options={categories} data-testid="qm-price-category" />
        </Form.Item>
      )}
      {voice ? (
        <Form.Item name="prefix" label={t('qm.prefix')} rules={[{ required: true, pattern: /^\d{1,15}$/ }]}>
          <Input />
        </Form.Item>
      ) : (
        <Space.Compact block>
          <Form.Item name="network" label={t('qm.network')} rules={[{ pattern: /^\d{5,6}$/ }]}>
            <Input />
          </Form.Item>
          <Form.Item name="country" label={t('qm.country')} rules={[{ pattern: /^[A-Z]{2}$/ }]}>
            <Input maxLength={2} />
          </Form.Item>
        </Space.Compact>
      )}
      <Space.Compact block>
        <Form.Item
          name="unitPrice"
          label={voice ? t('qm.unitPriceVoice') : t('qm.unitPrice')}
          rules={[{ required: true, pattern: /^\d{1,12}(\.\d{1,6})?$/ }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="currency" label={t('qm.currency')} rules={[{ required: true }]}>
          <Select options={CURRENCIES} style={{ width: 100 }} />
        </Form.Item>
      </Space.Compact>
      {voice && (
        <Space.Compact block>
          <Form.Item name="firstIncrement" label={t('qm.firstIncrement')}>
            <InputNumber min={1} max={3600} precision={0} />
          </Form.Item>
          <Form.Item name="nextIncrement" label={t('qm.nextIncrement')}>
            <InputNumber min={1} max={3600} precision={0} />
          </Form.Item>
          <Form.Item name="connectFee" label={t('qm.connectFee')} rules={[{ pattern: /^\d{1,12}(\.\d{1,6})?$/ }]}>
            <Input />
          </Form.Item>
        </Space.Compact>
      )}
      {props.bookKind === 'channel' && (
        <Form.Item name="chargeOn" label={t('qm.chargeOn')}>
          <Select
            allowClear
            options={(['submit', 'delivery'] as const).map((v) => ({ value: v, label: t(`qm.chargeOnValue.${v}`) }))}
          />
        </Form.Item>
      )}
      <Form.Item name="effectiveFrom" label={t('qm.effectiveFrom')}>
        <DatePicker showTime />
      </Form.Item>
      {props.bookKind !== 'channel' && (
        <Form.Item name="reason" label={t('qm.reason')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="qm-price-save">
        {t('qm.save')}
      </Button>
    </Form>
  );
}

/** Import of a supplier price list: upload, preview by change, then save all. */
function ImportModal(props: { product: 'sms' | 'voice'; channelId?: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [channelId, setChannelId] = useState<number | undefined>(props.channelId);
  const [preview, setPreview] = useState<ListPreview>();
  const [closeRemoved, setCloseRemoved] = useState(false);
  // the category of the whole list (decision 0108): an OTP or AI-voice deck is compared with those rows
  const [category, setCategory] = useState<Category>('standard');
  const categories = useCategoryOptions(importCategoryChoices(props.product));
  const listCategory = categoryParam(category);
  const read = useMutation({
    mutationFn: (file: File) => qmApi.preview(channelId!, props.product, file, listCategory),
    onSuccess: setPreview,
  });
  const commit = useMutation({
    mutationFn: () =>
      qmApi.commit({ channelId, product: props.product, category: listCategory, rows: preview!.rows, closeRemoved }),
    onSuccess: (r) => {
      // rows that need approval wait in one supplier-quote request (decision 0103)
      if (r.requestId)
        modal.confirm({
          title: t('qm.importHeld.title', r),
          content: t('qm.importHeld.content', r),
          okText: t('qm.importHeld.open'),
          cancelText: t('qm.importHeld.close'),
          onOk: () => navigate(`${supplierQuoteResource.routes.detail}?id=${r.requestId}`),
        });
      else message.success(t('qm.imported', r));
      setPreview(undefined);
      props.onClose();
    },
  });
  return (
    <Modal
      open={props.open}
      width={960}
      title={t('qm.import')}
      onCancel={props.onClose}
      okText={t('qm.commit')}
      okButtonProps={{ disabled: !preview?.rows.length, loading: commit.isPending }}
      onOk={() => commit.mutate()}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <span>{t('qm.importHint')}</span>
        <Space>
          <InputNumber
            placeholder={t('qm.channelId')}
            min={1}
            value={channelId}
            onChange={(v) => setChannelId(v ?? undefined)}
          />
          <Select
            value={category}
            options={categories}
            prefix={t('qm.category')}
            style={{ width: 240 }}
            aria-label={t('qm.category')}
            data-testid="qm-import-category"
            onChange={(v) => {
              setCategory(v);
              setPreview(undefined);
            }}
          />
          <Upload
            accept=".xlsx,.csv"
            showUploadList={false}
            disabled={!channelId}
            beforeUpload={(file) => {
              read.mutate(file);
              return false;
            }}
          >
            <Button loading={read.isPending} disabled={!channelId}>
              {t('qm.import')}
            </Button>
          </Upload>
        </Space>
        {preview && (
          <PriceListPreviewView preview={preview} closeRemoved={closeRemoved} onCloseRemoved={setCloseRemoved} />
        )}
      </Space>
    </Modal>
  );
}

/**
 * A price book screen: customer quotes (accounts or quote groups), supplier costs (channels), or
 * agent quotes (decision 0113: the agents' accounts' books only, a row's new price and history).
 */
function BookScreen({ side, product }: { side: 'customer' | 'supplier' | 'agent'; product: Product }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const agent = side === 'agent';
  const [bookKind, setBookKind] = useState(side === 'supplier' ? 'channel' : agent ? 'account' : 'group');
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<PriceRowView>();
  const [filter, setFilter] = useState<{
    bookId?: number;
    dest?: string;
    category?: Category;
    at?: string;
    current: number;
  }>({ current: 1 });
  const categories = useCategoryOptions(categoryChoices(product));
  // the send page of the rows listed: the OTP or AI-voice page when filtered to that category
  const sendKey = sendPageFor(product, filter.category);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const navigate = useNavigate();
  const q = { bookKind, product, size: 50, ...filter, ...(agent && { agent: true }) };
  const { data, isFetching } = useQuery({ queryKey: ['qm', 'page', q], queryFn: () => qmApi.page(q) });
  const priceColumns = usePriceColumns(product, agent);
  // agents-quote: a row's new price (versioned: from its effective time) and the row's history
  const columns = agent
    ? [
        ...priceColumns,
        {
          title: t('qm.agent.actions'),
          key: 'actions',
          width: 150,
          render: (_: unknown, r: PriceRowView) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="qm-agent-edit">
                {t('qm.agent.edit')}
              </Button>
              <Button
                type="link"
                size="small"
                data-testid="qm-agent-history"
                onClick={() => {
                  form.setFieldsValue({ bookId: r.bookId, dest: r.dest, at: undefined });
                  setFilter({ bookId: r.bookId, dest: r.dest, category: filter.category, current: 1 });
                }}
              >
                {t('qm.agent.history')}
              </Button>
            </Space>
          ),
        },
      ]
    : priceColumns;
  return (
    <Card size="small">
      {agent && <Alert type="info" showIcon title={t('qm.agent.hint')} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        layout="inline"
        onFinish={(v) =>
          setFilter({
            bookId: v.bookId ?? undefined,
            dest: v.dest || undefined,
            category: v.category ?? undefined,
            at: isoOf(v.at),
            current: 1,
          })
        }
        style={{ marginBottom: 12, rowGap: 8 }}
      >
        {side === 'customer' && (
          <Form.Item label={t('qm.bookKind')}>
            <Select
              value={bookKind}
              onChange={setBookKind}
              style={{ width: 140 }}
              options={(['group', 'account'] as const).map((k) => ({ value: k, label: t(`qm.book.${k}`) }))}
            />
          </Form.Item>
        )}
        <Form.Item name="bookId" label={agent ? t('qm.agent.account') : t(`qm.book.${bookKind as 'group'}`)}>
          <BookPicker bookKind={bookKind} product={product} data-testid="qm-filter-book" />
        </Form.Item>
        <Form.Item name="dest" label={t('qm.dest')}>
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        {categories.length > 1 && (
          <Form.Item name="category" label={t('qm.category')}>
            <Select allowClear options={categories} style={{ width: 130 }} data-testid="qm-filter-category" />
          </Form.Item>
        )}
        <Form.Item name="at" label={t('qm.at')}>
          <DatePicker showTime />
        </Form.Item>
        <Button htmlType="submit" type="primary">
          {t('qm.search')}
        </Button>
        <Button onClick={() => setAdding(true)} style={{ marginLeft: 8 }}>
          {t('qm.add')}
        </Button>
        {side !== 'supplier' && sendKey && (
          <Button
            style={{ marginLeft: 8 }}
            onClick={() =>
              navigate(
                `/offerManage/send/${sendKey}${bookKind === 'account' && filter.bookId ? `?accountId=${filter.bookId}` : ''}`,
              )
            }
          >
            {t(`qm.mail.sendTitle.${sendKey}`)}
          </Button>
        )}
        {side === 'supplier' && (product === 'sms' || product === 'voice') && (
          <Button onClick={() => setImporting(true)} style={{ marginLeft: 8 }}>
            {t('qm.import')}
          </Button>
        )}
      </Form>
      <Table<PriceRowView>
        size="small"
        rowKey="id"
        loading={isFetching}
        dataSource={data?.records}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: filter.current,
          pageSize: 50,
          total: data?.total,
          showSizeChanger: false,
          onChange: (current) => setFilter({ ...filter, current }),
        }}
      />
      <Modal
        open={adding || !!editing}
        title={editing ? t('qm.agent.edit') : t('qm.add')}
        footer={null}
        onCancel={() => {
          setAdding(false);
          setEditing(undefined);
        }}
        destroyOnHidden
      >
        <PriceForm
          product={product}
          bookKind={bookKind}
          bookId={filter.bookId}
          category={filter.category}
          agent={agent}
          row={editing}
          onDone={() => {
            setAdding(false);
            setEditing(undefined);
            void queryClient.invalidateQueries({ queryKey: ['qm', 'page'] });
          }}
        />
      </Modal>
      {side === 'supplier' && (product === 'sms' || product === 'voice') && (
        <ImportModal
          product={product}
          channelId={filter.bookId}
          open={importing}
          onClose={() => {
            setImporting(false);
            void queryClient.invalidateQueries({ queryKey: ['qm', 'page'] });
          }}
        />
      )}
    </Card>
  );
}

export const CustomerSmsScreen = () => <BookScreen side="customer" product="sms" />;
/** agents-quote (decision 0113): the SMS book screen restricted to agents' accounts */
export const AgentQuoteScreen = () => <BookScreen side="agent" product="sms" />;
export const CustomerVoiceScreen = () => <BookScreen side="customer" product="voice" />;
export const CustomerNumberScreen = () => <BookScreen side="customer" product="number" />;
export const CustomerWhatsappScreen = () => <BookScreen side="customer" product="whatsapp" />;
export const SupplierSmsScreen = () => <BookScreen side="supplier" product="sms" />;
export const SupplierVoiceScreen = () => <BookScreen side="supplier" product="voice" />;

/** Quote query and rate simulator: the price for an account, each channel's cost, the margin, and the history. */
function QueryScreen() {
  const { t } = useTranslation();
  const [product, setProduct] = useState<Product>('sms');
  const rate = useMutation({ mutationFn: qmApi.rate });
  const voice = product === 'voice';
  const price = rate.data?.price;
  const columns = usePriceColumns(product);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <Form
          layout="inline"
          style={{ rowGap: 8 }}
          initialValues={{ product: 'sms', units: 1 }}
          onFinish={(v) =>
            rate.mutate({
              accountId: v.accountId ?? undefined,
              channelIds: v.channelIds
                ? String(v.channelIds)
                    .split(/[\s,]+/)
                    .filter(Boolean)
                    .map(Number)
                : undefined,
              product,
              network: voice ? undefined : v.network || undefined,
              country: voice ? undefined : v.country || undefined,
              number: voice ? v.number || undefined : undefined,
              units: v.units,
              currency: v.currency || undefined,
              at: isoOf(v.at),
            })
          }
        >
          <Form.Item name="product" label={t('qm.product')}>
            <Select
              style={{ width: 110 }}
              onChange={setProduct}
              options={(['sms', 'voice', 'whatsapp'] as const).map((p) => ({
                value: p,
                label: t(`qm.productValue.${p}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="accountId" label={t('qm.accountId')}>
            <AccountPicker data-testid="rate-account" />
          </Form.Item>
          {voice ? (
            <Form.Item name="number" label={t('qm.number')}>
              <Input style={{ width: 160 }} />
            </Form.Item>
          ) : (
            <>
              <Form.Item name="network" label={t('qm.network')}>
                <Input style={{ width: 100 }} />
              </Form.Item>
              <Form.Item name="country" label={t('qm.country')}>
                <Input style={{ width: 60 }} maxLength={2} />
              </Form.Item>
            </>
          )}
          <Form.Item name="units" label={t('qm.units')}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item name="channelIds" label={t('qm.channelIds')}>
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="currency" label={t('qm.currency')}>
            <Select allowClear options={CURRENCIES} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="at" label={t('qm.at')}>
            <DatePicker showTime />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={rate.isPending} data-testid="qm-rate">
            {t('qm.search')}
          </Button>
        </Form>
      </Card>
      {rate.data && (
        <Card size="small" title={t('qm.price')}>
          {price ? (
            <Descriptions size="small" column={4}>
              <Descriptions.Item label={t('qm.price')}>
                {price.amount} {price.currency}
              </Descriptions.Item>
              <Descriptions.Item label={t('qm.unitPrice')}>{price.unitPrice}</Descriptions.Item>
              <Descriptions.Item label={t('qm.units')}>{price.billedUnits}</Descriptions.Item>
              <Descriptions.Item label={t('qm.at')}>{time(rate.data.at)}</Descriptions.Item>
            </Descriptions>
          ) : (
            <span>{t('qm.noPrice')}</span>
          )}
          <Table
            size="small"
            rowKey="channelId"
            dataSource={rate.data.costs}
            pagination={false}
            columns={[
              { title: t('qm.channelId'), dataIndex: 'channelCode' },
              { title: t('qm.book.channel'), dataIndex: 'channelName' },
              {
                title: t('qm.cost'),
                key: 'cost',
                align: 'right',
                render: (_, r) => `${r.cost.amount} ${r.cost.currency}`,
              },
              { title: t('qm.margin'), dataIndex: 'margin', align: 'right' },
              { title: t('qm.marginPct'), dataIndex: 'marginPct', align: 'right' },
            ]}
          />
        </Card>
      )}
      {rate.data && rate.data.history.length > 0 && (
        <Card size="small" title={t('qm.history')}>
          <Table<PriceRowView>
            size="small"
            rowKey="id"
            dataSource={rate.data.history}
            columns={columns}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </Card>
      )}
    </Space>
  );
}
export const QuoteQueryScreen = QueryScreen;

/** `quote-set`: the notice days increases wait. */
export function QuoteSetScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: ['qm', 'settings'], queryFn: qmApi.settings });
  const save = useMutation({
    mutationFn: qmApi.saveSettings,
    onSuccess: () => {
      message.success(t('qm.save'));
      void queryClient.invalidateQueries({ queryKey: ['qm', 'settings'] });
    },
  });
  if (!data) return null;
  return (
    <Card size="small" style={{ maxWidth: 480 }}>
      <Form layout="vertical" initialValues={data} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="increaseNoticeDays" label={t('qm.noticeDays')} extra={t('qm.noticeHint')}>
          <InputNumber min={0} max={365} precision={0} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('qm.save')}
        </Button>
      </Form>
    </Card>
  );
}

const stateColor = { pending: 'processing', approved: 'green', rejected: 'red', withdrawn: 'default' } as const;

/** `quota-apply-approval/special`: special-price requests on the kernel, in the applicant's data scope. */
export const SpecialListScreen = () => <ResourceList def={specialPriceResource} />;

/** A special-price request by `?id=`. */
export function SpecialDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { data } = useQuery({ queryKey: ['qm', 'special', id], queryFn: () => qmApi.special(id), enabled: id > 0 });
  if (!data) return null;
  return (
    <Card size="small">
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('qm.bookId')}>
          {t(`qm.book.${data.bookKind as 'group'}`)} #{data.bookId}
        </Descriptions.Item>
        <Descriptions.Item label={t('qm.product')}>{t(`qm.productValue.${data.product as 'sms'}`)}</Descriptions.Item>
        <Descriptions.Item label={t('qm.dest')}>{data.dest}</Descriptions.Item>
        <Descriptions.Item label={t('qm.unitPrice')}>
          {data.unitPrice} {data.currency}
        </Descriptions.Item>
        <Descriptions.Item label={t('qm.effectiveFrom')}>{time(data.effectiveFrom)}</Descriptions.Item>
        <Descriptions.Item label={t('qm.limit')}>{data.limitText}</Descriptions.Item>
        <Descriptions.Item label={t('qm.reason')}>{data.reason}</Descriptions.Item>
        <Descriptions.Item label={t('qm.state')}>
          <Tag color={stateColor[data.state as keyof typeof stateColor]}>
            {t(`qm.stateValue.${data.state as 'pending'}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('qm.approvalId')}>{data.approvalId}</Descriptions.Item>
        <Descriptions.Item label={t('qm.decidedAt')}>{time(data.decidedAt)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** the special-price apply page loads with the special-price screens */
export { SpecialApplyScreen } from './SpecialApplyScreen';
