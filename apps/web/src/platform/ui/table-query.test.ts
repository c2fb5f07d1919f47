import { describe, expect, it } from 'vitest';
import { pagerTotal, sortFromSorter, toPageQuery } from './table-query';

describe('toPageQuery', () => {
  it('sends page, size, sort and the non-blank filters', () => {
    expect(
      toPageQuery({
        page: 2,
        size: 50,
        sortField: 'createdAt',
        sortOrder: 'descend',
        filters: { keyword: '  ann ', status: undefined, departmentId: 0, tags: [] as string[] },
      }),
    ).toEqual({ page: 2, size: 50, sortField: 'createdAt', sortOrder: 'descend', keyword: 'ann', departmentId: 0 });
  });

  it('sends no sort without an order', () => {
    expect(toPageQuery({ page: 1, size: 20, sortField: 'name', filters: {} })).toEqual({ page: 1, size: 20 });
  });

  it('does not let filters override paging', () => {
    expect(toPageQuery({ page: 3, size: 10, filters: { page: 9 } as { page?: number } })).toEqual({
      page: 3,
      size: 10,
    });
  });
});

describe('sortFromSorter', () => {
  it('prefers the column key', () => {
    expect(sortFromSorter({ columnKey: 'createdAt', field: 'created', order: 'ascend' })).toEqual({
      sortField: 'createdAt',
      sortOrder: 'ascend',
    });
  });

  it('uses the dataIndex path without a key', () => {
    expect(sortFromSorter({ field: ['owner', 'name'], order: 'descend' })).toEqual({
      sortField: 'owner.name',
      sortOrder: 'descend',
    });
  });

  it('clears the sort when the order is removed', () => {
    expect(sortFromSorter({ columnKey: 'createdAt', order: null })).toEqual({
      sortField: undefined,
      sortOrder: undefined,
    });
    expect(sortFromSorter([])).toEqual({ sortField: undefined, sortOrder: undefined });
  });
});

describe('pagerTotal', () => {
  const t = (key: string, vars: { total: number }) => `${key}:${vars.total}`;

  it('says "at least" when the server capped the count', () => {
    expect(pagerTotal({ total: 10000, totalCapped: true }, t)).toBe('common.totalAtLeast:10000');
  });

  it('says the exact total otherwise', () => {
    expect(pagerTotal({ total: 42 }, t)).toBe('common.total:42');
    expect(pagerTotal({ total: 42, totalCapped: false }, t)).toBe('common.total:42');
    expect(pagerTotal(undefined, t)).toBe('common.total:0');
  });
});
