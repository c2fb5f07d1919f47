import { ACCOUNT_PRODUCTS, type MoneyKind } from '@portal/contracts/finance';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import { rowsOf } from '../../platform/db/index.js';
import type { SeedContext } from '../../platform/seed/context.js';
import { ownedCustomerRefs } from '../crm/customer-refs.js';
import { decide, startMoney } from './applications.js';
import { runBills } from './bills.js';
import { postEntry } from './ledger.js';
import { ensureFinanceProcesses, userIdOf } from './process.js';
import { accountCodeSeq, applicationCodeSeq, finAccounts, finApplications } from './schema.js';
import { seedFinanceSettings } from './settings.js';
import { takeSnapshot } from './snapshots.js';
import { runStatements } from './statements.js';

const DAY = 86_400_000;
const CURRENCIES = ['USD', 'USD', 'USD', 'CNY', 'EUR'] as const;

/**
 * Demo finance: the default processes; accounts for about a third of the customers that have an
 * owner (opened before the approval engine, so approved at once), each with a recharge history
 * posted through the ledger's own functions (application → decide → postEntry) and daily
 * consumption; a few recharges under review for finance01. Idempotent: accounts once.
 */
export async function seedFinance(ctx: SeedContext): Promise<void> {
  const { db, rng } = ctx;
  await ensureFinanceProcesses(db);
  await seedFinanceSettings(db);
  const [have] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from fin_accounts`));
  if ((have?.n ?? 0) > 0) return;
  const customers = await ownedCustomerRefs(db, ctx.count({ demo: 90, bench: 150, large: 6_000 }));
  const finance = (await userIdOf(db, 'finance01')) ?? (await userIdOf(db, 'admin'));
  if (!finance) return;
  const chosen = customers.filter(() => rng.next() < 0.35);
  const now = Date.now();
  let n = 0;
  const pending: { accountId: number; ownerId: number }[] = [];
  const demoAccounts: { id: number; currency: string; ownerId: number; openedAt: number }[] = [];
  for (const c of chosen) {
    const billing = rng.next() < 0.75 ? 'prepaid' : 'postpaid';
    const currency = rng.pick(CURRENCIES);
    const opened = new Date(now - rng.int(60, 400) * DAY);
    const products = ACCOUNT_PRODUCTS.filter((_, i) => i === 0 || rng.next() < 0.3);
    await db.transaction(async (tx) => {
      const [seq] = rowsOf<{ n: string }>(await tx.execute(sql`select nextval(${accountCodeSeq.seqName})::text as n`));
      const [acc] = await tx
        .insert(finAccounts)
        .values({
          code: `CA${seq!.n}`,
          customerId: c.id,
          products,
          currency,
          billing,
          creditLine: billing === 'prepaid' ? String(rng.pick([0, 0, 500, 1000])) : String(rng.int(5, 50) * 1000),
          billCycle: 'monthly',
          applicantId: c.ownerId!,
          state: 'active',
          createdAt: opened,
          openedAt: new Date(opened.getTime() + DAY),
        })
        .returning({ id: finAccounts.id, code: finAccounts.code });
      // its history: top-ups decided by finance, then daily consumption in between
      let t = opened.getTime() + DAY;
      for (let k = rng.int(1, 5); k > 0; k--) {
        t += rng.int(5, 40) * DAY;
        if (t > now) break;
        const kind: MoneyKind = rng.next() < 0.85 ? 'recharge' : 'gift';
        const amount = kind === 'gift' ? rng.int(1, 10) * 10 : rng.int(5, 200) * 100;
        const [app] = await tx
          .insert(finApplications)
          .values({
            code: `FA${await tx.execute(sql`select nextval(${applicationCodeSeq.seqName})::text as n`).then((r) => rowsOf<{ n: string }>(r)[0]!.n)}`,
            kind,
            accountId: acc!.id,
            amount: new Decimal(amount).toFixed(4),
            currency,
            reference: kind === 'recharge' ? `TT${String(rng.int(100000, 999999))}` : null,
            reason: kind === 'gift' ? '新客户赠送 / welcome credit' : '客户汇款到账 / wire received',
            applicantId: c.ownerId!,
            createdAt: new Date(t - DAY),
          })
          .returning({ id: finApplications.id });
        await decide(tx, app!.id, 'approved', finance, new Date(t));
        const spend = new Decimal(amount).mul(rng.int(20, 90)).div(100).toDecimalPlaces(2);
        const at = new Date(t + rng.int(1, 4) * DAY);
        if (at.getTime() < now)
          await postEntry(tx, {
            accountId: acc!.id,
            kind: 'consumption',
            amount: spend.neg().toFixed(4),
            currency,
            day: at.toISOString().slice(0, 10),
            key: `seed:consumption:${acc!.id}:${k}`,
            note: '演示消费 / demo traffic',
            at,
          });
      }
      if (pending.length < 4 && rng.next() < 0.3) pending.push({ accountId: acc!.id, ownerId: c.ownerId! });
      demoAccounts.push({ id: acc!.id, currency, ownerId: c.ownerId!, openedAt: opened.getTime() });
    });
    n++;
  }
  await seedRecentGifts(ctx, demoAccounts, finance, now);
  // a few recharges under review: real approval requests in finance01's to-dos
  for (const p of pending) {
    const auth: AuthContext = {
      userId: p.ownerId,
      username: 'seed',
      sessionId: 'seed',
      perms: new Set(),
      scope: { kind: 'all', departmentIds: [] },
    };
    await db.transaction(async (tx) => {
      const out = Object.assign([], { now: new Date() });
      await startMoney(
        tx,
        out,
        auth,
        'recharge',
        { accountId: p.accountId, amount: String(rng.int(10, 80) * 100), reason: '客户已汇款，请确认到账 / wire sent' },
        new Date(),
      );
    });
  }
  await seedDebtor(ctx, now);
  // a month ago's bill run too, so the debtor's older bill is well past the ladder's suspend step
  // (today's run closes only the last period, due half a month ago)
  await runBills(db, new Date(now - 31 * DAY).toISOString().slice(0, 10), new Date(now - 31 * DAY));
  // the prepaid accounts' statements of the last two closed months (decision 0111)
  await runStatements(db, new Date(now - 31 * DAY).toISOString().slice(0, 10), new Date(now - 31 * DAY));
  await seedCreditChanges(ctx, finance, now);
  // the last 30 days' end-of-day snapshots, as the nightly job would have taken them
  for (let d = 30; d >= 1; d--) await takeSnapshot(db, new Date(now - d * DAY).toISOString().slice(0, 10));
  const [check] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from fin_ledger_entries`));
  ctx.log.info({ accounts: n, entries: check?.n ?? 0, pending: pending.length }, 'finance demo data');
}

