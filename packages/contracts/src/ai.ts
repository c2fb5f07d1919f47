import { z } from 'zod';
import { fileInfo } from './files.js';
import { pageQuery } from './paging.js';
import { coerceInt32, int32, text } from './validation/scalars.js';

/* ---- AI assistant (spec 7 "AI (/v2/ai/api)", limits of spec 9) ---- */

export const AI_API = '/v2/ai/api';
/** spec 5 / 9: chat input */
export const AI_INPUT_MAX = 100;
export const AI_INPUT_MIN_ROWS = 1;
export const AI_INPUT_MAX_ROWS = 4;
/** spec 9: history page size, and how close to the top older messages load */
export const AI_HISTORY_PAGE = 10;
export const AI_HISTORY_LOAD_PX = 50;
/** spec 9: suggested questions per fetch */
export const AI_SUGGESTED = 3;
/** spec 9: panel widths */
export const AI_PANEL_WIDTH = 556;
export const AI_PANEL_WIDE = 700;
/** follow-up questions after an answer */
export const AI_GUESS_MAX = 3;
/**
 * Knowledge documents: accepted formats (the extensions of the file uploaded through the system
 * upload service) and the largest such file that becomes a document.
 */
export const KB_FORMATS = ['md', 'txt', 'docx', 'pdf'] as const;
export type KbFormat = (typeof KB_FORMATS)[number];
export const KB_ACCEPT = '.md,.txt,.docx,.pdf';
export const KB_MAX_BYTES = 10 * 1024 * 1024;
/** the read-only document view of the portal that `reference_url` opens */
export const KB_DOC_VIEW_PATH = '/setModule/ai/knowledge/doc';
export const kbDocUrl = (uuid: string, title: string) =>
  `${KB_DOC_VIEW_PATH}?uuid=${encodeURIComponent(uuid)}&name=${encodeURIComponent(title)}`;

/** Chat content: trimmed, not blank, at most 100 characters (spec 5). */
export const chatContent = text()
  .trim()
  .min(1, 'content must not be blank')
  .max(AI_INPUT_MAX, `content must be at most ${AI_INPUT_MAX} characters`);

export const aiConversation = z.object({
  uuid: text(),
  title: text(),
  isTop: z.boolean(),
  updatedAt: text(),
});
export type AiConversation = z.infer<typeof aiConversation>;

export const createConversationBody = z.object({ initialQuestion: chatContent });
export const createdConversation = z.object({ uuid: text(), title: text() });

export const aiKbRef = z.object({ documentName: text(), documentUrl: text() });
export type AiKbRef = z.infer<typeof aiKbRef>;

export const AI_CHAT_STATUSES = ['streaming', 'done', 'stopped', 'failed'] as const;
export type AiChatStatus = (typeof AI_CHAT_STATUSES)[number];

/** spec 3 chat message; like: 1 liked, 0 disliked, null none */
export const aiChat = z.object({
  id: int32(),
  uuid: text(),
  userQuery: text(),
  aiResponse: text(),
  like: z.union([z.literal(0), z.literal(1)]).nullable(),
  kbDocuments: z.array(aiKbRef),
  guessQuestions: z.array(text()),
  status: z.enum(AI_CHAT_STATUSES),
  createdAt: text(),
});
export type AiChat = z.infer<typeof aiChat>;

/** Path parameter uuid: checked by the service so a missing one gets its own clear code. */
export const uuidParam = z.object({ uuid: text().optional() });
export const cursorQuery = z.object({
  lastChatId: coerceInt32().positive().optional(),
  limit: coerceInt32().min(1).max(50).default(AI_HISTORY_PAGE),
});
export const chatPage = z.object({ chats: z.array(aiChat), hasMore: z.boolean() });
export type ChatPage = z.infer<typeof chatPage>;

export const topBody = z.object({ isTop: z.boolean().optional() }).nullish();

export const LIKE_TYPES = ['LIKE', 'DISLIKE'] as const;
export const likeTypeParam = z.object({ likeType: text().optional() });
export const feedbackTag = z.object({ tagName: text() });

export const chatFeedbackBody = z.object({
  like: z.union([z.literal(0), z.literal(1)]),
  /** comma-joined tags (spec 3); at least one for a like */
  tag: text().trim().max(200).optional(),
  content: text().trim().max(500).optional(),
  chatUuid: text().uuid(),
});
export type ChatFeedbackBody = z.infer<typeof chatFeedbackBody>;

export const stopBody = z.object({ chatUuid: text().uuid() });
export const stopResult = z.object({ stopped: z.boolean() });

export const chatSseBody = z.object({
  stream: z.literal(true).default(true),
  content: chatContent,
  conversationUuid: text().uuid(),
});
export type ChatSseBody = z.infer<typeof chatSseBody>;

/** Events of POST chat/sse (spec 7). */
export interface AiSseEvents {
  init: { chatUuid: string; conversationUuid: string };
  message: { content: string; conversationUuid: string; chatUuid: string };
  kbdocs: { document_name: string; reference_url: string };
  guessQuestions: string[];
  /** the answer failed after the stream began (model unreachable); the partial answer is kept */
  error: { code: number; msg: string };
}

export const commonQuestionsQuery = z.object({
  limit: coerceInt32().min(1).max(10).default(AI_SUGGESTED),
  currentType: text().trim().max(40).optional(),
});
export const commonQuestion = z.object({ question: text(), type: text() });

/* ---- knowledge base (/setModule/ai/knowledge) ---- */

export const kbDocumentRow = z.object({
  uuid: text(),
  title: text(),
  fileName: text(),
  format: z.enum(KB_FORMATS),
  bytes: int32(),
  chunks: int32(),
  builtin: z.boolean(),
  updatedAt: text(),
  updatedBy: text().nullable(),
});
export type KbDocumentRow = z.infer<typeof kbDocumentRow>;

export const kbListQuery = pageQuery.extend({ keyword: text().trim().max(100).optional() });

export const kbDocumentView = z.object({
  uuid: text(),
  title: text(),
  format: z.enum(KB_FORMATS),
  body: text(),
  updatedAt: text(),
  /** the uploaded original (signed download URL); null for the built-in documents */
  file: fileInfo.nullable(),
});
export type KbDocumentView = z.infer<typeof kbDocumentView>;

/**
 * Add or replace a document from a file uploaded first through the system upload service
 * (POST /v2/sys/staff/file/upload, by the same user). The title defaults to the markdown's first
 * heading, else the file name.
 */
export const kbFileBody = z.object({
  fileId: text().uuid(),
  title: text().trim().min(1).max(120).optional(),
});
export type KbFileBody = z.infer<typeof kbFileBody>;
