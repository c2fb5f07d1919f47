import { safeRedirect } from '../platform/navigation';
import { metaForPath } from '../platform/registry';
import { tabKeyOf } from './tabs/tab-rules';

/**
 * Spec 2 /refresh: split redirectPath into path and query, merge the other query parameters
 * (redirectPath excluded; they win over the same names inside redirectPath).
 */
export function refreshTarget(search: string, fallback = '/home'): string {
  const outer = new URLSearchParams(search);
  const redirectPath = outer.get('redirectPath');
  outer.delete('redirectPath');
  if (!redirectPath) return fallback;
  const cut = redirectPath.indexOf('?');
  const path = cut === -1 ? redirectPath : redirectPath.slice(0, cut);
  const merged = new URLSearchParams(cut === -1 ? '' : redirectPath.slice(cut + 1));
  for (const key of new Set(outer.keys())) {
    merged.delete(key);
    for (const v of outer.getAll(key)) merged.append(key, v);
  }
  const qs = merged.toString();
  return safeRedirect(qs ? `${path}?${qs}` : path, fallback);
}

export interface RefreshPlan {
  /** the address to replace the current location with */
  target: string;
  pathname: string;
  search: string;
  /** the one tab whose keep-alive cache is dropped (other tabs of the same route keep theirs) */
  tabKey: string;
}

export function refreshPlan(search: string): RefreshPlan {
  const target = refreshTarget(search);
  const cut = target.indexOf('?');
  const pathname = cut === -1 ? target : target.slice(0, cut);
  const query = cut === -1 ? '' : target.slice(cut);
  return { target, pathname, search: query, tabKey: tabKeyOf(metaForPath(pathname), pathname, query) };
}
