import type { MemberAccess, OwnershipDef } from '@portal/contracts/ownership';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/index.js';
import type { Platform } from '../platform.js';
import type { BoundResource } from '../resource/bind.js';
import { columnOf } from '../resource/query.js';

/**
 * The claim rules of a pool, as the room's settings say for one claimant (CRM: `crm/rules/level`,
 * suppliers: `purchase/rules/seas`). They bind claims by everyone but pool administrators.
 */
export interface OwnershipRules {
  /** most records one owner may hold; null: no limit */
  userLimit: number | null;
  /** most records the members of the claimant's departments hold together; null: no limit */
  departmentLimit: number | null;
  /** dealt records count toward the limits */
  countDealt: boolean;
  /** most claims per user and day; null: no cap */
  dailyClaimCap: number | null;
  /** days after a return before its previous owner may claim the record again */
  cooldownDays: number;
  /** days after a return before anyone may claim the record */
  embargoDays: number;
  /** the zone whose midnight starts the claim cap's day (IANA name) */
  timeZone: string;
}

export const NO_RULES: OwnershipRules = {
  userLimit: null,
  departmentLimit: null,
  countDealt: false,
  dailyClaimCap: null,
  cooldownDays: 0,
  embargoDays: 0,
  timeZone: 'UTC',
};

export interface RulesContext {
  tx: Tx;
  p: Platform;
  /** the claimant */
  userId: number;
}

/** What a related-record hook gets: one record changing owner, inside the transfer's transaction. */
export interface RelatedContext {
  tx: Tx;
  p: Platform;
  recordId: number;
  fromUserId: number;
  toUserId: number;
  actorId: number;
}

export interface OwnershipOptions {
  /**
   * the definition's fields (each bound to a column) holding owner, owner time, state, lock, deal,
   * and the time a record last went to the pool (written with the owner, in the same row update)
   */
  fields: { owner: string; ownerTime: string; state: string; locked?: string; dealt?: string; pooledAt?: string };
  /** the state of a record in the pool, and of an owned one */
  poolState: string;
  ownedState: string;
  /** the claim rules for a claimant, read inside the claim's transaction */
  rules(ctx: RulesContext): Promise<OwnershipRules>;
  /** per related kind of the ownership definition: moves that kind of the record's related records */
  related?: Record<string, (ctx: RelatedContext) => Promise<void>>;
  /**
   * after a claim, distribution or return (a transfer moves what `related` chose instead), in its
   * transaction: the room moves what belongs to the record's owner (a pool record's contacts are
   * nobody's)
   */
  ownerChanged?(ctx: OwnerChangedContext): Promise<void>;
  /**
   * The room's own refusal of an owner change or share of records already locked, in its
   * transaction (CRM: a customer with a pending alias change answers 10050027).
   */
  guard?(ctx: GuardContext): Promise<void>;
}

export interface OwnerChangedContext {
  tx: Tx;
  p: Platform;
  ids: number[];
  kind: 'claim' | 'distribute' | 'return';
  /** the new owner; null: the pool */
  to: number | null;
}

export interface GuardContext {
  tx: Tx;
  p: Platform;
  ids: readonly number[];
  verb: 'claim' | 'distribute' | 'returnToPool' | 'transfer' | 'share';
  /** share: the members asked for (a room may bound how many, or the access given) */
  members?: readonly { userId: number; access: MemberAccess }[];
}

export interface OwnershipBinding {
  o: OwnershipDef;
  b: BoundResource;
  opts: OwnershipOptions;
  cols: {
    owner: PgColumn;
    ownerTime: PgColumn;
    state: PgColumn;
    locked?: PgColumn;
    dealt?: PgColumn;
    pooledAt?: PgColumn;
  };
}

/**
 * Gives a bound resource owner, pool, claim, distribute, return, transfer and share
 * (docs/architecture.md, "Ownership and pool"); its data scope from then on also admits members.
 */
export function bindOwnership(o: OwnershipDef, b: BoundResource, opts: OwnershipOptions): OwnershipBinding {
  const key = b.def.key;
  if (o.resource.key !== key) throw new Error(`ownership of ${o.resource.key} bound to ${key}`);
  if (b.def.access.owner !== opts.fields.owner)
    throw new Error(`ownership of ${key}: the owner field must be the data-scope owner (${b.def.access.owner})`);
  const declared = Object.keys(o.related ?? {}).sort();
  const hooks = Object.keys(opts.related ?? {}).sort();
  if (declared.join() !== hooks.join())
    throw new Error(`ownership of ${key}: related kinds ${declared.join()} need hooks, got ${hooks.join()}`);
  b.shared = true;
  const f = opts.fields;
  return {
    o,
    b,
    opts,
    cols: {
      owner: columnOf(b, f.owner),
      ownerTime: columnOf(b, f.ownerTime),
      state: columnOf(b, f.state),
      ...(f.locked ? { locked: columnOf(b, f.locked) } : {}),
      ...(f.dealt ? { dealt: columnOf(b, f.dealt) } : {}),
      ...(f.pooledAt ? { pooledAt: columnOf(b, f.pooledAt) } : {}),
    },
  };
}
