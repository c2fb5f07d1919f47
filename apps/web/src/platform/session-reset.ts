import { clearEnvCookies } from './cookies';
import { queryClient } from './query-client';
import { useSession } from './session';
import { useUser } from './user-store';

/**
 * Forget everything about the signed-in user in this browser (spec 4 sign-out): local storage,
 * session storage, this environment's cookies, the token, user resources and cached server data.
 * The UI language and platform preferences survive (written back into the fresh storage).
 */
export function resetClientState(): void {
  const { locale, platform } = useSession.getState();
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage disabled: nothing to clear
  }
  clearEnvCookies();
  useSession.getState().clearToken();
  useSession.setState({ locale, platform });
  useUser.getState().reset();
  queryClient.clear();
}
