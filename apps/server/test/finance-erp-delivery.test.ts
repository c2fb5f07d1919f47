import { Decimal } from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { produceDeps, produceDocuments } from '../src/modules/finance/erp/produce.js';
import { finErpDocuments } from '../src/modules/finance/erp/schema.js';
import { finBills } from '../src/modules/finance/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { type BilledPeriod, portOf } from '../src/platform/ports.js';
import { startTestApp, type TestApp } from './harness.js';
import { testAccount } from './support/finance-fixture.js';

/**
 * Sales delivery orders with real quantities (decision 0140): the traffic port's billable volume per
 * product from `traffic_daily`, and the lines a produced order takes from it.
 */
let t: TestApp;
let adminId: number;
let seq = 0;
const TAG = { customer: 'ERPD', name: 'ERP delivery customer', alias: 'erpd', account: 'ERPDA' };

/** one rollup row of an account (the other dimensions fixed) */
const traffic = (
  accountId: number,
  day: string,
  product: string,
  m: { count?: number; segments?: number; seconds?: number; revenue: string; status?: string; currency?: string },
) =>
  t.p.db.execute(sql`insert into traffic_daily (day, product, account_id, customer_id, owner_id, channel_id, country,
      network, status, currency, cost_currency, count, segments, seconds, revenue)
    values (${day}, ${product}, ${accountId}, 0, ${adminId}, 0, 'SG', '', ${m.status ?? 'delivered'},
      ${m.currency ?? 'USD'}, 'USD', ${m.count ?? 0}, ${m.segments ?? 0}, ${m.seconds ?? 0}, ${m.revenue})`);

async function bill(accountId: number, amount: string, start: string, end: string) {
  const [b] = await t.p.db
    .insert(finBills)
    .values({
      code: `BLERPD${++seq}`,
      accountId,
      periodStart: start,
      periodEnd: end,
      amount,
      unpaid: amount,
      currency: 'USD',
      dueDay: end,
      overdueAfter: end,
      state: 'issued',
      issuedAt: new Date(`${end}T23:00:00Z`),
    })
    .returning({ id: finBills.id });
  return b!.id;
}

const docOf = async (billId: number) =>
  (
    await t.p.db
      .select()
      .from(finErpDocuments)
      .where(eq(finErpDocuments.sourceKey, `bill:${billId}`))
  )[0];

