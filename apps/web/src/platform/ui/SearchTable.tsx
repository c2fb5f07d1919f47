import { ReloadOutlined } from '@ant-design/icons';
import type { PageQuery, PageResult } from '@portal/contracts';
import type { SavedFilter, TableDensity } from '@portal/contracts/prefs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Flex,
  Form,
  Space,
  Table,
  type TableColumnsType,
  type TableColumnType,
  type TableProps,
  Tooltip,
} from 'antd';
import { type Key, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../export/ExportButton';
import { useLiveRefresh } from '../live/use-live-refresh';
import { usePrefs } from '../prefs';
import { type BulkAction, BulkBar, useSelection } from './BulkBar';
import { fitColumn } from './column-fit';
import type { ColumnKind } from './column-kinds';
import { arrangeColumns, chooserItems, defaultHidden, totalWidth } from './column-state';
import { SavedFilters } from './SavedFilters';
import { SearchForm } from './SearchForm';
import { ColumnChooser, DensitySwitch } from './TableSettings';
import { cleanFilters, pagerTotal, type SorterLike, sortFromSorter, type TableState, toPageQuery } from './table-query';
import { useWidth } from './use-width';

export const PAGE_SIZES = [10, 20, 50, 100];
/** Below this table width (a phone) no column is fixed at the left. */
const NARROW_TABLE = 600;

export type { BulkAction } from './BulkBar';

/** A list column: an antd column, optionally sized by what it shows and marked as secondary. */
export type ListColumn<Row> = TableColumnsType<Row>[number] & {
  /** what the column shows: sets its width, alignment, and ellipsis with a tooltip for long text */
  kind?: ColumnKind;
  /** hidden by default where the table has no room for it (the column chooser can show it) */
  secondary?: boolean | number;
};

export interface SearchTableProps<Row extends object, F extends object> {
  /** base query key; the page query is appended. Invalidate it to refetch after a change. */
  queryKey: readonly unknown[];
  fetcher: (query: PageQuery & Partial<F>, signal: AbortSignal) => Promise<PageResult<Row>>;
  columns: readonly ListColumn<Row>[];
  rowKey: (keyof Row & string) | ((row: Row) => Key);
  /** Form.Item elements of the search form; the first three show, the rest fold behind "More" */
  filters?: ReactNode;
  initialFilters?: Partial<F>;
  /** the search form's values to the query's filters, where a field is not a filter as is (a date range) */
  fromForm?: (values: Partial<F>) => Partial<F>;
  /** title or summary shown left of the toolbar */
  title?: ReactNode;
  /** actions shown right above the table (guard them with <Can>) */
  toolbar?: ReactNode;
  defaultPageSize?: number;
  size?: 'small' | 'middle';
  /** the table's scroll width; by default its shown columns' widths added up (120 px for one without) */
  scrollX?: number | 'max-content';
  /** the list's export call: an Export button sends the current filters and sort (THE export service) */
  exportPath?: string;
  /** actions on the selected rows (selection is kept across pages and cleared after a run) */
  bulkActions?: BulkAction<Row>[];
  /** where the user's columns, density and saved filters are kept; defaults to the query key */
  prefKey?: string;
  /** the live resource key whose record changes refetch this list (LIVE_RESOURCES or a resource's key) */
  live?: string;
}

/** The preference scope of a list: `table:` and its id, made of the query key's words. */
export function prefScopeOf(queryKey: readonly unknown[], prefKey?: string): string {
  const id =
    prefKey ??
    queryKey
      .filter((k): k is string => typeof k === 'string')
      .join('.')
      .replace(/[^a-zA-Z0-9_.:/-]/g, '-');
  return `table:${id}`.slice(0, 120);
}

/** Form values as a saved filter keeps them: scalars and lists of scalars (dates are ISO strings in forms). */
function savable(values: object): SavedFilter['values'] {
  const out: SavedFilter['values'] = {};
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  for (const [k, v] of Object.entries(cleanFilters(values))) {
    if (scalar(v) || (Array.isArray(v) && v.every(scalar))) out[k] = v as SavedFilter['values'][string];
  }
  return out;
}

/**
 * The one list pattern: a search form over a server-paged, server-sorted antd Table, with the
 * user's column arrangement, row density and saved filters kept on the server, and bulk actions.
 * Page, size, sort and filters are the query; TanStack Query fetches and caches it.
 */
export function SearchTable<Row extends object, F extends object = Record<string, unknown>>(
  props: SearchTableProps<Row, F>,
) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Partial<F>>();
  const fromForm = props.fromForm ?? ((v: Partial<F>) => v);
  const [state, setState] = useState<TableState<F>>({
    page: 1,
    size: props.defaultPageSize ?? 20,
    filters: fromForm(props.initialFilters ?? {}),
  });
  const query = useMemo(() => toPageQuery(state), [state]);
  const { prefs, loaded, set } = usePrefs(prefScopeOf(props.queryKey, props.prefKey));
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const selection = useSelection<Row>(props.rowKey);

  const { data, isFetching, isLoading, isPlaceholderData, refetch } = useQuery({
    queryKey: [...props.queryKey, query],
    queryFn: ({ signal }) => props.fetcher(query, signal),
    placeholderData: keepPreviousData,
  });
  useLiveRefresh(props.live, props.queryKey);

  const search = (values: Partial<F>) => setState((s) => ({ ...s, page: 1, filters: fromForm(values) }));
  const reset = () => {
    form.resetFields();
    search(props.initialFilters ?? {});
  };
  const applySaved = (values: SavedFilter['values']) => {
    form.resetFields();
    form.setFieldsValue(values as Partial<F>);
    search(form.getFieldsValue(true));
  };

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    setState((s) => {
      const size = pagination.pageSize ?? s.size;
      return {
        ...s,
        ...sortFromSorter(sorter as SorterLike | SorterLike[]),
        size,
        page: size === s.size ? (pagination.current ?? 1) : 1,
      };
    });
  };

  const fitted = useMemo(() => props.columns.map((c) => fitColumn(c)), [props.columns]);
  const selectWidth = props.bulkActions?.length ? 48 : 0;
  // while the user has saved no arrangement, secondary columns that do not fit stay hidden
  const fallbackHidden = useMemo(
    () => defaultHidden(fitted, width === undefined ? undefined : width - selectWidth),
    [fitted, width, selectWidth],
  );
  const columnsPref = prefs?.['table.columns'];
  // on a phone, columns fixed at both ends cover each other (the actions hid under the first column):
  // there only the actions stay fixed and the first column scrolls with the rest
  const narrow = width !== undefined && width < NARROW_TABLE;
  const columns = useMemo(
    () =>
      arrangeColumns(fitted, columnsPref, fallbackHidden).map((c) => {
        const pinned = narrow && c.fixed === 'left' ? { ...c, fixed: undefined } : c;
        return c.key && c.key === state.sortField
          ? { ...pinned, sortOrder: state.sortOrder ?? null }
          : 'sorter' in c && c.sorter
            ? { ...pinned, sortOrder: null }
            : pinned;
      }),
    [fitted, columnsPref, fallbackHidden, narrow, state.sortField, state.sortOrder],
  );
  const chooser = chooserItems(fitted, columnsPref, fallbackHidden).map((i) => ({
    key: i.key,
    title: i.column.title as ReactNode,
    visible: i.visible,
  }));
  const density: TableDensity = prefs?.['table.density'] ?? props.size ?? 'middle';
  const activeFilters = useMemo(() => Object.keys(cleanFilters(state.filters)), [state.filters]);

  return (
    <Flex vertical gap={12}>
      {props.filters && (
        <SearchForm<F>
          form={form}
          filters={props.filters}
          initialValues={props.initialFilters}
          onSearch={search}
          onReset={reset}
          unfoldFor={activeFilters}
          extra={
            loaded && (
              <SavedFilters
                saved={prefs?.['table.filters'] ?? []}
                current={() => savable(form.getFieldsValue(true))}
                onApply={applySaved}
                onChange={(list) => set('table.filters', list.length ? list : undefined)}
              />
            )
          }
        />
      )}
      <div ref={box} style={{ padding: 16, background: '#fff', borderRadius: 8, minWidth: 0 }}>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
          <div style={{ fontWeight: 500 }}>{props.title}</div>
          <Space wrap>
            {props.toolbar}
            {props.exportPath && (
              <ExportButton
                path={props.exportPath}
                filters={() => {
                  const { page: _page, size: _size, ...rest } = query;
                  return rest;
                }}
              />
            )}
            <Tooltip title={t('common.refresh')}>
              <Button
                aria-label={t('common.refresh')}
                icon={<ReloadOutlined />}
                onClick={() => void refetch()}
                loading={isFetching}
              />
            </Tooltip>
            <DensitySwitch value={density} onChange={(d) => set('table.density', d)} />
            <ColumnChooser
              items={chooser}
              onChange={(pref) => set('table.columns', pref)}
              onReset={() => set('table.columns', undefined)}
            />
          </Space>
        </Flex>
        {props.bulkActions && <BulkBar actions={props.bulkActions} selection={selection} />}
        <Table<Row>
          size={density}
          rowKey={props.rowKey}
          columns={columns as TableColumnType<Row>[]}
          dataSource={data?.records ?? []}
          // a new page, sort or filter veils the rows; a refetch of the same page (a live change, the
          // refresh button, which spins meanwhile) swaps them in quietly instead of dimming the table
          loading={isLoading || isPlaceholderData}
          onChange={onChange}
          rowSelection={props.bulkActions?.length ? selection.rowSelection : undefined}
          scroll={{ x: props.scrollX ?? totalWidth(columns) + selectWidth }}
          pagination={{
            current: state.page,
            pageSize: state.size,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: () => pagerTotal(data, (key, vars) => t(key, vars)),
          }}
        />
      </div>
    </Flex>
  );
}
