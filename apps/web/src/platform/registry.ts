import {
  type Locale,
  matchRoute,
  normalizePath,
  type RouteMeta,
  routeByName,
  routeByPath,
  type SubApp,
  type Title,
} from '@portal/contracts';
import type { UIMatch } from 'react-router';

/**
 * The web side of the route registry (packages/contracts/src/routes): every route's `handle` is
 * its RouteMeta, so the shell reads titles, sub-app, flags and permission keys from there only.
 */
export type { RouteMeta, SubApp, Title };

export const HOME_PATH = '/home';

export const titleText = (title: Title, locale: Locale): string => (locale === 'zh-CN' ? title.zh : title.en);

export const isRouteMeta = (h: unknown): h is RouteMeta =>
  typeof h === 'object' && h !== null && 'path' in h && 'title' in h && 'app' in h;

/** Metadata of the deepest matched route that declares any. */
export function deepestMeta(matches: readonly UIMatch[]): RouteMeta | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle;
    if (isRouteMeta(h)) return h;
  }
  return null;
}

/** The registry route a location shows (exact path, then params, then the section wildcard). */
export const metaForPath = (pathname: string): RouteMeta | null => matchRoute(pathname)?.route ?? null;

/** Path of a named route (GeneralDownload, MessageEmailInbox, MessageEmailSpam). */
export function pathOfName(name: string): string {
  const r = routeByName(name);
  if (!r) throw new Error(`unknown named route ${name}`);
  return r.path;
}

/** The registry title of a path ('/crm/open-sea' → 公海客户 / Open sea customers). */
export function titleOfPath(path: string): Title | null {
  const p = normalizePath(path);
  const exact = routeByPath(p);
  if (exact) return exact.title;
  const m = matchRoute(p);
  return m && !m.route.path.endsWith('/*') ? m.route.title : null;
}

export const isWildcard = (meta: RouteMeta): boolean => meta.path.endsWith('/*');
