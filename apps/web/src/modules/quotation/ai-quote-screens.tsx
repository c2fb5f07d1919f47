import {
  AI_QUOTE_REQUIRED,
  type AiQuoteField,
  type AiQuoteMail,
  type AiQuoteMapping,
  type AiQuoteRead,
  aiQuoteRunResource,
} from '@portal/contracts/quotation/ai-quote';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Radio, Select, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResourceList } from '../../platform/resource/ResourceList';
import { qmApi } from './api';
import { PriceListPreviewView } from './PriceListPreviewView';
import { CURRENCIES } from './screens';

const FIELDS: Record<'sms' | 'voice', AiQuoteField[]> = {
  sms: ['mcc', 'mnc', 'country', 'network', 'rate', 'currency', 'effectiveDate'],
  voice: ['prefix', 'country', 'rate', 'currency', 'firstIncrement', 'nextIncrement', 'effectiveDate'],
};
const letter = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : `#${i + 1}`);

/** The guessed mapping, one picker per field: the sheet's column (letter, header, a sample value). */
function MappingTable(props: {
  read: AiQuoteRead;
  product: 'sms' | 'voice';
  mapping: AiQuoteMapping;
  onChange: (m: AiQuoteMapping) => void;
}) {
  const { t } = useTranslation();
  const required = AI_QUOTE_REQUIRED[props.product] as readonly AiQuoteField[];
  const options = props.read.headers.map((h, i) => ({
    value: i,
    label: `${letter(i)} · ${h || '—'}${props.read.sample[0]?.[i] ? ` (${props.read.sample[0][i]})` : ''}`,
  }));
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="field"
      data-testid="ai-quote-mapping"
      dataSource={FIELDS[props.product].map((field) => ({ field }))}
      columns={[
        {
          title: t('qm.ai.field'),
          dataIndex: 'field',
          width: 200,
          render: (f: AiQuoteField) => (
            <span>
              {t(`qm.ai.fields.${f}`)}
              {required.includes(f) && <Typography.Text type="danger"> *</Typography.Text>}
            </span>
          ),
        },
        {
          title: t('qm.ai.column'),
          dataIndex: 'field',
          render: (f: AiQuoteField) => (
            <Select
              allowClear
              style={{ width: '100%', maxWidth: 360 }}
              placeholder={t('qm.ai.none')}
              options={options}
              value={props.mapping[f] ?? undefined}
              data-testid={`ai-quote-map-${f}`}
              onChange={(v?: number) => props.onChange({ ...props.mapping, [f]: v ?? null })}
            />
          ),
        },
      ]}
    />
  );
}

/**
 * `supplier-quote/ai-vendor-quote` (decision 0112): pick a channel, upload the carrier's sheet as it
 * came; the server guesses the columns (rules, or the configured AI model) and answers the import's
 * preview; staff correct the mapping, read again, then save through the import's guarded commit.
 */
