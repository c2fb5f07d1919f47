import type { ScreenMap } from '../../shell/screens';

/** System settings (/setModule/...): the screens that exist so far. */
export const systemScreens: ScreenMap = {
  '/setModule/authManage/user': async () => ({ Component: (await import('./UserListScreen')).UserListScreen }),
};
