import { timingSafeEqual } from 'node:crypto';
import { envelope } from '@portal/contracts';
import {
  U_PLATFORM_NOTIFY_PATH,
  type UPlatformPayment,
  uPlatformEntryResource,
  uPlatformPayment,
} from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hmacSha256 } from '../../../platform/auth/crypto.js';
import { ok } from '../../../platform/http/envelope.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import { bindResource } from '../../../platform/resource/index.js';
import { entries, financeScope } from '../accounts.js';
import { dayOf, postEntry } from '../ledger.js';
import { finAccounts, finLedgerEntries } from '../schema.js';

/** a notification signed longer ago than this (or this far ahead) is refused: a replayed capture */
export const SIGNATURE_MAX_AGE_S = 300;

/** `recharge-record/u-platform` (decision 0128): the ledger's entries paid online on the U platform. */
export const uPlatformEntries = bindResource(uPlatformEntryResource, {
  scopeOf: financeScope,
  table: entries.table,
  columns: { ...entries.columns, note: finLedgerEntries.note },
  rows: sql`"fin_ledger_entries"."channel" = 'u_platform'`,
});

/** The text the U platform signs: the timestamp and the payment's fields, in this order. */
export const signedText = (ts: string, b: UPlatformPayment) =>
  [ts, b.paymentId, b.accountCode, b.amount, b.currency, b.paidAt].join('.');

function checkSignature(p: Platform, ts: string | undefined, sig: string | undefined, body: UPlatformPayment) {
  const secret = p.config.uPlatformSecret;
  if (!secret) throw new AppError('FIN_UPAY_DISABLED');
  const at = Number(ts);
  if (!ts || !/^\d{1,12}$/.test(ts) || Math.abs(p.clock.now().getTime() / 1000 - at) > SIGNATURE_MAX_AGE_S)
    throw new AppError('FIN_UPAY_SIGNATURE');
  const want = Buffer.from(hmacSha256(secret, signedText(ts, body)));
  const given = Buffer.from(sig ?? '');
  if (want.length !== given.length || !timingSafeEqual(want, given)) throw new AppError('FIN_UPAY_SIGNATURE');
}

/**
 * One online payment posted as a `recharge` entry of channel `u_platform`, keyed by the payment id:
 * the same notification again answers the first posting and changes nothing; the same payment id
 * with another account or amount is refused.
 */
export async function postUPlatformPayment(p: Platform, b: UPlatformPayment) {
  const now = p.clock.now();
  return p.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: finAccounts.id, state: finAccounts.state })
      .from(finAccounts)
      .where(eq(finAccounts.code, b.accountCode));
    // a suspended account still takes the money the customer paid
    if (!account || (account.state !== 'active' && account.state !== 'suspended'))
      throw new AppError('FIN_UPAY_ACCOUNT', { vars: { value: b.accountCode } });
    const key = `u-platform:${b.paymentId}`;
    const posted = await postEntry(
      tx,
      {
        accountId: account.id,
        kind: 'recharge',
        amount: b.amount,
        currency: b.currency,
        day: dayOf(now),
        key,
        note: [b.payer, `paid ${b.paidAt}`].filter(Boolean).join(' · '),
        channel: 'u_platform',
        at: now,
      },
      b.accountCode,
    );
    if (!posted.posted) {
      const [first] = await tx
        .select({ accountId: finLedgerEntries.accountId, amount: finLedgerEntries.amount })
        .from(finLedgerEntries)
        .where(eq(finLedgerEntries.key, key));
      if (first!.accountId !== account.id || !new Decimal(first!.amount).eq(b.amount))
        throw new AppError('FIN_UPAY_CONFLICT', { vars: { value: b.paymentId } });
    }
    return posted;
  });
}

const answer = z.object({ posted: z.boolean(), entryId: z.number(), balanceAfter: z.string() });

/** The U platform's machine call: no staff token, its HMAC signature over the payment authorises it. */
export async function uPlatformRoutes(app: FastifyInstance, p: Platform) {
  app.withTypeProvider<ZodTypeProvider>().post(
    U_PLATFORM_NOTIFY_PATH,
    {
      schema: {
        tags: ['finance'],
        summary: 'The U platform notifies one online payment (signed; idempotent by payment id); posted as a recharge',
        body: uPlatformPayment,
        response: { 200: envelope(answer) },
      },
      config: { access: 'public', audit: false, rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (req) => {
      const h = req.headers;
      checkSignature(p, h['x-u-timestamp'] as string | undefined, h['x-u-signature'] as string | undefined, req.body);
      return ok(await postUPlatformPayment(p, req.body));
    },
  );
}
