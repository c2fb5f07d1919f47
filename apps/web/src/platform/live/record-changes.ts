import { RECORD_CHANGED_EVENT, type RecordChangedEvent } from '@portal/contracts';
import { hashKey, type QueryClient } from '@tanstack/react-query';

/** The resource kernel's query keys start with this: `['resource', resourceKey, …]`. */
export const RESOURCE_QUERY_ROOT = 'resource';
/** At most one refetch per resource in this window; changes inside it are folded into one trailing refetch. */
export const COALESCE_MS = 300;

export const isRecordChange = (d: unknown): d is RecordChangedEvent =>
  typeof d === 'object' &&
  d !== null &&
  (d as RecordChangedEvent).event === RECORD_CHANGED_EVENT &&
  typeof (d as RecordChangedEvent).resource === 'string';

/** Query keys screens opted in for a resource (useLiveRefresh), counted per mount. */
const optedIn = new Map<string, Map<string, { key: readonly unknown[]; mounts: number }>>();

/** Refresh this query key when the resource changes; returns the function that stops it. */
export function followResource(resource: string, queryKey: readonly unknown[]): () => void {
  const keys = optedIn.get(resource) ?? new Map();
  optedIn.set(resource, keys);
  const hash = hashKey(queryKey);
  const entry = keys.get(hash) ?? { key: queryKey, mounts: 0 };
  entry.mounts++;
  keys.set(hash, entry);
  return () => {
    entry.mounts--;
    if (entry.mounts > 0) return;
    keys.delete(hash);
    if (keys.size === 0) optedIn.delete(resource);
  };
}

/**
 * Turns record changes into TanStack Query invalidations: the resource kernel's keys and every
 * key a screen opted in. A burst of changes of one resource costs one refetch at once and at most
 * one more at the end of each COALESCE_MS window (active queries refetch; the others go stale).
 */
export function createRecordRefresher(queryClient: QueryClient, windowMs = COALESCE_MS) {
  const windows = new Map<string, { timer: ReturnType<typeof setTimeout>; pending: boolean }>();

  const invalidate = (resource: string) => {
    void queryClient.invalidateQueries({ queryKey: [RESOURCE_QUERY_ROOT, resource] });
    for (const { key } of optedIn.get(resource)?.values() ?? []) void queryClient.invalidateQueries({ queryKey: key });
  };
  const open = (resource: string) => {
    const w = {
      pending: false,
      timer: setTimeout(() => {
        windows.delete(resource);
        if (w.pending) {
          invalidate(resource);
          open(resource);
        }
      }, windowMs),
    };
    windows.set(resource, w);
  };

  return {
    handle(change: Pick<RecordChangedEvent, 'resource'>) {
      const w = windows.get(change.resource);
      if (w) {
        w.pending = true;
        return;
      }
      invalidate(change.resource);
      open(change.resource);
    },
    stop() {
      for (const w of windows.values()) clearTimeout(w.timer);
      windows.clear();
    },
  };
}
