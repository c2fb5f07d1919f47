/**
 * Permission keys. A key is the `international` value of a menu or button resource node;
 * a user holds a key when one of their roles holds a resource carrying it.
 * Routes that need no key declare `public` (no token) or `authenticated` (any signed-in user).
 */
export const Perm = {
  SYS_USER_LIST: 'setModule:authManage:user',
  SYS_USER_EDIT: 'setModule:authManage:user:edit',
  SYS_ROLE_LIST: 'setModule:authManage:permissions',
  SYS_MENU_LIST: 'setModule:authManage:menu',
  SYS_LOG: 'setModule:systemLog',
  AI_CHAT: 'ai:chat',
  SIMBANK: 'simbank',
  FEEDBACK_MANAGE: 'csc:feedbackmanagement:fb-list',
  FEEDBACK_CONFIG: 'setModule:feedbackmanagement:fb-config',
  NOTICE_CONFIG: 'setModule:publicnotice:noticeconfig',
} as const;

export type PermKey = (typeof Perm)[keyof typeof Perm];

/** What a route requires: no token, any valid token, or a specific key. */
export type RouteAccess = 'public' | 'authenticated' | { perm: string };
