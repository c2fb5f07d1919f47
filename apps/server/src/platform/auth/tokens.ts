import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.js';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** verified tokens kept at most; past it the oldest goes (a token is verified again when it comes back) */
const VERIFIED_MAX = 20_000;

/**
 * Short-lived access tokens (HS256 JWT) carrying the user and the session they belong to.
 * A verified token is remembered until it expires: its bytes cannot change, so its signature stays
 * valid, and every request still checks the session (revocation) and the user's access. This takes
 * the WebCrypto HMAC (an async job on the thread pool) off all but the first request of a token.
 */
export function accessTokens(secret: string, ttlSeconds: number, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  return {
    ttlSeconds,
    async sign(c: AccessClaims): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ sid: c.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(c.userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .setAudience('staff')
        .sign(key);
    },
    async verify(token: string): Promise<AccessClaims | null> {
      const hit = verified.get(token);
      if (hit) {
        if (hit.expiresAt > clock.now().getTime()) return hit.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          audience: 'staff',
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
          return null;
        const claims = { userId, sessionId: payload.sid };
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof accessTokens>;
