import type { PageQuery } from '@portal/contracts';

export type SortOrder = 'ascend' | 'descend';

export interface TableState<F> {
  page: number;
  size: number;
  sortField?: string;
  sortOrder?: SortOrder;
  filters: Partial<F>;
}

/** The parts of an antd sorter this needs (a single-column sorter). */
export interface SorterLike {
  columnKey?: unknown;
  field?: unknown;
  order?: SortOrder | null;
}

/** Blank filter values are left out; strings are trimmed. */
export function cleanFilters<F extends object>(filters: Partial<F>): Partial<F> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filters)) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[k] = value;
  }
  return out as Partial<F>;
}

/** Table state → the server's paged query (page, size, sortField, sortOrder, filters). */
export function toPageQuery<F extends object>(state: TableState<F>): PageQuery & Partial<F> {
  const query: PageQuery = { page: state.page, size: state.size };
  if (state.sortField && state.sortOrder) {
    query.sortField = state.sortField;
    query.sortOrder = state.sortOrder;
  }
  return { ...cleanFilters(state.filters), ...query };
}

/** antd sorter → sortField/sortOrder; the column key wins over its dataIndex. */
export function sortFromSorter(
  sorter: SorterLike | readonly SorterLike[],
): Pick<TableState<object>, 'sortField' | 'sortOrder'> {
  const s = Array.isArray(sorter) ? sorter[0] : (sorter as SorterLike);
  if (!s?.order) return { sortField: undefined, sortOrder: undefined };
  const raw = typeof s.columnKey === 'string' ? s.columnKey : Array.isArray(s.field) ? s.field.join('.') : s.field;
  return typeof raw === 'string' && raw
    ? { sortField: raw, sortOrder: s.order }
    : { sortField: undefined, sortOrder: undefined };
}

/**
 * The pager's total text: "N in total", or "at least N" when the server stopped counting
 * (`totalCapped`, a capped count on a very long list; see packages/contracts/src/paging.ts).
 */
export function pagerTotal(
  page: { total: number; totalCapped?: boolean } | undefined,
  t: (key: 'common.total' | 'common.totalAtLeast', vars: { total: number }) => string,
): string {
  const total = page?.total ?? 0;
  return page?.totalCapped ? t('common.totalAtLeast', { total }) : t('common.total', { total });
}
