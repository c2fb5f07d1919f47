import type { PageResult } from '@portal/contracts';
import {
  type KeepAs,
  type MemberAccess,
  type OwnerChangeKind,
  type OwnershipDef,
  type OwnershipVerb,
  ownershipPath,
} from '@portal/contracts/ownership/define';
import { get, post } from '../http';

export interface RecordMember {
  userId: number;
  name: string;
  access: MemberAccess;
  grantedBy: number | null;
  grantedAt: string;
}

/** One owner change of the transfer list. */
export interface OwnerLogRow {
  id: number;
  recordId: number;
  recordTitle: string | null;
  kind: OwnerChangeKind;
  fromUserId: number | null;
  fromName: string | null;
  toUserId: number | null;
  toName: string | null;
  actorId: number | null;
  actorName: string | null;
  reason: string | null;
  related: string[];
  keepAs: KeepAs | null;
  at: string;
}

export interface TransferInput {
  ids: number[];
  userId: number;
  related: string[];
  keepAs: KeepAs;
  reason?: string;
}

const once = { checkRepeat: true } as const;
type Done = { ids: number[] };

/** Every ownership call of a resource, built from its ownership definition. */
export function ownershipApi(o: OwnershipDef) {
  const path = (v: OwnershipVerb) => ownershipPath(o, v);
  return {
    claim: (ids: number[]) => post<Done>(path('claim'), { ids }, once),
    distribute: (ids: number[], userId: number) => post<Done>(path('distribute'), { ids, userId }, once),
    returnToPool: (ids: number[], reason: string) => post<Done>(path('returnToPool'), { ids, reason }, once),
    transfer: (t: TransferInput) => post<Done>(path('transfer'), t, once),
    share: (id: number, members: { userId: number; access: MemberAccess }[]) =>
      post<Done>(path('share'), { id, members }, once),
    unshare: (id: number, userId: number) => post<Done>(path('unshare'), { id, userId }, once),
    members: (id: number, signal?: AbortSignal) => get<RecordMember[]>(path('members'), { id }, { signal }),
    logPage: (query: Record<string, unknown>, signal?: AbortSignal) =>
      post<PageResult<OwnerLogRow>>(path('logPage'), query, { signal }),
  };
}
