import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReconciliation } from '../src/modules/finance/recon.js';
import { costFeedWindow, feedSupplierCosts } from '../src/modules/finance/suppliers/cost-feed.js';
import { supplierDrift } from '../src/modules/finance/suppliers/ledger.js';
import { finSupplierAccounts, finSupplierEntries } from '../src/modules/finance/suppliers/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import type { Notification } from '../src/platform/notify.js';
import { onPostgres, startTestApp, type TestApp } from './harness.js';
import { testSupplier } from './support/supplier-fixture.js';

/**
 * The supplier cost feed (decision 0104): traffic's rated cost from the daily rollups (through the
 * traffic port) posted per supplier account, day and currency, only the difference on a rerun or a late
 * rollup, never twice when runs overlap; the seeded demo's costs on the accounts; the reconciliation's
 * supplier side and its alert.
 */
let t: TestApp;
let seq = 0;

/** A supplier with one channel per product given; answers the channel ids. */
async function supplierWith(products: ('sms' | 'voice')[]) {
  const s = await testSupplier(t.p.db, { prefix: 'C', products });
  return { supplierId: s.id, channels: s.channels };
}

let rollupRow = 0;
/** One rolled-up row of traffic_daily (the traffic room's table, written as its rollup step would). */
async function rollup(day: string, channelId: number, product: string, cost: string, costCurrency = 'USD') {
  rollupRow++;
  await t.p.db.execute(sql`insert into traffic_daily
    (day, product, account_id, customer_id, owner_id, channel_id, country, network, status, currency, cost_currency,
     count, segments, delivered, revenue, cost)
    values (${day}, ${product}, 990001, 990001, 0, ${channelId}, 'SG', ${`t${rollupRow}`}, 'delivered', 'USD',
      ${costCurrency}, 10, 10, 10, 1, ${cost})`);
}

const accountOf = async (supplierId: number, product: 'sms' | 'vos', currency: string) =>
  (
    await t.p.db
      .select()
      .from(finSupplierAccounts)
      .where(
        and(
          eq(finSupplierAccounts.supplierId, supplierId),
          eq(finSupplierAccounts.product, product),
          eq(finSupplierAccounts.currency, currency),
        ),
      )
  )[0];
const entriesOf = (accountId: number) =>
  t.p.db
    .select({
      key: finSupplierEntries.key,
      kind: finSupplierEntries.kind,
      amount: finSupplierEntries.amount,
      day: finSupplierEntries.day,
    })
    .from(finSupplierEntries)
    .where(eq(finSupplierEntries.supplierAccountId, accountId))
    .orderBy(finSupplierEntries.id);

beforeAll(async () => {
  t = await startTestApp();
}, 240_000);
afterAll(() => t?.close());

describe('supplier cost feed', () => {
  it('the seeded demo traffic’s costs are on the supplier accounts, and a second run posts nothing', async () => {
    const seeded = await t.p.db
      .select({ n: sql<number>`count(*)::int` })
      .from(finSupplierEntries)
      .where(like(finSupplierEntries.key, 'supplier-cost:%'));
    expect(seeded[0]!.n).toBeGreaterThan(0);
    const w = costFeedWindow(new Date(), 30);
    const again = await feedSupplierCosts(t.p.db, w.from, w.to, new Date());
    expect(again).toMatchObject({ ran: true, posted: 0, opened: 0 });
    expect(again.unchanged).toBeGreaterThan(0);
  });

  it('posts per supplier, product, currency and day; reruns post nothing; a late rollup posts only the difference', async () => {
    const a = await supplierWith(['sms', 'sms', 'voice']);
    const day1 = '2025-01-15';
    const day2 = '2025-01-16';
    await rollup(day1, a.channels[0]!, 'sms', '1.234567');
    await rollup(day1, a.channels[1]!, 'sms', '2.000000');
    await rollup(day2, a.channels[0]!, 'sms', '0.5');
    await rollup(day1, a.channels[2]!, 'voice', '3.10');
    await rollup(day1, a.channels[0]!, 'sms', '4', 'EUR');
    // a day outside the window and unrouted traffic (channel 0) are not the feed's
    await rollup('2025-01-20', a.channels[0]!, 'sms', '9');
    await rollup(day1, 0, 'sms', '9');
    const first = await feedSupplierCosts(t.p.db, day1, day2, new Date());
    expect(first).toMatchObject({ ran: true, posted: 4, opened: 3 });

    const usd = await accountOf(a.supplierId, 'sms', 'USD');
    // 1.234567 + 2 = 3.234567 → 323 minor units; the next day 50
    expect(await entriesOf(usd!.id)).toEqual([
      { key: `supplier-cost:${usd!.id}:${day1}:USD`, kind: 'cost', amount: -323, day: day1 },
      { key: `supplier-cost:${usd!.id}:${day2}:USD`, kind: 'cost', amount: -50, day: day2 },
    ]);
    expect(Number(usd!.balance)).toBe(-373);
    expect(Number(usd!.costs)).toBe(373);
    expect((await entriesOf((await accountOf(a.supplierId, 'sms', 'EUR'))!.id)).map((e) => e.amount)).toEqual([-400]);
    expect((await entriesOf((await accountOf(a.supplierId, 'vos', 'USD'))!.id)).map((e) => e.amount)).toEqual([-310]);

    const rerun = await feedSupplierCosts(t.p.db, day1, day2, new Date());
    expect(rerun).toMatchObject({ posted: 0, opened: 0, unchanged: 4 });

    // a late rollup raises day 1 by 1.00; a re-rating lowers day 2 by 0.20: two corrections, no edit
    await rollup(day1, a.channels[1]!, 'sms', '1');
    await rollup(day2, a.channels[0]!, 'sms', '-0.2');
    expect(await feedSupplierCosts(t.p.db, day1, day2, new Date())).toMatchObject({ posted: 2, unchanged: 2 });
    expect((await entriesOf(usd!.id)).slice(2)).toEqual([
      { key: `supplier-cost:${usd!.id}:${day1}:USD:1`, kind: 'cost', amount: -100, day: day1 },
      { key: `supplier-cost:${usd!.id}:${day2}:USD:1`, kind: 'adjustment', amount: 20, day: day2 },
    ]);
    expect(Number((await accountOf(a.supplierId, 'sms', 'USD'))!.balance)).toBe(-453);
    expect(await feedSupplierCosts(t.p.db, day1, day2, new Date())).toMatchObject({ posted: 0 });
    expect(await supplierDrift(t.p.db)).toEqual([]);
  });

  it('uses the account already open for the supplier, product and currency', async () => {
    const a = await supplierWith(['sms']);
    const [open] = await t.p.db
      .insert(finSupplierAccounts)
      .values({
        code: `SA8${String(++seq).padStart(5, '0')}`,
        supplierId: a.supplierId,
        product: 'sms',
        currency: 'USD',
      })
      .returning({ id: finSupplierAccounts.id });
    await rollup('2025-02-01', a.channels[0]!, 'sms', '7.77');
    expect(await feedSupplierCosts(t.p.db, '2025-02-01', '2025-02-01', new Date())).toMatchObject({
      posted: 1,
      opened: 0,
    });
    expect((await entriesOf(open!.id)).map((e) => e.amount)).toEqual([-777]);
  });
});

