import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { Topics } from '../events/topics.js';
import { AppError } from '../http/errors.js';
import { localeOf } from '../http/locale.js';
import type { Platform } from '../platform.js';
import type { LiveHub } from './hub.js';
import { forwardRecordChanges } from './record-changes.js';

export const LIVE_PATH = '/v2/sys/mc/sse/connection';

/** When the bearer token of a request expires (ms since epoch), or null when it carries no expiry. */
function tokenExpiry(authorization: string | undefined): number | null {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * GET /v2/sys/mc/sse/connection (spec 7): the signed-in user's event stream. The guard has
 * verified the token and its session before this runs; the stream ends when the token expires
 * or the session is revoked in any process. A session or user already holding its cap of streams
 * in this process (LIVE_MAX_STREAMS_PER_SESSION / _PER_USER) is refused with 429 / 10010020.
 */
export function registerLiveRoutes(app: FastifyInstance, p: Platform, hub: LiveHub) {
  const unsubscribe = p.bus.subscribe(Topics.SESSION_REVOKED, (sessionId) => hub.closeSession(sessionId));
  const stopForwarding = forwardRecordChanges(p, hub);
  app.addHook('preClose', async () => {
    unsubscribe();
    stopForwarding();
    hub.close();
  });

  app.get(
    LIVE_PATH,
    {
      schema: { tags: ['live'], summary: 'Live event stream (connection, heartbeat, message, record.changed)' },
      config: { access: 'authenticated', audit: false },
    },
    (req, reply) => {
      const auth = req.auth!;
      if (hub.atLimit(auth)) return reply.send(new AppError('LIVE_STREAMS_LIMIT'));
      reply.hijack();
      const attached = hub.attach(reply.raw, {
        userId: auth.userId,
        sessionId: auth.sessionId,
        locale: localeOf(req.headers),
        expiresAtMs: tokenExpiry(req.headers.authorization),
      });
      if (!attached) {
        reply.raw.writeHead(503, { 'content-type': 'text/plain' });
        reply.raw.end('closing');
      }
    },
  );
}
