import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSupplierEntry } from '../src/modules/finance/suppliers/ledger.js';
import { markSupplierFloor, runSupplierOverdue } from '../src/modules/finance/suppliers/overdue.js';
import {
  finSupplierAccounts,
  finSupplierControlSet,
  finSupplierControls,
  finSupplierOverdue,
} from '../src/modules/finance/suppliers/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import type { Notification } from '../src/platform/notify.js';
import { DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { keyedPost } from './support/signed-in.js';
import { testSupplier } from './support/supplier-fixture.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * A prepaid supplier account under its floor on the overdue list (decision 0126): the daily run lists
 * an account we prepaid whose balance is under the `balance floor` of its currency in force that day,
 * once (also when two runs meet), tells the owner / finance once, leaves exempt suppliers and accounts
 * never prepaid out, and settles the row once the account is topped up.
 */
let t: TestApp;
let fin: Tokens;
let seq = 0;
const sent: Notification[] = [];
const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const userId = async (username: string) =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;

/** a supplier's sms account in XFA with `prepaid` then `cost` posted through the supplier ledger */
async function account(owner: number, prepaid: number, cost: number) {
  const s = await testSupplier(t.p.db, { prefix: 'F', ownerId: owner });
  const [a] = await t.p.db
    .insert(finSupplierAccounts)
    .values({ code: `SAF${String(++seq).padStart(5, '0')}`, supplierId: s.id, product: 'sms', currency: 'XFA' })
    .returning({ id: finSupplierAccounts.id, code: finSupplierAccounts.code });
  const at = t.p.clock.now();
  await t.p.db.transaction(async (tx) => {
    if (prepaid)
      await postSupplierEntry(tx, {
        supplierAccountId: a!.id,
        kind: 'prepayment',
        amount: prepaid,
        currency: 'XFA',
        day: '2026-10-01',
        key: `floor-pre-${seq}`,
        at,
      });
    if (cost)
      await postSupplierEntry(tx, {
        supplierAccountId: a!.id,
        kind: 'cost',
        amount: -cost,
        currency: 'XFA',
        day: '2026-10-02',
        key: `floor-cost-${seq}`,
        at,
      });
  });
  return { id: a!.id, code: a!.code, supplierId: s.id };
}
const rowsOfAccount = (id: number) =>
  t.p.db.select().from(finSupplierOverdue).where(eq(finSupplierOverdue.supplierAccountId, id));

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  t.p.notifier.register('supplier-floor-test', async (n) => void sent.push(n));
  fin = await signIn(t.app, DEMO.finance01);
  // a floor of 500.00 until November, 1,000.00 from then
  await t.p.db.insert(finSupplierControlSet).values([
    { currency: 'XFA', effectiveFrom: '2000-01-01', dueDays: 10, warnDays: 0, balanceFloor: 50_000, toOwner: true },
    { currency: 'XFA', effectiveFrom: '2026-11-01', dueDays: 10, warnDays: 0, balanceFloor: 100_000, toFinance: true },
  ]);
}, 240_000);
afterAll(() => t?.close());

describe('prepaid supplier under its floor', () => {
  it('lists an account under the floor in force once, tells once, settles it when topped up', async () => {
    const owner = await userId('sales01');
    const low = await account(owner, 100_000, 60_000); // 400.00
    const fine = await account(owner, 100_000, 20_000); // 800.00: above 500, under 1,000 from November
    const never = await account(owner, 0, 0); // never prepaid: no floor
    sent.length = 0;
    await runSupplierOverdue(t.p, '2026-10-20');
    // the demo's prepaid accounts under their floors are listed too: only ours are looked at
    const toldOf = async (accountId: number) => {
      const ids = (await rowsOfAccount(accountId)).map((r) => String(r.id));
      return sent.filter((n) => n.source?.kind === 'finance.supplier.floor' && ids.includes(n.source.id));
    };
    expect(await rowsOfAccount(low.id)).toEqual([
      expect.objectContaining({
        reason: 'floor',
        step: 'overdue',
        state: 'open',
        balance: 40_000,
        floor: 50_000,
        dueDay: '2026-10-20',
        billId: null,
      }),
    ]);
    expect(await rowsOfAccount(fine.id)).toEqual([]);
    expect(await rowsOfAccount(never.id)).toEqual([]);
    const told = await toldOf(low.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.userIds).toEqual([owner]);
    // a rerun adds nothing and tells nobody
    await runSupplierOverdue(t.p, '2026-10-21');
    expect(await rowsOfAccount(low.id)).toHaveLength(1);
    expect(await toldOf(low.id)).toHaveLength(1);
    // November's floor catches the second account, told to finance as the setting says
    await runSupplierOverdue(t.p, '2026-11-02');
    expect(await rowsOfAccount(fine.id)).toEqual([expect.objectContaining({ floor: 100_000, state: 'open' })]);
    expect((await toldOf(fine.id))[0]!.userIds).toContain(await userId('finance01'));
    // the list shows the reason, the account and its balance
    const list = await post(fin, '/v2/fc/supplier-control/overdue/page', { page: 1, size: 50, reason: 'floor' });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.records.find((r: { accountCode: string }) => r.accountCode === low.code)).toMatchObject({
      reason: 'floor',
      balance: 40_000,
      floor: 50_000,
      billCode: null,
    });

    // topped up to the floor: settled; falling under again later opens a new row
    await t.p.db.transaction((tx) =>
      postSupplierEntry(tx, {
        supplierAccountId: low.id,
        kind: 'prepayment',
        amount: 60_000,
        currency: 'XFA',
        day: '2026-11-03',
        key: 'floor-top-up',
        at: t.p.clock.now(),
      }),
    );
    await runSupplierOverdue(t.p, '2026-11-03');
    expect(await rowsOfAccount(low.id)).toEqual([expect.objectContaining({ state: 'settled' })]);
    await t.p.db.transaction((tx) =>
      postSupplierEntry(tx, {
        supplierAccountId: low.id,
        kind: 'cost',
        amount: -10_000,
        currency: 'XFA',
        day: '2026-11-04',
        key: 'floor-cost-again',
        at: t.p.clock.now(),
      }),
    );
    await runSupplierOverdue(t.p, '2026-11-04');
    const rows = await rowsOfAccount(low.id);
    expect(rows.map((r) => r.state).sort()).toEqual(['open', 'settled']);
  });

  it('leaves exempt suppliers out; two runs at once list an account once', async () => {
    const owner = await userId('finance01');
    const exempt = await account(owner, 10_000, 5_000);
    await t.p.db
      .insert(finSupplierControls)
      .values({ kind: 'exempt', supplierId: exempt.supplierId, fromDay: '2026-01-01', reason: 'agreed terms' });
    const both = await account(owner, 10_000, 5_000);
    const now = t.p.clock.now();
    const [a, b] = await Promise.all([
      markSupplierFloor(t.p.db, '2026-12-01', now),
      markSupplierFloor(t.p.db, '2026-12-01', now),
    ]);
    expect(await rowsOfAccount(exempt.id)).toEqual([]);
    expect(await rowsOfAccount(both.id)).toHaveLength(1);
    expect([...a, ...b].filter((x) => x.account.account_id === both.id)).toHaveLength(1);
  });
});
