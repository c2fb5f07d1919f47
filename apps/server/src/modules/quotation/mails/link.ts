import { createHmac, timingSafeEqual } from 'node:crypto';
import { sharedSecret } from '../../../platform/auth/secrets.js';
import type { Db } from '../../../platform/db/index.js';
import { AppError } from '../../../platform/http/errors.js';

/** days a sent quote's public link opens */
export const QUOTE_LINK_DAYS = 30;
const SECRET = 'qm.quote-link';
const sign = (secret: string, id: number, exp: number) =>
  createHmac('sha256', secret).update(`qm-quote:${id}.${exp}`).digest('base64url');

/** `id.expiry.signature`: the sent quote it opens and until when (seconds), signed with the database's secret. */
export async function quoteToken(db: Db, id: number, expiresAt: Date): Promise<string> {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `${id}.${exp}.${sign(await sharedSecret(db, SECRET), id, exp)}`;
}

/** The sent quote's id a token opens; a changed or foreign token is invalid, an old one expired. */
export async function openQuoteToken(db: Db, token: string, now: Date): Promise<number> {
  const m = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) throw new AppError('QM_QUOTE_LINK_INVALID');
  const id = Number(m[1]);
  const exp = Number(m[2]);
  const want = Buffer.from(sign(await sharedSecret(db, SECRET), id, exp));
  const got = Buffer.from(m[3]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw new AppError('QM_QUOTE_LINK_INVALID');
  if (exp * 1000 <= now.getTime()) throw new AppError('QM_QUOTE_LINK_EXPIRED');
  return id;
}

/** the web page that shows a sent quote without signing in (under the public /offerManage prefix) */
export const quoteLinkUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/offerManage/quote/view?token=${encodeURIComponent(token)}`;
