import { z } from 'zod';
import { partyDuplicateKeys } from '../ownership/schemas.js';
import { int32, int32Id, text } from '../validation/scalars.js';
import { CUSTOMER_STATES } from './customer.js';

/** names at least this similar (pg_trgm similarity, 0–1) count as the same company */
export const NAME_SIMILARITY = 0.6;
export const DUPLICATE_LIMIT = 20;

const keys = partyDuplicateKeys();

/** What the add form sends before saving: any of name, alias, domains and phones. */
export const duplicateQuery = z.object({
  name: text().trim().max(128).optional(),
  alias: text().trim().max(32).optional(),
  emailDomains: keys.domains,
  phones: keys.phones,
  /** the customer being edited, never its own duplicate */
  excludeId: int32Id().optional(),
});
export type DuplicateQuery = z.infer<typeof duplicateQuery>;

export const DUPLICATE_REASONS = ['alias', 'name', 'domain', 'phone'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export const duplicateMatch = z.object({
  id: int32(),
  code: text(),
  name: text(),
  alias: text(),
  state: z.enum(CUSTOMER_STATES),
  ownerName: text().nullable(),
  reason: z.enum(DUPLICATE_REASONS),
  /** the value that matched (the alias, the domain, the phone, or the similar name) */
  value: text(),
  /** name similarity 0–1 (name matches only) */
  similarity: z.number().nullable(),
});
export type DuplicateMatch = z.infer<typeof duplicateMatch>;

/**
 * Whether a match with a blacklisted customer refuses the creation: the same alias, domain, phone
 * or the very same name do; a merely similar name only warns (fuzzy matches would block strangers).
 */
export const blocksCreation = (m: Pick<DuplicateMatch, 'state' | 'reason' | 'similarity'>): boolean =>
  m.state === 'blacklist' && (m.reason !== 'name' || m.similarity === 1);

export const duplicateResult = z.object({
  matches: z.array(duplicateMatch),
  /** a blacklisted company matched (see blocksCreation): creating it is refused */
  blocked: z.boolean(),
});
export type DuplicateResult = z.infer<typeof duplicateResult>;
