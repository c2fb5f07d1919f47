import type { ScreenMap } from '../../platform/screens';

const screens = () => import('./screens');

/** The traffic room's business-inquiry screens. */
export const trafficScreens: ScreenMap = {
  '/businessInquiry/sendRcdQuery': async () => ({ Component: (await screens()).SmsRecordsScreen }),
  '/businessInquiry/voiceRecordQuery': async () => ({ Component: (await screens()).VoiceRecordsScreen }),
  '/businessInquiry/smsPerformance': async () => ({ Component: (await screens()).SmsPerformanceScreen }),
  '/businessInquiry/resultsQuery/day/c-end': async () => ({ Component: (await screens()).DailyResultsScreen }),
};
