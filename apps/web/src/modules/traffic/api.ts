import type { PageResult } from '@portal/contracts';
import type {
  AgentCustomersPage,
  AgentCustomersQuery,
  AgentPerformancePage,
  AgentPerformanceQuery,
  AgentQueryPage,
  AgentQueryQuery,
  AntsPage,
  AntsQuery,
  AppointmentQuery,
  AppQuery,
  AppTrafficPage,
  appointmentRow,
  GiftPage,
  GiftQuery,
  MessageKind,
  MessageQuery,
  messagePage,
  messageRow,
  messageTimelineEntry,
  NumberPerformancePage,
  NumberPerformanceQuery,
  OperationLogPage,
  OperationLogQuery,
  PerformanceQuery,
  PortQueryAnswer,
  PreviewAnswer,
  PreviewQuery,
  performanceAnswer,
  queueAnswer,
  RecallTaskCreate,
  RecallTaskQuery,
  recallTaskRow,
  SessionQuery,
  SipQuery,
  SmsRecordQuery,
  StarPromoterPage,
  StarPromoterQuery,
  sessionPage,
  sessionRow,
  sipAnswer,
  smsRecordPage,
  smsRecordRow,
  TwoWayTaskQuery,
  timelineEntry,
  twoWayTaskRow,
  UnmatchedQuery,
  unmatchedRow,
  VoiceRecordQuery,
  voiceRecordPage,
  voiceRecordRow,
} from '@portal/contracts/traffic';
import type { z } from 'zod';
import { get, post } from '../../platform/http';
import type { QueryParams } from '../../platform/request-headers';
import type { Range } from './shared';

export type SmsRow = z.infer<typeof smsRecordRow>;
export type VoiceRow = z.infer<typeof voiceRecordRow>;
export type SmsPage = z.infer<typeof smsRecordPage>;
export type VoicePage = z.infer<typeof voiceRecordPage>;
export type TimelineEntry = z.infer<typeof timelineEntry>;
export type Performance = z.infer<typeof performanceAnswer>;
export type AgentPerformanceRow = AgentPerformancePage['records'][number];
export type AgentPerformanceTotal = AgentPerformancePage['totals'][number];
export type StarPromoterRow = StarPromoterPage['records'][number];
export type StarPromoterTotal = StarPromoterPage['totals'][number];
export type GiftRow = GiftPage['records'][number];
export type AppTrafficRow = AppTrafficPage['records'][number];
export type AgentQueryRow = AgentQueryPage['records'][number];
export type AgentCustomerRow = AgentCustomersPage['records'][number];
export type AntRow = AntsPage['records'][number];
export type AntTotal = AntsPage['totals'][number];
export type NumberRow = NumberPerformancePage['records'][number];
export type NumberTotal = NumberPerformancePage['totals'][number];
export type MessageRow = z.infer<typeof messageRow>;
export type MessagePage = z.infer<typeof messagePage>;
export type SipAnswer = z.infer<typeof sipAnswer>;
export type QueueAnswer = z.infer<typeof queueAnswer>;
export type MessageTimelineEntry = z.infer<typeof messageTimelineEntry>;
export type UnmatchedRow = z.infer<typeof unmatchedRow>;
export type UnmatchedFilters = Partial<Omit<UnmatchedQuery, 'page' | 'size'>> & { range?: Range };
export type SessionRow = z.infer<typeof sessionRow>;
export type SessionPage = z.infer<typeof sessionPage>;
export type AppointmentRow = z.infer<typeof appointmentRow>;
export type TwoWayTaskRow = z.infer<typeof twoWayTaskRow>;
export type RecallTaskRow = z.infer<typeof recallTaskRow>;
/** the performance views of the server (voice ones answer voice whatever the product) */
export type PerformancePath =
  | 'sms-performance'
  | 'results/day'
  | 'results/day/r-end'
  | 'voice-performance'
  | 'voice-channels'
  | 'whatsapp-results'
  | 'mail-performance';
/** the C-end and R-end previews */
export type PreviewPath = 'results/day/preview' | 'results/day/r-end/preview';

const B = '/v2/traffic';
export const trafficKeys = {
  sms: ['traffic', 'sms'] as const,
  voice: ['traffic', 'voice'] as const,
  timeline: (id: string) => ['traffic', 'timeline', id] as const,
  performance: ['traffic', 'performance'] as const,
  operationLog: (accountId: number) => ['traffic', 'operation-log', accountId] as const,
  agents: ['traffic', 'agents'] as const,
  agentQuery: ['traffic', 'agent-query'] as const,
  agentCustomers: (agentId: number) => ['traffic', 'agent-customers', agentId] as const,
  promoters: ['traffic', 'star-promoters'] as const,
  gifts: ['traffic', 'gift-performance'] as const,
  apps: (product: 'sms' | 'voice') => ['traffic', 'apps', product] as const,
  ants: ['traffic', 'ants'] as const,
  numbers: ['traffic', 'numbers'] as const,
  preview: ['traffic', 'preview'] as const,
  sip: ['traffic', 'sip'] as const,
  queues: ['traffic', 'queues'] as const,
  messages: (kind: MessageKind) => ['traffic', 'messages', kind] as const,
  sessions: ['traffic', 'sessions'] as const,
  messageTimeline: (kind: 'whatsapp' | 'mail', id: string) => ['traffic', 'message-timeline', kind, id] as const,
  unmatched: ['traffic', 'unmatched'] as const,
  appointments: ['traffic', 'appointments'] as const,
  twoWayTasks: ['traffic', 'twoway-tasks'] as const,
  taskReplies: (id: number) => ['traffic', 'twoway-tasks', id, 'replies'] as const,
  recallTasks: ['traffic', 'recall-tasks'] as const,
};

