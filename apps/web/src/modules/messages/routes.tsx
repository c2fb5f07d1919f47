import type { ScreenMap } from '../../platform/screens';

/** Message center screens (the mail screens belong to the mail module). */
export const messageScreens: ScreenMap = {
  '/message/notification': async () => ({ Component: (await import('./NotificationScreen')).NotificationScreen }),
};
