import type { ResourceNode, RouteMeta } from '@portal/contracts';
import { nodeForPath } from '../../platform/resources';

/** Spec 4/9: the rating question waits until the user stayed 2 s on the route. */
export const RATING_DELAY_MS = 2000;
/** Menu items asked about in this browser session (sessionStorage): at most once per item. */
export const RATING_ASKED_KEY = 'portal:rating-asked';

/** The menu node a route belongs to: its own, else the parent menu it highlights. */
export function menuNodeFor(
  menus: readonly ResourceNode[],
  meta: RouteMeta | null,
  pathname: string,
): ResourceNode | null {
  return nodeForPath(menus, pathname) ?? (meta?.activeRouter ? nodeForPath(menus, meta.activeRouter) : null);
}

export function readAsked(raw: string | null): Set<number> {
  try {
    const list: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(list) ? list.filter((n): n is number => typeof n === 'number') : []);
  } catch {
    return new Set();
  }
}

export const writeAsked = (asked: ReadonlySet<number>): string => JSON.stringify([...asked]);

/** Ask the server only for a menu item not asked about yet in this session. */
export const shouldCheckRating = (resourceId: number | null, asked: ReadonlySet<number>): resourceId is number =>
  resourceId !== null && !asked.has(resourceId);

/** The question in the reader's language; null when that form is not set (the default wording then). */
export const questionFor = (q: { question: string | null; questionEn: string | null }, language: string) =>
  (language.toLowerCase().startsWith('en') ? q.questionEn : q.question)?.trim() || null;

/** A rating question open over another page than the one it was asked on is withdrawn. */
export const belongsElsewhere = (request: { pathname: string } | null, pathname: string) =>
  request !== null && request.pathname !== pathname;
