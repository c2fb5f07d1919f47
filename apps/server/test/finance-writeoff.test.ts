import { Errors } from '@portal/contracts';
import { FinPerm } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide } from '../src/modules/finance/applications.js';
import { runBills } from '../src/modules/finance/bills.js';
import { dayOf, entriesSum } from '../src/modules/finance/ledger.js';
import { runOverdue } from '../src/modules/finance/overdue.js';
import { reconcile } from '../src/modules/finance/recon.js';
import { finBills, finLedgerEntries } from '../src/modules/finance/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { portOf } from '../src/platform/ports.js';
import { accessChanged, bearer, DEMO, signIn, type TestApp, type Tokens } from './harness.js';
import { financeDecisions, financeRecords, startFinanceApp } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * Write-offs of overdue bills (decision 0080): applied for, decided by finance, posted by the
 * approval under the account's lock. Consumption and bills are pinned in 2021, so at the app clock
 * every unpaid bill is overdue; the ladder's days are handed to it.
 */
let t: TestApp;
let sales: Tokens;
let other: Tokens;
let fin: Tokens;
let customerId: number;

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const { agree, reject, approved } = financeDecisions(() => ({ t, fin }));
const { account, application, count: written } = financeRecords(() => t);
const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);

const billsOf = async (accountId: number) =>
  t.p.db.select().from(finBills).where(eq(finBills.accountId, accountId)).orderBy(finBills.periodEnd);
const writeOff = (tok: Tokens, billId: number, reason = 'customer gone') =>
  post(tok, '/v2/fc/bill/writeOff/apply', { billId, reason });

/** A postpaid account of sales01's customer with March's and April's 2021 consumption billed (unpaid). */
async function billedAccount(march: string, april: string) {
  const accountId = await approved(
    await post(sales, '/v2/fc/account/apply', {
      customerId,
      products: ['sms'],
      currency: 'USD',
      billing: 'postpaid',
      billCycle: 'monthly',
      creditLine: '10000',
    }),
  );
  const ledger = portOf(t.p.db, 'ledger')!;
  await ledger.postConsumption({
    accountId,
    day: '2021-03-05',
    amount: march,
    currency: 'USD',
    key: `wo:${accountId}:3`,
  });
  await runBills(t.p.db, '2021-04-02', t.clock.now());
  await ledger.postConsumption({
    accountId,
    day: '2021-04-10',
    amount: april,
    currency: 'USD',
    key: `wo:${accountId}:4`,
  });
  await runBills(t.p.db, '2021-05-02', t.clock.now());
  return accountId;
}
async function pay(accountId: number, amount: string) {
  return approved(
    await post(sales, '/v2/fc/financepay/apply', { accountId, amount, reference: 'WIRE', reason: 'bill' }),
  );
}

beforeAll(async () => {
  ({ t, sales, other, fin, customerId } = await startFinanceApp(FinPerm.WRITE_OFF));
}, 60_000);
afterAll(async () => t?.close());

