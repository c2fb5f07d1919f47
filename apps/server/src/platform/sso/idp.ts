import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { text } from '@portal/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Grant, InteractionDetails, OidcContext, Provider } from 'oidc-provider';
import { z } from 'zod';
import { createCaptcha } from '../auth/captcha.js';
import { sharedSecret } from '../auth/secrets.js';
import { checkPassword } from '../auth/service.js';
import { AppError } from '../http/errors.js';
import { localeOf } from '../http/locale.js';
import type { Platform } from '../platform.js';
import { findIdentity, identityByLogin, prepareDirectory } from './directory.js';
import { errorPage, type LoginPage, loginPage, PAGE_CSP } from './pages.js';

/**
 * The embedded identity provider: a development and demo stand-in for the workplace-chat
 * provider, so single sign-on works right after `npm start`. It is oidc-provider mounted under
 * IDP_PATH of the same Fastify app, with the memory adapter (its sessions, codes and interactions
 * live in this process only; see docs/decisions/0002-embedded-sso-provider.md). Production sets
 * SSO_ISSUER / SSO_CLIENT_ID / SSO_CLIENT_SECRET and this is never loaded.
 */
export const IDP_PATH = '/sso-idp';

/** Scopes the first-party portal client receives without a consent page. */
const FIRST_PARTY_SCOPE = 'openid profile';

/** The product's name as the web app shows it (apps/web/src/platform/locales, `app.name`). */
export const CLIENT_NAME = { 'zh-CN': '业务运营门户', en: 'Operations Portal' } as const;

interface KoaLike {
  type: string;
  body: unknown;
  status: number;
  get(header: string): string;
  set(header: string, value: string): void;
}

