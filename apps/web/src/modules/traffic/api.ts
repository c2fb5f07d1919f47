import type { PageResult } from '@portal/contracts';
import type {
  PerformanceQuery,
  performanceAnswer,
  SmsRecordQuery,
  smsRecordPage,
  smsRecordRow,
  timelineEntry,
  VoiceRecordQuery,
  voiceRecordPage,
  voiceRecordRow,
} from '@portal/contracts/traffic';
import type { z } from 'zod';
import { get } from '../../platform/http';
import type { QueryParams } from '../../platform/request-headers';

export type SmsRow = z.infer<typeof smsRecordRow>;
export type VoiceRow = z.infer<typeof voiceRecordRow>;
export type SmsPage = z.infer<typeof smsRecordPage>;
export type VoicePage = z.infer<typeof voiceRecordPage>;
export type TimelineEntry = z.infer<typeof timelineEntry>;
export type Performance = z.infer<typeof performanceAnswer>;

const B = '/v2/traffic';
export const trafficKeys = {
  sms: ['traffic', 'sms'] as const,
  voice: ['traffic', 'voice'] as const,
  timeline: (id: string) => ['traffic', 'timeline', id] as const,
  performance: ['traffic', 'performance'] as const,
};

export const trafficApi = {
  sms: (q: Partial<SmsRecordQuery>, signal?: AbortSignal) =>
    get<SmsPage & PageResult<SmsRow>>(`${B}/sms/page`, q as QueryParams, { signal }),
  voice: (q: Partial<VoiceRecordQuery>, signal?: AbortSignal) =>
    get<VoicePage & PageResult<VoiceRow>>(`${B}/voice/page`, q as QueryParams, { signal }),
  timeline: (q: { messageId: string; from: string; to: string }, signal?: AbortSignal) =>
    get<TimelineEntry[]>(`${B}/sms/timeline`, q, { signal }),
  performance: (path: 'sms-performance' | 'results/day', q: Partial<PerformanceQuery>, signal?: AbortSignal) =>
    get<Performance>(`${B}/${path}`, q as QueryParams, { signal }),
};
