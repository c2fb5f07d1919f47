/**
 * The route registry: every screen of the portal (spec section 2) with its metadata.
 * The web router, the side menu, bookmark tabs and the seed's menu resources all read it.
 */
export const SUB_APPS = [
  'home',
  'setModule',
  'businessInquiry',
  'crm',
  'reportAnalysis',
  'financial',
  'businessOperations',
  'srm',
  'message',
  'offerManage',
  'csc',
  'general',
  'heavenlyWarning',
] as const;
export type SubApp = (typeof SUB_APPS)[number];

export interface Title {
  zh: string;
  en: string;
}

/** A side-menu group a route sits in (rendered as a sub-menu of its module). */
export interface MenuGroup {
  key: string;
  title: Title;
  icon?: string;
}

export interface RouteMeta {
  /** path pattern, React Router syntax (`:id` params) */
  path: string;
  title: Title;
  /** owning sub-application: selects the side menu and tab group */
  app: SubApp;
  /** permission key; defaults to the path with '/' → ':' (see permOf) */
  perm?: string;
  /** named routes of the spec (GeneralDownload, MessageEmailInbox, MessageEmailSpam) */
  name?: string;
  /** parent menu path highlighted for detail pages; access follows the parent */
  activeRouter?: string;
  /** side-menu group inside the module */
  group?: MenuGroup;
  /** ant-design icon name for the menu entry */
  icon?: string;
  /** not shown in the side menu (detail pages, forms, redirects) */
  hidden?: boolean;
  /** side menu visible on this route (default true) */
  aside?: boolean;
  /** bookmark bar visible on this route (default true) */
  bookmark?: boolean;
  /** at most one tab for this route */
  oneBookmark?: boolean;
  /** a detail page (title from query/params, highlight activeRouter) */
  detail?: boolean;
  /** 'path': the tab URL drops the query */
  tagPath?: 'path' | 'fullPath';
  /** query or param name whose value becomes the tab title */
  titleFrom?: string;
  /** reachable without a token */
  public?: boolean;
  /** reachable by every signed-in user (no resource needed) */
  alwaysAllowed?: boolean;
  /** held by every staff role in the demo seed (shell links, personal screens) */
  common?: boolean;
  /** redirect target instead of a screen */
  redirect?: string;
  /**
   * an embedded page rendered in the persistent iframe layer (keep-alive never moves it);
   * the value names the frame (the resource's `iframeName`)
   */
  iframe?: string;
}

export const permOf = (r: Pick<RouteMeta, 'path' | 'perm'>): string =>
  r.perm ??
  r.path
    .replace(/^\//, '')
    .replace(/\/:[^/]+/g, '')
    .replaceAll('/', ':');
