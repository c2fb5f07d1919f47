/**
 * A link a notice may carry: an http(s) address, or a path of this portal starting with a single
 * '/'. Never '//host' (another site, scheme-relative), never '/\host' (browsers read '\' as '/'),
 * never javascript: or any other scheme.
 */
const PORTAL_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]*$/;
const HTTP_URL = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?([/?#][^\s\\<>"'`]*)?$/i;

export function isNoticeLink(value: string): boolean {
  return PORTAL_PATH.test(value) || HTTP_URL.test(value);
}

/** Whether a notice link leaves the portal (opened in a new tab) or is one of its paths (navigated to). */
export const isExternalLink = (value: string): boolean => HTTP_URL.test(value);
