import type { PageResult } from '@portal/contracts';
import type {
  CcRecordQuery,
  ccRecordPage,
  ccRecordRow,
  VoiceTaskQuery,
  VoiceTaskRequest,
  VoiceTaskRow,
  VosAccountQuery,
  VosAccountRow,
} from '@portal/contracts/traffic';
import type { z } from 'zod';
import { get, post } from '../../platform/http';
import type { QueryParams } from '../../platform/request-headers';

/** The calls of voiceCcRecord and voiceTaskManagement (decision 0130), in their own chunk. */
export type CcRow = z.infer<typeof ccRecordRow>;
export type CcPage = z.infer<typeof ccRecordPage>;
export type { VoiceTaskRow, VosAccountRow };

const B = '/v2/traffic';
export const voiceKeys = {
  cc: ['traffic', 'cc'] as const,
  tasks: ['traffic', 'voice-tasks'] as const,
  vos: ['traffic', 'vos-accounts'] as const,
};

export const voiceApi = {
  cc: (q: Partial<CcRecordQuery>, signal?: AbortSignal) =>
    get<CcPage & PageResult<CcRow>>(`${B}/cc/page`, q as QueryParams, { signal }),
  tasks: (q: Partial<VoiceTaskQuery>, signal?: AbortSignal) =>
    get<PageResult<VoiceTaskRow>>(`${B}/voice-tasks/page`, q as QueryParams, { signal }),
  vos: (q: Partial<VosAccountQuery>, signal?: AbortSignal) =>
    get<PageResult<VosAccountRow>>(`${B}/vos-accounts/page`, q as QueryParams, { signal }),
  request: (id: number, request: VoiceTaskRequest) =>
    post<VoiceTaskRow>(`${B}/voice-tasks/${id}/request`, { request }, { checkRepeat: true }),
};
