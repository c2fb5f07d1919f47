import type { AiChat, AiKbRef } from '@portal/contracts';
import { create } from 'zustand';

/** Spec 3: the placeholder key of a new, unsaved chat. */
export const NEW_CHAT = '__new__';

export interface ChatMsg {
  /** stable React key: the chat uuid once known */
  key: string;
  id?: number;
  chatUuid?: string;
  userQuery: string;
  aiResponse: string;
  like: 0 | 1 | null;
  kbDocuments: AiKbRef[];
  guessQuestions: string[];
  status: AiChat['status'];
}

/** Spec 3 local session state: draft, loading, isStopSSE (stop allowed), messageData; plus history paging. */
export interface SessionState {
  draft: string;
  loading: boolean;
  isStopSSE: boolean;
  messageData: ChatMsg[];
  /** older history exists on the server */
  hasMore: boolean;
  /** the first history page was read */
  loaded: boolean;
}

export const emptySession = (): SessionState => ({
  draft: '',
  loading: false,
  isStopSSE: false,
  messageData: [],
  hasMore: false,
  loaded: false,
});

export const msgOf = (c: AiChat): ChatMsg => ({
  key: c.uuid,
  id: c.id,
  chatUuid: c.uuid,
  userQuery: c.userQuery,
  aiResponse: c.aiResponse,
  like: c.like,
  kbDocuments: c.kbDocuments,
  guessQuestions: c.guessQuestions,
  status: c.status,
});

interface ChatStore {
  open: boolean;
  full: boolean;
  listOpen: boolean;
  activeKey: string;
  sessions: Record<string, SessionState>;
  setOpen(open: boolean): void;
  toggleFull(): void;
  toggleList(): void;
  select(key: string): void;
  session(key: string): SessionState;
  patch(key: string, p: Partial<SessionState> | ((s: SessionState) => Partial<SessionState>)): void;
  patchMsg(key: string, msgKey: string, p: Partial<ChatMsg> | ((m: ChatMsg) => Partial<ChatMsg>)): void;
  /** the draft and state of the new chat move to the session the server created */
  adopt(uuid: string): void;
  drop(key: string): void;
}

export const useChat = create<ChatStore>()((set, get) => ({
  open: false,
  full: false,
  listOpen: false,
  activeKey: NEW_CHAT,
  sessions: {},
  setOpen: (open) => set({ open }),
  toggleFull: () => set((s) => ({ full: !s.full })),
  toggleList: () => set((s) => ({ listOpen: !s.listOpen })),
  select: (key) => set({ activeKey: key }),
  session: (key) => get().sessions[key] ?? emptySession(),
  patch: (key, p) =>
    set((s) => {
      const cur = s.sessions[key] ?? emptySession();
      return { sessions: { ...s.sessions, [key]: { ...cur, ...(typeof p === 'function' ? p(cur) : p) } } };
    }),
  patchMsg: (key, msgKey, p) =>
    get().patch(key, (cur) => ({
      messageData: cur.messageData.map((m) =>
        m.key === msgKey ? { ...m, ...(typeof p === 'function' ? p(m) : p) } : m,
      ),
    })),
  adopt: (uuid) =>
    set((s) => {
      const moved = { ...(s.sessions[NEW_CHAT] ?? emptySession()), loaded: true };
      const { [NEW_CHAT]: _gone, ...rest } = s.sessions;
      return { sessions: { ...rest, [uuid]: moved }, activeKey: s.activeKey === NEW_CHAT ? uuid : s.activeKey };
    }),
  drop: (key) =>
    set((s) => {
      const { [key]: _gone, ...rest } = s.sessions;
      return { sessions: rest, activeKey: s.activeKey === key ? NEW_CHAT : s.activeKey };
    }),
}));
