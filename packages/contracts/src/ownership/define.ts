import type { Label, ResourceDef } from '../resource/define.js';

/** How an owner change happened (the transfer log's kinds). */
export const OWNER_CHANGE_KINDS = ['claim', 'distribute', 'return', 'transfer'] as const;
export type OwnerChangeKind = (typeof OWNER_CHANGE_KINDS)[number];
export const OWNER_CHANGE_LABELS: Record<OwnerChangeKind, Label> = {
  claim: { zh: '领取', en: 'Claimed' },
  distribute: { zh: '分配', en: 'Distributed' },
  return: { zh: '退回公海', en: 'Returned to pool' },
  transfer: { zh: '转移', en: 'Transferred' },
};

/** A member's access to a shared record: read sees it, write may also change it. */
export const MEMBER_ACCESS = ['read', 'write'] as const;
export type MemberAccess = (typeof MEMBER_ACCESS)[number];
export const MEMBER_ACCESS_LABELS: Record<MemberAccess, Label> = {
  read: { zh: '只读', en: 'Read' },
  write: { zh: '读写', en: 'Read and write' },
};

/** What the old owner keeps after a transfer. */
export const KEEP_AS = ['none', 'read', 'write'] as const;
export type KeepAs = (typeof KEEP_AS)[number];

/** The reason the platform writes when a scheduled job returns a record. */
export const SYSTEM_RETURN_REASON = 'system';

/**
 * Ownership and pool of a resource (open sea): who may see the pool, claim, distribute, return,
 * transfer, share and read the owner log; pool administrators bypass the claim rules. `related`
 * names the kinds of related records a transfer may take along (contacts, opportunities): the
 * server binding has one hook per kind.
 */
export interface OwnershipDef {
  resource: ResourceDef;
  /** label of the pool (公海) */
  pool: Label;
  perms: {
    pool: string;
    claim: string;
    distribute: string;
    returnToPool: string;
    transfer: string;
    share: string;
    /** the owner log (transfer list) */
    log: string;
    /** pool administrators: claims ignore limits, daily cap, cool-down and embargo */
    admin: string;
  };
  related?: Record<string, Label>;
  /** paths fixed by the spec instead of `<api>/<verb>` */
  paths?: Partial<Record<OwnershipVerb, string>>;
}

export type OwnershipVerb =
  | 'poolPage'
  | 'claim'
  | 'distribute'
  | 'returnToPool'
  | 'transfer'
  | 'share'
  | 'unshare'
  | 'members'
  | 'logPage';

const VERB_PATH: Record<OwnershipVerb, string> = {
  poolPage: 'pool/page',
  claim: 'claim',
  distribute: 'distribute',
  returnToPool: 'return-pool',
  transfer: 'transfer',
  share: 'share',
  unshare: 'unshare',
  members: 'members',
  logPage: 'owner-log/page',
};

export const defineOwnership = <const O extends OwnershipDef>(o: O): O => o;

/** The path of an ownership verb under the resource's API base. */
export const ownershipPath = (o: OwnershipDef, verb: OwnershipVerb): string =>
  o.paths?.[verb] ?? `${o.resource.api}/${VERB_PATH[verb]}`;
