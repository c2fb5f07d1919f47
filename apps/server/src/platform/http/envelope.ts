import { type Envelope, Errors, errorMessage } from '@portal/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type StopReason, stopReasonOf } from '../db/scope.js';
import { AppError } from './errors.js';
import { localeOf } from './locale.js';
import { requestDbScope } from './request-scope.js';

const STOPPED = {
  closed: 'REQUEST_ABANDONED',
  timeout: 'REQUEST_TIMEOUT',
  statement: 'QUERY_TIMEOUT',
  busy: 'SERVER_BUSY',
} as const satisfies Record<StopReason, string>;

export const ok = <T>(data: T): Envelope<T> => ({ code: 0, msg: 'success', data });

function send(reply: FastifyReply, req: FastifyRequest, e: AppError) {
  const msg = e.message_(localeOf(req.headers));
  return reply.status(e.def.http).send({ code: e.def.code, msg, data: e.opts.data ?? null });
}

/** Maps every failure to the envelope with a catalogue code: never a bare 500 for bad input. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return send(reply, req, err);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => ({
        field: `${err.validationContext ?? 'body'}${v.instancePath.replaceAll('/', '.')}`,
        message: v.message ?? 'invalid',
      }));
      return send(reply, req, new AppError('VALIDATION_FAILED', { data: fields }));
    }
    if (err.validation) {
      const fields = err.validation.map((v) => ({
        field: v.instancePath || '(root)',
        message: v.message ?? 'invalid',
      }));
      return send(reply, req, new AppError('VALIDATION_FAILED', { data: fields }));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, req, new AppError('MALFORMED_BODY'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, req, new AppError('PAYLOAD_TOO_LARGE'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, req, new AppError('UNSUPPORTED_MEDIA_TYPE'));
    }
    // database work stopped early (timeouts, a full pool, a client that went away): a clear 5xx code, not 500
    const stopped = stopReasonOf(err, requestDbScope(req));
    if (stopped) {
      if (stopped === 'closed') req.log.info('client went away; its query was cancelled');
      else req.log.warn({ err, stopped }, 'database work stopped');
      return send(reply, req, new AppError(STOPPED[stopped]));
    }
    // a unique constraint lost to a concurrent writer: the caller's data collides, not a server fault
    if ((err as { code?: string }).code === '23505') return send(reply, req, new AppError('CONFLICT'));
    if (err instanceof SyntaxError || err.statusCode === 400) return send(reply, req, new AppError('MALFORMED_BODY'));
    if (err.statusCode === 429) return send(reply, req, new AppError('RATE_LIMITED'));
    if (err.statusCode === 413) return send(reply, req, new AppError('PAYLOAD_TOO_LARGE'));
    if (err.statusCode === 415) return send(reply, req, new AppError('UNSUPPORTED_MEDIA_TYPE'));
    req.log.error({ err }, 'unhandled error');
    const locale = localeOf(req.headers);
    return reply
      .status(500)
      .send({ code: Errors.INTERNAL.code, msg: errorMessage(Errors.INTERNAL, locale), data: null });
  });

  app.setNotFoundHandler((req, reply) => send(reply, req, new AppError('ROUTE_NOT_FOUND')));
}
