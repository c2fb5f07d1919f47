import type { ScreenMap } from '../../shell/screens';

/** Message center screens (the mail screens belong to the mail module). */
export const messageScreens: ScreenMap = {
  '/message/notification': async () => ({ Component: (await import('./NotificationScreen')).NotificationScreen }),
};
