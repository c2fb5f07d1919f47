import type { ScreenMap } from '../../platform/screens';

/** Release notes: timeline, list, settings. */
export const noticeScreens: ScreenMap = {
  '/message/publicnotice/timeaxis': async () => ({ Component: (await import('./TimelineScreen')).TimelineScreen }),
  '/message/publicnotice/noticelist': async () => ({
    Component: (await import('./NoticeListScreen')).NoticeListScreen,
  }),
  '/setModule/publicnotice/noticeconfig': async () => ({
    Component: (await import('./NoticeConfigScreen')).NoticeConfigScreen,
  }),
};
