import { type Envelope, type ErrorName, Errors, errorMessage, INVALID_CHARACTER_MESSAGE } from '@portal/contracts';
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
  reply.resultCode = e.def.code;
  return reply.status(e.def.http).send({ code: e.def.code, msg, data: e.opts.data ?? null });
}

/** PostgreSQL (and PGlite) errors carry a 5-character SQLSTATE and a severity; drizzle wraps them in `cause`. */
export function sqlstateOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, severity } = e as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return code;
  }
  return undefined;
}

/**
 * SQLSTATEs caused by what the caller sent: class 22 (data exception: out of range, invalid text,
 * NUL, bad escape) and the integrity constraints. A unique violation is a collision (CONFLICT).
 */
export function databaseInputError(err: unknown): { code: string; name: ErrorName } | undefined {
  const code = sqlstateOf(err);
  if (!code) return undefined;
  if (code.startsWith('22')) return { code, name: 'DATA_INVALID' };
  const name = (
    {
      '23502': 'REQUIRED_VALUE_MISSING',
      '23503': 'REFERENCE_INVALID',
      '23505': 'CONFLICT',
      '23514': 'RULE_VIOLATED',
    } as const
  )[code];
  return name ? { code, name } : undefined;
}

/** @fastify/multipart and busboy failures: truncated or malformed bodies and parser limits. */
function multipartError(err: FastifyError, req: FastifyRequest): ErrorName | undefined {
  switch (err.code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return 'MULTIPART_MALFORMED';
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'PAYLOAD_TOO_LARGE';
  }
  // busboy reports a cut or malformed body as a plain Error ("Unexpected end of multipart data",
  // "... terminated early ...", "Malformed part header", "Multipart: Boundary not found")
  const multipartBody = /^multipart\//i.test(String(req.headers['content-type'] ?? ''));
  if (multipartBody && !err.statusCode && /multipart|boundary|part header/i.test(err.message))
    return 'MULTIPART_MALFORMED';
  return undefined;
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
      // a NUL or unpaired surrogate (contracts' text()): name the field in the message itself
      const bad = fields.find((f) => f.message === INVALID_CHARACTER_MESSAGE);
      if (bad) return send(reply, req, new AppError('INVALID_CHARACTER', { vars: { field: bad.field }, data: fields }));
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
    const multipart = multipartError(err, req);
    if (multipart) return send(reply, req, new AppError(multipart));
    // the caller's data, not a server fault (a unique value lost to a concurrent writer included):
    // a clear 4xx, and never the SQL text
    const sqlstate = databaseInputError(err);
    if (sqlstate) {
      req.log.warn({ sqlstate: sqlstate.code, route: req.routeOptions.url }, 'database refused the input');
      return send(reply, req, new AppError(sqlstate.name));
    }
    if (err instanceof SyntaxError || err.statusCode === 400) return send(reply, req, new AppError('MALFORMED_BODY'));
    if (err.statusCode === 429) return send(reply, req, new AppError('RATE_LIMITED'));
    if (err.statusCode === 413) return send(reply, req, new AppError('PAYLOAD_TOO_LARGE'));
    if (err.statusCode === 415 || err.statusCode === 406)
      return send(reply, req, new AppError('UNSUPPORTED_MEDIA_TYPE'));
    // a plugin's own 4xx (static files refuse a NUL or `..` path with 403): still the caller's fault
    if (err.statusCode === 403 || err.statusCode === 404) return send(reply, req, new AppError('ROUTE_NOT_FOUND'));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(reply, req, new AppError('VALIDATION_FAILED'));
    }
    req.log.error({ err }, 'unhandled error');
    const locale = localeOf(req.headers);
    reply.resultCode = Errors.INTERNAL.code;
    return reply
      .status(500)
      .send({ code: Errors.INTERNAL.code, msg: errorMessage(Errors.INTERNAL, locale), data: null });
  });

  app.setNotFoundHandler((req, reply) => send(reply, req, new AppError('ROUTE_NOT_FOUND')));
}
