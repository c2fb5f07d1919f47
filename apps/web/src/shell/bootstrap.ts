import { isApiError } from '../platform/api-error';
import { authApi } from '../platform/auth-api';
import { isSessionExpiring } from '../platform/error-path';
import { toast } from '../platform/feedback';
import { i18n } from '../platform/i18n';
import { endSession } from '../platform/signout';
import { singleFlight } from '../platform/single-flight';
import { useUser } from '../platform/user-store';

/** Spec 8: the failure message shows for 2 s before signing out. */
export const LOAD_FAILURE_DELAY_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Load the user, menu and button resources once per session (spec 4). Resource failures leave
 * empty lists (the user then meets the no-permission page); a user-info failure shows its
 * message for 2 s and signs out. Resolves false when the session ended.
 */
async function loadUser(): Promise<boolean> {
  if (useUser.getState().user) return true;
  const [info, menus, buttons] = await Promise.allSettled([authApi.userInfo(), authApi.menus(), authApi.buttons()]);
  if (info.status === 'fulfilled') {
    useUser
      .getState()
      .setUser(
        info.value,
        menus.status === 'fulfilled' ? menus.value : [],
        buttons.status === 'fulfilled' ? buttons.value : [],
      );
    return true;
  }
  // an expired session is already on its way to sign-in through the error path
  if (!isSessionExpiring()) {
    const msg = isApiError(info.reason) && info.reason.msg ? info.reason.msg : i18n.t('errors.unexpected');
    toast().error(msg);
  }
  await sleep(LOAD_FAILURE_DELAY_MS);
  await endSession();
  return false;
}

/** Concurrent navigations (e.g. / redirecting to /home) share one load. */
export const loadUserOnce = singleFlight(loadUser);
