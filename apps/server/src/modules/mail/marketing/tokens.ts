import { createHmac, timingSafeEqual } from 'node:crypto';
import { sharedSecret } from '../../../platform/auth/secrets.js';
import type { Db } from '../../../platform/db/index.js';

const SECRET = 'mail.tracking-key';
const sign = (secret: string, kind: 'o' | 'c', copyId: number, linkId: number) =>
  createHmac('sha256', secret).update(`mail-track:${kind}:${copyId}:${linkId}`).digest('base64url');

/**
 * `copy.link.signature`: which copy was opened (link 0) or which of its mail's recorded links was
 * clicked, signed with the database's secret. It names ids only, never an address.
 */
export async function trackingToken(db: Db, kind: 'o' | 'c', copyId: number, linkId = 0): Promise<string> {
  return `${copyId}.${linkId}.${sign(await sharedSecret(db, SECRET), kind, copyId, linkId)}`;
}

/** The copy and link a token names, or null for anything not signed by this database. */
export async function openTrackingToken(
  db: Db,
  kind: 'o' | 'c',
  token: string,
): Promise<{ copyId: number; linkId: number } | null> {
  const m = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const copyId = Number(m[1]);
  const linkId = Number(m[2]);
  if (copyId > 2_147_483_647 || linkId > 2_147_483_647) return null;
  const want = Buffer.from(sign(await sharedSecret(db, SECRET), kind, copyId, linkId));
  const got = Buffer.from(m[3]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  return { copyId, linkId };
}
