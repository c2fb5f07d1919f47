import { SUPPLIER_PRODUCTS, type SupplierProduct } from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/index.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { seededRng } from '../../../platform/seed/rng.js';
import { supplierWithProducts } from '../../srm/index.js';
import { userIdOf } from '../process.js';
import { ourCosts } from './bill-compare.js';
import { checkBill, nextBillCode, nextSoaCode, soaOurSide } from './bills.js';
import { finReconConfig, finSoas, finSupplierBills } from './schema.js';

const DAY = 86_400_000;
const day = (t: number) => new Date(t).toISOString().slice(0, 10);
/** the demo tolerances: voice bills differ more (minutes rounded per call) */
const TOLERANCE: Record<SupplierProduct, { pct: number; amount: number }> = {
  sms: { pct: 1, amount: 100 },
  vos: { pct: 2, amount: 200 },
  email: { pct: 1, amount: 100 },
  social: { pct: 1, amount: 100 },
};
const STATES = ['checked', 'confirmed', 'disputed', 'draft'] as const;

/**
 * Demo bill checks and statements (decision 0107): the `recon-config` rows, and for the first supplier
 * accounts the cost feed posted on, a bill of the two weeks before yesterday whose lines are our
 * traffic's with a few changed (a line 8 % above ours, a line they did not bill), in each state, and a
 * statement of the month before. Idempotent: nothing when a bill exists.
 */
export async function seedSupplierBills(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const [have] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from fin_supplier_bills`));
  if ((have?.n ?? 0) > 0) return;
  const now = Date.now();
  await db
    .insert(finReconConfig)
    .values(SUPPLIER_PRODUCTS.map((product) => ({ product, ...toleranceRow(product), updatedAt: new Date(now) })))
    .onConflictDoNothing();
  const finance = (await userIdOf(db, 'finance01')) ?? null;
  const rng = seededRng(10701);
  const accounts = rowsOf<{ id: number; supplier_id: number; product: SupplierProduct; currency: string }>(
    await db.execute(sql`select a.id, a.supplier_id, a.product, a.currency from fin_supplier_accounts a
      where exists (select 1 from fin_supplier_entries e where e.supplier_account_id = a.id and e.key like 'supplier-cost:%')
      order by a.id limit ${ctx.count({ demo: 12, bench: 40, large: 200 })}`),
  );
  for (const [i, a] of accounts.entries()) {
    const scope = {
      supplierId: Number(a.supplier_id),
      product: a.product,
      currency: a.currency,
      periodFrom: day(now - 15 * DAY),
      periodTo: day(now - 2 * DAY),
    };
    const state = STATES[i % STATES.length]!;
    await db.transaction(async (tx) => {
      const [bill] = await tx
        .insert(finSupplierBills)
        .values({
          ...scope,
          code: await nextBillCode(tx),
          reference: `INV-${rng.int(10000, 99999)}`,
          createdBy: finance,
          createdAt: new Date(now - DAY),
        })
        .returning({ id: finSupplierBills.id });
      if (state === 'draft') return;
      const theirs = [...(await ourCosts(tx, scope)).values()].flatMap((o) => {
        const roll = rng.next();
        if (roll < 0.05) return [];
        const factor = roll < 0.12 ? 1.08 : roll < 0.3 ? 1.003 : 1;
        return [{ day: o.day, country: o.country, count: o.count, amount: Math.round(o.cost * factor) }];
      });
      await checkBill(tx, { ...scope, id: bill!.id }, theirs, new Date(now - DAY));
      if (state !== 'checked')
        await tx
          .update(finSupplierBills)
          .set({
            state,
            note: state === 'disputed' ? '对方多计费用，已邮件沟通 / they billed more, asked by mail' : null,
          })
          .where(sql`id = ${bill!.id}`);
    });
    const supplier = await supplierWithProducts(db, scope.supplierId);
    await db.transaction(async (tx) => {
      const period = { ...scope, periodFrom: day(now - 31 * DAY), periodTo: day(now - 2 * DAY) };
      const ours = await soaOurSide(tx, period, supplier?.name ?? '');
      const soaState = (['open', 'agreed', 'disputed'] as const)[i % 3]!;
      await tx.insert(finSoas).values({
        ...period,
        ...ours,
        code: await nextSoaCode(tx),
        theirClosing: soaState === 'agreed' ? ours.closing : ours.closing - rng.int(1, 500) * 100,
        state: soaState,
        note: soaState === 'disputed' ? '对方未计入最后一笔付款 / our last payment missing on their side' : null,
        createdBy: finance,
        createdAt: new Date(now - DAY),
      });
    });
  }
  ctx.log.info(`finance: ${accounts.length} demo supplier bills and statements`);
}

const toleranceRow = (product: SupplierProduct) => ({
  tolerancePct: TOLERANCE[product].pct,
  toleranceAmount: TOLERANCE[product].amount,
});
