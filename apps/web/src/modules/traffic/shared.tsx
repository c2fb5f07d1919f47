import { formatNumber, type PageQuery, type PageResult } from '@portal/contracts';
import { MAX_RANGE_DAYS, TrafficPerm } from '@portal/contracts/traffic';
import { DatePicker, Form, Space, type TableColumnType, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../platform/access';
import { RecordName } from '../../platform/fields/RecordSelect';
import type { SmsRow } from './api';

/** What the traffic screens share: the range rule, number and time formats, the status tag and the column blocks. */

export type Range = [Dayjs, Dayjs];
export const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '-');
export const num = (v: number | string) => formatNumber(v);
export const rangeQuery = (range?: Range) =>
  range ? { from: range[0].toISOString(), to: range[1].toISOString() } : {};
/** today, 00:00 to 23:59:59 local: the record screens' first range */
export const today = (): Range => [dayjs().startOf('day'), dayjs().endOf('day')];

/** A query view's filters: the form's required time range, sent to the API as `from` / `to`. */
export type RangeFilters = { range?: Range; from?: string; to?: string };
/**
 * The SearchTable props every traffic query view shares: the first range, the form's range turned into
 * `from` / `to`, and a fetcher that never sends the range itself (the other filters pass through).
 */
export function rangedSearch<Row extends object>(
  load: (query: PageQuery & Omit<RangeFilters, 'range'>, signal: AbortSignal) => Promise<PageResult<Row>>,
  first: () => Range = today,
) {
  return {
    fetcher: (query: PageQuery & Partial<RangeFilters>, signal: AbortSignal) => {
      const { range: _r, ...q } = query;
      return load(q, signal);
    },
    initialFilters: { range: first() },
    fromForm: ({ range, ...rest }: Partial<RangeFilters>) => ({ ...rest, ...rangeQuery(range) }),
  };
}

/** the last `n` whole days up to today: a screen's first range */
export const lastDays = (n: number) => (): Range => [
  dayjs()
    .subtract(n - 1, 'day')
    .startOf('day'),
  dayjs().endOf('day'),
];

/**
 * `rangedSearch` for a computed view whose answer carries more than its page (totals per currency,
 * counts): the last answer is kept for the lines the screen shows above its table.
 */
export function useAnsweredSearch<A extends PageResult<object>>(
  load: (query: PageQuery & Omit<RangeFilters, 'range'>, signal: AbortSignal) => Promise<A>,
  first: () => Range,
) {
  const [answer, setAnswer] = useState<A | null>(null);
  const search = rangedSearch<A['records'][number]>(async (q, signal) => {
    const a = await load(q, signal);
    setAnswer(a);
    return a;
  }, first);
  return { answer, search };
}

/** one line per currency's totals above a performance table, after the view's own lines (children) */
export function TotalLines<T extends { currency: string | null }>(props: {
  testId: string;
  totals: readonly T[] | undefined;
  line: (total: T) => ReactNode;
  children?: ReactNode;
}) {
  if (!props.totals?.length && !props.children) return null;
  return (
    <Space direction="vertical" size={0} data-testid={props.testId}>
      {props.children}
      {props.totals?.map((x) => (
        <span key={x.currency ?? ''}>{props.line(x)}</span>
      ))}
    </Space>
  );
}

export const STATE_COLOR: Record<string, string> = {
  delivered: 'success',
  pending: 'processing',
  enroute: 'processing',
  accepted: 'processing',
  expired: 'warning',
  unknown: 'default',
};

/** the tag colour of a WhatsApp / mail / MO state */
export const MESSAGE_STATE_COLOR: Record<string, string> = {
  delivered: 'success',
  read: 'success',
  opened: 'success',
  sent: 'processing',
  received: 'processing',
  failed: 'error',
  bounced: 'error',
};

type Extra<R> = Partial<TableColumnType<R>>;

/** a date-time column (YYYY-MM-DD HH:mm:ss, "-" when empty) */
export const timeColumn = <R,>(key: keyof R & string, title: string, extra?: Extra<R>): TableColumnType<R> => ({
  key,
  dataIndex: key,
  title,
  width: 160,
  render: time,
  ...extra,
});

/** a right-aligned figure with thousands separators */
export const numColumn = <R,>(
  key: keyof R & string,
  title: string,
  width = 100,
  extra?: Extra<R>,
): TableColumnType<R> => ({ key, dataIndex: key, title, width, align: 'right', render: num, ...extra });

/** a cost in its own currency (decision 0105): "0.060000 EUR", one line per currency; "0" when none */
export const costsText = (costs: { currency: string; amount: string }[]) =>
  costs.length ? costs.map((c) => `${num(c.amount)} ${c.currency}`).join('\n') : num(0);

/**
 * The money columns of a rollup row: revenue in the price's currency, the cost per currency (each in
 * its own), profit only where every cost is in the price's currency ("-" otherwise: nothing converted).
 */
export const moneyColumns = <
  R extends {
    revenue: string;
    costs: { currency: string; amount: string }[];
    profit: string | null;
    converted?: Converted | null;
  },
>(
  t: TFunction,
): TableColumnType<R>[] => [
  numColumn<R>('revenue', t('traffic.revenue'), 120),
  {
    key: 'costs',
    title: t('traffic.cost'),
    width: 140,
    align: 'right',
    render: (_: unknown, r: R) => <span style={{ whiteSpace: 'pre-line' }}>{costsText(r.costs)}</span>,
  },
  {
    key: 'profit',
    title: t('traffic.profit'),
    width: 150,
    align: 'right',
    render: (_: unknown, r: R) => <ProfitText row={r} />,
  },
];