describe('write-offs', () => {
  let accountId: number;
  let march: number;
  let april: number;

  it('refuses bad write-offs at the application and writes nothing', async () => {
    accountId = await billedAccount('100', '60');
    [march, april] = (await billsOf(accountId)).map((b) => b.id) as [number, number];
    // a bill paid in full is not overdue
    const paidAccount = await billedAccount('30', '20');
    await pay(paidAccount, '50');
    const [paid] = await billsOf(paidAccount);
    expect(paid!.state).toBe('paid');
    const before = await written();
    expect((await writeOff(sales, paid!.id)).code).toBe(Errors.FIN_WRITE_OFF_BILL.code);
    expect((await writeOff(sales, march, '')).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await post(sales, '/v2/fc/bill/writeOff/apply', { billId: -1, reason: 'x' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await writeOff(sales, 2_000_000_000)).code).toBe(Errors.NOT_FOUND.code);
    // data scope: another salesperson does not see the bill
    expect((await writeOff(other, march)).code).toBe(Errors.NOT_FOUND.code);
    // permission: operations hold no write-off key
    const ops = await signIn(t.app, DEMO.ops01);
    expect((await writeOff(ops, march)).code).toBe(Errors.NO_PERMISSION.code);
    expect(await written()).toBe(before);
  });

  it('posts the write-off only when finance approves: the bill written off, the rest still owed', async () => {
    expect((await account(accountId)).balance).toBe('-160.0000');
    const res = await writeOff(fin, march);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.code).toMatch(/^FA\d+$/);
    // one write-off of a bill at a time
    expect((await writeOff(fin, march)).code).toBe(Errors.FIN_WRITE_OFF_PENDING.code);
    expect((await account(accountId)).balance).toBe('-160.0000');
    expect(await application(res.data.id)).toMatchObject({
      kind: 'write_off',
      state: 'pending',
      billId: march,
      amount: '100.0000',
      entryId: null,
    });

    expect((await agree(res.data.instanceId)).code).toBe(0);
    const app = await application(res.data.id);
    expect(app.state).toBe('approved');
    const [entry] = await t.p.db.select().from(finLedgerEntries).where(eq(finLedgerEntries.id, app.entryId!));
    expect(entry).toMatchObject({ kind: 'write_off', amount: '100.0000', key: `application:${app.id}` });
    const [contra] = rowsOf<{ book: string; amount: string }>(
      await t.p.db.execute(
        sql`select book, amount::text as amount from fin_ledger_contra where entry_id = ${entry!.id}`,
      ),
    );
    expect(contra).toEqual({ book: 'bad_debt', amount: '-100.0000' });
    expect((await account(accountId)).balance).toBe('-60.0000');
    expect(await entriesSum(t.p.db, accountId)).toBe('-60.0000');
    expect((await billsOf(accountId)).map((b) => [b.id, b.state, b.unpaid])).toEqual([
      [march, 'written_off', '0.0000'],
      [april, 'overdue', '60.0000'],
    ]);
    // a second delivery of the outcome posts nothing
    const entries = await written();
    await t.p.db.transaction((tx) => decide(tx, app.id, 'approved', 1, t.clock.now()));
    expect(await written()).toBe(entries);
    // written off: nothing left to write off
    expect((await writeOff(fin, march)).code).toBe(Errors.FIN_WRITE_OFF_BILL.code);

    for (const url of [`/v2/fc/bill/writeOff/${app.id}`, `/v2/fc/bill/writeOff/processInstance/${app.instanceId}`]) {
      const d = await get(sales, url);
      expect(d.code, d.msg).toBe(0);
      expect(d.data).toMatchObject({ kind: 'write_off', billId: march, amount: '100.0000', balanceAfter: '-60.0000' });
      expect((await get(other, url)).code).toBe(Errors.NOT_FOUND.code);
    }
    // the applications list names the bill
    const listed = await post(fin, '/v2/fc/application/page', { kind: ['write_off'], accountId, size: 20 });
    expect(listed.data.records.map((r: { billCode: string }) => r.billCode)).toEqual([
      (await billsOf(accountId))[0]!.code,
    ]);
  });

  it('refuses the approval when a payment came between; applied again, it writes off what is left', async () => {
    const res = await writeOff(fin, april);
    expect(res.code, res.msg).toBe(0);
    expect((await application(res.data.id)).amount).toBe('60.0000');
    await pay(accountId, '20');
    const before = await written();
    expect((await agree(res.data.instanceId)).code).toBe(Errors.FIN_WRITE_OFF_CHANGED.code);
    expect(await written()).toBe(before);
    expect((await application(res.data.id)).state).toBe('pending');
    expect((await billsOf(accountId))[1]).toMatchObject({ state: 'overdue', unpaid: '40.0000' });

    expect((await reject(res.data.instanceId)).code).toBe(0);
    const again = await writeOff(fin, april);
    expect(again.code, again.msg).toBe(0);
    expect((await application(again.data.id)).amount).toBe('40.0000');
    expect((await agree(again.data.instanceId)).code).toBe(0);
    expect((await account(accountId)).balance).toBe('0.0000');
    expect(await entriesSum(t.p.db, accountId)).toBe('0.0000');
    expect((await billsOf(accountId)).map((b) => b.state)).toEqual(['written_off', 'written_off']);
    const r = await reconcile(t.p.db, dayOf(t.clock.now()));
    expect(r.balanceMismatches).toEqual([]);
    expect(r.unbalancedDays).toEqual([]);
  });

  it('approved beside a payment at once: never both counting the same money', async () => {
    const acc = await billedAccount('80', '50');
    const [bill] = await billsOf(acc);
    const wo = await writeOff(fin, bill!.id);
    const payment = await post(sales, '/v2/fc/financepay/apply', { accountId: acc, amount: '30', reason: 'wire' });
    expect(wo.code, wo.msg).toBe(0);
    expect(payment.code, payment.msg).toBe(0);
    const [a, b] = await Promise.all([agree(wo.data.instanceId), agree(payment.data.instanceId)]);
    expect(b.code, b.msg).toBe(0);
    const state = (await application(wo.data.id)).state;
    if (a.code === 0) {
      // the write-off went first: March's 80 gone, the payment settles April's 50 down to 20
      expect(state).toBe('approved');
      expect((await account(acc)).balance).toBe('-20.0000');
      expect((await billsOf(acc)).map((x) => [x.state, x.unpaid])).toEqual([
        ['written_off', '0.0000'],
        ['overdue', '20.0000'],
      ]);
    } else {
      // the payment went first (oldest bill first): March owes 50, not the 80 approved
      expect(a.code).toBe(Errors.FIN_WRITE_OFF_CHANGED.code);
      expect(state).toBe('pending');
      expect((await account(acc)).balance).toBe('-100.0000');
    }
    expect(await entriesSum(t.p.db, acc)).toBe((await account(acc)).balance);
  });

  it('applied for at once: one write-off of a bill, the others refused', async () => {
    const acc = await billedAccount('10', '10');
    const [bill] = await billsOf(acc);
    const answers = await Promise.all([1, 2, 3, 4].map(() => writeOff(fin, bill!.id)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === Errors.FIN_WRITE_OFF_PENDING.code)).toHaveLength(3);
  });

  it('keeps a bad-debt account suspended once its debt is written off', async () => {
    const acc = await billedAccount('200', '0.5');
    // March's bill is due 04-15: 91 days on 07-15, the seeded ladder's bad-debt step (90 days)
    await runOverdue(t.p, '2021-07-15');
    expect(await account(acc)).toMatchObject({ state: 'suspended', badDebtSince: '2021-07-15' });
    for (const b of await billsOf(acc)) await approved(await writeOff(fin, b.id));
    expect((await account(acc)).balance).toBe('0.0000');
    await runOverdue(t.p, '2021-07-16');
    expect(await account(acc)).toMatchObject({ state: 'suspended', badDebtSince: '2021-07-15' });
    expect((await portOf(t.p.db, 'accounts')!.active()).some((a) => a.id === acc)).toBe(false);

    // the way back is a person's decision (decision 0093): a reinstatement finance approves
    const reinstate = (tok: Tokens, reason = 'new terms agreed') =>
      post(tok, '/v2/fc/account/reinstate/apply', { accountId: acc, reason });
    const before = await written();
    expect((await reinstate(fin, '  ')).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await reinstate(other)).code).toBe(Errors.NO_PERMISSION.code);
    expect(await written()).toBe(before);
    const applied = await reinstate(fin);
    expect(applied.code, applied.msg).toBe(0);
    expect((await reinstate(fin)).code).toBe(Errors.FIN_REINSTATE_PENDING.code);
    // nothing changes while it is under review
    expect(await account(acc)).toMatchObject({ state: 'suspended', badDebtSince: '2021-07-15' });
    const detail = await get(fin, `/v2/fc/account/reinstate/${applied.data.id}`);
    expect(detail.code, detail.msg).toBe(0);
    expect(detail.data).toMatchObject({ kind: 'reinstate', state: 'pending' });
    expect((await agree(applied.data.instanceId)).code).toBe(0);
    expect(await account(acc)).toMatchObject({ state: 'active', badDebtSince: null });
    expect((await portOf(t.p.db, 'accounts')!.active()).some((a) => a.id === acc)).toBe(true);
    const lifted = rowsOf<{ open: number }>(
      await t.p.db.execute(
        sql`select count(*)::int as open from fin_overdue_actions where account_id = ${acc} and action in ('suspend', 'bad_debt') and lifted_at is null`,
      ),
    );
    expect(lifted[0]!.open).toBe(0);
    // an active account has nothing to reinstate
    expect((await reinstate(fin)).code).toBe(Errors.FIN_REINSTATE_NOT_SUSPENDED.code);
    expect((await reconcile(t.p.db, dayOf(t.clock.now()))).ok).toBe(true);
  });

  it("refuses a reinstatement outside the caller's scope and one a rejected approval left", async () => {
    const acc = await billedAccount('300', '1');
    await runOverdue(t.p, '2021-07-15');
    expect((await account(acc)).state).toBe('suspended');
    // sales02 holds the key for this check but sales01's customer is outside its scope
    await t.p.db.execute(sql`
      insert into role_resources (role_id, resource_id)
      select r.id, s.id from roles r, resources s
      where r.code = 'sales' and s.international = ${FinPerm.REINSTATE}
      on conflict do nothing`);
    await accessChanged(t.p);
    const outside = await post(other, '/v2/fc/account/reinstate/apply', { accountId: acc, reason: 'x' });
    expect(outside.code).toBe(Errors.NOT_FOUND.code);
    const applied = await post(fin, '/v2/fc/account/reinstate/apply', { accountId: acc, reason: 'try' });
    expect(applied.code, applied.msg).toBe(0);
    expect((await reject(applied.data.instanceId)).code).toBe(0);
    expect((await application(applied.data.id)).state).toBe('rejected');
    expect((await account(acc)).state).toBe('suspended');
  });
});
