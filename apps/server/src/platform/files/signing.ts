import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of the file id and expiry; the URL carries both, the server recomputes. */
export function signature(secret: string, fileId: string, exp: number): string {
  return createHmac('sha256', secret).update(`${fileId}:${exp}`).digest('base64url');
}

export type SignatureCheck = 'ok' | 'expired' | 'invalid';

/** Constant-time check of a signed download URL's parameters. A forged one is invalid even if expired. */
export function checkSignature(
  secret: string,
  fileId: string,
  exp: number,
  sig: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignatureCheck {
  const expected = Buffer.from(signature(secret, fileId, exp));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return exp < nowSeconds ? 'expired' : 'ok';
}

export const contentPath = (fileId: string) => `/v2/files/${fileId}/content`;

export function signedUrl(secret: string, fileId: string, ttlSeconds: number, nowMs = Date.now()): string {
  const exp = Math.floor(nowMs / 1000) + ttlSeconds;
  return `${contentPath(fileId)}?exp=${exp}&sig=${signature(secret, fileId, exp)}`;
}
