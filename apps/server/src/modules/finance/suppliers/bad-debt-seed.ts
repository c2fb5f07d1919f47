import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import { appendRecordEvents } from '../../../platform/history/service.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { userIdOf } from '../process.js';
import { decideSupplier } from './applications.js';
import { BAD_DEBT_ENTITY } from './bad-debt.js';
import { finSupplierApplications, supplierApplicationCodeSeq } from './schema.js';

const DAY = 86_400_000;

/**
 * Demo of supplier bad debt (decision 0125): of the two prepaid supplier accounts with the largest
 * balances, a tenth of the first written off by an approved application, a rejected one on the second;
 * each with its history. Idempotent: nothing when a write-off exists.
 */
export async function seedSupplierBadDebt(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const [have] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from fin_supplier_applications where kind = 'write_off'`),
  );
  if ((have?.n ?? 0) > 0) return;
  const finance = await userIdOf(db, 'finance01');
  if (!finance) return;
  const accounts = rowsOf<{ id: number; balance: string; currency: string }>(
    await db.execute(sql`select id, balance::text as balance, currency from fin_supplier_accounts
      where balance >= 1000 order by balance desc, id limit 2`),
  );
  const now = Date.now();
  for (const [i, a] of accounts.entries()) {
    await db.transaction(async (tx) => {
      const [seq] = rowsOf<{ n: string }>(
        await tx.execute(sql`select nextval(${supplierApplicationCodeSeq.seqName})::text as n`),
      );
      const applied = new Date(now - (3 - i) * DAY);
      const [app] = await tx
        .insert(finSupplierApplications)
        .values({
          code: `SP${seq!.n}`,
          kind: 'write_off',
          supplierAccountId: a.id,
          amount: Math.max(1, Math.round(Number(a.balance) / 10)),
          currency: a.currency,
          reason:
            i === 0 ? '供应商停业，预付款无法收回 / supplier closed, prepayment lost' : '仍在追讨 / still claiming',
          applicantId: finance,
          createdAt: applied,
        })
        .returning({ id: finSupplierApplications.id });
      await appendRecordEvents(
        tx,
        [{ entity: BAD_DEBT_ENTITY, recordId: app!.id, actorId: finance, kind: 'created' }],
        applied,
      );
      await decideSupplier(tx, app!.id, i === 0 ? 'approved' : 'rejected', finance, new Date(applied.getTime() + DAY));
    });
  }
  ctx.log.info(`finance: ${accounts.length} demo supplier bad debts`);
}
