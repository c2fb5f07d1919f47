import type { FileInfo, PageResult } from '@portal/contracts';
import {
  type DraftSaveBody,
  type DraftView,
  MAIL_API,
  type MailboxBindBody,
  type MailboxState,
  type MailboxView,
  type MailDetail,
  type MailListQuery,
  type MailRow,
  type MailSendBody,
  type SenderItem,
  type SignatureRow,
  type UnreadCounters,
} from '@portal/contracts/mail';
import { get, post, upload } from '../../platform/http';
import { MESSAGES_QUERY_ROOT } from '../../platform/live/LiveChannel';
import { currentAccount, useCurrentMailbox } from './current-mailbox';

/** Mail queries sit under the message center's key: a live new-mail push refreshes them. */
const root = [...MESSAGES_QUERY_ROOT, 'mail'] as const;
export const mailKeys = {
  root,
  state: (accountId: number | null = null) => [...root, 'state', accountId] as const,
  counters: (accountId = useCurrentMailbox.getState().accountId) => [...root, 'counters', accountId] as const,
  list: (box: MailBox, accountId = useCurrentMailbox.getState().accountId) =>
    [...root, 'list', box, accountId] as const,
  senders: [...root, 'senders'] as const,
  detail: (id: number) => [...root, 'detail', id] as const,
  signatures: [...root, 'signatures'] as const,
  accounts: [...root, 'accounts'] as const,
};

export type MailBox = 'inbox' | 'star' | 'spam' | 'sent' | 'drafts';
const LIST_PATH: Record<MailBox, string> = {
  inbox: 'receive/query',
  star: 'receive/query',
  spam: 'junk/query',
  sent: 'send/query',
  drafts: 'draft/query',
};
const E = MAIL_API;

export const mailApi = {
  state: (accountId?: number | null) =>
    get<MailboxState>(`${E}/email/account/staff/state${accountId ? `?accountId=${accountId}` : ''}`),
  bind: (body: Partial<MailboxBindBody>) => post<MailboxView>(`${E}/email/account/staff/save`, body),
  accounts: (q: { page: number; size: number; keyword?: string }, signal?: AbortSignal) =>
    post<PageResult<MailboxView>>(`${E}/email/account/staff/query`, q, { signal }),
  sseStatus: (sseStatus: 0 | 1, accountId?: number) =>
    post<null>(`${E}/email/account/updateEmailSseStatus`, { sseStatus, accountId }),
  senders: () => post<SenderItem[]>(`${E}/email/sender/list`, {}, { showMessage: false }),
  unbind: (id: number) => post<null>(`${E}/email/account/staff/del`, { id }),
  list: (box: MailBox, q: Partial<MailListQuery>, signal?: AbortSignal) =>
    post<PageResult<MailRow>>(
      `${E}/${LIST_PATH[box]}`,
      { ...q, ...currentAccount(), ...(box === 'star' ? { star: 1 } : {}) },
      { signal },
    ),
  counters: () => post<UnreadCounters>(`${E}/message/non/read`, currentAccount(), { showMessage: false }),
  detail: (id: number) => post<MailDetail>(`${E}/email/detail`, { id }),
  mark: (ids: number[], markType: 'read' | 'unread' | 'star' | 'unstar', spam = false) =>
    post<{ changed: number }>(`${E}/${spam ? 'junk' : 'receive'}/mark`, { ids, markType }),
  junk: (ids: number[], junk: boolean) => post<{ changed: number }>(`${E}/junk/move`, { ids, junk }),
  sync: () => post<{ received: number }>(`${E}/receive/sync`, currentAccount()),
  send: (body: Partial<MailSendBody>) =>
    post<{ id: number; messageId: string }>(`${E}/email/send`, { ...currentAccount(), ...body }),
  saveDraft: (body: Partial<DraftSaveBody>) =>
    post<{ id: number }>(`${E}/draft/save`, { ...currentAccount(), ...body }, { showMessage: false }),
  draft: (id: number) => get<DraftView>(`${E}/draft/view/${id}`),
  deleteDrafts: (ids: number[]) => post<{ changed: number }>(`${E}/draft/del`, { ids }),
  contacts: (keyword: string) =>
    post<{ email: string; name?: string | null; source: string }[]>(
      `${E}/book/contact`,
      { keyword, size: 10, ...currentAccount() },
      { showMessage: false },
    ),
  signatures: () => get<SignatureRow[]>(`${E}/select/email/signatureIncludeShare`),
  saveSignature: (body: { id?: number; name: string; content: string; isDefault: boolean }) =>
    post<SignatureRow>(`${E}/signature/update`, body),
  deleteSignature: (id: number) => post<null>(`${E}/signature/del`, { id }),
  upload: (file: File) => upload<FileInfo>(`${E}/file/uploadFileAndGetPresignedUrl`, file),
};
