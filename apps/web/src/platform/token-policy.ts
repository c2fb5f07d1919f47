import { TOKEN_HEAD, type TokenResponse } from '@portal/contracts';

/** Spec 4/9: refresh once the remaining life drops below about 95% of the token's duration. */
export const REFRESH_THRESHOLD = 0.95;

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
