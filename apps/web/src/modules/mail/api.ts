import type { FileInfo, PageResult } from '@portal/contracts';
import {
  type BatchTransmitBody,
  type BookBody,
  type BookRow,
  type CustomerContactHit,
  type DealingsGroup,
  type DraftSaveBody,
  type DraftView,
  MAIL_API,
  type MailboxBindBody,
  type MailboxState,
  type MailboxView,
  type MailDetail,
  type MailDingState,
  type MailListQuery,
  type MailLogRow,
  type MailRow,
  type MailSendBody,
  type OwnerWarning,
  type SenderHit,
  type SenderItem,
  type SenderRuleBody,
  type SenderRuleRow,
  type SignatureRow,
  type TemplateBody,
  type TemplateRow,
  type TimedDraftBody,
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
  templates: [...root, 'templates'] as const,
  logs: [...root, 'logs'] as const,
  dealings: [...root, 'dealings'] as const,
};
type Page = { page: number; size: number; keyword?: string };

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
  ding: (accountId?: number) =>
    get<MailDingState>(`${E}/dingNotice/query${accountId ? `?accountId=${accountId}` : ''}`),
  setDing: (enabled: boolean, accountId?: number) =>
    post<MailDingState>(`${E}/dingNotice/update`, { enabled, accountId }),
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
  saveBook: (body: Partial<BookBody>) => post<BookRow>(`${E}/email/book/save`, body),
  deleteBook: (ids: number[]) => post<{ changed: number }>(`${E}/email/book/del`, { ids }),
  templates: () => get<TemplateRow[]>(`${E}/select/email/tempIncludeShare`),
  saveTemplate: (body: Partial<TemplateBody>) => post<TemplateRow>(`${E}/temp/save`, body),
  deleteTemplate: (id: number) => post<null>(`${E}/temp/del`, { id }),
  saveRule: (body: Partial<SenderRuleBody>) => post<SenderRuleRow>(`${E}/whiteBlack/update`, body),
  deleteRules: (ids: number[]) => post<{ changed: number }>(`${E}/whiteBlack/del`, { ids }),
  timedSave: (body: Partial<TimedDraftBody>) =>
    post<{ id: number }>(`${E}/draft/timing/save`, { ...currentAccount(), ...body }),
  retime: (id: number, sendAt: string | null) => post<null>(`${E}/draft/update/timing/time`, { id, sendAt }),
  logs: (q: Page & { direction?: string; counterpartKind?: string }, signal?: AbortSignal) =>
    post<PageResult<MailLogRow>>(`${E}/emailLog/query`, { ...q, ...currentAccount() }, { signal }),
  dealingGroups: (kind: 'customer' | 'supplier', q: Page, signal?: AbortSignal) =>
    post<PageResult<DealingsGroup>>(`${E}/dealings/${kind}/query`, q, { signal }),
  dealings: (q: Page & { counterpartKind?: string; counterpartId?: number }, signal?: AbortSignal) =>
    post<PageResult<MailRow>>(`${E}/dealings/query`, q, { signal }),
  checkOwner: (emails: string[]) => post<OwnerWarning[]>(`${E}/check/owner`, { emails }, { showMessage: false }),
  billFlags: () => post<{ value: string; label: string }[]>(`${E}/select/selectBillFlagEnumList`, {}),
  pushBill: (id: number, billFlag: string, remark = '') =>
    post<{ id: number }>(`${E}/email/receive/pushToFcBillEmail`, { id, billFlag, remark }),
  emlUrl: (accountId: number, id: number) => `${E}/file/eml/download/${accountId}/${id}`,
  /** sender/query: who wrote to the inbox or spam (the sender filter) */
  senderHits: (folder: 'inbox' | 'junk', keyword: string) =>
    post<SenderHit[]>(
      `${E}/sender/query`,
      { folder, keyword: keyword || undefined, ...currentAccount() },
      { showMessage: false },
    ),
  /** email/customer/contact: contacts of the customers I may see (write step suggestions) */
  customerContacts: (keyword: string) =>
    post<CustomerContactHit[]>(`${E}/email/customer/contact`, { keyword, size: 10 }, { showMessage: false }),
  batchForward: (body: Partial<BatchTransmitBody>) =>
    post<{ id: number; messageId: string }>(`${E}/email/batch/transmit`, { ...currentAccount(), ...body }),
  markOptions: () => get<{ value: string; label: string }[]>(`${E}/select/email/mark`),
  followTypes: (counterpartKind: 'customer' | 'supplier') =>
    get<{ value: string; label: string }[]>(`${E}/select/email/follow`, { counterpartKind }),
  upload: (file: File) => upload<FileInfo>(`${E}/file/uploadFileAndGetPresignedUrl`, file),
};