export async function mountEmbeddedIdp(app: FastifyInstance, p: Platform): Promise<Provider> {
  const { sso, publicUrl } = p.config;
  if (!sso.embedded) throw new Error('the embedded identity provider runs only without SSO_ISSUER');
  // Loaded only here: a deployment pointing SSO_* at the real provider never imports it.
  const { default: OidcProvider } = await import('oidc-provider');

  const created = await prepareDirectory(p.db, p.config.seedDemo);
  if (created) p.log.info({ created }, 'embedded SSO provider: demo workplace-only identities seeded');

  // Cookie signing keys are shared by every process on the database; the signing key of ID tokens
  // lives as long as the process (as does everything else of a memory-adapter provider).
  const cookieKey = await sharedSecret(p.db, 'sso-idp-cookies');
  const signingKey = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    use: 'sig',
    alg: 'RS256',
  };

  const provider: Provider = new OidcProvider(sso.issuer, {
    clients: [
      {
        client_id: sso.clientId,
        client_secret: sso.clientSecret,
        client_name: CLIENT_NAME.en,
        redirect_uris: [`${publicUrl}/authorize`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: {
      keys: [cookieKey],
      names: { session: 'sso_idp_session', interaction: 'sso_idp_interaction', resume: 'sso_idp_resume' },
      // the IdP's cookies never travel with the portal's own requests
      long: { httpOnly: true, sameSite: 'lax', path: IDP_PATH },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    scopes: ['openid', 'profile'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${IDP_PATH}/interaction/${interaction.uid}`,
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const who = await findIdentity(p.db, sub);
      if (!who) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, name: who.name, preferred_username: who.login }),
      };
    },
    // The portal is a first-party client: consent is granted without asking.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { client, session, result } = ctx.oidc;
      const accountId = session?.accountId;
      if (!client || !accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session?.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        // after a sign-in as someone else in the same browser the old grant is not theirs
        if (existing && existing.accountId === accountId) return existing;
      }
      if (client.clientId !== sso.clientId) return undefined;
      return firstPartyGrant(ctx.oidc.provider, accountId, client.clientId);
    },
    renderError: async (ctx: KoaLike, out: { error?: string; error_description?: string }) => {
      const locale = localeOf({ 'accept-language': ctx.get('accept-language') });
      ctx.type = 'html';
      ctx.set('content-security-policy', PAGE_CSP);
      ctx.set('cache-control', 'no-store');
      ctx.body = errorPage(locale, `${publicUrl}/`, out.error_description);
    },
  });
  // Fastify trusts the proxy in front (trustProxy); the provider must see the same protocol and host.
  provider.proxy = true;
  provider.on('server_error', (_ctx, err) => p.log.error({ err }, 'embedded SSO provider error'));

  await app.register(async (scope) => providerRoutes(scope, provider));
  await app.register(async (scope) => interactionRoutes(scope, provider, p));
  p.log.info({ issuer: sso.issuer }, 'embedded SSO provider (development / demo) mounted');
  return provider;
}

async function firstPartyGrant(provider: Provider, accountId: string, clientId: string): Promise<Grant> {
  const grant = new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(FIRST_PARTY_SCOPE);
  await grant.save();
  return grant;
}

const IDP_ROUTE = { access: 'public', audit: false } as const;

/**
 * Everything under IDP_PATH that is not an interaction page goes to oidc-provider untouched:
 * Fastify parses no body here (the provider reads the stream itself), and the provider sees the
 * URL without the prefix, with `originalUrl` telling it where it is mounted.
 */
async function providerRoutes(scope: FastifyInstance, provider: Provider) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
  const handle = provider.callback();
  scope.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: `${IDP_PATH}/*`,
    schema: { hide: true },
    config: IDP_ROUTE,
    handler: async (req, reply) => {
      reply.hijack();
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url?.slice(IDP_PATH.length) || '/';
      try {
        await handle(raw, reply.raw);
      } catch (err) {
        req.log.error({ err }, 'embedded SSO provider failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
      }
    },
  });
}

const uidParams = z.object({ uid: text().min(1).max(64) });
const loginForm = z.object({
  login: text().max(64).optional(),
  password: text().max(128).optional(),
  code: text().max(16).optional(),
  uuid: text().max(64).optional(),
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The interaction pages: our own small sign-in form. Its password check is the password grant's
 * (`checkPassword`: the portal's argon2 hash, lock-out and captcha, one failure counter per login).
 */
async function interactionRoutes(scope: FastifyInstance, provider: Provider, p: Platform) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const portal = `${p.config.publicUrl}/`;
  const page = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', PAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(html);

  /** The interaction of this browser (signed cookie) — only if it is the one the URL names. */
  async function interactionOf(req: { raw: IncomingMessage; params: { uid: string } }, reply: FastifyReply) {
    try {
      const details = await provider.interactionDetails(req.raw, reply.raw);
      return details.uid === req.params.uid ? details : undefined;
    } catch {
      return undefined;
    }
  }

  const finish = async (
    req: { raw: IncomingMessage; headers: IncomingMessage['headers'] },
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ) => {
    let returnTo: string;
    try {
      returnTo = await provider.interactionResult(req.raw, reply.raw, result, { mergeWithLastSubmission: false });
    } catch {
      // the interaction expired or was finished in another tab meanwhile
      return page(reply, 400, errorPage(localeOf(req.headers), portal));
    }
    return reply.redirect(returnTo, 303);
  };

  r.get(
    `${IDP_PATH}/interaction/:uid`,
    { schema: { hide: true, params: uidParams }, config: IDP_ROUTE },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const details = await interactionOf(req, reply);
      if (!details) return page(reply, 400, errorPage(locale, portal));
      if (details.prompt.name === 'login') {
        return page(reply, 200, loginPage({ locale, uid: details.uid, clientName: CLIENT_NAME[locale] }));
      }
      // consent (normally settled by loadExistingGrant): first-party, so granted without a page
      return grantConsent(details, req, reply);
    },
  );

  async function grantConsent(
    details: InteractionDetails,
    req: { raw: IncomingMessage; headers: IncomingMessage['headers'] },
    reply: FastifyReply,
  ) {
    const accountId = details.session?.accountId;
    const clientId = String(details.params.client_id ?? '');
    if (details.prompt.name !== 'consent' || !accountId || clientId !== p.config.sso.clientId) {
      return finish(req, reply, { error: 'access_denied', error_description: 'interaction not supported' });
    }
    const grant = await firstPartyGrant(provider, accountId, clientId);
    return finish(req, reply, { consent: { grantId: grant.jti } });
  }

  r.post(
    `${IDP_PATH}/interaction/:uid/login`,
    {
      schema: { hide: true, params: uidParams, body: loginForm },
      config: { ...IDP_ROUTE, rateLimit: { max: p.config.loginRatePerIp, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const locale = localeOf(req.headers);
      const details = await interactionOf(req, reply);
      if (details?.prompt.name !== 'login') return page(reply, 400, errorPage(locale, portal));
      const form: LoginPage = { locale, uid: details.uid, clientName: CLIENT_NAME[locale] };
      const login = req.body.login?.trim() ?? '';
      const password = req.body.password ?? '';
      if (!login || !password) return page(reply, 400, loginPage({ ...form, login, error: 'missing' }));
      const uuid = req.body.uuid && UUID.test(req.body.uuid) ? req.body.uuid : undefined;
      let who: Awaited<ReturnType<typeof identityByLogin>>;
      try {
        who = await checkPassword(p.authDeps, { username: login, password, code: req.body.code, uuid }, (u) =>
          identityByLogin(p.db, u),
        );
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const data = err.opts.data as { captchaRequired?: boolean } | undefined;
        const captcha = data?.captchaRequired ? await createCaptcha(p.db, p.clock) : undefined;
        return page(reply, err.def.http, loginPage({ ...form, login, failure: err.message_(locale), captcha }));
      }
      // a portal user without a workplace identity (no sso_subject) has nothing to sign in as here
      if (!who?.subject) return page(reply, 403, loginPage({ ...form, login, error: 'noIdentity' }));
      return finish(req, reply, { login: { accountId: who.subject, remember: false } });
    },
  );

  r.post(
    `${IDP_PATH}/interaction/:uid/abort`,
    { schema: { hide: true, params: uidParams }, config: IDP_ROUTE },
    async (req, reply) => {
      const details = await interactionOf(req, reply);
      if (!details) return page(reply, 400, errorPage(localeOf(req.headers), portal));
      return finish(req, reply, { error: 'access_denied', error_description: 'End-User aborted the sign-in' });
    },
  );
}
