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
  type SignatureRow,
  type UnreadCounters,
} from '@portal/contracts/mail';
import { get, post, upload } from '../../platform/http';
import { MESSAGES_QUERY_ROOT } from '../../platform/live/LiveChannel';

/** Mail queries sit under the message center's key: a live new-mail push refreshes them. */
const root = [...MESSAGES_QUERY_ROOT, 'mail'] as const;
export const mailKeys = {
  root,
  state: [...root, 'state'] as const,
  counters: [...root, 'counters'] as const,
  list: (box: MailBox) => [...root, 'list', box] as const,
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
  state: () => get<MailboxState>(`${E}/email/account/staff/state`),
  bind: (body: Partial<MailboxBindBody>) => post<MailboxView>(`${E}/email/account/staff/save`, body),
  accounts: (q: { page: number; size: number; keyword?: string }, signal?: AbortSignal) =>
    post<PageResult<MailboxView>>(`${E}/email/account/staff/query`, q, { signal }),
  sseStatus: (sseStatus: 0 | 1) => post<null>(`${E}/email/account/updateEmailSseStatus`, { sseStatus }),
  list: (box: MailBox, q: Partial<MailListQuery>, signal?: AbortSignal) =>
    post<PageResult<MailRow>>(`${E}/${LIST_PATH[box]}`, box === 'star' ? { ...q, star: 1 } : q, { signal }),
  counters: () => post<UnreadCounters>(`${E}/message/non/read`, {}, { showMessage: false }),
  detail: (id: number) => post<MailDetail>(`${E}/email/detail`, { id }),
  mark: (ids: number[], markType: 'read' | 'unread' | 'star' | 'unstar', spam = false) =>
    post<{ changed: number }>(`${E}/${spam ? 'junk' : 'receive'}/mark`, { ids, markType }),
  junk: (ids: number[], junk: boolean) => post<{ changed: number }>(`${E}/junk/move`, { ids, junk }),
  sync: () => post<{ received: number }>(`${E}/receive/sync`, {}),
  send: (body: Partial<MailSendBody>) => post<{ id: number; messageId: string }>(`${E}/email/send`, body),
  saveDraft: (body: Partial<DraftSaveBody>) => post<{ id: number }>(`${E}/draft/save`, body, { showMessage: false }),
  draft: (id: number) => get<DraftView>(`${E}/draft/view/${id}`),
  deleteDrafts: (ids: number[]) => post<{ changed: number }>(`${E}/draft/del`, { ids }),
  contacts: (keyword: string) =>
    post<{ email: string; name?: string | null; source: string }[]>(
      `${E}/book/contact`,
      { keyword, size: 10 },
      { showMessage: false },
    ),
  signatures: () => get<SignatureRow[]>(`${E}/select/email/signatureIncludeShare`),
  saveSignature: (body: { id?: number; name: string; content: string; isDefault: boolean }) =>
    post<SignatureRow>(`${E}/signature/update`, body),
  deleteSignature: (id: number) => post<null>(`${E}/signature/del`, { id }),
  upload: (file: File) => upload<FileInfo>(`${E}/file/uploadFileAndGetPresignedUrl`, file),
};
