import { Decimal } from 'decimal.js';
import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { decide } from '../applications.js';
import { userIdOf } from '../process.js';
import { accountCodeSeq, applicationCodeSeq, finAccounts, finApplications } from '../schema.js';

const DAY = 86_400_000;

/**
 * Demo main accounts (decision 0134): the first three open accounts holding at least 2,000 become
 * main accounts of two new sub-accounts each (same customer, currency and products), and each
 * sub-account gets one or two allocations approved by finance (application → decide → two
 * `allocation` entries). Idempotent: nothing when any account already has a main account.
 */
export async function seedMainAccounts(ctx: SeedContext): Promise<void> {
  const { db, rng } = ctx;
  const [have] = await db
    .select({ id: finAccounts.id })
    .from(finAccounts)
    .where(isNotNull(finAccounts.mainAccountId))
    .limit(1);
  if (have) return;
  const finance = (await userIdOf(db, 'finance01')) ?? (await userIdOf(db, 'admin'));
  if (!finance) return;
  const mains = await db
    .select()
    .from(finAccounts)
    .where(and(eq(finAccounts.state, 'active'), gte(finAccounts.balance, '2000')))
    .orderBy(asc(finAccounts.id))
    .limit(3);
  const now = Date.now();
  for (const [i, main] of mains.entries())
    await db.transaction(async (tx) => {
      for (let s = 1; s <= 2; s++) {
        const [seq] = rowsOf<{ n: string }>(
          await tx.execute(sql`select nextval(${accountCodeSeq.seqName})::text as n`),
        );
        const opened = new Date(now - (40 + i * 5 + s) * DAY);
        const [sub] = await tx
          .insert(finAccounts)
          .values({
            code: `CA${seq!.n}`,
            customerId: main.customerId,
            products: main.products,
            currency: main.currency,
            billing: 'prepaid',
            billCycle: main.billCycle,
            entityId: main.entityId,
            mainAccountId: main.id,
            applicantId: main.applicantId,
            state: 'active',
            createdAt: opened,
            openedAt: new Date(opened.getTime() + DAY),
          })
          .returning({ id: finAccounts.id });
        for (let k = 1; k <= 1 + ((i + s) % 2); k++) {
          const at = new Date(now - (30 - i * 3 - s * 4 - k * 6) * DAY);
          const amount = new Decimal(rng.int(2, 6) * 100);
          const [app] = await tx
            .insert(finApplications)
            .values({
              code: `FA${await tx.execute(sql`select nextval(${applicationCodeSeq.seqName})::text as n`).then((r) => rowsOf<{ n: string }>(r)[0]!.n)}`,
              kind: 'allocation',
              accountId: main.id,
              subAccountId: sub!.id,
              amount: amount.toFixed(4),
              currency: main.currency,
              reason: '集团主账户划拨到子账户 / group funds to a sub-account',
              applicantId: finance,
              createdAt: new Date(at.getTime() - DAY / 2),
            })
            .returning({ id: finApplications.id });
          await decide(tx, app!.id, 'approved', finance, at);
        }
      }
    });
  ctx.log.info({ mains: mains.length }, 'finance main accounts');
}
