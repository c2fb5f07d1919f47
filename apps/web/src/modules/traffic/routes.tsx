import type { ComponentType } from 'react';
import type { ScreenLoader, ScreenMap } from '../../platform/screens';

const performance = () => import('./PerformanceScreen');
const messages = () => import('./MessageRecordsScreen');
const preview = () => import('./PreviewScreen');
const voice = () => import('./voice-screens');
/** one named screen of a lazily loaded module (one loader shape for every entry: fewer bytes in the shell) */
const screen =
  <M,>(load: () => Promise<M>, name: keyof M & string): ScreenLoader =>
  async () => ({ Component: (await load())[name] as ComponentType });

/** The traffic room's business-inquiry screens, one file per screen (the shared column blocks in `shared.tsx`). */
export const trafficScreens: ScreenMap = {
  '/businessInquiry/sendRcdQuery': screen(() => import('./SmsRecordsScreen'), 'SmsRecordsScreen'),
  '/businessInquiry/voiceRecordQuery': screen(() => import('./VoiceRecordsScreen'), 'VoiceRecordsScreen'),
  '/businessInquiry/smsPerformance': screen(performance, 'SmsPerformanceScreen'),
  '/businessInquiry/resultsQuery/day/c-end': screen(performance, 'DailyResultsScreen'),
  '/businessInquiry/resultsQuery/day/r-end': screen(performance, 'ResellerResultsScreen'),
  '/businessInquiry/c/performance/preview': screen(preview, 'DirectPreviewScreen'),
  '/businessInquiry/r/performance/preview': screen(preview, 'ResellerPreviewScreen'),
  '/businessInquiry/voicePerformance': screen(performance, 'VoicePerformanceScreen'),
  '/businessInquiry/channelVoiceQuery': screen(performance, 'ChannelVoiceScreen'),
  '/businessInquiry/resultsQuery/wa': screen(performance, 'WhatsAppResultsScreen'),
  '/businessInquiry/mailPerformance': screen(performance, 'MailPerformanceScreen'),
  '/businessInquiry/agentPerformance': screen(performance, 'AgentPerformanceScreen'),
  '/businessInquiry/resultsQuery/ants': screen(performance, 'AntsScreen'),
  '/businessInquiry/star-promoter-performance': screen(performance, 'StarPromotersScreen'),
  '/businessInquiry/gift-performance': screen(performance, 'GiftPerformanceScreen'),
  '/businessInquiry/app-query/sms': screen(performance, 'SmsAppsScreen'),
  '/businessInquiry/app-query/voice': screen(performance, 'VoiceAppsScreen'),
  '/businessInquiry/agent-query/page': screen(performance, 'AgentQueryScreen'),
  '/businessInquiry/agent-query/customer': screen(performance, 'AgentCustomersScreen'),
  '/businessInquiry/numberPerformance': screen(performance, 'NumberPerformanceScreen'),
  '/businessInquiry/voiceSipRecord': screen(() => import('./SipRecordsScreen'), 'SipRecordsScreen'),
  '/businessInquiry/voiceCcRecord': screen(voice, 'CcRecordsScreen'),
  '/businessInquiry/voiceTaskManagement': screen(voice, 'VoiceTasksScreen'),
  '/businessInquiry/vos-voice-account': screen(voice, 'VosAccountsScreen'),
  '/businessInquiry/operationLog': screen(() => import('./OperationLogScreen'), 'OperationLogScreen'),
  '/businessInquiry/minxSolution': screen(() => import('./MinxScreen'), 'MinxScreen'),
  '/businessInquiry/portquery': screen(() => import('./PortQueryScreen'), 'PortQueryScreen'),
  '/businessInquiry/apiQueueManage': screen(() => import('./ApiQueuesScreen'), 'ApiQueuesScreen'),
  '/businessInquiry/send-query/wa-send-record': screen(messages, 'WhatsAppRecordsScreen'),
  '/businessInquiry/wa-session-record': screen(() => import('./WaSessionsScreen'), 'WaSessionsScreen'),
  '/businessInquiry/mailSendingRecord': screen(messages, 'MailRecordsScreen'),
  '/businessInquiry/sms-bidirectional': screen(messages, 'TwoWayScreen'),
  // decision 0106: in the messages chunk (no import site of their own)
  '/businessInquiry/sms-appointment-record': screen(messages, 'AppointmentsScreen'),
  '/businessInquiry/twowaytask': screen(messages, 'TwoWayTasksScreen'),
  '/businessInquiry/send-query/auto-recall-task': screen(messages, 'RecallTasksScreen'),
  '/setModule/operate-set/two-way': screen(messages, 'TwoWayRulesScreen'),
  '/businessOperations/two-way-review': screen(messages, 'TwoWayReviewScreen'),
};