export const trafficApi = {
  sms: (q: Partial<SmsRecordQuery>, signal?: AbortSignal) =>
    get<SmsPage & PageResult<SmsRow>>(`${B}/sms/page`, q as QueryParams, { signal }),
  voice: (q: Partial<VoiceRecordQuery>, signal?: AbortSignal) =>
    get<VoicePage & PageResult<VoiceRow>>(`${B}/voice/page`, q as QueryParams, { signal }),
  timeline: (q: { messageId: string; from: string; to: string }, signal?: AbortSignal) =>
    get<TimelineEntry[]>(`${B}/sms/timeline`, q, { signal }),
  agentPerformance: (q: Partial<AgentPerformanceQuery>, signal?: AbortSignal) =>
    get<AgentPerformancePage>(`${B}/agent-performance`, q as QueryParams, { signal }),
  starPromoters: (q: Partial<StarPromoterQuery>, signal?: AbortSignal) =>
    get<StarPromoterPage>(`${B}/star-promoters`, q as QueryParams, { signal }),
  agentQuery: (q: Partial<AgentQueryQuery>, signal?: AbortSignal) =>
    get<AgentQueryPage>(`${B}/agent-query`, q as QueryParams, { signal }),
  agentCustomers: (q: Partial<AgentCustomersQuery>, signal?: AbortSignal) =>
    get<AgentCustomersPage>(`${B}/agent-query/customers`, q as QueryParams, { signal }),
  apps: (product: 'sms' | 'voice', q: Partial<AppQuery>, signal?: AbortSignal) =>
    get<AppTrafficPage>(`${B}/apps/${product}`, q as QueryParams, { signal }),
  gifts: (q: Partial<GiftQuery>, signal?: AbortSignal) =>
    get<GiftPage>(`${B}/gift-performance`, q as QueryParams, { signal }),
  ants: (q: Partial<AntsQuery>, signal?: AbortSignal) => get<AntsPage>(`${B}/ants`, q as QueryParams, { signal }),
  numbers: (q: Partial<NumberPerformanceQuery>, signal?: AbortSignal) =>
    get<NumberPerformancePage>(`${B}/number-performance`, q as QueryParams, { signal }),
  performance: (path: PerformancePath, q: Partial<PerformanceQuery>, signal?: AbortSignal) =>
    get<Performance>(`${B}/${path}`, q as QueryParams, { signal }),
  preview: (path: PreviewPath, q: Partial<PreviewQuery>, signal?: AbortSignal) =>
    get<PreviewAnswer>(`${B}/${path}`, q as QueryParams, { signal }),
  sip: (q: Partial<SipQuery>, signal?: AbortSignal) => get<SipAnswer>(`${B}/voice/sip`, q as QueryParams, { signal }),
  messages: (kind: MessageKind, q: Partial<MessageQuery>, signal?: AbortSignal) =>
    get<MessagePage & PageResult<MessageRow>>(`${B}/${kind}/page`, q as QueryParams, { signal }),
  sessions: (q: Partial<SessionQuery>, signal?: AbortSignal) =>
    get<SessionPage & PageResult<SessionRow>>(`${B}/whatsapp/sessions`, q as QueryParams, { signal }),
  messageTimeline: (kind: 'whatsapp' | 'mail', q: { id: string; from: string; to: string }, signal?: AbortSignal) =>
    get<MessageTimelineEntry[]>(`${B}/${kind}/timeline`, q, { signal }),
  unmatched: (q: Partial<UnmatchedQuery>, signal?: AbortSignal) =>
    get<PageResult<UnmatchedRow>>(`${B}/dlr/unmatched`, q as QueryParams, { signal }),
  operationLog: (q: Partial<OperationLogQuery>, signal?: AbortSignal) =>
    get<OperationLogPage>(`${B}/operation-log`, q as QueryParams, { signal }),
  portQuery: (numbers: string) => post<PortQueryAnswer>(`${B}/portquery`, { numbers }),
  queues: (q: { accountId?: number; channelId?: number }, signal?: AbortSignal) =>
    get<QueueAnswer>(`${B}/queues`, q as QueryParams, { signal }),
  appointments: (q: Partial<AppointmentQuery>, signal?: AbortSignal) =>
    get<PageResult<AppointmentRow>>(`${B}/appointments/page`, q as QueryParams, { signal }),
  cancelAppointment: (id: number) =>
    post<AppointmentRow>(`${B}/appointments/${id}/cancel`, undefined, { checkRepeat: true }),
  twoWayTasks: (q: Partial<TwoWayTaskQuery>, signal?: AbortSignal) =>
    get<PageResult<TwoWayTaskRow>>(`${B}/twoway-tasks/page`, q as QueryParams, { signal }),
  taskReplies: (id: number, q: { page: number; size: number }, signal?: AbortSignal) =>
    get<MessagePage & PageResult<MessageRow>>(`${B}/twoway-tasks/${id}/replies`, q, { signal }),
  recallTasks: (q: Partial<RecallTaskQuery>, signal?: AbortSignal) =>
    get<PageResult<RecallTaskRow>>(`${B}/recall-tasks/page`, q as QueryParams, { signal }),
  createRecallTask: (body: RecallTaskCreate) => post<RecallTaskRow>(`${B}/recall-tasks`, body, { checkRepeat: true }),
};
