import type { CenterListQuery, MessageRow, PageResult } from '@portal/contracts';
import { get, post } from '../../platform/http';
import { MESSAGES_QUERY_ROOT } from '../../platform/live/LiveChannel';

export const messageKeys = {
  root: MESSAGES_QUERY_ROOT,
  center: [...MESSAGES_QUERY_ROOT, 'center'] as const,
  latest: [...MESSAGES_QUERY_ROOT, 'latest'] as const,
  counts: [...MESSAGES_QUERY_ROOT, 'counts'] as const,
};

const M = '/v2/sys/mc/message';

export const messagesApi = {
  centerPage: (q: Partial<CenterListQuery>, signal?: AbortSignal) =>
    post<PageResult<MessageRow>>(`${M}/query/center/message/list`, q, { signal }),
  latest: (size = 8) => post<MessageRow[]>(`${M}/query/home/message/list`, { size }),
  typeCounts: () => get<{ type: string; unread: number; total: number }[]>(`${M}/getMsgTypeCount`),
  markRead: (ids: number[]) => post<{ changed: number }>(`${M}/query/home/message/change/status`, { ids, status: 1 }),
  markOne: (msgId: number) => post<{ changed: number }>(`${M}/changeMsgStatusByMsgId`, { msgId }),
  readAll: () => post<{ changed: number }>(`${M}/readAll`, {}),
};