/**
 * Gift recharges of the last 90 days (decision 0143: gift-performance shows what they bought): every third
 * demo account and each sales' first account get one, approved by finance like the others; no random draw, so the seeded stream after
 * it is unchanged.
 */
async function seedRecentGifts(
  ctx: SeedContext,
  accounts: { id: number; currency: string; ownerId: number; openedAt: number }[],
  finance: number,
  now: number,
) {
  const owners = new Set<number>();
  for (const [i, a] of accounts.entries()) {
    // every third account, and each sales' first one (so every sales' screen shows some)
    const first = !owners.has(a.ownerId);
    owners.add(a.ownerId);
    if (i % 3 !== 0 && !first) continue;
    const at = new Date(Math.max(now - (3 + ((i * 11) % 80)) * DAY, a.openedAt + 2 * DAY));
    await ctx.db.transaction(async (tx) => {
      const [seq] = rowsOf<{ n: string }>(
        await tx.execute(sql`select nextval(${applicationCodeSeq.seqName})::text as n`),
      );
      const [app] = await tx
        .insert(finApplications)
        .values({
          code: `FA${seq!.n}`,
          kind: 'gift',
          accountId: a.id,
          amount: new Decimal(50 * (1 + (i % 9))).toFixed(4),
          currency: a.currency,
          reason: '活动赠送 / campaign credit',
          applicantId: a.ownerId,
          createdAt: new Date(at.getTime() - DAY),
        })
        .returning({ id: finApplications.id });
      await decide(tx, app!.id, 'approved', finance, at);
    });
  }
}

