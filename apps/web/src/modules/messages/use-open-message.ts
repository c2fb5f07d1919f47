import type { MessageRow } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { messageKeys, messagesApi } from './api';

const UNREAD_QUERY_KEY = ['shell', 'unread'] as const;

/** Marks a message read and jumps to its source record when it has one. */
export function useOpenMessage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (row: MessageRow) => {
    if (row.status === 0) {
      await messagesApi.markOne(row.id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.root }),
        queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY }),
      ]);
    }
    if (row.link) void navigate(row.link);
  };
}
