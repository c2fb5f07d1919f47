import {
  SUPPLIER_CHANNEL_PRODUCT,
  SUPPLIER_PRODUCTS,
  SUPPLIER_SERVICE,
  type SupplierProduct,
  supplierPerm,
} from '@portal/contracts/finance';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/context.js';
import { rowsOf } from '../../../platform/db/index.js';
import type { SeedContext } from '../../../platform/seed/context.js';
import { seededRng } from '../../../platform/seed/rng.js';
import { channelRefs } from '../../srm/index.js';
import { ensureFinanceReview, userIdOf } from '../process.js';
import { decideSupplier, startSupplier } from './applications.js';
import { costFeedWindow, feedSupplierCosts } from './cost-feed.js';
import { postSupplierEntry } from './ledger.js';
import { nextSupplierAccountCode } from './resources.js';
import { finSupplierAccounts, finSupplierApplications } from './schema.js';

const DAY = 86_400_000;
const CURRENCIES = ['USD', 'USD', 'USD', 'EUR', 'CNY'] as const;

export const ensureSupplierProcess = (db: SeedContext['db']) =>
  ensureFinanceReview(db, {
    code: 'finance-supplier-money',
    name: '供应商账户资金申请',
    nameEn: 'Supplier account money',
    serviceName: SUPPLIER_SERVICE,
    applyPath: '/financial/account/supplier/sms',
  });

/**
 * Demo supplier accounts: one per product for every supplier whose channels carry it (SRM's
 * exported channel refs), each with prepayments and payments decided through their applications,
 * daily traffic costs and a supplier bill difference; a few applications under review for finance01.
 * Its own random sequence (the shared one belongs to the rooms seeded before), idempotent.
 */
export async function seedSupplierAccounts(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  await ensureSupplierProcess(db);
  const [have] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from fin_supplier_accounts`));
  if ((have?.n ?? 0) > 0) return;
  const finance = (await userIdOf(db, 'finance01')) ?? (await userIdOf(db, 'admin'));
  if (!finance) return;
  const rng = seededRng(9601);
  const pairs = new Map<string, { supplierId: number; product: SupplierProduct }>();
  for (const ch of await channelRefs(db)) {
    const product = SUPPLIER_PRODUCTS.find((p) => SUPPLIER_CHANNEL_PRODUCT[p] === ch.product);
    if (product) pairs.set(`${ch.supplierId}:${product}`, { supplierId: ch.supplierId, product });
  }
  const chosen = [...pairs.values()].slice(0, ctx.count({ demo: 80, bench: 200, large: 2_000 }));
  const now = Date.now();
  const pending: { accountId: number; product: SupplierProduct }[] = [];
  for (const { supplierId, product } of chosen) {
    const currency = rng.pick(CURRENCIES);
    const opened = new Date(now - rng.int(40, 200) * DAY);
    const accountId = await db.transaction(async (tx) => {
      const [acc] = await tx
        .insert(finSupplierAccounts)
        .values({
          code: await nextSupplierAccountCode(tx),
          supplierId,
          product,
          currency,
          createdBy: finance,
          createdAt: opened,
        })
        .returning({ id: finSupplierAccounts.id });
      const accountId = acc!.id;
      let t = opened.getTime() + DAY;
      for (let k = 1; t < now - 2 * DAY && k <= 8; k++) {
        const kind = rng.next() < 0.6 ? 'prepayment' : 'payment';
        const amount = rng.int(20, 400) * 10_000;
        const [app] = await tx
          .insert(finSupplierApplications)
          .values({
            code: `SP${await tx
              .execute(sql`select nextval('fin_supplier_application_code_seq')::text as n`)
              .then((r) => rowsOf<{ n: string }>(r)[0]!.n)}`,
            kind,
            supplierAccountId: accountId,
            amount,
            currency,
            reference: `TT${String(rng.int(100000, 999999))}`,
            reason: kind === 'prepayment' ? '预付供应商 / prepayment sent' : '支付供应商账单 / bill paid',
            applicantId: finance,
            createdAt: new Date(t - DAY),
          })
          .returning({ id: finSupplierApplications.id });
        await decideSupplier(tx, app!.id, 'approved', finance, new Date(t));
        // the traffic carried until the next payment: a cost a day for a few days
        for (let d = 1; d <= 3; d++) {
          const at = new Date(t + d * DAY);
          if (at.getTime() >= now) break;
          await postSupplierEntry(tx, {
            supplierAccountId: accountId,
            kind: 'cost',
            amount: -Math.round((amount * rng.int(15, 45)) / 100),
            currency,
            day: at.toISOString().slice(0, 10),
            key: `seed:supplier-cost:${accountId}:${k}:${d}`,
            note: '演示流量成本 / demo traffic cost',
            at,
          });
        }
        t += rng.int(10, 30) * DAY;
      }
      if (rng.next() < 0.3) {
        const at = new Date(now - rng.int(1, 20) * DAY);
        await postSupplierEntry(tx, {
          supplierAccountId: accountId,
          kind: 'bill',
          amount: -rng.int(1, 50) * 1_000,
          currency,
          day: at.toISOString().slice(0, 10),
          key: `seed:supplier-bill:${accountId}`,
          note: '供应商账单差额 / supplier bill above our cost',
          at,
        });
      }
      return accountId;
    });
    if (pending.length < 4 && rng.next() < 0.2) pending.push({ accountId, product });
  }
  for (const { accountId, product } of pending) {
    const auth: AuthContext = {
      userId: finance,
      username: 'seed',
      sessionId: 'seed',
      perms: new Set([supplierPerm(product).APPLY]),
      scope: { kind: 'all', departmentIds: [] },
    };
    await db.transaction(async (tx) => {
      const out = Object.assign([], { now: new Date() });
      await startSupplier(
        tx,
        out,
        auth,
        {
          supplierAccountId: accountId,
          kind: 'prepayment',
          amount: rng.int(50, 300) * 10_000,
          reason: '预付下月流量 / next month prepaid',
        },
        new Date(),
      );
    });
  }
}

/** days of demo traffic whose cost the seed posts on the supplier accounts (the daily run keeps a week) */
const SEED_COST_DAYS = 30;

/**
 * The demo traffic's rated cost on the supplier accounts, as the daily feed posts it (decision 0104):
 * the last month before today, through the traffic port. Idempotent: a second seed posts nothing.
 */
export async function seedSupplierCosts(ctx: SeedContext): Promise<void> {
  const now = new Date();
  const w = costFeedWindow(now, SEED_COST_DAYS);
  const r = await feedSupplierCosts(ctx.db, w.from, w.to, now);
  if (r.ran) ctx.log.info(`finance: supplier costs ${r.posted} posted, ${r.opened} accounts opened`);
}
