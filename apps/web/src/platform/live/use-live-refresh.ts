import { hashKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followResource } from './record-changes';

/**
 * While mounted, queries under `queryKey` refetch when a record of `resourceKey` changes on the
 * server (the live channel's `record.changed`, coalesced). Screens outside the resource kernel opt
 * in with this; the kernel's own keys (`['resource', resourceKey, …]`) need nothing.
 */
export function useLiveRefresh(resourceKey: string | undefined, queryKey: readonly unknown[]): void {
  const hash = hashKey(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's hash stands for the key
  useEffect(() => (resourceKey ? followResource(resourceKey, queryKey) : undefined), [resourceKey, hash]);
}
