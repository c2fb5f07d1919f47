import { routeByPath } from './routes/index.js';
import { permOf } from './routes/types.js';

/** The key guarding a registered screen; a path the registry does not know fails at load. */
function screenKey(path: string): string {
  const route = routeByPath(path);
  if (!route) throw new Error(`permission key of ${path}: no such route in the registry`);
  return permOf(route);
}

/** A button (an action on a screen): the screen's key and the action. */
const buttonKey = (path: string, action: string): string => `${screenKey(path)}:${action}`;

/**
 * Permission keys. A key is the `international` value of a menu or button resource node;
 * a user holds a key when one of their roles holds a resource carrying it. Screen and button keys
 * are derived from the route registry (packages/contracts/src/routes); only keys that guard no
 * screen (AI_CHAT, SIMBANK) are written here. Server and web name keys only through `Perm`.
 * Routes that need no key declare `public` (no token) or `authenticated` (any signed-in user).
 */
export const Perm = {
  SYS_USER_LIST: screenKey('/setModule/authManage/user'),
  SYS_USER_EDIT: buttonKey('/setModule/authManage/user', 'edit'),
  SYS_USER_RESET_PASSWORD: buttonKey('/setModule/authManage/user', 'resetPassword'),
  /** field-level: staff e-mail addresses in the user list, details and exports */
  SYS_USER_EMAIL: buttonKey('/setModule/authManage/user', 'email'),
  SYS_ROLE_LIST: screenKey('/setModule/authManage/permissions'),
  SYS_ROLE_EDIT: buttonKey('/setModule/authManage/permissions', 'edit'),
  SYS_MENU_LIST: screenKey('/setModule/authManage/menu'),
  SYS_MENU_EDIT: buttonKey('/setModule/authManage/menu', 'edit'),
  SYS_DEPT_LIST: screenKey('/setModule/departmentalOrganization'),
  SYS_DEPT_EDIT: buttonKey('/setModule/departmentalOrganization', 'edit'),
  SYS_LOG: screenKey('/setModule/systemLog'),
  AI_CHAT: 'ai:chat',
  AI_KNOWLEDGE: screenKey('/setModule/ai/knowledge'),
  SIMBANK: 'simbank',
  FEEDBACK_MANAGE: screenKey('/csc/feedbackmanagement/fb-list'),
  FEEDBACK_CONFIG: screenKey('/setModule/feedbackmanagement/fb-config'),
  NOTICE_CONFIG: screenKey('/setModule/publicnotice/noticeconfig'),
  /** start a request (and the application forms under it) */
  APPROVAL_SPONSOR: screenKey('/general/process/sponsor'),
  /** my to-dos; also lets a user act on to-dos (agree, reject, hand over): a to-do goes only to its holders */
  APPROVAL_TODO: screenKey('/general/my-agent'),
  APPROVAL_MINE: screenKey('/general/my-initiate'),
  APPROVAL_HANDLED: screenKey('/general/my-handle'),
  APPROVAL_COPIED: screenKey('/general/my-deliver'),
  /** workflow settings; holders also see every request (support and audit) */
  PROCESS_CONFIG: screenKey('/setModule/process/configer'),
  PROCESS_ROLES: screenKey('/setModule/process/roles'),
  PROCESS_NOTIFY: screenKey('/setModule/process/notify'),
  PROCESS_FORMS: screenKey('/setModule/process/formword'),
  /** bind mailboxes for other staff and list every bound mailbox */
  MAIL_ACCOUNTS: screenKey('/setModule/email/account'),
} as const;

/** What a route requires: no token, any valid token, or a specific key. */
export type RouteAccess = 'public' | 'authenticated' | { perm: string };