beforeAll(async () => {
  t = await startTestApp();
  adminId = (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin')))[0]!
    .id;
}, 240_000);
afterAll(() => t?.close());

describe('the traffic port’s billable volumes', () => {
  it('sums an account’s charged traffic per product in its unit over the days asked', async () => {
    const a = await testAccount(t.p.db, adminId, TAG);
    await traffic(a, '2033-01-03', 'sms', { count: 100, segments: 130, revenue: '1.30' });
    await traffic(a, '2033-01-04', 'sms', { count: 20, segments: 20, revenue: '0.20', status: 'failed' });
    await traffic(a, '2033-01-04', 'sms', { count: 5, segments: 7, revenue: '0', status: 'rejected' });
    await traffic(a, '2033-01-05', 'voice', { count: 9, seconds: 150, revenue: '0.75' });
    await traffic(a, '2033-01-05', 'whatsapp', { count: 40, segments: 40, revenue: '2' });
    await traffic(a, '2033-01-05', 'email', { count: 300, segments: 300, revenue: '0.3' });
    await traffic(a, '2033-01-05', 'mo', { count: 11, segments: 11, revenue: '0.11' });
    await traffic(a, '2033-02-01', 'sms', { count: 1000, segments: 1000, revenue: '10' });
    // several periods in one call: one list each, in the order asked (decision 0149)
    const [january, march, february] = await portOf(t.p.db, 'traffic')!.billedVolumes!([
      { accountId: a, from: '2033-01-01', to: '2033-01-31' },
      { accountId: a, from: '2033-03-01', to: '2033-03-31' },
      { accountId: a, from: '2033-02-01', to: '2033-02-28' },
    ]);
    expect(january).toEqual([
      { product: 'email', currency: 'USD', unit: 'mail', quantity: '300', revenue: '0.300000' },
      { product: 'sms', currency: 'USD', unit: 'part', quantity: '150', revenue: '1.500000' },
      { product: 'voice', currency: 'USD', unit: 'minute', quantity: '2.5', revenue: '0.750000' },
      { product: 'whatsapp', currency: 'USD', unit: 'message', quantity: '40', revenue: '2.000000' },
    ]);
    expect(march).toEqual([]);
    expect(february).toEqual([
      { product: 'sms', currency: 'USD', unit: 'part', quantity: '1000', revenue: '10.000000' },
    ]);
    expect(await portOf(t.p.db, 'traffic')!.billedVolumes!([])).toEqual([]);
  });
});

describe('sales delivery orders with the traffic’s quantities', () => {
  it('makes one line per product: the rollup’s sums, the amount shared exactly, price = amount / quantity', async () => {
    const a = await testAccount(t.p.db, adminId, TAG);
    await traffic(a, '2033-04-02', 'sms', { count: 900, segments: 1000, revenue: '30' });
    await traffic(a, '2033-04-20', 'sms', { count: 500, segments: 500, revenue: '15' });
    await traffic(a, '2033-04-09', 'voice', { count: 40, seconds: 3690, revenue: '15' });
    await traffic(a, '2033-05-01', 'voice', { count: 40, seconds: 6000, revenue: '20' });
    const billId = await bill(a, '61.00', '2033-04-01', '2033-04-30');
    const [volumes] = await portOf(t.p.db, 'traffic')!.billedVolumes!([
      { accountId: a, from: '2033-04-01', to: '2033-04-30' },
    ]);
    const res = await produceDocuments(produceDeps(t.p), 'sales-delivery-order', '2033-04-01', '2033-04-30');
    expect(res.created).toBe(1);
    const doc = await docOf(billId);
    const qty = (v: string) => new Decimal(v).toString();
    expect(doc!.lines.map((l) => qty(l.qty))).toEqual(volumes!.map((v) => qty(v.quantity)));
    expect(doc!.lines.map((l) => l.qty)).toEqual(['1500', '61.50']);
    // 61 shared 45 : 15 by the rated revenue; the last line takes the rest
    expect(doc!.lines.map((l) => l.amount)).toEqual(['45.7500', '15.2500']);
    expect(doc!.lines.map((l) => l.price)).toEqual(['0.0305', '0.2480']);
    expect(doc!.lines.reduce((s, l) => s.plus(l.amount), new Decimal(0)).toFixed(4)).toBe('61.0000');
    expect(doc!.amount).toBe('61.0000');
    for (const l of doc!.lines) expect(l.price).toBe(new Decimal(l.amount).div(l.qty).toFixed(4));
    // again: nothing more
    expect((await produceDocuments(produceDeps(t.p), 'sales-delivery-order', '2033-04-01', '2033-04-30')).created).toBe(
      0,
    );
  });

  it('reads the volumes of all the run’s bills in one port call, each bill’s lines as asked alone', async () => {
    const a = await testAccount(t.p.db, adminId, TAG);
    const b = await testAccount(t.p.db, adminId, TAG);
    await traffic(a, '2033-07-02', 'sms', { count: 100, segments: 120, revenue: '6' });
    await traffic(a, '2033-07-03', 'voice', { count: 10, seconds: 600, revenue: '3' });
    await traffic(b, '2033-07-10', 'whatsapp', { count: 50, revenue: '5' });
    await traffic(b, '2033-07-11', 'sms', { count: 10, segments: 10, revenue: '1', currency: 'EUR' });
    const bills = [
      await bill(a, '9.00', '2033-07-01', '2033-07-15'),
      await bill(b, '7.00', '2033-07-01', '2033-07-15'),
      await bill(a, '4.00', '2033-07-16', '2033-07-31'),
    ];
    const deps = produceDeps(t.p);
    const calls: BilledPeriod[][] = [];
    const res = await produceDocuments(
      {
        ...deps,
        volumes: (periods) => {
          calls.push(periods);
          return deps.volumes(periods);
        },
      },
      'sales-delivery-order',
      '2033-07-01',
      '2033-07-31',
    );
    expect(res.created).toBe(3);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(3);
    const docs = await Promise.all(bills.map(docOf));
    // each bill's lines are what its own period's volumes give
    for (const [i, [accountId, from, to]] of (
      [
        [a, '2033-07-01', '2033-07-15'],
        [b, '2033-07-01', '2033-07-15'],
        [a, '2033-07-16', '2033-07-31'],
      ] as const
    ).entries()) {
      const [alone] = await deps.volumes([{ accountId, from, to }]);
      const usd = alone!.filter((v) => v.currency === 'USD');
      expect(docs[i]!.lines.map((l) => new Decimal(l.qty).toString())).toEqual(
        usd.length ? usd.map((v) => new Decimal(v.quantity).toString()) : ['1'],
      );
    }
    expect(docs[0]!.lines.map((l) => l.amount)).toEqual(['6.0000', '3.0000']);
    expect(docs[1]!.lines.map((l) => [l.qty, l.amount])).toEqual([['50', '7.0000']]);
    expect(docs[2]!.lines).toMatchObject([{ qty: '1', amount: '4.0000' }]);
  });

  it('a bill whose period carried nothing billable keeps one line of quantity 1', async () => {
    const a = await testAccount(t.p.db, adminId, TAG);
    await traffic(a, '2033-06-03', 'mo', { count: 3, segments: 3, revenue: '0' });
    const billId = await bill(a, '12.34', '2033-06-01', '2033-06-30');
    await produceDocuments(produceDeps(t.p), 'sales-delivery-order', '2033-06-01', '2033-06-30');
    const doc = await docOf(billId);
    expect(doc!.lines).toHaveLength(1);
    expect(doc!.lines[0]).toMatchObject({ qty: '1', price: '12.3400', amount: '12.3400' });
  });
});
