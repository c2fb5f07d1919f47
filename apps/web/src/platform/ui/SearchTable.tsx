import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { PageQuery, PageResult } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Space, Table, type TableColumnsType, type TableProps, Tooltip } from 'antd';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../export/ExportButton';
import { pagerTotal, type SorterLike, sortFromSorter, type TableState, toPageQuery } from './table-query';

export const PAGE_SIZES = [10, 20, 50, 100];

export interface SearchTableProps<Row extends object, F extends object> {
  /** base query key; the page query is appended. Invalidate it to refetch after a change. */
  queryKey: readonly unknown[];
  fetcher: (query: PageQuery & Partial<F>, signal: AbortSignal) => Promise<PageResult<Row>>;
  columns: TableColumnsType<Row>;
  rowKey: (keyof Row & string) | ((row: Row) => Key);
  /** Form.Item elements of the search form */
  filters?: ReactNode;
  initialFilters?: Partial<F>;
  /** title or summary shown left of the toolbar */
  title?: ReactNode;
  /** actions shown right above the table (guard them with <Can>) */
  toolbar?: ReactNode;
  defaultPageSize?: number;
  size?: 'small' | 'middle';
  scrollX?: number | 'max-content';
  /** the list's export call: an Export button sends the current filters and sort (THE export service) */
  exportPath?: string;
  /** refetch while the answer says so (ms, or false), e.g. while tasks run */
  refetchInterval?: (data: PageResult<Row> | undefined) => number | false;
}

/**
 * The one list pattern: a search form over a server-paged, server-sorted antd Table.
 * Page, size, sort and filters are the query; TanStack Query fetches and caches it.
 */
export function SearchTable<Row extends object, F extends object = Record<string, unknown>>(
  props: SearchTableProps<Row, F>,
) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Partial<F>>();
  const [state, setState] = useState<TableState<F>>({
    page: 1,
    size: props.defaultPageSize ?? 20,
    filters: props.initialFilters ?? {},
  });
  const query = useMemo(() => toPageQuery(state), [state]);

  const { data, isFetching, refetch } = useQuery({
    queryKey: [...props.queryKey, query],
    queryFn: ({ signal }) => props.fetcher(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: props.refetchInterval ? (q) => props.refetchInterval!(q.state.data) : undefined,
  });

  const search = (filters: Partial<F>) => setState((s) => ({ ...s, page: 1, filters }));
  const reset = () => {
    form.resetFields();
    search(props.initialFilters ?? {});
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

  const columns = useMemo(
    () =>
      props.columns.map((c) =>
        c.key && c.key === state.sortField
          ? { ...c, sortOrder: state.sortOrder ?? null }
          : c.sorter
            ? { ...c, sortOrder: null }
            : c,
      ),
    [props.columns, state.sortField, state.sortOrder],
  );

  return (
    <Flex vertical gap={12}>
      {props.filters && (
        <Form
          form={form}
          layout="inline"
          initialValues={props.initialFilters}
          onFinish={search}
          style={{ rowGap: 12, padding: 16, background: '#fff', borderRadius: 8 }}
        >
          {props.filters}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('common.search')}
              </Button>
              <Button onClick={reset}>{t('common.reset')}</Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <div style={{ padding: 16, background: '#fff', borderRadius: 8 }}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
          <div style={{ fontWeight: 500 }}>{props.title}</div>
          <Space>
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
          </Space>
        </Flex>
        <Table<Row>
          size={props.size ?? 'middle'}
          rowKey={props.rowKey}
          columns={columns}
          dataSource={data?.records ?? []}
          loading={isFetching}
          onChange={onChange}
          scroll={{ x: props.scrollX ?? 'max-content' }}
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
