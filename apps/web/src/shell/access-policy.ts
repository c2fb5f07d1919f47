import { isPublicPath, normalizePath, permOf, type RouteMeta } from '@portal/contracts';

export { isPublicPath };

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
  /** the registry route the path matched; null for a path no route knows (the not-found page) */
  meta: RouteMeta | null;
  /** routers of the menu resources the user holds */
  routers: ReadonlySet<string>;
  /** permission keys the user holds */
  keys: ReadonlySet<string>;
}

/**
 * Spec 4 page access: allowed when the route is public or always allowed (registry flags, the
 * /offerManage public prefix), its path is one of the user's menu resources, its parent menu
 * (activeRouter, the parent-menu mapping of detail pages) is, or the user holds the route's
 * permission key (permOf; a section wildcard's key is its module's, so holding a module lets its
 * unknown subpaths reach the embedded sub-application).
 */
export function canAccess({ path, meta, routers, keys }: AccessInput): boolean {
  if (!meta) return true;
  const p = normalizePath(path);
  if (meta.public || meta.alwaysAllowed || isPublicPath(p)) return true;
  if (routers.has(p)) return true;
  if (meta.activeRouter && routers.has(normalizePath(meta.activeRouter))) return true;
  return keys.has(permOf(meta));
}
