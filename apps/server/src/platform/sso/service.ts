import type { TokenResponse } from '@portal/contracts';
import { desc, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import { staffUsers } from '../access/schema.js';
import { ssoStates } from '../auth/schema.js';
import { type AuthDeps, type ClientInfo, openSession } from '../auth/service.js';
import type { Config } from '../config.js';
import { AppError } from '../http/errors.js';

/** How long a started sign-in (state, PKCE verifier, nonce) may wait for its callback. */
export const SSO_STATE_TTL_MS = 10 * 60_000;
export const SSO_SCOPE = 'openid profile';
/**
 * Pending sign-ins kept at most (all browsers together): beyond it the oldest are dropped, so an
 * anonymous loop on ssoUrl (already rate-limited per IP) cannot grow the table without limit.
 */
export const SSO_STATE_CAP = 10_000;

/** Only a path on this site: starts with one '/', no '//' or '/\' (browsers read both as another host). */
export function safeRedirectPath(raw: string | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (raw.includes('\\') || /[\u0000-\u001f\u007f]/.test(raw)) return '/';
  return raw;
}

export interface SsoDeps {
  config: Config;
  auth: AuthDeps;
  log: FastifyBaseLogger;
}

/**
 * The portal's side of single sign-on: an OpenID Connect relying party (openid-client) doing the
 * authorization-code flow with PKCE, state and nonce against the configured provider.
 */
export function ssoService(deps: SsoDeps) {
  const { sso, publicUrl } = deps.config;
  const redirectUri = `${publicUrl}/authorize`;
  const db = deps.auth.db;

  // Discovery is lazy (the embedded provider is this very server, not listening yet at boot) and
  // cached; a failed discovery is retried by the next sign-in instead of being cached.
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(sso.issuer), sso.clientId, undefined, oidc.ClientSecretBasic(sso.clientSecret), {
        execute: new URL(sso.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((err) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  };

  const failed = (err: unknown, stage: string): never => {
    deps.log.warn({ err, stage, issuer: sso.issuer }, 'single sign-on failed');
    throw new AppError('SSO_FAILED', { detail: `${stage}: ${err instanceof Error ? err.message : String(err)}` });
  };

  return {
    /** Starts a sign-in: remembers state, PKCE verifier and nonce; answers the provider's authorization URL. */
    async authorizationUrl(redirectPath: string | undefined): Promise<string> {
      const config = await configuration().catch((err) => failed(err, 'discovery'));
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await db.delete(ssoStates).where(lt(ssoStates.expiresAt, new Date()));
      await db.insert(ssoStates).values({
        state,
        codeVerifier,
        nonce,
        redirectPath: safeRedirectPath(redirectPath),
        expiresAt: new Date(Date.now() + SSO_STATE_TTL_MS),
      });
      const surplus = db
        .select({ state: ssoStates.state })
        .from(ssoStates)
        .orderBy(desc(ssoStates.expiresAt), desc(ssoStates.state))
        .offset(SSO_STATE_CAP);
      await db.delete(ssoStates).where(inArray(ssoStates.state, surplus));
      const params: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: SSO_SCOPE,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      };
      // The demo provider asks every time, so one browser can try each demo identity in turn;
      // a real workplace provider keeps its own session (that is the single sign-on).
      if (sso.embedded) params.prompt = 'login';
      return oidc.buildAuthorizationUrl(config, params).href;
    },

    /**
     * Finishes a sign-in: the state is consumed first (single use, even when what follows fails),
     * the code is exchanged with the stored verifier, and the provider's subject must belong to an
     * existing staff user. Unknown identities are refused, never created.
     */
    async complete(
      input: { code: string; state: string; iss?: string },
      client: ClientInfo,
    ): Promise<{ tokens: TokenResponse; user: { id: number; username: string }; redirectPath: string }> {
      const [pending] = await db.delete(ssoStates).where(eq(ssoStates.state, input.state)).returning();
      if (!pending) throw new AppError('SSO_FAILED', { detail: 'unknown or already used state' });
      if (pending.expiresAt < new Date()) throw new AppError('SSO_FAILED', { detail: 'sign-in started too long ago' });

      const config = await configuration().catch((err) => failed(err, 'discovery'));
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', input.code);
      callback.searchParams.set('state', input.state);
      // RFC 9207: the page passes the `iss` it received; with one configured provider there is no
      // mix-up to defend against, so a page that dropped it is given the expected value.
      callback.searchParams.set('iss', input.iss ?? config.serverMetadata().issuer);

      let subject: string | undefined;
      let name: string | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        subject = claims?.sub;
        name = typeof claims?.name === 'string' ? claims.name : undefined;
      } catch (err) {
        failed(err, 'code exchange');
      }
      if (!subject) throw new AppError('SSO_FAILED', { detail: 'no subject in the ID token' });

      const [user] = await db
        .select({ id: staffUsers.id, username: staffUsers.username, status: staffUsers.status })
        .from(staffUsers)
        .where(eq(staffUsers.ssoSubject, subject));
      if (!user) {
        deps.log.warn({ subject }, 'single sign-on refused: no staff user has this identity');
        throw new AppError('SSO_UNKNOWN_IDENTITY', { data: { subject, name: name ?? null } });
      }
      if (user.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      const tokens = await openSession(deps.auth, user.id, 'sso', client);
      return { tokens, user: { id: user.id, username: user.username }, redirectPath: pending.redirectPath };
    },
  };
}

export type SsoService = ReturnType<typeof ssoService>;
