import { normalizePath } from '../platform/resources';
import type { RouteMeta } from './route-meta';

/** Spec 2/4: paths outside this list need a token. */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/authorize'];
export const PUBLIC_PREFIXES: readonly string[] = ['/offerManage'];

/** Spec 4: always-allowed routes for any signed-in user. */
export const ALWAYS_ALLOWED: readonly string[] = ['/home', '/refresh', '/ddNotice', '/403', '/404'];

export function isPublicPath(path: string): boolean {
  const p = normalizePath(path);
  return PUBLIC_PATHS.includes(p) || PUBLIC_PREFIXES.some((pre) => p === pre || p.startsWith(`${pre}/`));
}

/** Where an unauthenticated visit goes: /login keeping the query, with redirect_url = the requested address. */
export function loginRedirectFor(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  const address = `${pathname}${search}`;
  if (pathname !== '/' && pathname !== '') params.set('redirect_url', address);
  const qs = params.toString();
  return qs ? `/login?${qs}` : '/login';
}

export interface AccessInput {
  path: string;
  meta: RouteMeta | null;
  /** routers of the menu resources the user holds */
  routers: ReadonlySet<string>;
  /** permission keys the user holds */
  keys: ReadonlySet<string>;
}

/**
 * Spec 4 page access: allowed if the path is in the user's menu resources, its parent menu
 * (activeRouter) is, it is always allowed, or the route's permission key is held.
 */
export function canAccess({ path, meta, routers, keys }: AccessInput): boolean {
  const p = normalizePath(path);
  if (ALWAYS_ALLOWED.includes(p) || routers.has(p)) return true;
  if (!meta || meta.access === 'public' || meta.access === 'authenticated') return true;
  if (meta.activeRouter && routers.has(normalizePath(meta.activeRouter))) return true;
  return keys.has(meta.access.perm);
}
