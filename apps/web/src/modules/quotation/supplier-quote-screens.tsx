import {
  type AffectedAccount,
  type SupplierQuoteDetail,
  type SupplierQuoteLine,
  supplierQuoteResource,
} from '@portal/contracts/quotation';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Space, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatTime } from '../../platform/format-time';
import { RecordTimeline, type TimelineEntry } from '../../platform/history/RecordTimeline';
import { ResourceList } from '../../platform/resource/ResourceList';
import { qmApi } from './api';

const time = (s: string | null) => formatTime(s, '—');
const STATE_COLORS = { pending: 'processing', approved: 'green', rejected: 'red', withdrawn: 'default' } as const;
const ACTION_COLORS: Record<string, string> = {
  start: 'blue',
  resubmit: 'blue',
  agree: 'green',
  approved: 'green',
  reject: 'red',
  transmit: 'purple',
  cc: 'cyan',
  remind: 'orange',
};

/** `quota-apply-approval/supplier`: supplier-quote requests on the kernel, in the applicant's data scope. */
export function SupplierQuoteListScreen() {
  const navigate = useNavigate();
  return (
    <ResourceList
      def={supplierQuoteResource}
      overrides={{
        cells: {
          dest: (v, row) => (
            <Typography.Link
              onClick={() => navigate(`${supplierQuoteResource.routes.detail}?id=${row.id as number}`)}
              data-testid="supplier-quote-open"
            >
              {String(v || '—')}
            </Typography.Link>
          ),
        },
      }}
    />
  );
}

/** A supplier-quote request by `?id=`: the change, the accounts it touches, the approval history. */
export function SupplierQuoteDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { data } = useQuery({
    queryKey: ['qm', 'supplier-quote', id],
    queryFn: () => qmApi.supplierQuote(id),
    enabled: id > 0,
  });
  if (!data) return null;
  return (
    <Flex vertical gap={12} data-testid="supplier-quote-detail">
      <Card size="small" title={`${t('qm.supplierQuote.request')} #${data.id}`}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label={t('qm.supplierQuote.channel')}>{data.channelCode}</Descriptions.Item>
          <Descriptions.Item label={t('qm.product')}>{t(`qm.productValue.${data.product as 'sms'}`)}</Descriptions.Item>
          <Descriptions.Item label={t('qm.state')}>
            <Tag color={STATE_COLORS[data.state]} data-testid="supplier-quote-state">
              {t(`qm.stateValue.${data.state}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('qm.supplierQuote.why')}>
            <Space size={4} wrap>
              {data.raise && <Tag color="orange">{t('qm.supplierQuote.raise')}</Tag>}
              {data.overPrice && <Tag color="red">{t('qm.supplierQuote.overPrice')}</Tag>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('qm.supplierQuote.applicant')}>{data.applicantName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('qm.createdAt')}>{time(data.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('qm.approvalId')}>{data.approvalId ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('qm.decidedAt')}>{time(data.decidedAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        size="small"
        title={data.lineCount ? t('qm.supplierQuote.lines', { count: data.lineCount }) : t('qm.supplierQuote.rows')}
      >
        <ChangeRows data={data} />
      </Card>
      <Card size="small" title={`${t('qm.supplierQuote.affected')} (${data.affected.length})`}>
        <AffectedTable rows={data.affected} currency={data.currency} />
      </Card>
      <Card size="small" title={t('qm.supplierQuote.history')}>
        <RecordTimeline entries={historyEntries(data, t)} />
      </Card>
    </Flex>
  );
}

/**
 * The costs the request asks for: one saved cost, or an import's lines (decision 0103) — row,
 * destination, old and new cost, effective time, why, the accounts each touches, the written row.
 */
function ChangeRows({ data }: { data: SupplierQuoteDetail }) {
  const { t } = useTranslation();
  const many = data.lineCount > 0;
  return (
    <Table
      size="small"
      rowKey="row"
      data-testid="supplier-quote-lines"
      pagination={data.lines.length > 20 ? { pageSize: 20 } : false}
      scroll={{ x: 760 }}
      dataSource={data.lines}
      columns={[
        ...(many ? [{ title: t('qm.supplierQuote.row'), dataIndex: 'row', width: 64 }] : []),
        {
          title: t('qm.dest'),
          key: 'dest',
          render: (_: unknown, r: SupplierQuoteLine) =>
            `${r.dest || '—'}${r.country && r.country !== r.dest ? ` (${r.country})` : ''}${r.label ? ` ${r.label}` : ''}`,
        },
        {
          title: t('qm.supplierQuote.oldCost'),
          key: 'old',
          align: 'right',
          render: (_: unknown, r: SupplierQuoteLine) => (r.oldCost ? `${r.oldCost} ${r.currency}` : '—'),
        },
        {
          title: t('qm.supplierQuote.newCost'),
          key: 'new',
          align: 'right',
          render: (_: unknown, r: SupplierQuoteLine) => `${r.unitPrice} ${r.currency}`,
        },
        { title: t('qm.effectiveFrom'), dataIndex: 'effectiveFrom', render: time },
        {
          title: t('qm.supplierQuote.why'),
          key: 'why',
          render: (_: unknown, r: SupplierQuoteLine) => (
            <Space size={4} wrap>
              {r.raise && <Tag color="orange">{t('qm.supplierQuote.raise')}</Tag>}
              {r.overPrice && <Tag color="red">{t('qm.supplierQuote.overPrice')}</Tag>}
            </Space>
          ),
        },
        {
          title: t('qm.supplierQuote.affected'),
          key: 'affected',
          render: (_: unknown, r: SupplierQuoteLine) =>
            r.affected.length
              ? r.affected
                  .slice(0, 5)
                  .map((a) => a.code)
                  .join(', ') + (r.affected.length > 5 ? ` … (${r.affected.length})` : '')
              : '—',
        },
        {
          title: t('qm.supplierQuote.written'),
          dataIndex: 'priceId',
          render: (v: number | null) => (v ? `#${v}` : '—'),
        },
      ]}
    />
  );
}

function AffectedTable({ rows, currency }: { rows: AffectedAccount[]; currency: string }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="accountId"
      pagination={rows.length > 20 ? { pageSize: 20 } : false}
      scroll={{ x: 420 }}
      locale={{ emptyText: t('qm.supplierQuote.affectedNone') }}
      dataSource={rows}
      columns={[
        { title: t('qm.supplierQuote.account'), dataIndex: 'code' },
        {
          title: t('qm.supplierQuote.price'),
          dataIndex: 'price',
          align: 'right',
          render: (v: string | null) => (v ? `${v} ${currency}` : t('qm.supplierQuote.noPrice')),
        },
        {
          title: t('qm.supplierQuote.over'),
          dataIndex: 'over',
          render: (v: boolean) => (v ? <Tag color="red">{t('qm.supplierQuote.over')}</Tag> : '—'),
        },
      ]}
    />
  );
}

const historyEntries = (d: SupplierQuoteDetail, t: TFunction): TimelineEntry[] =>
  d.history.map((h) => ({
    key: h.id,
    at: h.createdAt,
    actor: h.userName ?? t('qm.supplierQuote.system'),
    tag: h.action,
    color: ACTION_COLORS[h.action] ?? 'gray',
    what: t(`qm.supplierQuote.action.${h.action as 'start'}`),
    extra: h.nodeName,
    body: h.opinion,
  }));
