import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SERVER_NOW_HEADER } from '@portal/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { modules } from './modules/index.js';
import { accessRoutes } from './platform/access/routes.js';
import { registerAudit } from './platform/audit/service.js';
import { assertEveryRouteDeclaresAccess, registerGuard } from './platform/auth/guard.js';
import { authRoutes } from './platform/auth/routes.js';
import { dictRoutes } from './platform/dict/routes.js';
import { registerErrorHandling } from './platform/http/envelope.js';
import { requestLogger } from './platform/http/log-redact.js';
import { openapiOptions } from './platform/http/openapi.js';
import { registerRequestScope } from './platform/http/request-scope.js';
import { webSecurityHeaders } from './platform/http/web-policy.js';
import type { Module } from './platform/module.js';
import { optionRoutes } from './platform/options/routes.js';
import { registerStaffOptions } from './platform/options/staff.js';
import './platform/http/route-config.js';
import { healthRoutes } from './platform/health.js';
import { registerIdempotence } from './platform/idempotence/service.js';
import { jobRoutes } from './platform/jobs/routes.js';
import type { Platform } from './platform/platform.js';
import { prefRoutes } from './platform/prefs/routes.js';
import { resourceFieldRoutes } from './platform/resource/field-route.js';
import { ssoRoutes } from './platform/sso/routes.js';
import { testClockRoutes } from './platform/test-clock.js';

export interface RegisteredRoute {
  method: string | string[];
  url: string;
  access: unknown;
  checkRepeat: boolean;
}

/** The HTTP application: platform hooks first, then the platform's routes, then every module. */
export async function buildApp(
  p: Platform,
  opts: {
    webDist?: string /** test-only rooms mounted after the real ones (fixtures) */;
    extraModules?: readonly Module[];
  } = {},
): Promise<FastifyInstance & { routesList: RegisteredRoute[] }> {
  const app = Fastify({
    loggerInstance: requestLogger(p.log),
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'].slice(0, 64) : crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: p.config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // a room's start (loading the AI index, compiling schemas) can pass Fastify's 10 s on a busy
    // 2-core machine; a start that truly hangs still fails
    pluginTimeout: 120_000,
  }) as unknown as FastifyInstance & { routesList: RegisteredRoute[] };
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routesList: RegisteredRoute[] = [];
  app.decorate('routesList', routesList);
  // read the config lazily: hooks of child contexts (static files) may still fill it in
  app.addHook('onRoute', (route) => {
    routesList.push({
      method: route.method,
      url: route.url,
      get access() {
        return route.config?.access;
      },
      get checkRepeat() {
        return route.config?.checkRepeat === true;
      },
    });
  });
  // Graceful close: requests in flight finish, then their keep-alive sockets are closed too (else
  // server.close() would wait for the client's keep-alive timeout before jobs and database stop).
  let closing = false;
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    // the platform clock (a test server's moved one): the web counts days left from it, not its own
    reply.header(SERVER_NOW_HEADER, p.clock.now().toISOString());
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('preClose', async () => {
    closing = true;
    const reaper = setInterval(() => app.server.closeIdleConnections(), 50).unref();
    app.server.once('close', () => clearInterval(reaper));
  });

  registerErrorHandling(app);
  registerRequestScope(app, p.config.requestTimeoutMs);
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, openapiOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerGuard(app, p);
  registerIdempotence(app, p.db);
  registerAudit(app, p.db);

  await healthRoutes(app, p);
  await authRoutes(app, p);
  await ssoRoutes(app, p);
  await accessRoutes(app, p);
  registerStaffOptions(p);
  await optionRoutes(app, p);
  await dictRoutes(app, p);
  await prefRoutes(app, p);
  await jobRoutes(app, p);
  await resourceFieldRoutes(app);
  await testClockRoutes(app, p);
  for (const mod of [...modules, ...(opts.extraModules ?? [])])
    await app.register(async (scope) => mod.register(scope, p));

  const webDist = opts.webDist;
  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) await serveWeb(app, webDist, p.config.web);

  await app.ready();
  assertEveryRouteDeclaresAccess(routesList);
  return app;
}

const API_PREFIXES = ['/v2/', '/auth/', '/kunlun/', '/api/', '/sso-idp', '/dcode', '/healthz'];

/** Where the page loads its run-time configuration from (a file, so the CSP needs no inline script). */
const CONFIG_SCRIPT = '/portal-config.js';

/**
 * The built SPA: hashed assets cached for a year, index.html never cached (deploys must show at
 * once). Every answer carries the web app's security headers (CSP, X-Frame-Options).
 */
async function serveWeb(app: FastifyInstance, root: string, webConfig: { subApps?: Record<string, string> }) {
  // serve: false — files are looked up per request, so a rebuild is served without a restart
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false });
  const page = indexPage(path.join(root, 'index.html'));
  const headers = webSecurityHeaders(webConfig.subApps);
  const configScript = `window.__PORTAL_CONFIG__=${JSON.stringify(webConfig).replaceAll('<', '\\u003c')};\n`;
  const hidden = { config: { access: 'public' as const, audit: false }, schema: { hide: true } };
  app.get(CONFIG_SCRIPT, hidden, async (_req, reply) =>
    reply
      .headers(headers)
      .header('cache-control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .send(configScript),
  );
  app.get('/*', hidden, async (req, reply) => {
    const url = decodeURIComponent(req.url.split('?')[0] ?? '/');
    if (API_PREFIXES.some((p) => url.startsWith(p))) return reply.callNotFound();
    const file = path.resolve(root, `.${url}`);
    const inside = file.startsWith(`${root}${path.sep}`) && !url.includes('\0');
    if (inside && url !== '/' && url !== '/index.html' && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      const immutable = url.startsWith('/assets/');
      reply.headers(headers).header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(path.relative(root, file));
    }
    // a missing hashed asset is a 404 (the client shows "system upgraded"), never the page
    if (url.startsWith('/assets/')) return reply.callNotFound();
    return reply.headers(headers).header('cache-control', 'no-cache').type('text/html').send(page());
  });
}

/**
 * index.html loading the run-time configuration script first; re-read when the file changes so
 * a new build is served without a restart.
 */
function indexPage(file: string) {
  const script = `<script src="${CONFIG_SCRIPT}"></script>`;
  let cached: { mtimeMs: number; html: string } | undefined;
  return () => {
    const { mtimeMs } = fs.statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, html: fs.readFileSync(file, 'utf8').replace('</head>', `${script}</head>`) };
    }
    return cached.html;
  };
}
