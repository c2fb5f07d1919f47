import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { dayOf } from '../ledger.js';
import { userIdOf } from '../process.js';
import { decideSupplier } from './applications.js';
import { ourCosts } from './bill-compare.js';
import { checkBill, nextBillCode } from './bills.js';
import { supplierControlSettingOn } from './control-set.js';
import { markSupplierOverdue } from './overdue.js';
import { finSupplierApplications, finSupplierBills, supplierApplicationCodeSeq } from './schema.js';

const DAY = 86_400_000;

/**
 * Demo of bills paid and the supplier-overdue list (decision 0120): for a few supplier accounts with
 * traffic, an older confirmed bill of three days (their lines equal to our cost) that is unpaid, partly paid through
 * an approved payment, or due in a few days; then today's overdue run (no messages). Idempotent:
 * nothing when an overdue row exists.
 */
export async function seedSupplierOverdue(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const [have] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from fin_supplier_overdue`));
  if ((have?.n ?? 0) > 0) return;
  const now = Date.now();
  const finance = (await userIdOf(db, 'finance01')) ?? null;
  const accounts = rowsOf<{ id: number; supplier_id: number; product: 'sms'; currency: string }>(
    await db.execute(sql`select a.id, a.supplier_id, a.product, a.currency from fin_supplier_accounts a
      where exists (select 1 from fin_supplier_entries e where e.supplier_account_id = a.id and e.key like 'supplier-cost:%')
      order by a.id desc limit ${ctx.count({ demo: 3, bench: 12, large: 40 })}`),
  );
  for (const [i, a] of accounts.entries()) {
    const setting = await supplierControlSettingOn(db, a.currency, dayOf(new Date(now)));
    if (!setting) continue;
    const kind = (['unpaid', 'partly', 'due-soon'] as const)[i % 3]!;
    // due soon: due in two days; the others fell due 10 or 25 days ago
    const endAgo = kind === 'due-soon' ? setting.dueDays - 2 : setting.dueDays + (kind === 'unpaid' ? 10 : 25);
    const scope = {
      supplierId: Number(a.supplier_id),
      product: a.product,
      currency: a.currency,
      // three days: the demo's bill lines stay few (the lines list is compared whole in its tests)
      periodFrom: dayOf(new Date(now - (endAgo + 2) * DAY)),
      periodTo: dayOf(new Date(now - endAgo * DAY)),
    };
    await db.transaction(async (tx) => {
      const [bill] = await tx
        .insert(finSupplierBills)
        .values({ ...scope, code: await nextBillCode(tx), reference: `INV-OD-${i + 1}`, createdBy: finance })
        .returning({ id: finSupplierBills.id });
      const theirs = [...(await ourCosts(tx, scope)).values()].map((o) => ({
        day: o.day,
        country: o.country,
        count: o.count,
        amount: o.cost,
      }));
      const totals = await checkBill(tx, { ...scope, id: bill!.id }, theirs, new Date(now - (endAgo - 2) * DAY));
      if (totals.theirAmount <= 0) return;
      await tx.update(finSupplierBills).set({ state: 'confirmed' }).where(sql`id = ${bill!.id}`);
      if (kind !== 'partly') return;
      const [seq] = rowsOf<{ n: string }>(
        await tx.execute(sql`select nextval(${supplierApplicationCodeSeq.seqName})::text as n`),
      );
      const [app] = await tx
        .insert(finSupplierApplications)
        .values({
          code: `SP${seq!.n}`,
          kind: 'payment',
          supplierAccountId: a.id,
          amount: Math.max(1, Math.round(totals.theirAmount / 2)),
          currency: a.currency,
          reference: `TT-OD-${i + 1}`,
          reason: '账单部分付款 / part of the bill paid',
          applicantId: finance ?? 0,
          billId: bill!.id,
          createdAt: new Date(now - 5 * DAY),
        })
        .returning({ id: finSupplierApplications.id });
      await decideSupplier(tx, app!.id, 'approved', finance ?? 0, new Date(now - 4 * DAY));
    });
  }
  const told = await markSupplierOverdue(db, dayOf(new Date(now)), new Date(now));
  ctx.log.info(`finance: ${told.length} demo supplier-overdue rows`);
}
