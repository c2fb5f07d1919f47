import type { ScreenMap } from '../../platform/screens';

/** Home overview (/home). */
export const homeScreens: ScreenMap = {
  '/home': async () => ({ Component: (await import('./HomeScreen')).HomeScreen }),
};
