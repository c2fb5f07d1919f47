import type { Locale } from '@portal/contracts';
import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSession } from './session';

/**
 * UI texts load by language and by part (spec 1 and 9, issue 3's JS budget): the first page loads
 * the platform pack of the active language only (platform and shell texts, antd's and dayjs'
 * locale); a module's texts load with the module (`withTexts` around whatever enters it from
 * outside). Switching the language loads the other language of everything loaded so far before the
 * UI switches, so no key ever shows untranslated. No top-level await anywhere: it would turn off
 * the bundler's chunk merging for the whole app (more and bigger chunks on the first page).
 * The key types of all parts are declared in shell/i18n-resources.ts.
 */

/** A text tree of one part in one language (`{ block: { key: text } }`). */
export type Texts = { [key: string]: string | Texts };

/** One part's texts in every language, each loaded on demand. */
export type TextLoaders = Readonly<Record<Locale, () => Promise<Texts>>>;

interface LocalePack {
  texts: Texts;
  antdLocale: AntdLocale;
}

/** The platform pack of each language: platform texts plus antd's and dayjs' locale, one chunk each. */
const PACKS: Readonly<Record<Locale, () => Promise<LocalePack>>> = {
  'zh-CN': () => import('./locales/pack.zh-CN'),
  en: () => import('./locales/pack.en'),
};

const DAYJS_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh-cn', en: 'en' };

dayjs.extend(updateLocale);
// Spec 9: the calendar week starts on Monday in both languages (zh-cn already does; dayjs carries
// 'en' built in, so this holds before and after any pack loads).
dayjs.updateLocale('en', { weekStart: 1 });

export const currentLocale = (): Locale => useSession.getState().locale;

const antdLocales = new Map<Locale, AntdLocale>();
/** Every part that asked for texts: a language switch loads all of them in the new language. */
const parts = new Set<TextLoaders>();
const loads = new Map<TextLoaders, Map<Locale, Promise<void>>>();

const platformTexts: TextLoaders = {
  'zh-CN': async () => loadPack('zh-CN'),
  en: async () => loadPack('en'),
};

async function loadPack(locale: Locale): Promise<Texts> {
  const pack = await PACKS[locale]();
  antdLocales.set(locale, pack.antdLocale);
  return pack.texts;
}

const initialized = i18n.use(initReactI18next).init({
  resources: {},
  lng: currentLocale(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Loads one part in one language into i18next, once (a failed load is tried again next time). */
function loadPart(part: TextLoaders, locale: Locale): Promise<void> {
  let byLocale = loads.get(part);
  if (!byLocale) {
    byLocale = new Map();
    loads.set(part, byLocale);
  }
  const known = byLocale.get(locale);
  if (known) return known;
  const loading = Promise.all([part[locale](), initialized]).then(
    ([texts]) => {
      i18n.addResourceBundle(locale, 'translation', texts, true, true);
    },
    (err: unknown) => {
      byLocale.delete(locale);
      throw err;
    },
  );
  byLocale.set(locale, loading);
  return loading;
}

/** Adds a part's texts in the active language (and, from now on, in every language switched to). */
export function addTexts(part: TextLoaders): Promise<void> {
  parts.add(part);
  return loadPart(part, currentLocale());
}

/**
 * A lazy loader (a route's `lazy`, React's `lazy`) that resolves once the part's texts are in as
 * well, both loading at the same time: the way into a module from outside it.
 */
export function withTexts<T>(part: TextLoaders, load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), addTexts(part)]))[0];
}

function applyLocale(locale: Locale): void {
  dayjs.locale(DAYJS_LOCALE[locale]);
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The antd locale of a language whose pack is loaded (the active one always is). */
export const antdLocale = (locale: Locale): AntdLocale | undefined => antdLocales.get(locale);

let switching = 0;

/**
 * Switch the UI language: loads the new language of the platform and of every module loaded so far,
 * then the session store (persisted), i18next, dayjs and antd follow. The last of quick switches wins.
 */
export async function changeLocale(locale: Locale): Promise<void> {
  const mine = ++switching;
  // a module chunk may add its part while this loads: go on until every part has the language
  for (let seen = -1; seen !== parts.size; ) {
    seen = parts.size;
    await Promise.all([...parts].map((part) => loadPart(part, locale)));
  }
  if (mine !== switching) return;
  useSession.getState().setLocale(locale);
  applyLocale(locale);
}

/** i18next with the platform pack of the session's language: await it before the first render. */
export const i18nReady: Promise<void> = addTexts(platformTexts).then(() => applyLocale(currentLocale()));

export { i18n };
