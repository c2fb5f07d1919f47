import { z } from 'zod';
import { int32 } from '../validation/scalars.js';
import { SUPPLIER_TYPES } from './supplier.js';

const days = (max: number) => int32().min(0).max(max);
const DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;
const unique =
  <T>(key: (row: T) => string) =>
  (rows: T[]) =>
    new Set(rows.map(key)).size === rows.length;
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
  supplierRules: 'supplier_rules',
  levelRules: 'level_rules',
  suffixRules: 'suffix_rules',
  clueViewRules: 'clue_view_rules',
  shareRules: 'share_rules',
} as const;

/**
 * Supplier domain rules (`/setModule/purchase/rules/domain`): shared mail and hosting domains (a
 * gmail.com address says nothing about who a supplier is) that the duplicate check's domain
 * criterion ignores. Lower-case domain names, at most 200.
 */
export const domainRules = z.object({
  ignoredDomains: z.array(z.string().trim().toLowerCase().regex(DOMAIN).max(253)).max(200),
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

/** The supplier fields a rule may make required on create (the others are required anyway or set by the room). */
export const SUPPLIER_RULE_FIELDS = [
  'products',
  'level',
  'source',
  'entityId',
  'paymentMethod',
  'paymentTermDays',
  'domains',
  'phone',
  'address',
] as const;
export type SupplierRuleField = (typeof SUPPLIER_RULE_FIELDS)[number];

/**
 * Supplier rules (`/setModule/purchase/rules/supplier`): the fields a new supplier of a type must
 * have, on top of the form's own (an operator we sign with needs our contracting entity). Checked
 * when a supplier is created, by hand or by import (10060160); a type without a row needs nothing more.
 */
export const supplierRules = z.object({
  byType: z
    .array(z.object({ type: z.enum(SUPPLIER_TYPES), fields: z.array(z.enum(SUPPLIER_RULE_FIELDS)).min(1).max(9) }))
    .max(SUPPLIER_TYPES.length)
    .refine(
      unique((r: { type: string }) => r.type),
      { message: 'one row per type' },
    ),
});
export type SupplierRules = z.infer<typeof supplierRules>;
export const DEFAULT_SUPPLIER_RULES: SupplierRules = { byType: [] };

/**
 * Supplier level rules (`/setModule/purchase/rules/level`): steps from the highest level down; the
 * nightly job gives each private or sea supplier the first step it meets and keeps the level of one
 * that meets none. A step asks live channels at least, admission when asked and, each only when set,
 * over the quality window (`QUALITY_DAYS`): `minDeliveryRate` — the SMS delivery rate of the
 * supplier's channels together, with at least `QUALITY_MIN_SAMPLE` parts; `minAsr` — the voice ASR of
 * its channels together, with at least that many call attempts; `minShare` — its share of all routed
 * traffic of a product (SMS parts, voice attempts), met by either product.
 */
export const levelRules = z.object({
  steps: z
    .array(
      z.object({
        level: z.string().trim().min(1).max(64),
        minLiveChannels: int32().min(0).max(10_000),
        admittedOnly: z.boolean(),
        /** percent; null: not a criterion (documents saved before it read as null) */
        minDeliveryRate: z.number().min(0).max(100).nullable().default(null),
        /** percent; null: not a criterion */
        minAsr: z.number().min(0).max(100).nullable().default(null),
        /** percent of a product's routed traffic; null: not a criterion */
        minShare: z.number().min(0).max(100).nullable().default(null),
      }),
    )
    .max(20)
    .refine(
      unique((r: { level: string }) => r.level),
      { message: 'one step per level' },
    ),
});
export type LevelRules = z.infer<typeof levelRules>;
export const DEFAULT_LEVEL_RULES: LevelRules = { steps: [] };

/**
 * Mail suffix rules (`/setModule/purchase/rules/suffix`): an address at a domain ending in the
 * suffix belongs to the supplier, for the mail room's counterpart matching, after the supplier's
 * contacts and own domains (a group's regional domains: `*.carrier-group.com`). The longest suffix wins.
 */
export const suffixRules = z.object({
  rows: z
    .array(
      z.object({
        suffix: z.string().trim().toLowerCase().regex(DOMAIN).max(253),
        supplierCode: z.string().trim().min(1).max(32),
      }),
    )
    .max(500)
    .refine(
      unique((r: { suffix: string }) => r.suffix),
      { message: 'one row per suffix' },
    ),
});
export type SuffixRules = z.infer<typeof suffixRules>;
export const DEFAULT_SUFFIX_RULES: SuffixRules = { rows: [] };

/**
 * Lead viewing rules (`/setModule/purchase/rules/cluevier`): whether holders of the sea screen see
 * the contacts of a sea supplier (a buyer deciding whether to claim it); phone and e-mail still
 * need the contact-details key. Off: a sea supplier's contacts are hidden from the sea (10060162).
 */
export const clueViewRules = z.object({ seaContacts: z.boolean() });
export type ClueViewRules = z.infer<typeof clueViewRules>;
export const DEFAULT_CLUE_VIEW_RULES: ClueViewRules = { seaContacts: false };

/**
 * Supplier sharing rules (`/setModule/purchase/rules/share`): most colleagues one supplier is
 * shared with (null: no limit; 10060163) and whether they may be given write access (10060164).
 */
export const shareRules = z.object({ maxMembers: int32().min(1).max(100).nullable(), allowWrite: z.boolean() });
export type ShareRules = z.infer<typeof shareRules>;
export const DEFAULT_SHARE_RULES: ShareRules = { maxMembers: null, allowWrite: true };