describe.skipIf(!onPostgres)('supplier cost feed on PostgreSQL', () => {
  it('six runs at once post each supplier account and day once; a late rollup meanwhile is caught by the next run', async () => {
    const suppliers = await Promise.all([1, 2, 3].map(() => supplierWith(['sms', 'voice'])));
    const days = ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-04'];
    for (const s of suppliers)
      for (const [i, day] of days.entries()) {
        await rollup(day, s.channels[0]!, 'sms', String(1 + i));
        await rollup(day, s.channels[1]!, 'voice', String(0.25 * (i + 1)));
      }
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => feedSupplierCosts(t.p.db, days[0]!, days[3]!, new Date())),
    );
    // 3 suppliers × 2 products × 4 days, posted once in all; 6 accounts opened once
    expect(runs.reduce((s, r) => s + r.posted, 0)).toBe(24);
    expect(runs.reduce((s, r) => s + r.opened, 0)).toBe(6);
    await rollup(days[1]!, suppliers[0]!.channels[0]!, 'sms', '0.5');
    const again = await Promise.all(
      Array.from({ length: 4 }, () => feedSupplierCosts(t.p.db, days[0]!, days[3]!, new Date())),
    );
    expect(again.reduce((s, r) => s + r.posted, 0)).toBe(1);
    for (const s of suppliers) {
      const sms = await accountOf(s.supplierId, 'sms', 'USD');
      const extra = s === suppliers[0] ? 50 : 0;
      expect(Number(sms!.balance)).toBe(-(100 + 200 + 300 + 400 + extra));
      const vos = await accountOf(s.supplierId, 'vos', 'USD');
      expect(Number(vos!.balance)).toBe(-(25 + 50 + 75 + 100));
    }
    expect(await supplierDrift(t.p.db)).toEqual([]);
  });
});

describe('reconciliation with the supplier side', () => {
  it('finds a supplier account whose balance is not its entries, and tells finance', async () => {
    const sent: Notification[] = [];
    t.p.notifier.register('supplier-recon-test', async (n) => {
      sent.push(n);
    });
    const good = await runReconciliation(t.p);
    expect(good.supplierMismatches).toEqual([]);
    expect(good.ok, JSON.stringify(good)).toBe(true);
    const a = await supplierWith(['sms']);
    await rollup('2025-04-01', a.channels[0]!, 'sms', '2');
    await feedSupplierCosts(t.p.db, '2025-04-01', '2025-04-01', new Date());
    const acc = await accountOf(a.supplierId, 'sms', 'USD');
    // break it behind the triggers' back: a balance moved without an entry
    await t.p.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(finSupplierAccounts).set({ balance: 5 }).where(eq(finSupplierAccounts.id, acc!.id));
    });
    const bad = await runReconciliation(t.p);
    expect(bad.ok).toBe(false);
    expect(bad.supplierMismatches).toEqual([{ supplierAccountId: acc!.id, balance: 5, entries: -200 }]);
    expect(sent).toHaveLength(1);
    const [finance01] = await t.p.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.username, 'finance01'));
    expect(sent[0]!.userIds).toContain(finance01!.id);
    expect(sent[0]!.content).toContain(`供应商账户 #${acc!.id}`);
    // mend it the same way, so the ledger is whole again
    await t.p.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(finSupplierAccounts).set({ balance: -200 }).where(eq(finSupplierAccounts.id, acc!.id));
    });
    expect((await runReconciliation(t.p)).ok).toBe(true);
  });
});
