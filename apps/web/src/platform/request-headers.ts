import { DEPLOY_VERSION_HEADER, IDEMPOTENCE_HEADER, type Locale } from '@portal/contracts';
import { authorizationValue } from './token-policy';

export interface HeaderInput {
  tokenHead?: string;
  token?: string | null;
  locale: Locale;
  /** value of the local 'gray' flag, sent as the deploy-version header */
  gray?: string | null;
  /** false for FormData bodies: the browser sets the multipart boundary itself */
  json?: boolean;
  idempotenceKey?: string;
  extra?: Record<string, string>;
}

/** Spec 7: bearer, no-cache, JSON, deploy version from the gray flag, submission id, language. */
export function buildHeaders(input: HeaderInput): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': input.locale,
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
  };
  if (input.json !== false) headers['Content-Type'] = 'application/json';
  if (input.token) headers.Authorization = authorizationValue(input.tokenHead ?? '', input.token);
  if (input.gray) headers[DEPLOY_VERSION_HEADER] = input.gray;
  if (input.idempotenceKey) headers[IDEMPOTENCE_HEADER] = input.idempotenceKey;
  return { ...headers, ...input.extra };
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** Path plus query string; null, undefined and '' values are left out. */
export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const v of values) if (v !== undefined && v !== null && v !== '') params.append(key, String(v));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}
