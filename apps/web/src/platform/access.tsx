import type { ReactNode } from 'react';
import { useUser } from './user-store';

/** Whether the signed-in user holds a permission key (a menu or button resource key). */
export function useCan(perm: string): boolean {
  return useUser((s) => s.keys.has(perm));
}

/** Spec 6: elements guarded by a key are removed (not disabled) when the user lacks it. */
export function Can({ perm, children, fallback = null }: { perm: string; children: ReactNode; fallback?: ReactNode }) {
  return useCan(perm) ? children : fallback;
}
