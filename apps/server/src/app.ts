import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { modules } from './modules/index.js';
import { accessRoutes } from './platform/access/routes.js';
import { registerAudit } from './platform/audit/service.js';
import { assertEveryRouteDeclaresAccess, registerGuard } from './platform/auth/guard.js';
import { authRoutes } from './platform/auth/routes.js';
import { registerErrorHandling } from './platform/http/envelope.js';
import { requestLogger } from './platform/http/log-redact.js';
import './platform/http/route-config.js';
import { healthRoutes } from './platform/health.js';
import { registerIdempotence } from './platform/idempotence/service.js';
import { jobRoutes } from './platform/jobs/routes.js';
import type { Platform } from './platform/platform.js';
import { ssoRoutes } from './platform/sso/routes.js';

export interface RegisteredRoute {
  method: string | string[];
  url: string;
  access: unknown;
  checkRepeat: boolean;
}

/** The HTTP application: platform hooks first, then the platform's routes, then every module. */
export async function buildApp(
  p: Platform,
  opts: { webDist?: string } = {},
): Promise<FastifyInstance & { routesList: RegisteredRoute[] }> {
  const app = Fastify({
    loggerInstance: requestLogger(p.log),
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'].slice(0, 64) : crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: p.config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
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
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('preClose', async () => {
    closing = true;
    const reaper = setInterval(() => app.server.closeIdleConnections(), 50).unref();
    app.server.once('close', () => clearInterval(reaper));
  });

  registerErrorHandling(app);
  await app.register(formbody);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Staff portal API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerGuard(app, p);
  registerIdempotence(app, p.db);
  registerAudit(app, p.db);

  await healthRoutes(app, p);
  await authRoutes(app, p);
  await ssoRoutes(app, p);
  await accessRoutes(app, p);
  await jobRoutes(app, p);
  for (const mod of modules) await app.register(async (scope) => mod.register(scope, p));

  const webDist = opts.webDist;
  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) await serveWeb(app, webDist, p.config.web);

  await app.ready();
  assertEveryRouteDeclaresAccess(routesList);
  return app;
}

const API_PREFIXES = ['/v2/', '/auth/', '/kunlun/', '/api/', '/sso-idp', '/dcode', '/healthz'];

/** The built SPA: hashed assets cached for a year, index.html never cached (deploys must show at once). */
async function serveWeb(app: FastifyInstance, root: string, webConfig: object) {
  // serve: false — files are looked up per request, so a rebuild is served without a restart
  await app.register(fastifyStatic, { root, serve: false, cacheControl: false });
  const page = indexPage(path.join(root, 'index.html'), webConfig);
  app.get('/*', { config: { access: 'public', audit: false }, schema: { hide: true } }, async (req, reply) => {
    const url = decodeURIComponent(req.url.split('?')[0] ?? '/');
    if (API_PREFIXES.some((p) => url.startsWith(p))) return reply.callNotFound();
    const file = path.resolve(root, `.${url}`);
    const inside = file.startsWith(`${root}${path.sep}`) && !url.includes('\0');
    if (inside && url !== '/' && url !== '/index.html' && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      const immutable = url.startsWith('/assets/');
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(path.relative(root, file));
    }
    // a missing hashed asset is a 404 (the client shows "system upgraded"), never the page
    if (url.startsWith('/assets/')) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html').send(page());
  });
}

/**
 * index.html with the run-time configuration injected; re-read when the file changes so a new
 * build is served without a restart.
 */
function indexPage(file: string, webConfig: object) {
  const script = `<script>window.__PORTAL_CONFIG__=${JSON.stringify(webConfig).replaceAll('<', '\\u003c')}</script>`;
  let cached: { mtimeMs: number; html: string } | undefined;
  return () => {
    const { mtimeMs } = fs.statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      cached = { mtimeMs, html: fs.readFileSync(file, 'utf8').replace('</head>', `${script}</head>`) };
    }
    return cached.html;
  };
}
