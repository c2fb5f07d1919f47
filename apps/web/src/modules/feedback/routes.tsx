import type { ScreenMap } from '../../platform/screens';

/** Feedback screens: my feedback, management, settings. */
export const feedbackScreens: ScreenMap = {
  '/csc/feedbackmanagement/feedback': async () => ({
    Component: (await import('./MyFeedbackScreen')).MyFeedbackScreen,
  }),
  '/csc/feedbackmanagement/fb-list': async () => ({
    Component: (await import('./FeedbackListScreen')).FeedbackListScreen,
  }),
  '/setModule/feedbackmanagement/fb-config': async () => ({
    Component: (await import('./FeedbackConfigScreen')).FeedbackConfigScreen,
  }),
};
