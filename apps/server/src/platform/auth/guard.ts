import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessCache } from '../access/service.js';
import type { Db } from '../db/index.js';
import { AppError } from '../http/errors.js';
import { savedLocale } from '../prefs/service.js';
import type { AuthContext } from './context.js';
import type { SessionCache } from './sessions.js';
import type { AccessTokens } from './tokens.js';

export interface GuardDeps {
  db: Db;
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
    await fillInLanguage(req, deps);
    if (access !== 'authenticated' && !req.auth.perms.has(access.perm)) throw new AppError('NO_PERMISSION');
  });
}

/**
 * A signed-in request naming no language (no `X-Lang`, no `Accept-Language` or only `*`: a script, an API
 * client, a link opened outside the web app) is answered in the user's saved language (`ui.locale`,
 * kept with their access); without one it stays English, the spec's default for a client that
 * says nothing of Chinese (decision 0068). Filled in as the header every `localeOf` reads.
 */
async function fillInLanguage(req: FastifyRequest, deps: GuardDeps) {
  const accepted = String(req.headers['accept-language'] ?? '').trim();
  // `*` (what fetch in Node sends unasked) names no language either
  if (req.headers['x-lang'] !== undefined || (accepted !== '' && accepted !== '*')) return;
  const userId = req.auth!.userId;
  const saved = await deps.access.memo(userId, 'savedLocale', () => savedLocale(deps.db, userId));
  if (saved) req.headers['x-lang'] = saved;
}

/** Every route must say who may call it; plugin routes (static files, API docs) are public by nature. */
export function assertEveryRouteDeclaresAccess(routes: { method: string | string[]; url: string; access: unknown }[]) {
  const missing = routes.filter((r) => r.access === undefined && !isPluginRoute(r.url));
  if (missing.length) {
    throw new Error(`Routes without an access declaration: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
  }
}

export const isPluginRoute = (url: string) => url.startsWith('/api/docs') || url === '/*' || url === '/';
