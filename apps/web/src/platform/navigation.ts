/**
 * Navigation for code outside React (http error path, sign-out). The shell binds the data
 * router's navigate on start; before that a full page load is used.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void | Promise<void>;

let navigator: Navigate | null = null;

export function bindNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string, replace = false): void {
  if (navigator) void navigator(to, { replace });
  else if (replace) window.location.replace(to);
  else window.location.assign(to);
}

export const currentAddress = (): string => `${window.location.pathname}${window.location.search}`;

export const LOGIN_PATH = '/login';

/** /login with the address to come back to; none when already on the login page. */
export function loginUrl(address?: string): string {
  if (!address || address === '/' || address.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect_url=${encodeURIComponent(address)}`;
}

/** Only same-origin absolute paths are followed after sign-in (no open redirect). */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target.startsWith(LOGIN_PATH) || target.startsWith('/authorize')) return fallback;
  return target;
}