/** The note on the demo debtor's consumption entries (the e2e finds the account by it). */
export const DEBTOR_NOTE = '演示欠款客户 / demo debtor';

/**
 * One overdue postpaid account so the ladder, write-off and reinstatement can be driven: a new postpaid
 * USD account of sales01's first customer, traffic 75 and 45 days ago and nothing paid; the bills
 * closed below make its older bill overdue past the ladder's suspend step. Picked by owner and id, not
 * by the shared random sequence.
 */
async function seedDebtor(ctx: SeedContext, now: number) {
  const { db } = ctx;
  const sales = await userIdOf(db, 'sales01');
  if (!sales) return;
  const customer = (await ownedCustomerRefs(db, 500)).find((c) => c.ownerId === sales);
  if (!customer) return;
  const opened = new Date(now - 120 * DAY);
  await db.transaction(async (tx) => {
    const [seq] = rowsOf<{ n: string }>(await tx.execute(sql`select nextval(${accountCodeSeq.seqName})::text as n`));
    const [acc] = await tx
      .insert(finAccounts)
      .values({
        code: `CA${seq!.n}`,
        customerId: customer.id,
        products: ['sms'],
        currency: 'USD',
        billing: 'postpaid',
        creditLine: '20000.0000',
        billCycle: 'monthly',
        applicantId: sales,
        state: 'active',
        createdAt: opened,
        openedAt: new Date(opened.getTime() + DAY),
      })
      .returning({ id: finAccounts.id });
    for (const [k, days, amount] of [
      [1, 75, '1860.4000'],
      [2, 45, '1240.7500'],
    ] as const) {
      const at = new Date(now - days * DAY);
      await postEntry(tx, {
        accountId: acc!.id,
        kind: 'consumption',
        amount: `-${amount}`,
        currency: 'USD',
        day: at.toISOString().slice(0, 10),
        key: `seed:debtor:${acc!.id}:${k}`,
        note: DEBTOR_NOTE,
        at,
      });
    }
  });
}

/**
 * A few decided credit-control changes for credit-record and creditModifyRecord: a temporary credit
 * and a bill-cycle change on the first prepaid account, a deferral on the first postpaid one.
 * Chosen by id, not by the shared random sequence, so the rooms seeded after finance are unchanged.
 */
async function seedCreditChanges(ctx: SeedContext, finance: number, now: number) {
  const { db } = ctx;
  const first = async (billing: 'prepaid' | 'postpaid') =>
    (
      await db
        .select({ id: finAccounts.id, currency: finAccounts.currency, applicantId: finAccounts.applicantId })
        .from(finAccounts)
        .where(sql`${finAccounts.billing} = ${billing}`)
        .orderBy(finAccounts.id)
        .limit(1)
    )[0];
  const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
  const changes = [
    { billing: 'prepaid', kind: 'temp_credit', amount: '2000.0000', previousAmount: '0.0000', until: day(20) },
    { billing: 'prepaid', kind: 'cycle_change', changeFrom: 'monthly', changeTo: 'semimonthly' },
    { billing: 'postpaid', kind: 'deferral', until: day(10) },
  ] as const;
  for (const [i, c] of changes.entries()) {
    const acc = await first(c.billing);
    if (!acc) continue;
    const { billing: _, ...values } = c;
    await db.transaction(async (tx) => {
      const [seq] = rowsOf<{ n: string }>(
        await tx.execute(sql`select nextval(${applicationCodeSeq.seqName})::text as n`),
      );
      const [app] = await tx
        .insert(finApplications)
        .values({
          code: `FA${seq!.n}`,
          ...values,
          accountId: acc.id,
          currency: acc.currency,
          reason: '客户申请 / requested by the customer',
          applicantId: acc.applicantId,
          createdAt: new Date(now - (3 - i) * DAY),
        })
        .returning({ id: finApplications.id });
      await decide(tx, app!.id, 'approved', finance, new Date(now - (2 - i) * DAY));
    });
  }
  // the postpaid accounts' bills of the periods that closed before today (decision 0064)
  await runBills(db, day(0), new Date(now));
  await runStatements(db, day(0), new Date(now));
}
