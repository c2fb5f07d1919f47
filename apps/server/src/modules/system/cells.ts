import type { Locale } from '@portal/contracts';

/** A boolean as an export cell in the file's language. */
export const yesNo = (v: unknown, locale: Locale) =>
  v ? (locale === 'zh-CN' ? '是' : 'Yes') : locale === 'zh-CN' ? '否' : 'No';

/** A name with a zh and an en form, in the file's language. */
export const nameIn = (zh: unknown, en: unknown, locale: Locale) => String(locale === 'zh-CN' ? zh : en || zh);
