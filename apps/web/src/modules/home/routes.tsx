import type { ScreenMap } from '../../shell/screens';

/** Home overview (/home). */
export const homeScreens: ScreenMap = {
  '/home': async () => ({ Component: (await import('./HomeScreen')).HomeScreen }),
};
