/**
 * What the SSO return page (/authorize) does with its query: exchange the code, or explain why
 * there is nothing to exchange. RFC 6749 §4.1.2.1: a provider that does not issue a code sends
 * `error` instead; `access_denied` is what it sends when the user cancelled at its sign-in page.
 */
export type AuthorizeOutcome =
  | { kind: 'exchange'; code: string; state: string }
  | { kind: 'cancelled' }
  | { kind: 'providerError' }
  | { kind: 'missingCode' };

export function authorizeOutcome(params: URLSearchParams): AuthorizeOutcome {
  const error = params.get('error');
  if (error === 'access_denied') return { kind: 'cancelled' };
  if (error) return { kind: 'providerError' };
  const code = params.get('code');
  const state = params.get('state');
  return code && state ? { kind: 'exchange', code, state } : { kind: 'missingCode' };
}
