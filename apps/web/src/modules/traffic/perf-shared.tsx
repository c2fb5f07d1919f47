import { Form, type TableColumnType, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentSelect } from '../../platform/fields/DepartmentSelect';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { UserSelect } from '../../platform/fields/UserSelect';
import { SearchTable, type SearchTableProps } from '../../platform/ui/SearchTable';
import { moneyColumns, num, numColumn, type RangeFilters, RangeItem, TotalLines } from './shared';

/**
 * What the traffic room's performance screens share (decision 0148): the search form's filters, the
 * figure columns (currency, volume, money) and the table with its totals lines and the cost note.
 */

/** a filter the performance screens share: its field name is the query's */
export type PerfFilter = 'ownerId' | 'departmentId' | 'customerId' | 'agentId' | 'accountId' | 'promoterId';

function PerfFilterItem({ name }: { name: PerfFilter }) {
  const { t } = useTranslation();
  switch (name) {
    case 'ownerId':
    case 'promoterId':
      return (
        <Form.Item name={name} label={name === 'ownerId' ? t('traffic.owner') : t('traffic.promoters.promoter')}>
          <UserSelect allowClear style={{ width: 180 }} />
        </Form.Item>
      );
    case 'departmentId':
      return (
        <Form.Item name={name} label={t('traffic.department')}>
          <DepartmentSelect allowClear style={{ width: 180 }} />
        </Form.Item>
      );
    default: {
      const [kind, label] =
        name === 'customerId'
          ? (['customer', t('traffic.customer')] as const)
          : name === 'agentId'
            ? (['agent', t('traffic.agents.agentId')] as const)
            : (['account', t('traffic.account')] as const);
      return (
        <Form.Item name={name} label={label}>
          <RecordSelect kind={kind} style={{ width: 200 }} />
        </Form.Item>
      );
    }
  }
}

/**
 * The filters of a performance screen's search form: the required range (whole days), the screen's own
 * first fields (`before`), the shared filters in the order given, then the screen's last fields (`after`).
 * A function, not a component: the search form folds its items after the third behind "More", so it must
 * see each item (fragments are unwrapped).
 */
export function perfSearchForm(o: { filters: readonly PerfFilter[]; before?: ReactNode; after?: ReactNode }) {
  return (
    <>
      <RangeItem showTime={false} />
      {o.before}
      {o.filters.map((name) => (
        <PerfFilterItem key={name} name={name} />
      ))}
      {o.after}
    </>
  );
}

type FigureRow = {
  currency: string | null;
  count: number;
  revenue: string;
  costs: { currency: string; amount: string }[];
  profit: string | null;
};

/**
 * The figure columns of a performance row: its currency, the screen's columns `before` the volume, the
 * volume (`volume`: title, optional note and width), the columns `after` it, then revenue, cost and profit.
 */
export function figureColumns<R extends FigureRow>(
  t: TFunction,
  o: {
    volume: { title: string; note?: string; width?: number };
    currency?: Partial<TableColumnType<R>>;
    before?: TableColumnType<R>[];
    after?: TableColumnType<R>[];
  },
): TableColumnType<R>[] {
  const { title, note, width = 110 } = o.volume;
  return [
    { key: 'currency', dataIndex: 'currency', title: t('traffic.currency'), width: 70, ...o.currency },
    ...(o.before ?? []),
    numColumn<R>('count', title, width, note ? { title: <Tooltip title={note}>{title}</Tooltip> } : undefined),
    ...(o.after ?? []),
    ...moneyColumns<R>(t),
  ];
}

/**
 * A column of a row's traffic per currency, one line each: "1,234 · 56.78 USD" (volume · revenue), "-"
 * without traffic. `figures` picks the line's volume and revenue (the agent list's own or referred ones).
 */
export function currencyLinesColumn<R, X extends { currency: string }>(o: {
  key: string;
  title: ReactNode;
  lines: (r: R) => readonly X[];
  figures: (x: X) => { count: number; revenue: string };
}): TableColumnType<R> {
  return {
    key: o.key,
    title: o.title,
    width: 190,
    render: (_: unknown, r: R) => {
      const lines = o.lines(r).filter((x) => o.figures(x).count > 0);
      if (!lines.length) return <Typography.Text type="secondary">-</Typography.Text>;
      return lines.map((x) => {
        const f = o.figures(x);
        return (
          <div key={x.currency} style={{ whiteSpace: 'nowrap' }}>
            {num(f.count)} · {num(f.revenue)} {x.currency}
          </div>
        );
      });
    },
  };
}

/**
 * A performance screen's table: an optional line saying what it shows, the search table (small) with one
 * line per currency's totals above it (after the screen's own lines, `head`), and the note on costs in
 * their own currencies below it (unless `costNote` is false).
 */
export function PerfTable<Row extends object, F extends RangeFilters, T extends { currency: string | null }>(
  props: Omit<SearchTableProps<Row, F>, 'title' | 'size'> & {
    what?: string;
    totals: { testId: string; list: readonly T[] | undefined; line: (total: T) => ReactNode; head?: ReactNode };
    costNote?: boolean;
  },
) {
  const { t } = useTranslation();
  const { what, totals, costNote = true, ...table } = props;
  return (
    <>
      {what && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {what}
        </Typography.Paragraph>
      )}
      <SearchTable<Row, F>
        {...table}
        size="small"
        title={
          <TotalLines testId={totals.testId} totals={totals.list} line={totals.line}>
            {totals.head}
          </TotalLines>
        }
      />
      {costNote && <Typography.Text type="secondary">{t('traffic.costApart')}</Typography.Text>}
    </>
  );
}
