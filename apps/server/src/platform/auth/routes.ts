import {
  captchaQuery,
  captchaResponse,
  changePasswordBody,
  emptyData,
  envelope,
  passwordGrant,
  refreshGrant,
  tokenResponse,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import type { Platform } from '../platform.js';
import { createCaptcha } from './captcha.js';
import {
  captchaRequired,
  changePassword,
  checkClient,
  refreshSession,
  revokeSession,
  signInWithPassword,
} from './service.js';

const tokenBody = z.discriminatedUnion('grant_type', [passwordGrant, refreshGrant]);
const GRANTS = ['password', 'refresh_token'];

/** A grant type other than ours answers its own code (10010013), not a field error. */
async function supportedGrant(req: FastifyRequest) {
  const source = (req.method === 'GET' ? req.query : req.body) as { grant_type?: unknown } | undefined;
  const grant = source?.grant_type;
  if (grant !== undefined && !GRANTS.includes(grant as string)) throw new AppError('UNSUPPORTED_GRANT');
}

const isRefresh = (req: FastifyRequest) =>
  (req.body as { grant_type?: unknown } | undefined)?.grant_type === 'refresh_token';

export async function authRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = p.authDeps;
  const client = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });

  r.post(
    '/auth/oauth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Password sign-in (or refresh)',
        body: tokenBody,
        response: { 200: envelope(tokenResponse) },
      },
      config: {
        access: 'public',
        // counted once the body is parsed: refreshes (the web client's, by POST) have their own
        // allowance, as on GET, and never use up the IP's password attempts
        rateLimit: {
          hook: 'preValidation',
          keyGenerator: (req: FastifyRequest) => `${req.ip}|${isRefresh(req) ? 'refresh' : 'password'}`,
          max: (req: FastifyRequest) => (isRefresh(req) ? p.config.loginRatePerIp * 4 : p.config.loginRatePerIp),
          timeWindow: '1 minute',
        },
      },
      preValidation: supportedGrant,
    },
    async (req) => {
      const body = req.body;
      checkClient(body.client_id, body.scope);
      if (body.grant_type === 'refresh_token') return ok(await refreshSession(deps, body.refresh_token));
      const { tokens, user } = await signInWithPassword(deps, body, client(req));
      req.auditSubject = { userId: user.id, username: user.username };
      return ok(tokens);
    },
  );

  r.get(
    '/auth/oauth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Refresh the access token',
        querystring: refreshGrant,
        response: { 200: envelope(tokenResponse) },
      },
      config: { access: 'public', rateLimit: { max: p.config.loginRatePerIp * 4, timeWindow: '1 minute' } },
      preValidation: supportedGrant,
    },
    async (req) => {
      checkClient(req.query.client_id, req.query.scope);
      return ok(await refreshSession(deps, req.query.refresh_token));
    },
  );

  r.get(
    '/dcode',
    {
      schema: {
        tags: ['auth'],
        summary: 'Captcha image',
        querystring: captchaQuery,
        response: { 200: envelope(captchaResponse) },
      },
      config: { access: 'public', rateLimit: { max: p.config.loginRatePerIp * 2, timeWindow: '1 minute' } },
    },
    async (req) => {
      const required = req.query.username ? await captchaRequired(p.db, req.query.username) : false;
      return ok({ ...(await createCaptcha(p.db, p.clock)), required });
    },
  );

  r.post(
    '/auth/oauth/logout',
    {
      schema: { tags: ['auth'], summary: 'Sign out (revokes the session)', response: { 200: envelope(emptyData) } },
      config: { access: 'authenticated' },
    },
    async (req) => {
      await revokeSession(deps, req.auth!.sessionId, 'sign_out');
      return ok(null);
    },
  );

  r.post(
    '/v2/sys/staff/user/changePassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change my password',
        body: changePasswordBody,
        response: { 200: envelope(emptyData) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => {
      await changePassword(deps, req.auth!, req.body.oldPassword, req.body.newPassword);
      return ok(null);
    },
  );
}
