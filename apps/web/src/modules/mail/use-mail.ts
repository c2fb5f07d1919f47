import type { DetailsType } from '@portal/contracts/mail';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { mailApi, mailKeys } from './api';
import { useCurrentMailbox } from './current-mailbox';

/** The three unread counters (spec 3); refreshed with every mail change and every new-mail push. */
export const useCounters = () => {
  const accountId = useCurrentMailbox((s) => s.accountId);
  return useQuery({ queryKey: mailKeys.counters(accountId), queryFn: mailApi.counters, retry: false });
};

/** Refetches every mail list and the counters (after a mark, a move, a send). */
export function useMailRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: mailKeys.root });
}

/** Opens a mail: drafts in the write screen, the rest in details with its details type (spec 4). */
export function useOpenMail() {
  const navigate = useNavigate();
  return (m: { id: number; subject: string }, type: DetailsType | 'draft') => {
    if (type === 'draft') navigate(`/message/email/write?draftId=${m.id}`);
    else
      navigate(`/message/email/details?${new URLSearchParams({ id: String(m.id), type, subject: m.subject || '-' })}`);
  };
}