export function AiVendorQuoteScreen() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [product, setProduct] = useState<'sms' | 'voice'>('sms');
  const [channelId, setChannelId] = useState<number>();
  const [currency, setCurrency] = useState<string>();
  // where the sheet came from: an upload, or one of the caller's mails (read through the mail room)
  const [source, setSource] = useState<{ file: File } | { mail: AiQuoteMail }>();
  const [read, setRead] = useState<AiQuoteRead>();
  const [mapping, setMapping] = useState<AiQuoteMapping>({});
  const [closeRemoved, setCloseRemoved] = useState(false);
  const channels = useQuery({
    queryKey: ['qm', 'channel-options', product],
    queryFn: () => qmApi.channelOptions(product),
  });
  const mails = useQuery({ queryKey: ['qm', 'ai-quote-mails'], queryFn: ({ signal }) => qmApi.aiQuoteMails(signal) });
  const reset = () => {
    setRead(undefined);
    setMapping({});
    setCloseRemoved(false);
  };
  const reading = useMutation({
    mutationFn: (a: { from: { file: File } | { mail: AiQuoteMail }; again: boolean }) => {
      const q = {
        channelId: channelId!,
        product,
        ...(currency ? { currency } : {}),
        ...(a.again && read ? { runId: read.runId, mapping } : {}),
      };
      return 'file' in a.from ? qmApi.aiQuoteRead(q, a.from.file) : qmApi.aiQuoteReadMail(q, a.from.mail.mailId);
    },
    onSuccess: (r) => {
      setRead(r);
      setMapping(r.mapping);
    },
  });
  const saving = useMutation({
    mutationFn: () => qmApi.aiQuoteSave(read!.runId, { rows: read!.preview.rows, closeRemoved }),
    onSuccess: (r) => {
      reset();
      setSource(undefined);
      if (r.requestId)
        modal.confirm({
          title: t('qm.importHeld.title', r),
          content: t('qm.importHeld.content', r),
          okText: t('qm.importHeld.open'),
          cancelText: t('qm.importHeld.close'),
          onOk: () => navigate(`/offerManage/quota-apply-approval/supplier/detail?id=${r.requestId}`),
        });
      else message.success(t('qm.imported', r));
    },
  });
  const discarding = useMutation({
    mutationFn: () => qmApi.aiQuoteDiscard(read!.runId),
    onSuccess: () => {
      reset();
      setSource(undefined);
      message.info(t('qm.ai.discarded'));
    },
  });
  const edited = read && JSON.stringify(mapping) !== JSON.stringify(read.mapping);
  return (
    <Flex vertical gap={12}>
      <Card title={t('qm.ai.title')} size="small">
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('qm.ai.hint')}</Typography.Text>
          <Flex wrap gap={8} align="center">
            <Radio.Group
              optionType="button"
              value={product}
              onChange={(e) => {
                setProduct(e.target.value);
                setChannelId(undefined);
                reset();
              }}
              options={[
                { value: 'sms', label: t('qm.ai.sms') },
                { value: 'voice', label: t('qm.ai.voice') },
              ]}
            />
            <Select
              showSearch
              optionFilterProp="label"
              style={{ width: 280 }}
              placeholder={t('qm.ai.channel')}
              aria-label={t('qm.ai.channel')}
              data-testid="ai-quote-channel"
              loading={channels.isLoading}
              value={channelId}
              onChange={(v) => {
                setChannelId(v);
                reset();
              }}
              options={(channels.data ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }))}
            />
            <Select
              allowClear
              style={{ width: 280 }}
              placeholder={t('qm.ai.currency')}
              aria-label={t('qm.ai.currency')}
              value={currency}
              onChange={setCurrency}
              options={CURRENCIES}
            />
            <Upload
              accept=".xlsx,.csv"
              showUploadList={false}
              disabled={!channelId}
              beforeUpload={(f) => {
                setSource({ file: f });
                reset();
                reading.mutate({ from: { file: f }, again: false });
                return false;
              }}
            >
              <Button
                type="primary"
                loading={reading.isPending && !read}
                disabled={!channelId}
                data-testid="ai-quote-upload"
              >
                {t('qm.ai.upload')}
              </Button>
            </Upload>
            <Select
              style={{ width: 360 }}
              disabled={!channelId}
              placeholder={t('qm.ai.fromMail')}
              aria-label={t('qm.ai.fromMail')}
              data-testid="ai-quote-mail"
              loading={mails.isLoading}
              notFoundContent={t('qm.ai.noMails')}
              value={source && 'mail' in source ? source.mail.mailId : null}
              onChange={(id: number) => {
                const mail = mails.data?.find((m) => m.mailId === id);
                if (!mail) return;
                setSource({ mail });
                reset();
                reading.mutate({ from: { mail }, again: false });
              }}
              options={(mails.data ?? []).map((m) => ({
                value: m.mailId,
                label: `${m.subject || '—'} · ${m.fileName} · ${m.from} · ${m.at.slice(0, 10)}`,
              }))}
            />
            {source && 'file' in source && <Typography.Text>{source.file.name}</Typography.Text>}
          </Flex>
        </Flex>
      </Card>
      {read && (
        <Card
          size="small"
          title={t('qm.ai.mapping')}
          extra={
            <Button
              disabled={!edited || !source}
              loading={reading.isPending}
              onClick={() => reading.mutate({ from: source!, again: true })}
              data-testid="ai-quote-reread"
            >
              {t('qm.ai.reread')}
            </Button>
          }
        >
          <Flex vertical gap={12}>
            <Alert
              type={read.mappedBy === 'model' ? 'success' : 'info'}
              showIcon
              data-testid="ai-quote-mapped-by"
              title={t(`qm.ai.by.${read.mappedBy}`)}
              description={
                read.modelConfigured
                  ? read.modelNote
                    ? t('qm.ai.modelNote', { note: read.modelNote })
                    : undefined
                  : t('qm.ai.noModel')
              }
            />
            <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
              <Descriptions.Item label={t('qm.ai.headerRow')}>{read.headerRow}</Descriptions.Item>
              <Descriptions.Item label={t('qm.ai.rowsRead')}>{read.rowsRead}</Descriptions.Item>
              <Descriptions.Item label={t('qm.ai.rowsUnderstood')}>
                <span data-testid="ai-quote-understood">{read.rowsUnderstood}</span>
              </Descriptions.Item>
            </Descriptions>
            <MappingTable read={read} product={product} mapping={mapping} onChange={setMapping} />
          </Flex>
        </Card>
      )}
      {read && (
        <Card size="small" title={t('qm.ai.preview')}>
          <Flex vertical gap={12}>
            <PriceListPreviewView
              preview={read.preview}
              closeRemoved={closeRemoved}
              onCloseRemoved={setCloseRemoved}
              rowTitle={t('qm.ai.line')}
            />
            <Space wrap>
              <Button
                type="primary"
                disabled={!read.preview.rows.length || !!edited}
                loading={saving.isPending}
                onClick={() => saving.mutate()}
                data-testid="ai-quote-save"
              >
                {t('qm.ai.save')}
              </Button>
              <Button
                danger
                loading={discarding.isPending}
                onClick={() => discarding.mutate()}
                data-testid="ai-quote-discard"
              >
                {t('qm.ai.discard')}
              </Button>
              <Typography.Link onClick={() => navigate(aiQuoteRunResource.routes.list)}>
                {t('qm.ai.log')}
              </Typography.Link>
            </Space>
          </Flex>
        </Card>
      )}
    </Flex>
  );
}

/** `supplier-quote/ai-quote-log`: every run, on the kernel (filters, export, detail), in the runner's data scope. */
export function AiQuoteLogScreen() {
  return <ResourceList def={aiQuoteRunResource} />;
}
