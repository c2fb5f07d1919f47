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

/**
 * A settings document's reader and writer (one row of srm_settings each); `normal` puts a value in the
 * form it is stored in.
 */
function doc<T>(
  key: string,
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  fallback: T,
  normal: (v: T) => T = (v) => v,
) {
  return {
    read: (db: DbOrTx): Promise<T> => read(db, key, schema, fallback),
    write: (db: DbOrTx, v: T, userId: number, now: Date) => write(db, key, normal(v), userId, now),
  };
}

export const seaRulesDoc = doc<SeaRules>(SRM_SETTING_KEYS.seaRules, seaRules, DEFAULT_SEA_RULES);
export const duplicateCheckDoc = doc<DuplicateCheckSettings>(
  SRM_SETTING_KEYS.duplicateCheck,
  duplicateCheckSettings,
  DEFAULT_DUPLICATE_CHECK,
);
export const domainRulesDoc = doc<DomainRules>(
  SRM_SETTING_KEYS.domainRules,
  domainRules,
  DEFAULT_DOMAIN_RULES,
  (v) => ({
    ignoredDomains: [...new Set(v.ignoredDomains)].sort(),
  }),
);
export const retentionRulesDoc = doc<RetentionRules>(
  SRM_SETTING_KEYS.retentionRules,
  retentionRules,
  DEFAULT_RETENTION_RULES,
);
export const clueSettingsDoc = doc<ClueSettings>(SRM_SETTING_KEYS.clue, clueSettings, DEFAULT_CLUE_SETTINGS);
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
