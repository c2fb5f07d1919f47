import { timingSafeEqual } from 'node:crypto';
import { INGEST_SCOPE } from '@portal/contracts/traffic';
import { eq } from 'drizzle-orm';
import { hmacSha256, opaqueToken, sha256 } from '../../platform/auth/crypto.js';
import { sharedSecret } from '../../platform/auth/secrets.js';
import type { Db } from '../../platform/db/index.js';
import { fail } from '../../platform/http/errors.js';
import { trafficClients } from './schema.js';

/** ingestion tokens live 5 minutes; the platform asks again with its client credentials */
export const TOKEN_TTL_S = 300;
const SECRET_NAME = 'traffic.ingest-token';
const TOKEN_PREFIX = 'trf.';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A machine client of the ingestion API; the secret is answered once and stored only as its hash. */
export async function createClient(db: Db, name: string, scopes: string[] = [INGEST_SCOPE]) {
  const clientId = `trf_${opaqueToken(9)}`;
  const clientSecret = opaqueToken(32);
  await db.insert(trafficClients).values({ clientId, secretHash: sha256(clientSecret), name, scopes });
  return { clientId, clientSecret, name };
}

/**
 * OAuth client credentials: a short-lived bearer token for the client's granted scopes (a subset
 * when `scope` asks for fewer). Stateless: HMAC over client id, scopes and expiry with a secret
 * shared by every process; a disabled client's next token request fails.
 */
export async function issueToken(
  db: Db,
  now: Date,
  req: { client_id: string; client_secret: string; scope?: string },
): Promise<{ access_token: string; token_type: 'Bearer'; expires_in: number; scope: string }> {
  const [client] = await db.select().from(trafficClients).where(eq(trafficClients.clientId, req.client_id));
  // hash anyway so an unknown id answers in the same time as a wrong secret
  const given = sha256(req.client_secret);
  if (!client?.enabled || !sameText(given, client.secretHash)) return fail('TRF_CLIENT_INVALID');
  const asked = req.scope ? req.scope.split(/\s+/).filter(Boolean) : client.scopes;
  const scopes = asked.filter((s) => client.scopes.includes(s));
  if (scopes.length === 0) return fail('TRF_SCOPE_MISSING', { vars: { value: asked.join(' ') } });
  const exp = Math.floor(now.getTime() / 1000) + TOKEN_TTL_S;
  const payload = Buffer.from(JSON.stringify({ c: client.clientId, s: scopes, e: exp })).toString('base64url');
  const sig = hmacSha256(await sharedSecret(db, SECRET_NAME), payload);
  return {
    access_token: `${TOKEN_PREFIX}${payload}.${sig}`,
    token_type: 'Bearer',
    expires_in: TOKEN_TTL_S,
    scope: scopes.join(' '),
  };
}

/** The client id of a valid ingestion token holding `scope`; refuses anything else (a staff token too). */
export async function verifyToken(db: Db, now: Date, header: string | undefined, scope: string): Promise<string> {
  const m = /^Bearer\s+trf\.([A-Za-z0-9_-]+)\.([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return fail('TRF_TOKEN_INVALID');
  const [, payload, sig] = m as unknown as [string, string, string];
  if (!sameText(hmacSha256(await sharedSecret(db, SECRET_NAME), payload), sig)) return fail('TRF_TOKEN_INVALID');
  let body: { c: string; s: string[]; e: number };
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return fail('TRF_TOKEN_INVALID');
  }
  if (body.e * 1000 <= now.getTime()) return fail('TRF_TOKEN_INVALID');
  if (!body.s.includes(scope)) return fail('TRF_SCOPE_MISSING', { vars: { value: scope } });
  return body.c;
}
