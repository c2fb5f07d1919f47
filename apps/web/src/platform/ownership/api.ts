import type { PageResult } from '@portal/contracts';
import {
  type KeepAs,
  type MemberAccess,
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
      post<PageResult<unknown>>(path('logPage'), query, { signal }),
  };
}
