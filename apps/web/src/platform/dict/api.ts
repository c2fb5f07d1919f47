import type { PageResult } from '@portal/contracts';
import type { DictItem, DictModule, DictPageQuery, DictSaveBody, DictType } from '@portal/contracts/dict';
import { get, post } from '../http';

export const dictKeys = {
  all: ['dict'] as const,
  read: (codes: string) => ['dict', 'read', codes] as const,
  page: (module: DictModule) => ['dict', 'page', module] as const,
  items: (code: string) => ['dict', 'items', code] as const,
};

export const dictApi = {
  read: (codes: string[], signal?: AbortSignal) =>
    get<Record<string, DictItem[]>>('/v2/sys/staff/sysDict/read', { codes: codes.join(',') }, { signal }),
  page: (query: Partial<DictPageQuery> & { module: DictModule }, signal?: AbortSignal) =>
    post<PageResult<DictType>>('/v2/sys/staff/sysDict/page', query, { signal }),
  items: (code: string, signal?: AbortSignal) =>
    get<{ type: DictType; items: DictItem[] }>('/v2/sys/staff/sysDict/items', { code }, { signal }),
  save: (body: DictSaveBody) => post<null>('/v2/sys/staff/sysDict/save', body),
};
