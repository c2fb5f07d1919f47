import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessCache } from '../access/service.js';
import { AppError } from '../http/errors.js';
import type { AuthContext } from './context.js';
import type { SessionCache } from './sessions.js';
import type { AccessTokens } from './tokens.js';

export interface GuardDeps {
  tokens: AccessTokens;
  access: AccessCache;
  sessions: SessionCache;
}

/** Resolves the bearer token of a request into an AuthContext, or throws TOKEN_INVALID. */
export async function authenticate(req: FastifyRequest, deps: GuardDeps): Promise<AuthContext> {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw new AppError('TOKEN_INVALID');
  const claims = await deps.tokens.verify(token);
  if (!claims) throw new AppError('TOKEN_INVALID');
  if (!(await deps.sessions.isLive(claims.sessionId))) throw new AppError('TOKEN_INVALID');
  const access = await deps.access.get(claims.userId);
  if (access?.status !== 'active') throw new AppError('TOKEN_INVALID');
  return {
    userId: access.userId,
    username: access.username,
    sessionId: claims.sessionId,
    perms: access.perms,
    scope: access.scope,
  };
}

/** Server-side permission check on every route, before the body is even parsed. */
export function registerGuard(app: FastifyInstance, deps: GuardDeps) {
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    req.auth = await authenticate(req, deps);
    if (access !== 'authenticated' && !req.auth.perms.has(access.perm)) throw new AppError('NO_PERMISSION');
  });
}

/** Every route must say who may call it; plugin routes (static files, API docs) are public by nature. */
export function assertEveryRouteDeclaresAccess(routes: { method: string | string[]; url: string; access: unknown }[]) {
  const missing = routes.filter((r) => r.access === undefined && !isPluginRoute(r.url));
  if (missing.length) {
    throw new Error(`Routes without an access declaration: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
  }
}

export const isPluginRoute = (url: string) => url.startsWith('/api/docs') || url === '/*' || url === '/';
