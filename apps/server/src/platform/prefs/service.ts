import type { Locale } from '@portal/contracts';
import {
  LOCALE_PREF_SCOPE,
  localePref,
  PREF_ROWS_PER_USER,
  type PrefKey,
  type PrefSaveBody,
  type PrefValues,
} from '@portal/contracts/prefs';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../db/index.js';
import { AppError } from '../http/errors.js';
import { userPrefs } from './schema.js';

/** The caller's preferences of one scope, keyed by preference key. */
export async function readPrefs(db: Db, userId: number, scope: string): Promise<PrefValues> {
  const rows = await db
    .select({ key: userPrefs.key, value: userPrefs.value })
    .from(userPrefs)
    .where(and(eq(userPrefs.userId, userId), eq(userPrefs.scope, scope)));
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as PrefValues;
}

/**
 * Saves one preference of the caller (insert or replace). A new row is refused once the user holds
 * PREF_ROWS_PER_USER of them; replacing an existing one always works.
 */
export async function savePref(db: Db, userId: number, body: PrefSaveBody): Promise<void> {
  const value = JSON.stringify(body.value);
  const saved = await db.execute(sql`
    insert into user_prefs (user_id, scope, key, value, updated_at)
    select ${userId}, ${body.scope}, ${body.key}, ${value}::jsonb, now()
    where (select count(*) from user_prefs where user_id = ${userId}) < ${PREF_ROWS_PER_USER}
       or exists (select 1 from user_prefs where user_id = ${userId} and scope = ${body.scope} and key = ${body.key})
    on conflict (user_id, scope, key) do update set value = excluded.value, updated_at = now()
    returning 1 as saved`);
  if (rowsOf(saved).length === 0) throw new AppError('PREFS_FULL', { vars: { limit: PREF_ROWS_PER_USER } });
}

/** Drops one preference of the caller (back to the screen's default); dropping a missing one is fine. */
export async function deletePref(db: Db, userId: number, scope: string, key: PrefKey): Promise<void> {
  await db
    .delete(userPrefs)
    .where(and(eq(userPrefs.userId, userId), eq(userPrefs.scope, scope), eq(userPrefs.key, key)));
}

/** The user's saved language (`ui.locale`), if they saved one (decision 0068). */
export async function savedLocale(db: DbOrTx, userId: number): Promise<Locale | undefined> {
  const [row] = await db
    .select({ value: userPrefs.value })
    .from(userPrefs)
    .where(and(eq(userPrefs.userId, userId), eq(userPrefs.scope, LOCALE_PREF_SCOPE), eq(userPrefs.key, 'ui.locale')));
  const parsed = localePref.safeParse(row?.value);
  return parsed.success ? parsed.data : undefined;
}
