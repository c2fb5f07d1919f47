import { MailOutlined } from '@ant-design/icons';
import {
  allReports,
  CATEGORY_TITLE,
  DIM_TITLE,
  measureTitle,
  PERIODS,
  type PeriodKind,
  type ReportDef,
  type ReportDim,
  type ReportFigures,
  type ReportMeasure,
  type ReportQuery,
  type ReportRow,
  reportSubscriptionResource,
  type SubscriptionFilter,
} from '@portal/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Breadcrumb,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Segmented,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useCan } from '../../platform/access';
import { ExportButton } from '../../platform/export/ExportButton';
import { useLabel } from '../../platform/resource/labels';
import { ResourceForm } from '../../platform/resource/ResourceForm';
import { reportKeys, reportsApi } from './api';
import { costIsApart, figureLines, MONEY_APART } from './figures';
import { periodOfLink } from './link';
import { ReportChart } from './ReportChart';
import { subscriptionOverrides } from './SubscriptionsScreen';
import './report.css';

const YMD = 'YYYY-MM-DD';
/** drill values sent as text (the others are ids) */
const TEXT_DIMS = new Set<ReportDim>(['country', 'network', 'category']);
/** measures shown with their change against the previous period */
const COMPARED = new Set<ReportMeasure>(['count', 'revenue', 'profit', 'consumption', 'sessions']);

/** one figure; the cost in other currencies than the revenue one currency a line (decision 0109) */
function Figure({ m, f }: { m: ReportMeasure; f: ReportFigures }) {
  const lines = figureLines(m, f);
  if (lines.length === 1 && !(m === 'cost' && costIsApart(f))) return lines[0];
  return lines.map((line) => (
    <span key={line} style={{ display: 'block', whiteSpace: 'nowrap' }} data-testid="report-cost-apart">
      {line}
    </span>
  ));
}

/** the change of a figure against the previous period, as a percentage (null: nothing to compare with) */
function change(cur: string | number | null, prev: string | number | null): number | null {
  if (cur === null || prev === null) return null;
  const p = Number(prev);
  return p === 0 ? null : ((Number(cur) - p) / Math.abs(p)) * 100;
}

function Change({ value }: { value: number | null }) {
  if (value == null) return null;
  const type = value > 0 ? 'success' : value < 0 ? 'danger' : 'secondary';
  return (
    <Typography.Text type={type} style={{ fontSize: 12, display: 'block' }}>
      {value > 0 ? '+' : ''}
      {value.toFixed(1)}%
    </Typography.Text>
  );
}

type Drill = { dim: ReportDim; value: string; label: string };

/**
 * One report from its definition: the period (day, Monday-start week, month, custom) compared with
 * the one before, the chart, the table with totals, drill-down by clicking a name, and export of
 * what is shown.
 */
