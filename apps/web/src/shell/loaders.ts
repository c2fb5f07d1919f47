import { type LoaderFunctionArgs, redirect } from 'react-router';
import { hasToken } from '../platform/session';
import { isPublicPath, loginRedirectFor } from './access-policy';
import { loadUserOnce } from './bootstrap';

/** /login and /authorize: a signed-in user goes to /. */
export function publicOnlyLoader() {
  return hasToken() ? redirect('/') : null;
}

/**
 * Guard of every signed-in route (spec 4): no token → /login keeping the query with
 * redirect_url, except on the public prefixes (/offerManage), which a visitor opens as is. With a
 * token the user and resources load on the first navigation, on a public prefix too: a colleague
 * who opens an /offerManage address directly holds there the same menus and keys (the buttons a
 * resource list offers) as after navigating to it. A session that ends while loading leaves a
 * public page open to the visitor it now is, and sends any other page to sign-in.
 */
export async function shellLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const open = isPublicPath(url.pathname);
  if (!hasToken()) {
    if (open) return null;
    throw redirect(loginRedirectFor(url.pathname, url.search));
  }
  if (!(await loadUserOnce()) && !open) throw redirect('/login');
  return null;
}
