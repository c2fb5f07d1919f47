import type { Locale } from '@portal/contracts';

export const LOCALES: readonly Locale[] = ['zh-CN', 'en'];

/** Spec 1: Chinese if the browser language is any Chinese variant (zh, zh-CN, zh-TW, zh-HK…), else English. */
export function detectLocale(languages: readonly string[]): Locale {
  const first = languages.find((l) => l.trim() !== '');
  return first && /^zh(-|_|$)/i.test(first.trim()) ? 'zh-CN' : 'en';
}

export function isLocale(value: unknown): value is Locale {
  return value === 'zh-CN' || value === 'en';
}