export function ReportScreen({ def }: { def: ReportDef }) {
  const { t, i18n } = useTranslation();
  const canSubscribe = useCan(reportSubscriptionResource.access.create);
  const [subscribing, setSubscribing] = useState(false);
  const label = useLabel();
  // a link may name the period and the customer (the assistant cites reports this way)
  const [params] = useSearchParams();
  const linked = periodOfLink(params.get('from'), params.get('to'));
  const [period, setPeriod] = useState<PeriodKind>(linked?.period ?? 'week');
  // the last complete week: a week still running would compare a part with a whole
  const [date, setDate] = useState<Dayjs>(() => linked?.from ?? dayjs().subtract(7, 'day'));
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() =>
    linked ? [linked.from, linked.to] : [dayjs().subtract(7, 'day'), dayjs().subtract(1, 'day')],
  );
  const [drill, setDrill] = useState<Drill[]>(() => {
    const id = params.get('customerId');
    return id && /^\d+$/.test(id) && def.dims[0] === 'customer'
      ? [{ dim: 'customer', value: id, label: params.get('name') || `#${id}` }]
      : [];
  });

  const query = useMemo((): ReportQuery => {
    const q: ReportQuery =
      period === 'custom'
        ? { period, from: range[0].format(YMD), to: range[1].format(YMD) }
        : { period, date: date.format(YMD) };
    for (const d of drill) Object.assign(q, { [d.dim]: TEXT_DIMS.has(d.dim) ? d.value : Number(d.value) });
    return q;
  }, [period, date, range, drill]);

  const { data, isFetching } = useQuery({
    queryKey: reportKeys.data(def.key, query),
    queryFn: ({ signal }) => reportsApi.data(def, query, signal),
    placeholderData: keepPreviousData,
  });

  const dim = data?.dim ?? def.dims[drill.length] ?? def.dims[0]!;
  const canDrill = def.dims.indexOf(dim) < def.dims.length - 1 && data?.dim === dim;
  const negative = (r: ReportRow) => def.highlightNegative && Number(r.profit) < 0;
  // some cost in another currency than its revenue, in a report showing money: say why profit is "-"
  const apart =
    def.measures.some((m) => MONEY_APART.has(m)) &&
    [...(data?.rows ?? []), ...(data?.totals ?? [])].some((r) => costIsApart(r) || costIsApart(r.prev));

  const columns: TableColumnsType<ReportRow> = [
    {
      title: label(DIM_TITLE[dim]),
      dataIndex: 'label',
      fixed: 'left',
      width: 200,
      ellipsis: true,
      render: (v: string, r) => {
        const title = dim === 'category' ? CATEGORY_TITLE[r.key] : undefined;
        const name = title ? label(title) : v;
        // a row without an owner / channel / country cannot be drilled into (nothing to fix)
        return canDrill && (dim === 'network' || (r.key !== '' && r.key !== '0')) ? (
          <Typography.Link
            data-testid="report-drill"
            onClick={() => setDrill([...drill, { dim, value: r.key, label: name }])}
          >
            {name}
          </Typography.Link>
        ) : (
          name
        );
      },
    },
    { title: t('reports.currency'), dataIndex: 'currency', width: 72 },
    ...def.measures.map((m) => ({
      title: label(measureTitle(def, m)),
      key: m,
      align: 'right' as const,
      width: 120,
      render: (_: unknown, r: ReportRow) => (
        <>
          <Figure m={m} f={r} />
          {COMPARED.has(m) && <Change value={change(r[m], r.prev[m])} />}
        </>
      ),
    })),
  ];

  const periodPicker =
    period === 'custom' ? (
      <DatePicker.RangePicker
        value={range}
        allowClear={false}
        onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        data-testid="report-range"
      />
    ) : (
      <DatePicker
        value={date}
        allowClear={false}
        picker={period === 'day' ? 'date' : period}
        onChange={(v) => v && setDate(v)}
        data-testid="report-date"
      />
    );

  return (
    <Flex vertical gap={12}>
      {canSubscribe && (
        <ResourceForm
          def={reportSubscriptionResource}
          open={subscribing}
          onClose={() => setSubscribing(false)}
          inputs={subscriptionOverrides.inputs}
          // this report, at the drill shown, every period like the one shown, in my language
          initialValues={{
            report: def.key,
            filters: JSON.stringify(
              drill.map((d): SubscriptionFilter => ({ ...d, dim: d.dim as SubscriptionFilter['dim'] })),
            ),
            frequency: period === 'custom' ? 'week' : period,
            locale: i18n.language === 'en' ? 'en' : 'zh-CN',
            enabled: true,
          }}
        />
      )}
      <Card size="small">
        <Flex wrap gap={12} align="center" justify="space-between">
          <Flex wrap gap={12} align="center">
            <Segmented
              value={period}
              onChange={(v) => setPeriod(v as PeriodKind)}
              options={PERIODS.map((p) => ({ value: p, label: t(`reports.period.${p}`) }))}
              data-testid="report-period"
            />
            {periodPicker}
            {data && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('reports.current', { from: data.from, to: data.to })} ·{' '}
                {t('reports.previous', { from: data.prevFrom, to: data.prevTo })}
              </Typography.Text>
            )}
          </Flex>
          <Flex gap={8}>
            {canSubscribe && (
              <Button icon={<MailOutlined />} onClick={() => setSubscribing(true)} data-testid="report-subscribe">
                {t('reports.subscribe')}
              </Button>
            )}
            <ExportButton path={reportsApi.exportPath(def)} filters={() => query} size="middle" />
          </Flex>
        </Flex>
      </Card>
      <Card
        size="small"
        loading={!data}
        title={
          data?.currency
            ? def.chartRows
              ? t('reports.chartRows', { dim: label(DIM_TITLE[data.dim]), currency: data.currency })
              : t('reports.chart', { currency: data.currency })
            : undefined
        }
      >
        {data &&
          (data.series.some((s) => s.current.count || s.prev.count) ? (
            <ReportChart def={def} answer={data} />
          ) : (
            <Empty description={t('reports.noData')} />
          ))}
      </Card>
      <Card
        size="small"
        title={
          <Breadcrumb
            data-testid="report-breadcrumb"
            items={[
              { title: <Typography.Link onClick={() => setDrill([])}>{t('reports.all')}</Typography.Link> },
              ...drill.map((d, i) => ({
                title:
                  i === drill.length - 1 ? (
                    `${label(DIM_TITLE[d.dim])}: ${d.label}`
                  ) : (
                    <Typography.Link onClick={() => setDrill(drill.slice(0, i + 1))}>
                      {label(DIM_TITLE[d.dim])}: {d.label}
                    </Typography.Link>
                  ),
              })),
            ]}
          />
        }
        extra={canDrill && <Typography.Text type="secondary">{t('reports.drillHint')}</Typography.Text>}
      >
        <Table<ReportRow>
          size="small"
          rowKey={(r) => `${r.key}|${r.currency}`}
          loading={isFetching}
          columns={columns}
          dataSource={data?.rows ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
          rowClassName={(r) => (negative(r) ? 'report-row-negative' : '')}
          data-testid="report-table"
          summary={() =>
            data?.totals.map((tot) => (
              <Table.Summary.Row key={tot.currency}>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t('reports.total')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1}>{tot.currency}</Table.Summary.Cell>
                {def.measures.map((m, i) => (
                  <Table.Summary.Cell key={m} index={i + 2} align="right">
                    <Typography.Text strong>
                      <Figure m={m} f={tot} />
                    </Typography.Text>
                    {COMPARED.has(m) && <Change value={change(tot[m], tot.prev[m])} />}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ))
          }
        />
        {apart && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="report-cost-note">
            {t('reports.costApart')}
          </Typography.Text>
        )}
      </Card>
    </Flex>
  );
}

/** A report whose data does not exist yet: says what it waits for (no request is made). */
function WaitingReport({ def }: { def: ReportDef }) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <Card size="small">
      <Alert
        type="info"
        showIcon
        message={t('reports.waitingTitle')}
        description={t('reports.waiting', { what: def.waitsFor ? label(def.waitsFor) : '' })}
        data-testid="report-waiting"
      />
    </Card>
  );
}

/** The report whose definition has the current path (each report route mounts this). */
export function ReportRouteScreen() {
  const { pathname } = useLocation();
  const def = allReports.find((r) => r.path === pathname);
  if (!def) return null;
  return def.source === 'waiting' ? <WaitingReport def={def} /> : <ReportScreen key={def.key} def={def} />;
}
