import { isExternalLink, isNoticeLink, type MessageRow } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { messagesApi, refreshMessages } from './api';

/** What opening needs of a message: the bell's row or the center's. */
export type OpenedMessage = Pick<MessageRow, 'id' | 'status' | 'link'>;

/**
 * Marks a message read and follows its link: a portal path in the app, an http(s) address in a
 * new tab; anything else (a '//host' or javascript: link stored before links were checked) never.
 */
export function useOpenMessage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (row: OpenedMessage) => {
    if (row.status === 0) {
      await messagesApi.markOne(row.id);
      await refreshMessages(queryClient);
    }
    const link = row.link?.trim();
    if (!link || !isNoticeLink(link)) return;
    if (isExternalLink(link)) window.open(link, '_blank', 'noopener,noreferrer');
    else void navigate(link);
  };
}
