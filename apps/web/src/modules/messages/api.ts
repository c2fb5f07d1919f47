import { type MessageRow, messageResource } from '@portal/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { get, post } from '../../platform/http';
import { MESSAGES_QUERY_ROOT, UNREAD_QUERY_KEY } from '../../platform/live/LiveChannel';
import { resourceKeys } from '../../platform/resource/keys';

export const messageKeys = {
  root: MESSAGES_QUERY_ROOT,
  latest: [...MESSAGES_QUERY_ROOT, 'latest'] as const,
  counts: [...MESSAGES_QUERY_ROOT, 'counts'] as const,
  unread: UNREAD_QUERY_KEY,
  /** the center's list (the resource kernel's keys) */
  list: resourceKeys.all(messageResource.key),
};

/** After a state change: the bell, its dot, the counts and the center's list read again. */
export const refreshMessages = (queryClient: QueryClient) =>
  Promise.all(
    [messageKeys.root, messageKeys.unread, messageKeys.list].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

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
  latest: (size = 8) => post<MessageRow[]>(`${M}/query/home/message/list`, { size }),
  typeCounts: () => get<{ type: string; unread: number; total: number }[]>(`${M}/getMsgTypeCount`),
  markRead: (ids: number[]) => post<{ changed: number }>(`${M}/query/home/message/change/status`, { ids, status: 1 }),
  markOne: (msgId: number) => post<{ changed: number }>(`${M}/changeMsgStatusByMsgId`, { msgId }),
  readAll: () => post<{ changed: number }>(`${M}/readAll`, {}),
};
