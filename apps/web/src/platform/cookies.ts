import { APP_ENV } from './env';

/** Cookie names are prefixed with the environment (spec 9). */
export const cookieName = (name: string, env = APP_ENV): string => `${env}_${name}`;

/** Names of the cookies in a `document.cookie` string that belong to `env`. */
export function prefixedCookieNames(cookieString: string, env = APP_ENV): string[] {
  const prefix = `${env}_`;
  return cookieString
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => name.startsWith(prefix));
}

export function setCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and not in every browser we serve
  document.cookie = `${cookieName(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

export function getCookie(name: string): string | null {
  const wanted = cookieName(name);
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.split('=');
    if (key?.trim() === wanted) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Expire every cookie of this environment (sign-out). */
export function clearEnvCookies(): void {
  for (const name of prefixedCookieNames(document.cookie)) {
    // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
