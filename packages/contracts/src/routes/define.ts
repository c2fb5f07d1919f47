import { type MenuGroup, permOf, type RouteMeta, type SubApp } from './types.js';

/** Route fields a section file may set beyond path, title and app. */
export type RouteExtra = Omit<RouteMeta, 'path' | 'title' | 'app'>;

/** A child of a list page: its path relative to the parent, titles, and extra fields. */
export type ChildSpec = [sub: string, zh: string, en: string, extra?: RouteExtra];

/**
 * Builds one section's routes. Relative paths are taken below `/${app}`; a path starting with
 * '/' is used as is. Pages added after `group()` sit in that side-menu group and default to its icon.
 */
export function defineSection(app: SubApp) {
  const routes: RouteMeta[] = [];
  let current: MenuGroup | undefined;
  const abs = (p: string) => (p.startsWith('/') ? p : `/${app}/${p}`);
  const find = (p: string) => routes.find((r) => r.path === p);

  const push = (r: RouteMeta) => {
    if (find(r.path)) throw new Error(`duplicate route ${r.path}`);
    routes.push(r);
  };

  const s = {
    routes,
    /** Starts a side-menu group; later pages go into it. */
    group(key: string, zh: string, en: string, icon: string) {
      current = { key, title: { zh, en }, icon };
      return s;
    },
    /** A menu page with its own permission key (permOf). */
    page(path: string, zh: string, en: string, icon?: string, extra: RouteExtra = {}) {
      const chosenIcon = icon ?? current?.icon;
      push({
        path: abs(path),
        title: { zh, en },
        app,
        ...(current ? { group: current } : {}),
        ...(chosenIcon ? { icon: chosenIcon } : {}),
        ...extra,
      });
      return s;
    },
    /** A screen kept out of the side menu that still carries its own key (archived pages, empty states). */
    hiddenPage(path: string, zh: string, en: string, extra: RouteExtra = {}) {
      push({ path: abs(path), title: { zh, en }, app, ...(current ? { group: current } : {}), hidden: true, ...extra });
      return s;
    },
    /**
     * A detail or form page under a list: hidden, highlights the list in the menu, and is
     * guarded by the list's key, so holding a list grants its details.
     */
    detail(path: string, zh: string, en: string, parent: string, extra: RouteExtra = {}) {
      const parentPath = abs(parent);
      const parentRoute = find(parentPath);
      if (!parentRoute) throw new Error(`detail ${path}: parent ${parentPath} is not defined before it`);
      push({
        path: abs(path),
        title: { zh, en },
        app,
        ...(parentRoute.group ? { group: parentRoute.group } : {}),
        hidden: true,
        detail: true,
        activeRouter: parentPath,
        perm: permOf(parentRoute),
        ...(parentRoute.common ? { common: true } : {}),
        ...extra,
      });
      return s;
    },
    /** Details directly below a list page: `${parent}/${sub}` for each child. */
    children(parent: string, list: ChildSpec[]) {
      for (const [sub, zh, en, extra] of list) s.detail(`${abs(parent)}/${sub}`, zh, en, parent, extra);
      return s;
    },
    /** The section wildcard (`/app/*`): hands unknown subpaths to an embedded sub-application. */
    wildcard(zh: string, en: string) {
      push({ path: `/${app}/*`, title: { zh, en }, app, perm: app, hidden: true });
      return s;
    },
  };
  return s;
}
