import type { TokenResponse } from '@portal/contracts';
import { reportError } from './error-path';
import { buildHeaders } from './request-headers';
import { SESSION_STORAGE_KEY, useSession } from './session';
import { singleFlight } from './single-flight';
import { Timeouts } from './timeouts';
import { needsRefresh, refreshDueAt, refreshRequestBody } from './token-policy';
import { fetchWithTimeout, unwrap } from './transport';

export const TOKEN_PATH = '/auth/oauth/token';
const LOCK_NAME = 'portal-token-refresh';

const due = (): boolean => {
  const s = useSession.getState();
  return s.token !== null && s.refreshToken !== null && needsRefresh(s.expiresAt, s.duration, Date.now());
};

async function refreshIfStillDue(): Promise<void> {
  // Another browser tab may have refreshed already: refresh tokens are single use, and reusing one
  // revokes the whole family, so re-read the stored session before spending ours.
  await useSession.persist.rehydrate();
  if (!due()) return;
  const { refreshToken, locale } = useSession.getState();
  const res = await fetchWithTimeout(
    TOKEN_PATH,
    { method: 'POST', headers: buildHeaders({ locale }), body: refreshRequestBody(refreshToken!), cache: 'no-store' },
    Timeouts.default,
  );
  useSession.getState().setToken(await unwrap<TokenResponse>(res));
}

/** Single flight inside this tab; the Web Lock makes it single flight across tabs too. */
const refreshOnce = singleFlight(async () => {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request(LOCK_NAME, refreshIfStillDue);
  } else {
    await refreshIfStillDue();
  }
});

/**
 * Called before every authenticated request: refreshes when the remaining life is below a quarter of the
 * duration. Rejects with the ApiError of a failed refresh (10010002/10010007 expire the session).
 */
export async function ensureFreshToken(): Promise<void> {
  if (due()) await refreshOnce();
}

/** Refresh on a timer too, so an idle tab keeps a live session. Returns a stop function. */
export function startTokenRefreshTimer(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    const { token, expiresAt, duration } = useSession.getState();
    if (!token || duration <= 0) return;
    const wait = Math.max(1000, refreshDueAt(expiresAt, duration) - Date.now());
    timer = setTimeout(() => {
      ensureFreshToken().catch((e) => reportError(e, false));
    }, wait);
  };
  const unsubscribe = useSession.subscribe((s, prev) => {
    if (s.token !== prev.token || s.expiresAt !== prev.expiresAt) schedule();
  });
  // keep tabs in step: a refresh or sign-in in another tab rewrites the stored session
  const onStorage = (e: StorageEvent) => {
    if (e.key === SESSION_STORAGE_KEY) void useSession.persist.rehydrate();
  };
  window.addEventListener('storage', onStorage);
  schedule();
  return () => {
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}
