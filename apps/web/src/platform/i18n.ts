import type { Locale } from '@portal/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/en';
import 'dayjs/locale/zh-cn';
import updateLocale from 'dayjs/plugin/updateLocale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
import { zhCN } from './locales/zh-CN';
import { useSession } from './session';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCN };
  }
}

dayjs.extend(updateLocale);
// Spec 9: the calendar week starts on Monday in both languages (zh-cn already does).
dayjs.updateLocale('en', { weekStart: 1 });

const DAYJS_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh-cn', en: 'en' };

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: useSession.getState().locale,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applyLocale(locale: Locale): void {
  dayjs.locale(DAYJS_LOCALE[locale]);
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

applyLocale(useSession.getState().locale);

/** Switch the UI language; persisted in the session store, followed by i18next, dayjs and antd. */
export function changeLocale(locale: Locale): void {
  useSession.getState().setLocale(locale);
  applyLocale(locale);
}

export const currentLocale = (): Locale => useSession.getState().locale;

export { i18n };
