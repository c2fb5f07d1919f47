import { asc, eq } from 'drizzle-orm';
import type { SeedContext } from '../../../platform/seed/context.js';
import { postEntry } from '../ledger.js';
import { finAccounts } from '../schema.js';

const PAYERS = ['Alipay', 'WeChat Pay', 'PayPal', 'Stripe card'];

/**
 * Demo online payments of decision 0128: two or three for each of the first open accounts, posted
 * as the notification would post them (recharge, channel `u_platform`, key by payment id). Idempotent:
 * a payment id already posted is a no-op.
 */
export async function seedUPlatform(ctx: SeedContext): Promise<void> {
  const { db, rng } = ctx;
  const accounts = await db
    .select({ id: finAccounts.id, code: finAccounts.code, currency: finAccounts.currency })
    .from(finAccounts)
    .where(eq(finAccounts.state, 'active'))
    .orderBy(asc(finAccounts.id))
    .limit(ctx.count({ demo: 12, bench: 40, large: 200 }));
  const now = Date.now();
  for (const [i, acc] of accounts.entries())
    for (let n = 1; n <= 2 + (i % 2); n++) {
      const at = new Date(now - rng.int(1, 60) * 86_400_000);
      await db.transaction((tx) =>
        postEntry(tx, {
          accountId: acc.id,
          kind: 'recharge',
          amount: String(rng.int(5, 200) * 50),
          currency: acc.currency,
          day: at.toISOString().slice(0, 10),
          key: `u-platform:UPDEMO${acc.id}N${n}`,
          note: `${PAYERS[(i + n) % PAYERS.length]} · paid ${at.toISOString()}`,
          channel: 'u_platform',
          at,
        }),
      );
    }
}
