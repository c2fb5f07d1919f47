import {
  AI_API,
  AI_HISTORY_PAGE,
  AI_SUGGESTED,
  type AiConversation,
  type ChatPage,
  type FileInfo,
  type KbDocumentRow,
  type KbDocumentView,
  type KbFileBody,
  type PageQuery,
  type PageResult,
} from '@portal/contracts';
import { del, get, post, put, request, upload } from '../../platform/http';

/** The platform's system upload (purpose sys): knowledge documents come in through it. */
const SYS_UPLOAD = '/v2/sys/staff/file/upload';

export const aiKeys = {
  conversations: ['ai', 'conversations'] as const,
  questions: (type: string) => ['ai', 'questions', type] as const,
  tags: (likeType: string) => ['ai', 'tags', likeType] as const,
  kbList: ['ai', 'kb'] as const,
  kbDoc: (uuid: string) => ['ai', 'kb', uuid] as const,
};

/** Spec 7 "AI (/v2/ai/api)". History load failures are only logged (spec 8): no message for those. */
export const aiApi = {
  questions: (currentType: string) =>
    get<{ question: string; type: string }[]>(`${AI_API}/common-questions/random`, {
      limit: AI_SUGGESTED,
      currentType,
    }),
  createConversation: (initialQuestion: string) =>
    post<{ uuid: string; title: string }>(`${AI_API}/conversations`, { initialQuestion }),
  conversations: () => get<PageResult<AiConversation>>(`${AI_API}/conversations`, { page: 1, size: 100 }),
  history: (uuid: string, lastChatId?: number) =>
    get<ChatPage>(
      `${AI_API}/conversations/${encodeURIComponent(uuid)}/detail/cursor`,
      { lastChatId, limit: AI_HISTORY_PAGE },
      { showMessage: false },
    ),
  top: (uuid: string, isTop: boolean) =>
    put<AiConversation>(`${AI_API}/conversations/${encodeURIComponent(uuid)}/top`, { isTop }),
  // an empty JSON body: the client always sends a JSON content type, and an empty JSON body is refused
  remove: (uuid: string) =>
    request<null>('DELETE', `${AI_API}/conversations/${encodeURIComponent(uuid)}`, { body: {} }),
  tags: (likeType: 'LIKE' | 'DISLIKE') => get<{ tagName: string }[]>(`${AI_API}/feedback-tags/type/${likeType}`),
  feedback: (body: { like: 0 | 1; tag?: string; content?: string; chatUuid: string }) =>
    post<null>(`${AI_API}/chat-user-feedbacks`, body),
  stop: (chatUuid: string) => post<{ stopped: boolean }>(`${AI_API}/chat/stop`, { chatUuid }, { showMessage: false }),

  kbList: (query: PageQuery & { keyword?: string }, signal?: AbortSignal) =>
    get<PageResult<KbDocumentRow>>(`${AI_API}/knowledge/documents`, { ...query }, { signal }),
  /** a document file through the upload service; its id then adds or replaces a document */
  kbUpload: (file: File) => upload<FileInfo>(SYS_UPLOAD, file),
  kbAdd: (body: KbFileBody) => post<KbDocumentRow>(`${AI_API}/knowledge/documents`, body, { timeout: 'upload' }),
  kbReplace: (uuid: string, body: KbFileBody) =>
    put<KbDocumentRow>(`${AI_API}/knowledge/documents/${encodeURIComponent(uuid)}`, body, { timeout: 'upload' }),
  kbRemove: (uuid: string) => del<null>(`${AI_API}/knowledge/documents/${encodeURIComponent(uuid)}`),
  kbView: (uuid: string) => get<KbDocumentView>(`${AI_API}/kb/documents/${encodeURIComponent(uuid)}`),
};