type Converted = {
  profit: string | null;
  margin: string | null;
  rates: { from: string; to: string; rate: string; effectiveDay: string | null }[];
  missing: string[];
};
/** "1 USD = 7.1 CNY (2026-11-29)": a rate a converted figure used */
export const rateText = (r: Converted['rates'][number]) =>
  `1 ${r.from} = ${num(r.rate)} ${r.to}${r.effectiveDay ? ` (${r.effectiveDay})` : ''}`;

type WithProfit = { profit: string | null; converted?: Converted | null };
/** a profit as one line of text: its own, "≈ converted (rate …)", or the missing rate */
export const profitText = (r: WithProfit, t: TFunction) => {
  if (r.profit !== null) return num(r.profit);
  const c = r.converted;
  if (!c) return '-';
  if (c.profit === null) return `- (${t('traffic.rateMissing', { currencies: c.missing.join(', ') })})`;
  return `≈ ${num(c.profit)} (${c.rates.map(rateText).join('; ')})`;
};
/** a margin: its own, or the converted one (≈) */
export const marginText = (r: { margin?: string | null; converted?: Converted | null }) =>
  r.margin != null ? `${r.margin}%` : r.converted?.margin != null ? `≈ ${r.converted.margin}%` : '-';

/**
 * A row's profit: its own where every cost is in the price's currency; else the converted profit (≈), its
 * margin and the rates used (decision 0129); a missing rate says which currency has none.
 */
export function ProfitText({ row }: { row: WithProfit }) {
  const { t } = useTranslation();
  if (row.profit !== null) return <>{num(row.profit)}</>;
  const c = row.converted;
  if (!c) return <>-</>;
  if (c.profit === null)
    return (
      <Tag color="warning" data-testid="rate-missing" style={{ marginInlineEnd: 0 }}>
        {t('traffic.rateMissing', { currencies: c.missing.join(', ') })}
      </Tag>
    );
  return (
    <span data-testid="converted-profit" style={{ whiteSpace: 'pre-line' }}>
      {`≈ ${num(c.profit)}${c.margin === null ? '' : ` (${c.margin}%)`}`}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {c.rates.map(rateText).join('\n')}
      </Typography.Text>
    </span>
  );
}

/** an amount of a record with its currency ("1,234.500000 USD") */
export const amountColumn = <R extends Record<K, string>, K extends string>(
  key: K,
  title: string,
  currencyOf: (r: R) => string,
  extra?: Extra<R>,
): TableColumnType<R> => ({
  key,
  title,
  width: 110,
  align: 'right',
  render: (_: unknown, r: R) => `${num(r[key])} ${currencyOf(r)}`,
  ...extra,
});

/** an account id that opens the account's operation log (decision 0145) for who holds its key */
export function AccountLink({ id, children }: { id: number; children?: ReactNode }) {
  const canOpen = useCan(TrafficPerm.OPERATION_LOG);
  if (!canOpen) return <>{children ?? id}</>;
  return (
    <Link to={`/businessInquiry/operationLog?accountId=${id}`} data-testid={`oplog-link-${id}`}>
      {children ?? id}
    </Link>
  );
}

/**
 * the account column of every record and queue screen: the account by code and customer name (the
 * platform's record names, batched; `#id` outside the caller's scope), opening its operation log
 */
export const accountColumn = <R extends { accountId: number }>(t: TFunction): TableColumnType<R> => ({
  key: 'accountId',
  dataIndex: 'accountId',
  title: t('traffic.account'),
  width: 180,
  ellipsis: true,
  render: (id: number) => (
    <AccountLink id={id}>
      <RecordName kind="account" id={id} />
    </AccountLink>
  ),
});

/** the channel column of the record screens: "code name" as the answer names it, '-' for none */
export const channelColumn = <R extends { channelId: number; channelName: string | null }>(
  t: TFunction,
  opts: Pick<TableColumnType<R>, 'responsive'> = {},
): TableColumnType<R> => ({
  key: 'channelId',
  dataIndex: 'channelId',
  title: t('traffic.channel'),
  width: 160,
  ellipsis: true,
  ...opts,
  render: (id: number, r: R) => r.channelName ?? (id > 0 ? `#${id}` : '-'),
});

/** the required range (at most 93 days), checked in the form before the server refuses it */
export function RangeItem({ showTime = true }: { showTime?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="range"
      label={t('traffic.range')}
      rules={[
        { required: true, message: t('traffic.rangeRequired') },
        {
          validator: async (_r, v?: Range) => {
            if (v && v[1].diff(v[0], 'day', true) > MAX_RANGE_DAYS)
              throw new Error(t('traffic.rangeTooLong', { days: MAX_RANGE_DAYS }));
          },
        },
      ]}
    >
      {/* on a phone the picker keeps beside its label inside the search card */}
      <DatePicker.RangePicker
        showTime={showTime}
        allowClear={false}
        style={{ width: `min(${showTime ? 340 : 250}px, calc(100vw - 150px))` }}
      />
    </Form.Item>
  );
}

export function StatusTag({ row }: { row: Pick<SmsRow, 'submitStatus' | 'dlrState'> }) {
  const { t } = useTranslation();
  const s = row.submitStatus === 'rejected' ? 'submit_rejected' : (row.dlrState ?? 'pending');
  return <Tag color={STATE_COLOR[s] ?? 'error'}>{t(`traffic.statuses.${s}` as 'traffic.statuses.pending')}</Tag>;
}

/** the state of a scheduled send, two-way task or recall task */
export const TASK_STATE_COLOR: Record<string, string> = {
  waiting: 'processing',
  running: 'processing',
  queued: 'default',
  sent: 'success',
  done: 'success',
  finished: 'default',
  cancelled: 'default',
  failed: 'error',
};

export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={TASK_STATE_COLOR[state]}>{t(`traffic.twoway.states.${state}` as 'traffic.twoway.states.sent')}</Tag>
  );
}
