import { Errors } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmCustomers } from '../src/modules/crm/schema.js';
import { postEntry } from '../src/modules/finance/ledger.js';
import { finAccounts } from '../src/modules/finance/schema.js';
import { snapshotYesterday, takeSnapshot } from '../src/modules/finance/snapshots.js';
import { rowsOf } from '../src/platform/db/index.js';
import { DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { keyedPost } from './support/signed-in.js';

/** account/snapshot (decision 0092): end-of-day balances taken from the ledger by the entries' own day. */

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.close());

async function account(openedAt: string, ownerName = 'sales01') {
  const n = ++seq;
  const [owner] = rowsOf<{ id: number }>(
    await t.p.db.execute(sql`select id from staff_users where username = ${ownerName}`),
  );
  const [c] = await t.p.db
    .insert(crmCustomers)
    .values({ code: `SN${n}`, name: `Snapshot ${n}`, alias: `snap${n}`, type: 'C', country: 'SG', ownerId: owner!.id })
    .returning({ id: crmCustomers.id });
  const [a] = await t.p.db
    .insert(finAccounts)
    .values({
      code: `CA7${String(n).padStart(5, '0')}`,
      customerId: c!.id,
      currency: 'EUR',
      billing: 'prepaid',
      creditLine: '500',
      applicantId: owner!.id,
      state: 'active',
      openedAt: new Date(openedAt),
    })
    .returning({ id: finAccounts.id });
  return a!.id;
}

const post = (accountId: number, day: string, amount: string, kind: 'recharge' | 'consumption') =>
  t.p.db.transaction((tx) =>
    postEntry(tx, {
      accountId,
      kind,
      amount,
      currency: 'EUR',
      day,
      key: `snap:${accountId}:${day}:${amount}`,
      at: new Date(`${day}T12:00:00Z`),
    }),
  );

const snapshot = async (accountId: number, day: string) =>
  rowsOf<Record<string, string | number>>(
    await t.p.db.execute(sql`
      select opening::text, credits::text, debits::text, closing::text, credit_line::text, entries, state
      from fin_account_snapshots where account_id = ${accountId} and day = ${day}`),
  )[0];

describe('account snapshots', () => {
  it('sums the entries by their day: opening, credits, debits, closing', async () => {
    const id = await account('2025-10-01T08:00:00Z');
    await post(id, '2025-10-05', '100', 'recharge');
    await post(id, '2025-10-07', '-30', 'consumption');
    await post(id, '2025-10-07', '50', 'recharge');
    await post(id, '2025-10-09', '-20', 'consumption');
    for (const day of ['2025-10-06', '2025-10-07', '2025-10-09']) await takeSnapshot(t.p.db, day);

    expect(await snapshot(id, '2025-10-06')).toMatchObject({
      opening: '100.0000',
      credits: '0.0000',
      debits: '0.0000',
      closing: '100.0000',
      entries: 0,
    });
    expect(await snapshot(id, '2025-10-07')).toMatchObject({
      opening: '100.0000',
      credits: '50.0000',
      debits: '30.0000',
      closing: '120.0000',
      credit_line: '500.0000',
      entries: 2,
      state: 'active',
    });
    const last = await snapshot(id, '2025-10-09');
    expect(last).toMatchObject({ opening: '120.0000', debits: '20.0000', closing: '100.0000' });
    // the last day's closing is the account's balance (every entry is on or before it)
    const [acc] = rowsOf<{ balance: string }>(
      await t.p.db.execute(sql`select balance::text from fin_accounts where id = ${id}`),
    );
    expect(last!.closing).toBe(acc!.balance);
  });

  it('is taken once: a second run adds nothing and a late entry of that day changes no snapshot', async () => {
    const id = await account('2025-11-01T00:00:00Z');
    await post(id, '2025-11-03', '80', 'recharge');
    expect(await takeSnapshot(t.p.db, '2025-11-03')).toBeGreaterThanOrEqual(1);
    expect(await takeSnapshot(t.p.db, '2025-11-03')).toBe(0);
    await post(id, '2025-11-03', '-5', 'consumption');
    expect(await snapshot(id, '2025-11-03')).toMatchObject({ closing: '80.0000', entries: 1 });
    // the next day's opening carries the late entry: the snapshot is what was known, the sums stay true
    await takeSnapshot(t.p.db, '2025-11-04');
    expect(await snapshot(id, '2025-11-04')).toMatchObject({ opening: '75.0000', closing: '75.0000' });
  });

  it('leaves out an account opened after the day, and takes yesterday by the app clock', async () => {
    const later = await account('2025-12-10T09:00:00Z');
    await takeSnapshot(t.p.db, '2025-12-09');
    expect(await snapshot(later, '2025-12-09')).toBeUndefined();
    await takeSnapshot(t.p.db, '2025-12-10');
    expect(await snapshot(later, '2025-12-10')).toMatchObject({ opening: '0.0000', closing: '0.0000' });

    const dayAfter = new Date(`${new Date(t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`);
    const fresh = await account(dayAfter.toISOString());
    const run = await snapshotYesterday(t.p);
    expect(run.day).toBe(dayAfter.toISOString().slice(0, 10));
    expect(await snapshot(fresh, run.day)).toBeDefined();
  });

  it('answers through the list with the data scope: sales01 sees its customers only; bad filters are refused', async () => {
    const mine = await account('2025-09-01T00:00:00Z', 'sales01');
    const theirs = await account('2025-09-01T00:00:00Z', 'sales02');
    await takeSnapshot(t.p.db, '2025-09-15');
    const admin = await signIn(t.app, DEMO.admin);
    const sales = await signIn(t.app, DEMO.sales01);
    // the finance screen's key is the finance role's; give it to sales for this check of the scope
    await t.p.db.execute(sql`
      insert into role_resources (role_id, resource_id)
      select r.id, s.id from roles r, resources s
      where r.code = 'sales' and s.international = 'financial:account:snapshot'
      on conflict do nothing`);
    const page = (tok: Tokens, body: object) =>
      keyedPost<{ code: number; data: { records: { accountId: number; [k: string]: unknown }[] } }>(
        t,
        tok,
        '/v2/fc/account/snapshot/page',
        {
          current: 1,
          size: 50,
          day: ['2025-09-15', '2025-09-15'],
          ...body,
        },
      );
    const all = await page(admin, {});
    const ids = all.data.records.map((r: { accountId: number }) => r.accountId);
    expect(ids).toEqual(expect.arrayContaining([mine, theirs]));
    const own = await page(sales, {});
    const ownIds = own.data.records.map((r: { accountId: number }) => r.accountId);
    expect(ownIds).toContain(mine);
    expect(ownIds).not.toContain(theirs);
    const row = all.data.records.find((r: { accountId: number }) => r.accountId === mine);
    expect(row).toMatchObject({ closing: '0.0000', available: '500.0000', billing: 'prepaid' });
    const bad = await page(admin, { day: ['not a day', '2025-09-15'] });
    expect(bad.code).toBe(Errors.VALIDATION_FAILED.code);
  });
});
