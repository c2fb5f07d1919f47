import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { auditLog } from './schema.js';

const SECRET_FIELDS = /pass(word)?|token|secret|code_verifier|captcha|^code$/i;
const MAX_DETAIL = 4000;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_FIELDS.test(k) ? '***' : redact(v, depth + 1),
    ]),
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set by routes that learn who acted only while handling (sign-in) */
    auditSubject?: { userId: number; username: string };
  }
}

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every state-changing call: who, what, when, from where, with what outcome. */
export function registerAudit(app: FastifyInstance, db: Db) {
  app.addHook('onResponse', async (req: FastifyRequest, reply) => {
    const flag = req.routeOptions.config?.audit;
    // state-changing methods by default; a GET that changes state (SSO sign-in) opts in with audit: true
    if (!req.routeOptions.url || flag === false || (!CHANGING.has(req.method) && flag !== true)) return;
    const who = req.auth ?? req.auditSubject;
    let detail: unknown = req.body === undefined ? null : redact(req.body);
    if (detail !== null && JSON.stringify(detail).length > MAX_DETAIL) detail = { truncated: true };
    await db
      .insert(auditLog)
      .values({
        userId: who?.userId ?? null,
        username: who?.username ?? null,
        method: req.method,
        route: req.routeOptions.url,
        path: req.url.split('?')[0] ?? req.url,
        statusCode: reply.statusCode,
        ip: req.ip,
        userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
        requestId: req.id,
        detail,
      })
      .catch((err) => req.log.error({ err }, 'audit write failed'));
  });
}
