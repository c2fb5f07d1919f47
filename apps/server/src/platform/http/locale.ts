import type { Locale } from '@portal/contracts';

/** The request's locale: explicit `lang` header, else Accept-Language; Chinese variants map to zh-CN. */
export function localeOf(headers: Record<string, string | string[] | undefined>): Locale {
  const raw = String(headers['x-lang'] ?? headers['accept-language'] ?? '').toLowerCase();
  return raw.startsWith('zh') ? 'zh-CN' : 'en';
}
