import type { Locale, RouteAccess } from '@portal/contracts';
import type { UIMatch } from 'react-router';

/** Spec 2 route metadata, kept in each route's `handle`. */
export interface RouteMeta {
  title: { zh: string; en: string };
  /** owning sub-application (side menu and tab group) */
  app: string;
  access: RouteAccess;
  /** menu path highlighted for a detail page; also grants access when the user holds that menu */
  activeRouter?: string;
  /** not registered as a bookmark tab */
  hidden?: boolean;
  /** side menu hidden (default visible) */
  hideAside?: boolean;
  /** bookmark bar hidden (default visible) */
  hideBookmark?: boolean;
  /** keep at most one tab of this route */
  oneBookmark?: boolean;
  detail?: boolean;
  /** tab URL is the bare path when 'path' */
  tagPath?: 'path' | 'full';
}

export const routeTitle = (meta: RouteMeta, locale: Locale): string =>
  locale === 'zh-CN' ? meta.title.zh : meta.title.en;

const isRouteMeta = (h: unknown): h is RouteMeta =>
  typeof h === 'object' && h !== null && 'title' in h && 'access' in h;

/** Metadata of the deepest matched route that declares any. */
export function deepestMeta(matches: readonly UIMatch[]): RouteMeta | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle;
    if (isRouteMeta(h)) return h;
  }
  return null;
}
