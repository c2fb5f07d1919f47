import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type DbScope, runInDbScope } from '../db/scope.js';

const scopes = new WeakMap<FastifyRequest, DbScope>();

/** The database scope of a request (its abort signal says whether and why its work was stopped). */
export const requestDbScope = (req: FastifyRequest) => scopes.get(req);

/**
 * Every request runs its database work in a scope (platform/db/scope.ts) that is aborted
 * - with `closed` when the raw socket closes before the reply is complete (the client went away):
 *   its running statement is cancelled on PostgreSQL and it starts no new one;
 * - with `timeout` after `timeoutMs` (0 = never) unless the answer is already streaming (SSE,
 *   downloads: once headers are out the request may last as long as the client reads).
 * The scope is entered at onRequest and again at preValidation, because body parsing runs in the
 * socket's async context, not the request's.
 */
export function registerRequestScope(app: FastifyInstance, timeoutMs: number) {
  app.addHook('onRequest', (req, reply, done) => {
    const ctl = new AbortController();
    const scope: DbScope = { signal: ctl.signal, held: new Set() };
    scopes.set(req, scope);
    const res = reply.raw;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            if (!res.headersSent) ctl.abort('timeout');
          }, timeoutMs).unref()
        : undefined;
    let finished = false;
    res.once('finish', () => {
      finished = true;
    });
    res.once('close', () => {
      clearTimeout(timer);
      if (!finished && !res.writableEnded) ctl.abort('closed');
    });
    runInDbScope(scope, done);
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const scope = scopes.get(req);
    if (!scope) return done();
    // the guard (onRequest) has signed the caller in by now: their requests share one fair share
    scope.owner = req.auth?.userId;
    runInDbScope(scope, done);
  });
}
