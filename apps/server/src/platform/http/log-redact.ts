import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/**
 * Query parameters that carry credentials: refresh and access tokens, OAuth codes, and the
 * signature and expiry of signed file URLs. Their values never reach a log line.
 */
const SECRET_PARAMS = new Set(['refresh_token', 'token', 'access_token', 'code', 'sig', 'signature', 'exp', 'expires']);

const paramName = (pair: string): string => {
  const raw = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
};

/** The URL with the values of credential parameters replaced by `***`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => (SECRET_PARAMS.has(paramName(pair)) ? `${pair.split('=', 1)[0]}=***` : pair))
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request serializer without credentials: no headers (Authorization, Cookie), redacted query. */
function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The logger the HTTP server logs requests with. */
export function requestLogger(log: FastifyBaseLogger): FastifyBaseLogger {
  return log.child({}, { serializers: { req: requestSerializer } });
}
