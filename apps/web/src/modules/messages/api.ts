import type { CenterListQuery, MessageRow, PageResult } from '@portal/contracts';
import { get, post } from '../../platform/http';
import { MESSAGES_QUERY_ROOT, UNREAD_QUERY_KEY } from '../../platform/live/LiveChannel';

export const messageKeys = {
  root: MESSAGES_QUERY_ROOT,
  center: [...MESSAGES_QUERY_ROOT, 'center'] as const,
  latest: [...MESSAGES_QUERY_ROOT, 'latest'] as const,
  counts: [...MESSAGES_QUERY_ROOT, 'counts'] as const,
  unread: UNREAD_QUERY_KEY,
};

const M = '/v2/sys/mc/message';

export const messagesApi = {
  /** the bell's dot; any failure (or a server without the call) is "no dot", never a message */
  unread: async (): Promise<boolean> => {
    try {
      const data = await get<unknown>(`${M}/thereAreUnreadMessages`, undefined, { showMessage: false });
      if (typeof data === 'boolean') return data;
      return typeof data === 'object' && data !== null && (data as { unread?: unknown }).unread === true;
    } catch {
      return false;
    }
  },
  centerPage: (q: Partial<CenterListQuery>, signal?: AbortSignal) =>
    post<PageResult<MessageRow>>(`${M}/query/center/message/list`, q, { signal }),
  latest: (size = 8) => post<MessageRow[]>(`${M}/query/home/message/list`, { size }),
  typeCounts: () => get<{ type: string; unread: number; total: number }[]>(`${M}/getMsgTypeCount`),
  markRead: (ids: number[]) => post<{ changed: number }>(`${M}/query/home/message/change/status`, { ids, status: 1 }),
  markOne: (msgId: number) => post<{ changed: number }>(`${M}/changeMsgStatusByMsgId`, { msgId }),
  readAll: () => post<{ changed: number }>(`${M}/readAll`, {}),
};
