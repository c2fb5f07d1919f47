import { get, post } from '../platform/http';

/** Shapes of the shell's calls (packages/contracts home.ts, feedback.ts, notices.ts). */
export interface VersionDetail {
  id: number;
  version: string;
  title: string;
  /** release notes, markdown text */
  content: string;
  publishedAt: string;
}
export interface VersionPopup {
  popupState: 0 | 1;
  versionDetail: VersionDetail | null;
}
export interface NeedScore {
  need: boolean;
  /** the question in Chinese and in English (null: the default wording) */
  question: string | null;
  questionEn: string | null;
}
export interface UserSetting {
  type: 'guide' | 'dateMode';
  remark: string | null;
  content: Record<string, unknown>;
}
export interface LoginPrompt {
  id: number;
  title: string;
  content: string;
}

/**
 * Background calls of the shell never show messages: a call that fails, or that the server does
 * not offer yet (ROUTE_NOT_FOUND 10000005), means "nothing to show". Special codes (an expired
 * session) still take their path in the http client.
 */
async function quietly<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch {
    return null;
  }
}

const silent = { showMessage: false } as const;

export const shellApi = {
  versionPopup: () => quietly(get<VersionPopup>('/v2/sys/staff/version/popup', undefined, silent)),
  versionRead: (id: number) => quietly(post<unknown>('/v2/sys/staff/version/popup/read', { id }, silent)),
  needScore: (resourceId: number) =>
    quietly(get<NeedScore>('/v2/sys/staff/feedback/needScore', { resourceId }, silent)),
  /** closed without rating: the server does not ask again within the period */
  dismissScore: (resourceId: number) =>
    quietly(post<unknown>('/v2/sys/staff/feedback/dismissScore', { resourceId }, silent)),
  /** the user submits this one: failures are shown */
  commitScore: (body: { resourceId: number; score: number; content?: string }) =>
    post<unknown>('/v2/sys/staff/feedback/commitScore', body),
  guide: () => quietly(get<UserSetting | null>('/v2/sys/staff/user/setting', { type: 'guide' }, silent)),
  saveGuide: (remark: string | null, content: Record<string, unknown>) =>
    quietly(post<UserSetting>('/v2/sys/staff/user/setting', { type: 'guide', remark, content }, silent)),
  loginPrompt: () => quietly(get<LoginPrompt | null>('/kunlun/crm/sysLoginPrompt/genQuery/one', undefined, silent)),
};
