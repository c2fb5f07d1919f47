import { z } from 'zod';
import { fieldValueSchema } from '../fields/value.js';
import { pageQuery, pageResult } from '../paging.js';
import { int32, int32Id, text } from '../validation/scalars.js';
import { KEEP_AS, MEMBER_ACCESS, OWNER_CHANGE_KINDS } from './define.js';
import { PARTY_DOMAIN_PATTERN } from './party.js';

/**
 * What an owned party's duplicate check takes besides the name: up to ten company domains (lower
 * cased) and phones (E.164), each list empty when not given (crm customers, srm suppliers).
 */
export const partyDuplicateKeys = () => ({
  domains: z
    .array(text().trim().toLowerCase().regex(new RegExp(PARTY_DOMAIN_PATTERN)))
    .max(10)
    .default([]),
  phones: z
    .array(fieldValueSchema({ kind: 'phone', required: true }) as z.ZodType<string>)
    .max(10)
    .default([]),
});

/** At most this many records per bulk owner change (one transaction). */
export const MAX_OWNERSHIP_BATCH = 200;

const ids = z.array(int32Id()).min(1).max(MAX_OWNERSHIP_BATCH);
const reason = text().trim().min(1).max(500);

/** A point in time as ISO 8601 text (a range bound of the owner log). */
const instant = text()
  .max(40)
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'not a date-time' });

export const claimBody = z.object({ ids });
export const distributeBody = z.object({ ids, userId: int32Id() });
export const returnBody = z.object({ ids, reason });
export const transferBody = z.object({
  ids,
  userId: int32Id(),
  /** the related kinds that go along (the definition's `related` keys) */
  related: z.array(text().max(40)).max(20).default([]),
  /** whether the old owner stays as a member */
  keepAs: z.enum(KEEP_AS).default('none'),
  reason: text().trim().max(500).optional(),
});
export const shareBody = z.object({
  id: int32Id(),
  members: z
    .array(z.object({ userId: int32Id(), access: z.enum(MEMBER_ACCESS) }))
    .min(1)
    .max(50),
});
export const unshareBody = z.object({ id: int32Id(), userId: int32Id() });
export const membersQuery = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The records a bulk owner change touched, in the order given. */
export const ownershipResult = z.object({ ids: z.array(int32()) });

export const recordMember = z.object({
  userId: int32(),
  name: text(),
  access: z.enum(MEMBER_ACCESS),
  grantedBy: int32().nullable(),
  grantedAt: text(),
});
export const recordMembers = z.array(recordMember);

export const ownerLogQuery = pageQuery.extend({
  recordId: int32Id().optional(),
  kind: z.enum(OWNER_CHANGE_KINDS).optional(),
  /** the user on either side (from or to) */
  userId: int32Id().optional(),
  at: z.tuple([instant.nullable(), instant.nullable()]).optional(),
});
export const ownerLogRow = z.object({
  id: int32(),
  recordId: int32(),
  recordTitle: text().nullable(),
  kind: z.enum(OWNER_CHANGE_KINDS),
  fromUserId: int32().nullable(),
  fromName: text().nullable(),
  toUserId: int32().nullable(),
  toName: text().nullable(),
  actorId: int32().nullable(),
  actorName: text().nullable(),
  reason: text().nullable(),
  related: z.array(text()),
  keepAs: z.enum(KEEP_AS).nullable(),
  at: text(),
});
export const ownerLogPage = pageResult(ownerLogRow);

export type ClaimBody = z.infer<typeof claimBody>;
export type DistributeBody = z.infer<typeof distributeBody>;
export type ReturnBody = z.infer<typeof returnBody>;
export type TransferBody = z.input<typeof transferBody>;
export type ShareBody = z.infer<typeof shareBody>;
export type RecordMember = z.infer<typeof recordMember>;
export type OwnerLogRow = z.infer<typeof ownerLogRow>;
