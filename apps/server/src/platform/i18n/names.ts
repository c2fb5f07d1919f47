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

/**
 * A staff member's name as the reader sees it, given the id (a column or expression): the English
 * name for English readers when the person has one, else the name they wrote. Every list, picker,
 * history and export that shows a person reads it through here (decision 0059).
 */
export function staffNameSql(locale: Locale, userId: SQLWrapper): SQL<string> {
  return sql<string>`(select ${nameInSql(locale, sql.raw('su.name'), sql.raw('su.name_en'))} from staff_users su where su.id = ${userId})`;
}

/** A department's name in the reader's language, given its id. */
export function departmentNameSql(locale: Locale, departmentId: SQLWrapper): SQL<string> {
  return sql<string>`(select ${nameInSql(locale, sql.raw('d.name'), sql.raw('d.name_en'))} from departments d where d.id = ${departmentId})`;
}

/** A role's name in the reader's language, given its id. */
export function roleNameSql(locale: Locale, roleId: SQLWrapper): SQL<string> {
  return sql<string>`(select ${nameInSql(locale, sql.raw('r.name'), sql.raw('r.name_en'))} from roles r where r.id = ${roleId})`;
}
