import { z } from 'zod';
import { int32 } from '../validation/scalars.js';

const days = (max: number) => int32().min(0).max(max);
const limit = () => int32().min(1).max(100_000).nullable();

/**
 * The supplier open-sea rules (`/setModule/purchase/rules/seas`), fed to the ownership binding's
 * rules(): limits and the claim cap bind claims by everyone but pool administrators; a private
 * supplier with no follow-up for `retentionDays` (and not admitted) returns to the sea by the job.
 */
export const seaRules = z.object({
  /** most private suppliers one buyer holds */
  userLimit: limit(),
  /** most private suppliers the members of a department hold together */
  departmentLimit: limit(),
  /** admitted suppliers count toward the limits */
  countAdmitted: z.boolean(),
  /** most claims per buyer and day */
  dailyClaimCap: limit(),
  /** days after a return before its previous owner may claim it again */
  cooldownDays: days(365),
  /** days after a return before anyone may claim it */
  embargoDays: days(365),
  /** days without a follow-up before a private, not admitted supplier returns to the sea; 0: never */
  retentionDays: days(3650),
});
export type SeaRules = z.infer<typeof seaRules>;

export const DEFAULT_SEA_RULES: SeaRules = {
  userLimit: 200,
  departmentLimit: null,
  countAdmitted: false,
  dailyClaimCap: 20,
  cooldownDays: 30,
  embargoDays: 0,
  retentionDays: 90,
};

export const DUPLICATE_MODES = ['off', 'warn', 'block'] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];

/**
 * The supplier duplicate check (`/setModule/purchase-set/duplicate-check`): per criterion off, warn
 * (the add form shows the matches, creating goes on) or block (creating is refused, 10060101).
 * A blacklisted supplier matched by name, domain or phone always refuses creation (10060100).
 */
export const duplicateCheckSettings = z.object({
  name: z.enum(DUPLICATE_MODES),
  /** names at least this similar (pg_trgm similarity) match; 1: only the same name */
  nameSimilarity: z.number().min(0.3).max(1),
  domain: z.enum(DUPLICATE_MODES),
  phone: z.enum(DUPLICATE_MODES),
});
export type DuplicateCheckSettings = z.infer<typeof duplicateCheckSettings>;

export const DEFAULT_DUPLICATE_CHECK: DuplicateCheckSettings = {
  name: 'warn',
  nameSimilarity: 0.6,
  domain: 'block',
  phone: 'warn',
};

/**
 * Supplier lead settings (`/setModule/purchase-set/clue`): a supplier lead counts as followed
 * (`clue/followed`) when its last follow-up is at most this many days old; 0: any follow-up.
 */
export const clueSettings = z.object({ followedWithinDays: days(3650) });
export type ClueSettings = z.infer<typeof clueSettings>;
export const DEFAULT_CLUE_SETTINGS: ClueSettings = { followedWithinDays: 0 };

export const SRM_SETTING_KEYS = {
  clue: 'clue_settings',
  seaRules: 'sea_rules',
  duplicateCheck: 'duplicate_check',
  domainRules: 'domain_rules',
  retentionRules: 'retention_rules',
} as const;

/**
 * Supplier domain rules (`/setModule/purchase/rules/domain`): shared mail and hosting domains (a
 * gmail.com address says nothing about who a supplier is) that the duplicate check's domain
 * criterion ignores. Lower-case domain names, at most 200.
 */
export const domainRules = z.object({
  ignoredDomains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/)
        .max(253),
    )
    .max(200),
});
export type DomainRules = z.infer<typeof domainRules>;
export const DEFAULT_DOMAIN_RULES: DomainRules = {
  ignoredDomains: ['gmail.com', 'outlook.com', 'hotmail.com', 'yahoo.com', 'qq.com', '163.com'],
};

/**
 * Supplier retention rules (`/setModule/purchase/rules/retention`): idle days before a private, not
 * admitted supplier of a level (`purchase.supplier_level`) returns to the sea; a level without a
 * row follows the sea rules' `retentionDays`; 0 keeps that level's suppliers.
 */
export const retentionRules = z.object({
  byLevel: z
    .array(z.object({ level: z.string().trim().min(1).max(64), days: days(3650) }))
    .max(20)
    .refine((rows) => new Set(rows.map((r) => r.level)).size === rows.length, { message: 'one row per level' }),
});
export type RetentionRules = z.infer<typeof retentionRules>;
export const DEFAULT_RETENTION_RULES: RetentionRules = { byLevel: [] };
