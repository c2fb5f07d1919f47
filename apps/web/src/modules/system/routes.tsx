import { DICT_MODULES } from '@portal/contracts/dict/modules';
import type { ScreenMap } from '../../platform/screens';

/** System settings (/setModule/...): the screens that exist so far. */
export const systemScreens: ScreenMap = {
  '/setModule/authManage/user': async () => ({ Component: (await import('./UserListScreen')).UserListScreen }),
  '/setModule/authManage/menu': async () => ({ Component: (await import('./MenuScreen')).MenuScreen }),
  '/setModule/authManage/permissions': async () => ({ Component: (await import('./RoleScreen')).RoleScreen }),
  '/setModule/departmentalOrganization': async () => ({
    Component: (await import('./DepartmentScreen')).DepartmentScreen,
  }),
  '/setModule/systemLog': async () => ({ Component: (await import('./SystemLogScreen')).SystemLogScreen }),
  ...Object.fromEntries(
    DICT_MODULES.map((module) => [
      `/setModule/${module}/dictionary`,
      async () => ({ Component: (await import('./DictionaryScreen')).DictionaryScreen }),
    ]),
  ),
  // reference data
  '/setModule/financial/currency': async () => ({
    Component: (await import('./reference/ResourceScreens')).CurrencyScreen,
  }),
  '/setModule/financial/xe-rate': async () => ({ Component: (await import('./reference/ResourceScreens')).RateScreen }),
  // 汇率设置 is the same effective-dated rates the rating converts with (decision 0063)
  '/setModule/setRate': async () => ({ Component: (await import('./reference/ResourceScreens')).RateScreen }),
  '/setModule/financial/main-body': async () => ({
    Component: (await import('./reference/ResourceScreens')).EntityScreen,
  }),
  '/setModule/financial/bank': async () => ({ Component: (await import('./reference/ResourceScreens')).BankScreen }),
  '/setModule/financial/brand': async () => ({ Component: (await import('./reference/ResourceScreens')).BrandScreen }),
  '/setModule/financial/mcc-mnc': async () => ({
    Component: (await import('./reference/ResourceScreens')).OperatorScreen,
  }),
  '/setModule/uplatform/ucurrency': async () => ({
    Component: (await import('./reference/ResourceScreens')).PlatformCurrencyScreen,
  }),
  '/setModule/uplatform/uconfig': async () => ({
    Component: (await import('./reference/PlatformConfigScreen')).PlatformConfigScreen,
  }),
};
