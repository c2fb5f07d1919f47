import { dingAuthQuery, dingAuthResponse, envelope, ssoUrlQuery, ssoUrlResponse } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import type { Platform } from '../platform.js';
import { mountEmbeddedIdp } from './idp.js';
import { ssoService } from './service.js';

/**
 * Workplace-chat single sign-on: `ssoUrl` starts the authorization-code flow, the provider sends
 * the browser to `/authorize?code&state` (a web page), which calls `dingAuth` for the tokens.
 * Without SSO_ISSUER the embedded demo provider is mounted under /sso-idp of this same app when
 * SSO_EMBEDDED (default: APP_ENV local or demo); with neither, both routes answer SSO_DISABLED.
 */
export async function ssoRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sso = ssoService({ config: p.config, auth: p.authDeps, log: p.log });
  const limit = { max: p.config.loginRatePerIp * 2, timeWindow: '1 minute' };

  r.get(
    '/auth/oauth/ssoUrl',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start workplace-chat single sign-on: the provider URL to send the browser to',
        querystring: ssoUrlQuery,
        response: { 200: envelope(ssoUrlResponse) },
      },
      config: { access: 'public', rateLimit: limit },
    },
    async (req) => {
      if (!p.config.sso.enabled) throw new AppError('SSO_DISABLED');
      return ok({ url: await sso.authorizationUrl(req.query.redirectPath) });
    },
  );

  r.get(
    '/auth/oauth/dingAuth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish single sign-on: exchange the code for a session',
        querystring: dingAuthQuery,
        response: { 200: envelope(dingAuthResponse) },
      },
      config: { access: 'public', rateLimit: limit, audit: true },
    },
    async (req) => {
      if (!p.config.sso.enabled) throw new AppError('SSO_DISABLED');
      const { tokens, user, redirectPath } = await sso.complete(req.query, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      req.auditSubject = { userId: user.id, username: user.username };
      return ok({ ...tokens, redirectPath });
    },
  );

  if (p.config.sso.embedded) await mountEmbeddedIdp(app, p);
}
