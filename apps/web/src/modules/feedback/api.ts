import type { FeedbackDetail, FileInfo, PageResult } from '@portal/contracts';
import { feedbackResource, myFeedbackResource } from '@portal/contracts/feedback';
import type { QueryClient } from '@tanstack/react-query';
import { get, post, upload } from '../../platform/http';
import { resourceKeys } from '../../platform/resource/keys';

/** After a feedback was sent, answered or closed: its details, the counts and both lists. */
export const refreshFeedback = (queryClient: QueryClient) =>
  Promise.all(
    [feedbackKeys.root, resourceKeys.all(feedbackResource.key), resourceKeys.all(myFeedbackResource.key)].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );

export const feedbackKeys = {
  root: ['feedback'] as const,
  unreplied: ['feedback', 'unreply'] as const,
  detail: (id: number) => ['feedback', 'detail', id] as const,
  questions: ['feedback', 'questions'] as const,
  tips: ['feedback', 'tips'] as const,
  popup: ['feedback', 'popup'] as const,
};

const F = '/v2/sys/staff/feedback';
const SYS_UPLOAD = '/v2/sys/staff/file/upload';
export interface Question {
  id: number;
  name: string;
  sort: number;
  enabled: boolean;
}
export interface PopupConfig {
  resourceId: number;
  resourceName: string | null;
  router: string | null;
  enabled: boolean;
  /** the question in Chinese and in English (null: the default wording) */
  question: string | null;
  questionEn: string | null;
  periodDays: number;
}

export const feedbackApi = {
  questions: (all = false) => get<Question[]>(`${F}/questionList`, { all: all ? '1' : '0' }),
  saveQuestions: (questions: { id?: number; name: string; enabled: boolean }[]) =>
    post<Question[]>(`${F}/questionList/update`, { questions }, { checkRepeat: true }),
  tips: () => get<{ tips: string }>(`${F}/feedbackConfig/tips`),
  saveTips: (tips: string) => post<{ tips: string }>(`${F}/feedbackConfig/tips/update`, { tips }),
  popupPage: (q: { page: number; size: number }, signal?: AbortSignal) =>
    post<PageResult<PopupConfig>>(`${F}/feedbackPopupConfig`, q, { signal }),
  savePopup: (c: {
    resourceId: number;
    enabled: boolean;
    question: string | null;
    questionEn: string | null;
    periodDays: number;
  }) => post<null>(`${F}/feedbackPopupConfig/save`, c),
  deletePopup: (resourceId: number) => post<null>(`${F}/feedbackPopupConfig/delete`, { resourceId }),
  /** a screenshot through the platform upload service; its id goes into commit's screenshotIds */
  uploadScreenshot: (file: Blob, signal?: AbortSignal) => upload<FileInfo>(SYS_UPLOAD, file, { signal }),
  commit: (body: { questionId: number; content: string; page?: string; screenshotIds: string[] }) =>
    post<{ id: number }>(`${F}/commitFeedback`, body, { checkRepeat: true }),
  commitScore: (body: { resourceId: number; score: number; content?: string }) => post<null>(`${F}/commitScore`, body),
  detail: (id: number) => get<FeedbackDetail>(`${F}/getFeedbackDetail`, { id }),
  reply: (id: number, content: string, close: boolean) =>
    post<null>(`${F}/feedbackReply`, { id, content, close }, { checkRepeat: true }),
  close: (id: number) => post<null>(`${F}/feedbackClose`, { id }),
  countUnReply: () => get<{ count: number }>(`${F}/countUnReply`),
};
