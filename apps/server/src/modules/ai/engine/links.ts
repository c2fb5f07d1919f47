import { permOf, routeByPath } from '@portal/contracts';
import type { AuthContext } from '../../../platform/auth/context.js';

/** A screen an answer may cite: its path in the route registry and its title in both languages. */
export interface Screen {
  path: string;
  zh: string;
  en: string;
}

/** The screen a path names, from the route registry; undefined for a path that is no screen. */
export function screenOf(path: string): Screen | undefined {
  const route = routeByPath(path.split('?')[0]!);
  return route ? { path, zh: route.title.zh, en: route.title.en } : undefined;
}

/** Whether the user holds the screen's permission key (a detail page carries its list's key). */
export function mayOpen(auth: AuthContext, path: string): boolean {
  const route = routeByPath(path.split('?')[0]!);
  return !!route && auth.perms.has(permOf(route));
}

/**
 * A markdown link that opens the screen in a tab; the screen's own title unless a label is given.
 * A path the route registry does not know is never linked: it throws, so a tool citing a screen
 * that does not exist fails its test instead of sending users nowhere.
 */
export function screenLink(path: string, zh: boolean, label?: string): string {
  const screen = screenOf(path);
  if (!screen) throw new Error(`no screen at ${path}`);
  return `[${label ?? (zh ? screen.zh : screen.en)}](${path})`;
}
