import type { ScreenMap } from '../../platform/screens';

const performance = () => import('./PerformanceScreen');
const messages = () => import('./MessageRecordsScreen');

/** The traffic room's business-inquiry screens, one file per screen (the shared column blocks in `shared.tsx`). */
export const trafficScreens: ScreenMap = {
  '/businessInquiry/sendRcdQuery': async () => ({ Component: (await import('./SmsRecordsScreen')).SmsRecordsScreen }),
  '/businessInquiry/voiceRecordQuery': async () => ({
    Component: (await import('./VoiceRecordsScreen')).VoiceRecordsScreen,
  }),
  '/businessInquiry/smsPerformance': async () => ({ Component: (await performance()).SmsPerformanceScreen }),
  '/businessInquiry/resultsQuery/day/c-end': async () => ({ Component: (await performance()).DailyResultsScreen }),
  '/businessInquiry/resultsQuery/day/r-end': async () => ({ Component: (await performance()).ResellerResultsScreen }),
  '/businessInquiry/c/performance/preview': async () => ({
    Component: (await import('./PreviewScreen')).DirectPreviewScreen,
  }),
  '/businessInquiry/r/performance/preview': async () => ({
    Component: (await import('./PreviewScreen')).ResellerPreviewScreen,
  }),
  '/businessInquiry/voicePerformance': async () => ({ Component: (await performance()).VoicePerformanceScreen }),
  '/businessInquiry/channelVoiceQuery': async () => ({ Component: (await performance()).ChannelVoiceScreen }),
  '/businessInquiry/resultsQuery/wa': async () => ({ Component: (await performance()).WhatsAppResultsScreen }),
  '/businessInquiry/mailPerformance': async () => ({ Component: (await performance()).MailPerformanceScreen }),
  '/businessInquiry/voiceSipRecord': async () => ({ Component: (await import('./SipRecordsScreen')).SipRecordsScreen }),
  '/businessInquiry/apiQueueManage': async () => ({ Component: (await import('./ApiQueuesScreen')).ApiQueuesScreen }),
  '/businessInquiry/send-query/wa-send-record': async () => ({ Component: (await messages()).WhatsAppRecordsScreen }),
  '/businessInquiry/wa-session-record': async () => ({
    Component: (await import('./WaSessionsScreen')).WaSessionsScreen,
  }),
  '/businessInquiry/mailSendingRecord': async () => ({ Component: (await messages()).MailRecordsScreen }),
  '/businessInquiry/sms-bidirectional': async () => ({ Component: (await messages()).TwoWayScreen }),
  '/businessInquiry/sms-appointment-record': async () => ({ Component: (await messages()).AppointmentsScreen }),
  '/businessInquiry/twowaytask': async () => ({ Component: (await messages()).TwoWayTasksScreen }),
  '/businessInquiry/send-query/auto-recall-task': async () => ({ Component: (await messages()).RecallTasksScreen }),
  '/setModule/operate-set/two-way': async () => ({ Component: (await messages()).TwoWayRulesScreen }),
};
