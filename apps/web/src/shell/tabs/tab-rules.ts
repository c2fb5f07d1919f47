import { type Locale, normalizePath, type RouteMeta, type SubApp, type Title } from '@portal/contracts';

/**
 * Bookmark tabs (spec 2 "Shell behaviour", spec 3 "Bookmark"). Pure rules; the store in
 * tabs-store.ts applies them and the keep-alive layer keys each page's cache by `key`.
 */
export interface Tab {
  /** tab key: the full path (path + query), or the bare path when the route's tagPath is 'path' */
  key: string;
  /** what clicking the tab opens: path-only when tagPath is 'path' */
  url: string;
  /** the location's pathname */
  path: string;
  /** the registry route (pattern) the tab shows: one-tab routes are matched by it */
  route: string;
  /** owning sub-application: the tab group it belongs to */
  app: SubApp;
  /** registry title */
  title: Title;
  /** title taken from the query or params (RouteMeta.titleFrom) */
  custom?: string;
  closable: boolean;
  /** one-bookmark route: reopening replaces this tab's address instead of adding a tab */
  single?: boolean;
}

export const HOME_KEY = '/home';

/** The permanent home tab: first in every group, never closable. */
export const HOME_TAB: Tab = {
  key: HOME_KEY,
  url: HOME_KEY,
  path: HOME_KEY,
  route: HOME_KEY,
  app: 'home',
  title: { zh: '首页', en: 'Home' },
  closable: false,
};

/** Spec 9: one click on a scroll button moves the tab strip by 300 px. */
export const TAB_SCROLL_STEP = 300;

/**
 * Paths that never register a bookmark: the sign-in pages, the refresh hop, the error pages,
 * the DingTalk notice landing and the root redirect. Unknown paths and redirect routes neither.
 */
export const EXCLUDED_PATHS: readonly string[] = ['/', '/login', '/authorize', '/refresh', '/403', '/404', '/ddNotice'];

export function isExcluded(pathname: string, meta: RouteMeta | null): boolean {
  if (!meta || meta.redirect || meta.public === true) return true;
  const p = normalizePath(pathname).toLowerCase();
  return EXCLUDED_PATHS.some((e) => e.toLowerCase() === p);
}

const searchOf = (search: string): string =>
  search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';

/** Tab key = full path, or the bare path when tagPath is 'path'. */
export function tabKeyOf(meta: Pick<RouteMeta, 'tagPath'> | null, pathname: string, search: string): string {
  const p = normalizePath(pathname);
  return meta?.tagPath === 'path' ? p : `${p}${searchOf(search)}`;
}

/** The tab title from the query (first) or the route params, when the route names one. */
export function titleFromLocation(
  meta: Pick<RouteMeta, 'titleFrom'>,
  search: string,
  params: Readonly<Record<string, string | undefined>> = {},
): string | undefined {
  if (!meta.titleFrom) return undefined;
  const value = new URLSearchParams(search).get(meta.titleFrom) ?? params[meta.titleFrom];
  return value?.trim() || undefined;
}

/** The tab a location opens. */
export function tabFor(
  meta: RouteMeta,
  location: { pathname: string; search: string },
  params: Readonly<Record<string, string | undefined>> = {},
): Tab {
  const key = tabKeyOf(meta, location.pathname, location.search);
  if (key.toLowerCase() === HOME_KEY) return HOME_TAB;
  const custom = titleFromLocation(meta, location.search, params);
  return {
    key,
    url: key,
    path: normalizePath(location.pathname),
    route: meta.path,
    app: meta.app,
    title: meta.title,
    ...(custom ? { custom } : {}),
    closable: true,
    ...(meta.oneBookmark ? { single: true } : {}),
  };
}

export const tabLabel = (tab: Tab, locale: Locale): string =>
  tab.custom ?? (locale === 'zh-CN' ? tab.title.zh : tab.title.en);

