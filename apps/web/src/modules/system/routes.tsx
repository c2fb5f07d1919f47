import { DICT_MODULES } from '@portal/contracts/dict/modules';
import type { ScreenMap } from '../../shell/screens';

/** System settings (/setModule/...): the screens that exist so far. */
export const systemScreens: ScreenMap = {
  '/setModule/authManage/user': async () => ({ Component: (await import('./UserListScreen')).UserListScreen }),
  ...Object.fromEntries(
    DICT_MODULES.map((module) => [
      `/setModule/${module}/dictionary`,
      async () => ({ Component: (await import('./DictionaryScreen')).DictionaryScreen }),
    ]),
  ),
};
