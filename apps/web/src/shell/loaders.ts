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
 * redirect_url; with a token the user and resources load on the first navigation.
 */
export async function shellLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (isPublicPath(url.pathname)) return null;
  if (!hasToken()) throw redirect(loginRedirectFor(url.pathname, url.search));
  if (!(await loadUserOnce())) throw redirect('/login');
  return null;
}