const withHome = (tabs: readonly Tab[]): Tab[] =>
  tabs.some((t) => t.key === HOME_KEY) ? [...tabs] : [HOME_TAB, ...tabs];

export interface OpenResult {
  tabs: Tab[];
  /** key of a tab this one replaced (one-bookmark routes): its page cache must go */
  replaced?: string;
}

/**
 * Register a bookmark: an open tab with the same key is updated in place; a one-bookmark route
 * (open-sea list, correspondence mails, mailbox settings) replaces its existing tab's address
 * in place; anything else is appended.
 */
export function openTab(tabs: readonly Tab[], tab: Tab): OpenResult {
  const list = withHome(tabs);
  if (tab.key === HOME_KEY) return { tabs: list };
  const same = list.findIndex((t) => t.key === tab.key);
  if (same >= 0) {
    list[same] = tab;
    return { tabs: list };
  }
  if (tab.single) {
    const sibling = list.findIndex((t) => t.route === tab.route);
    if (sibling >= 0) {
      const replaced = list[sibling]!.key;
      list[sibling] = tab;
      return { tabs: list, replaced };
    }
  }
  list.push(tab);
  return { tabs: list };
}

/** The tabs shown for a sub-application: the home tab, then that group's tabs in order. */
export function groupTabs(tabs: readonly Tab[], app: SubApp): Tab[] {
  return [HOME_TAB, ...tabs.filter((t) => t.key !== HOME_KEY && t.app === app)];
}

export interface MenuDisabled {
  closeCurrent: boolean;
  closeOthers: boolean;
  closeAll: boolean;
}

/**
 * Spec 2 tab menu: close current is disabled on home, close others with 2 or fewer tabs,
 * close all with 1 or fewer (counting the tabs of the group shown, home included).
 */
export function menuDisabled(group: readonly Tab[], key: string): MenuDisabled {
  return { closeCurrent: key === HOME_KEY, closeOthers: group.length <= 2, closeAll: group.length <= 1 };
}

export interface CloseResult {
  tabs: Tab[];
  removed: string[];
  /** where to go when the active tab went away: its right neighbour in the group, else the left, else home */
  next: Tab;
}

export function closeTab(tabs: readonly Tab[], key: string): CloseResult {
  const list = withHome(tabs);
  const tab = list.find((t) => t.key === key);
  if (!tab?.closable) return { tabs: list, removed: [], next: tab ?? HOME_TAB };
  const group = groupTabs(list, tab.app);
  const at = group.findIndex((t) => t.key === key);
  const next = group[at + 1] ?? group[at - 1] ?? HOME_TAB;
  return { tabs: list.filter((t) => t.key !== key), removed: [key], next };
}

/** Close the other tabs of the group (home stays). */
export function closeOthers(tabs: readonly Tab[], app: SubApp, key: string): CloseResult {
  const list = withHome(tabs);
  const removed = list.filter((t) => t.closable && t.app === app && t.key !== key).map((t) => t.key);
  const kept = list.filter((t) => !removed.includes(t.key));
  return { tabs: kept, removed, next: kept.find((t) => t.key === key) ?? HOME_TAB };
}

/** Close every closable tab of the group; home stays and becomes active. */
export function closeAll(tabs: readonly Tab[], app: SubApp): CloseResult {
  const list = withHome(tabs);
  const removed = list.filter((t) => t.closable && t.app === app).map((t) => t.key);
  return { tabs: list.filter((t) => !removed.includes(t.key)), removed, next: HOME_TAB };
}

/** The scroll offset after one click on a scroll button: 300 px, kept within the strip. */
export function scrollOffset(current: number, direction: -1 | 1, scrollWidth: number, clientWidth: number): number {
  const max = Math.max(0, scrollWidth - clientWidth);
  return Math.min(max, Math.max(0, current + direction * TAB_SCROLL_STEP));
}

/** Scroll buttons appear only when the tabs overflow the strip. */
export const isOverflowing = (scrollWidth: number, clientWidth: number): boolean => scrollWidth - clientWidth > 1;
