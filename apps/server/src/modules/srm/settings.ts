import {
  type ClueSettings,
  type ClueViewRules,
  clueSettings,
  clueViewRules,
  DEFAULT_CLUE_SETTINGS,
  DEFAULT_CLUE_VIEW_RULES,
  DEFAULT_DOMAIN_RULES,
  DEFAULT_DUPLICATE_CHECK,
  DEFAULT_LEVEL_RULES,
  DEFAULT_RETENTION_RULES,
  DEFAULT_SEA_RULES,
  DEFAULT_SHARE_RULES,
  DEFAULT_SUFFIX_RULES,
  DEFAULT_SUPPLIER_RULES,
  type DomainRules,
  type DuplicateCheckSettings,
  domainRules,
  duplicateCheckSettings,
  type LevelRules,
  levelRules,
  type RetentionRules,
  retentionRules,
  type SeaRules,
  type ShareRules,
  SRM_SETTING_KEYS,
  type SuffixRules,
  type SupplierRules,
  seaRules,
  shareRules,
  suffixRules,
  supplierRules,
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

export const readDomainRules = (db: DbOrTx): Promise<DomainRules> =>
  read(db, SRM_SETTING_KEYS.domainRules, domainRules, DEFAULT_DOMAIN_RULES);
export const writeDomainRules = (db: DbOrTx, v: DomainRules, userId: number, now: Date) =>
  write(db, SRM_SETTING_KEYS.domainRules, { ignoredDomains: [...new Set(v.ignoredDomains)].sort() }, userId, now);

export const readRetentionRules = (db: DbOrTx): Promise<RetentionRules> =>
  read(db, SRM_SETTING_KEYS.retentionRules, retentionRules, DEFAULT_RETENTION_RULES);
export const writeRetentionRules = (db: DbOrTx, v: RetentionRules, userId: number, now: Date) =>
  write(db, SRM_SETTING_KEYS.retentionRules, v, userId, now);

export const readClueSettings = (db: DbOrTx): Promise<ClueSettings> =>
  read(db, SRM_SETTING_KEYS.clue, clueSettings, DEFAULT_CLUE_SETTINGS);
export const writeClueSettings = (db: DbOrTx, v: ClueSettings, userId: number, now: Date) =>
  write(db, SRM_SETTING_KEYS.clue, v, userId, now);

/** A settings document's reader and writer (the purchase rules screens: one row of srm_settings each). */
function doc<T>(key: string, schema: { safeParse(v: unknown): { success: boolean; data?: T } }, fallback: T) {
  return {
    read: (db: DbOrTx): Promise<T> => read(db, key, schema, fallback),
    write: (db: DbOrTx, v: T, userId: number, now: Date) => write(db, key, v, userId, now),
  };
}

export const supplierRulesDoc = doc<SupplierRules>(
  SRM_SETTING_KEYS.supplierRules,
  supplierRules,
  DEFAULT_SUPPLIER_RULES,
);
export const levelRulesDoc = doc<LevelRules>(SRM_SETTING_KEYS.levelRules, levelRules, DEFAULT_LEVEL_RULES);
export const suffixRulesDoc = doc<SuffixRules>(SRM_SETTING_KEYS.suffixRules, suffixRules, DEFAULT_SUFFIX_RULES);
export const clueViewRulesDoc = doc<ClueViewRules>(
  SRM_SETTING_KEYS.clueViewRules,
  clueViewRules,
  DEFAULT_CLUE_VIEW_RULES,
);
export const shareRulesDoc = doc<ShareRules>(SRM_SETTING_KEYS.shareRules, shareRules, DEFAULT_SHARE_RULES);
