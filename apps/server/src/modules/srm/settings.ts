import {
  DEFAULT_DUPLICATE_CHECK,
  DEFAULT_SEA_RULES,
  type DuplicateCheckSettings,
  duplicateCheckSettings,
  type SeaRules,
  SRM_SETTING_KEYS,
  seaRules,
} from '@portal/contracts/srm';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.js';
import { srmSettings } from './schema.js';

async function read<T>(
  db: DbOrTx,
  key: string,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  fallback: T,
) {
  const [row] = await db.select({ value: srmSettings.value }).from(srmSettings).where(eq(srmSettings.key, key));
  if (!row) return fallback;
  const parsed = schema.safeParse(row.value);
  return parsed.success ? (parsed.data as T) : fallback;
}

async function write(db: DbOrTx, key: string, value: unknown, userId: number, now: Date) {
  await db
    .insert(srmSettings)
    .values({ key, value, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: srmSettings.key,
      set: { value: sql`excluded.value`, updatedBy: userId, updatedAt: now },
    });
}

export const readSeaRules = (db: DbOrTx): Promise<SeaRules> =>
  read(db, SRM_SETTING_KEYS.seaRules, seaRules, DEFAULT_SEA_RULES);
export const writeSeaRules = (db: DbOrTx, v: SeaRules, userId: number, now: Date) =>
  write(db, SRM_SETTING_KEYS.seaRules, v, userId, now);

export const readDuplicateCheck = (db: DbOrTx): Promise<DuplicateCheckSettings> =>
  read(db, SRM_SETTING_KEYS.duplicateCheck, duplicateCheckSettings, DEFAULT_DUPLICATE_CHECK);
export const writeDuplicateCheck = (db: DbOrTx, v: DuplicateCheckSettings, userId: number, now: Date) =>
  write(db, SRM_SETTING_KEYS.duplicateCheck, v, userId, now);
