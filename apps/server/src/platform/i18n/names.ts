import type { Locale } from '@portal/contracts';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Names staff type once keep a Chinese and an English form (`name` / `name_en`). A reader gets
 * the form of their language, or the other one when theirs is empty.
 */
export function nameIn(locale: Locale, zh: string, en: string | null | undefined): string {
  const [first, second] = locale === 'en' ? [en, zh] : [zh, en];
  return first?.trim() ? first : (second ?? '');
}

/** The same choice in SQL, for selects, sorting and exports. */
export function nameInSql(locale: Locale, zh: SQLWrapper, en: SQLWrapper): SQL<string> {
  return locale === 'en'
    ? sql<string>`coalesce(nullif(btrim(${en}), ''), ${zh})`
    : sql<string>`coalesce(nullif(btrim(${zh}), ''), ${en})`;
}
