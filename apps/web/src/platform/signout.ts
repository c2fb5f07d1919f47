import { authApi } from './auth-api';
import { LOGIN_PATH, navigateTo } from './navigation';
import { useSession } from './session';
import { resetClientState } from './session-reset';

/** Revoke the session on the server and forget it in this browser. */
export async function endSession(): Promise<void> {
  if (useSession.getState().token) {
    try {
      await authApi.logout();
    } catch {
      // the session may already be gone on the server; forgetting it locally is what matters
    }
  }
  resetClientState();
}

/** Spec 4 sign-out: end the session, then go to sign-in. */
export async function signOut(): Promise<void> {
  await endSession();
  navigateTo(LOGIN_PATH, true);
}
