import { Errors } from '@portal/contracts';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmCustomers } from '../src/modules/crm/schema.js';
import { reverseEntry } from '../src/modules/finance/ledger.js';
import { accountsPort, ledgerPort } from '../src/modules/finance/ports.js';
import { runReconciliation } from '../src/modules/finance/recon.js';
import { finAccounts, finApplications, finLedgerContra, finLedgerEntries } from '../src/modules/finance/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import type { Notification } from '../src/platform/notify.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

let t: TestApp;
let sales: Tokens;
let other: Tokens;
let fin: Tokens;
let salesId: number;
let ownCustomer: number;
let foreignCustomer: number;

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);
const idOf = async (username: string) =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;

/** finance01 decides the request (agree, or reject to the end) */
async function decide(instanceId: number, how: 'agree' | 'reject' = 'agree') {
  const page = await post(fin, '/v2/workflow/my/toDoPage', { page: 1, size: 200 });
  const task = page.data.records.find((r: { id: number }) => r.id === instanceId);
  expect(task, 'finance01 has the to-do').toBeTruthy();
  const res =
    how === 'agree'
      ? await post(fin, '/v2/workflow/agree', { taskId: task.taskId, opinion: 'ok' })
      : await post(fin, '/v2/workflow/reject', { taskId: task.taskId, target: 'end', opinion: 'no wire seen' });
  expect(res.code, res.msg).toBe(0);
}
const account = async (id: number) => (await t.p.db.select().from(finAccounts).where(eq(finAccounts.id, id)))[0]!;

beforeAll(async () => {
  t = await startTestApp();
  [sales, other, fin] = await Promise.all([
    signIn(t.app, DEMO.sales01),
    signIn(t.app, { username: 'sales02', password: 'Sales#2026' }),
    signIn(t.app, DEMO.finance01),
  ]);
  salesId = await idOf('sales01');
  const mine = await t.p.db
    .select({ id: crmCustomers.id })
    .from(crmCustomers)
    .where(and(eq(crmCustomers.ownerId, salesId), ne(crmCustomers.state, 'blacklist')))
    .limit(1);
  const theirs = await t.p.db
    .select({ id: crmCustomers.id })
    .from(crmCustomers)
    .where(and(isNotNull(crmCustomers.ownerId), ne(crmCustomers.ownerId, salesId)))
    .limit(1);
  ownCustomer = mine[0]!.id;
  foreignCustomer = theirs[0]!.id;
}, 60_000);
afterAll(async () => t?.close());

const openBody = (over: object = {}) => ({
  customerId: ownCustomer,
  products: ['sms', 'voice'],
  currency: 'USD',
  billing: 'prepaid',
  creditLine: '100',
  ...over,
});

let accountId: number;

describe('consumer accounts', () => {
  it('refuses bad openings and writes nothing', async () => {
    const before = (await t.p.db.select({ n: sql<number>`count(*)::int` }).from(finAccounts))[0]!.n;
    expect((await post(sales, '/v2/fc/account/apply', openBody({ customerId: foreignCustomer }))).code).toBe(
      Errors.FIN_CUSTOMER_UNKNOWN.code,
    );
    expect((await post(sales, '/v2/fc/account/apply', openBody({ currency: 'XQZ' }))).code).toBe(
      Errors.FIN_CURRENCY_UNKNOWN.code,
    );
    expect((await post(sales, '/v2/fc/account/apply', openBody({ billing: 'barter' }))).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await post(sales, '/v2/fc/account/apply', openBody({ creditLine: '1.23456' }))).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await post(other, '/v2/fc/account/apply', openBody())).code).toBe(Errors.FIN_CUSTOMER_UNKNOWN.code);
    expect((await t.p.db.select({ n: sql<number>`count(*)::int` }).from(finAccounts))[0]!.n).toBe(before);
  });

  it('opens an account only when finance approves; the status page and the scoped list show it', async () => {
    const res = await post(sales, '/v2/fc/account/apply', openBody());
    expect(res.code, res.msg).toBe(0);
    accountId = res.data.id;
    expect(res.data.code).toMatch(/^CA\d+$/);
    let status = await get(sales, `/v2/fc/account/approvalStatus/${accountId}`);
    expect(status.data).toMatchObject({ state: 'applying', application: { kind: 'open', state: 'pending' } });
    // money cannot move into an account that is not open
    const early = await post(sales, '/v2/fc/financeRecharge/apply', { accountId, amount: '10', reason: 'x' });
    expect(early.code).toBe(Errors.FIN_ACCOUNT_NOT_ACTIVE.code);
    await decide(res.data.instanceId);
    status = await get(sales, `/v2/fc/account/approvalStatus/${accountId}`);
    expect(status.data).toMatchObject({ state: 'active', application: { state: 'approved' } });
    expect((await account(accountId)).openedAt).not.toBeNull();
    // the customer's accounts tab: the owner sees it, another sales does not, finance does
    const mine = await post(sales, '/v2/fc/account/page', { customerId: ownCustomer });
    expect(mine.code, mine.msg).toBe(0);
    expect(mine.data.records.map((r: { id: number }) => r.id)).toContain(accountId);
    expect(mine.data.records.find((r: { id: number }) => r.id === accountId)).toMatchObject({
      balance: '0.0000',
      creditLine: '100.0000',
      ownerId: salesId,
      state: 'active',
    });
    expect((await post(other, '/v2/fc/account/page', { customerId: ownCustomer })).data.records).toEqual([]);
    expect((await get(other, `/v2/fc/account/approvalStatus/${accountId}`)).code).toBe(Errors.NOT_FOUND.code);
    const seen = await post(fin, '/v2/fc/account/page', { customerId: ownCustomer });
    expect(seen.data.records.map((r: { id: number }) => r.id)).toContain(accountId);
  });

  it('a rejected opening never becomes active', async () => {
    const res = await post(sales, '/v2/fc/account/apply', openBody({ currency: 'EUR', billing: 'postpaid' }));
    await decide(res.data.instanceId, 'reject');
    expect((await account(res.data.id)).state).toBe('rejected');
    const port = portOf(t.p.db, 'accounts')!;
    expect((await port.byIds([res.data.id])).get(res.data.id)?.state).toBe('closed');
    expect((await port.active()).some((a) => a.id === res.data.id)).toBe(false);
    expect((await port.byCodes([(await account(accountId)).code])).get((await account(accountId)).code)).toMatchObject({
      id: accountId,
      ownerId: salesId,
      billing: 'prepaid',
      products: ['sms', 'voice'],
    });
  });
});

describe('money moves only by approved applications', () => {
  it('a recharge posts its entry when approved, in the approval’s transaction; the detail calls answer', async () => {
    const bad = await post(sales, '/v2/fc/financeRecharge/apply', { accountId, amount: '0', reason: 'x' });
    expect(bad.code).toBe(Errors.FIN_AMOUNT_ZERO.code);
    const neg = await post(sales, '/v2/fc/financeRecharge/apply', { accountId, amount: '-5', reason: 'x' });
    expect(neg.code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await post(other, '/v2/fc/financeRecharge/apply', { accountId, amount: '5', reason: 'x' })).code).toBe(
      Errors.NOT_FOUND.code,
    );
    const res = await post(sales, '/v2/fc/financeRecharge/apply', {
      accountId,
      amount: '1000.50',
      reference: 'TT778899',
      reason: 'wire received',
    });
    expect(res.code, res.msg).toBe(0);
    expect((await account(accountId)).balance).toBe('0.0000');
    const byId = await get(sales, `/v2/fc/financeRecharge/toAccount/${res.data.id}`);
    expect(byId.data).toMatchObject({ kind: 'recharge', state: 'pending', amount: '1000.5000', entryId: null });
    const byProcess = await get(fin, `/v2/fc/financeRecharge/toAccount/processInstance/${res.data.instanceId}`);
    expect(byProcess.data.id).toBe(res.data.id);
    expect((await get(other, `/v2/fc/financeRecharge/toAccount/${res.data.id}`)).code).toBe(Errors.NOT_FOUND.code);
    // a recharge is not a payment: the payment detail does not answer it
    expect((await get(fin, `/v2/fc/financepay/${res.data.id}`)).code).toBe(Errors.NOT_FOUND.code);
    await decide(res.data.instanceId);
    expect((await account(accountId)).balance).toBe('1000.5000');
    const after = await get(sales, `/v2/fc/financeRecharge/toAccount/${res.data.id}`);
    expect(after.data).toMatchObject({ state: 'approved', balanceAfter: '1000.5000' });
    expect(after.data.entryId).toBeGreaterThan(0);
    const [contra] = await t.p.db.select().from(finLedgerContra).where(eq(finLedgerContra.entryId, after.data.entryId));
    expect(contra).toMatchObject({ book: 'bank', amount: '-1000.5000' });
    const records = await post(fin, '/v2/fc/entry/page', { accountId });
    expect(records.code, records.msg).toBe(0);
    expect(records.data.records).toMatchObject([{ kind: 'recharge', amount: '1000.5000', balanceAfter: '1000.5000' }]);
    const apps = await post(fin, '/v2/fc/application/page', { accountId, kind: ['recharge'] });
    expect(apps.data.records).toMatchObject([
      { state: 'approved', amount: '1000.5000', accountCode: expect.any(String) },
    ]);
  });

  it('a rejected recharge posts nothing; payment and hedge post their kinds', async () => {
    const r = await post(sales, '/v2/fc/financeRecharge/apply', { accountId, amount: '99', reason: 'maybe' });
    await decide(r.data.instanceId, 'reject');
    expect((await account(accountId)).balance).toBe('1000.5000');
    const pay = await post(sales, '/v2/fc/financepay/apply', { accountId, amount: '20', reason: 'payment in' });
    const hedge = await post(fin, '/v2/fc/financeRecharge/tripartite/apply', {
      accountId,
      amount: '30.25',
      reason: 'offset against their routes',
    });
    const gift = await post(fin, '/v2/fc/financeRecharge/gift/apply', { accountId, amount: '5', reason: 'welcome' });
    expect((await post(sales, '/v2/fc/financeRecharge/gift/apply', { accountId, amount: '5', reason: 'x' })).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    for (const a of [pay, hedge, gift]) {
      expect(a.code, a.msg).toBe(0);
      await decide(a.data.instanceId);
    }
    expect((await account(accountId)).balance).toBe('1055.7500');
    expect((await get(fin, `/v2/fc/financepay/processInstance/${pay.data.instanceId}`)).data.state).toBe('approved');
    expect((await get(fin, `/v2/fc/financeRecharge/tripartite/${hedge.data.id}`)).data.amount).toBe('30.2500');
    expect((await get(fin, `/v2/fc/financeRecharge/toAccount/${gift.data.id}`)).data.kind).toBe('gift');
    const kinds = await t.p.db
      .select({ kind: finLedgerEntries.kind })
      .from(finLedgerEntries)
      .where(eq(finLedgerEntries.accountId, accountId));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['gift', 'hedge', 'payment', 'recharge']);
    const [rejected] = await t.p.db.select().from(finApplications).where(eq(finApplications.id, r.data.id));
    expect(rejected).toMatchObject({ state: 'rejected', entryId: null });
  });
  it('a credit line changes only when its application is approved, by the account’s billing method', async () => {
    const wrong = await post(sales, '/v2/fc/cre/postpayCredit/apply', { accountId, creditLine: '500', reason: 'x' });
    expect(wrong.code).toBe(Errors.FIN_CREDIT_BILLING.code);
    const up = await post(sales, '/v2/fc/cre/prepaidcredit/apply', {
      accountId,
      creditLine: '500',
      reason: 'big event',
    });
    expect(up.code, up.msg).toBe(0);
    expect((await account(accountId)).creditLine).toBe('100.0000');
    const d = await get(fin, `/v2/fc/cre/prepaidcredit/processInstance/${up.data.instanceId}`);
    expect(d.data).toMatchObject({ kind: 'prepay_credit', amount: '500.0000', previousAmount: '100.0000' });
    expect((await get(fin, `/v2/fc/cre/postpayCredit/${up.data.id}`)).code).toBe(Errors.NOT_FOUND.code);
    await decide(up.data.instanceId);
    expect((await account(accountId)).creditLine).toBe('500.0000');
    const back = await post(fin, '/v2/fc/cre/prepaidcredit/apply', {
      accountId,
      creditLine: '100',
      reason: 'event over',
    });
    await decide(back.data.instanceId);
    expect((await account(accountId)).creditLine).toBe('100.0000');
    const records = await post(fin, '/v2/fc/application/page', { accountId, kind: ['prepay_credit'] });
    expect(records.data.records.map((r: { amount: string }) => r.amount).sort()).toEqual(['100.0000', '500.0000']);
  });
});

describe('the ledger', () => {
  it('consumption is idempotent by key and refused beyond the credit line by the database', async () => {
    const ledger = portOf(t.p.db, 'ledger')!;
    const day = '2026-11-20';
    expect(await ledger.postConsumption({ accountId, day, amount: '55.75', currency: 'USD', key: 'c:1' })).toEqual({
      posted: true,
    });
    expect(await ledger.postConsumption({ accountId, day, amount: '55.75', currency: 'USD', key: 'c:1' })).toEqual({
      posted: false,
    });
    expect(await ledger.balanceOf(accountId)).toEqual({
      balance: '1000.0000',
      creditLine: '100.0000',
      currency: 'USD',
    });
    // down to minus the credit line is allowed, one cent further is not
    await ledger.postConsumption({ accountId, day, amount: '1100', currency: 'USD', key: 'c:2' });
    await expect(
      ledger.postConsumption({ accountId, day, amount: '0.01', currency: 'USD', key: 'c:3' }),
    ).rejects.toMatchObject({ def: Errors.FIN_INSUFFICIENT_BALANCE });
    await expect(
      ledger.postConsumption({ accountId, day, amount: '1', currency: 'EUR', key: 'c:4' }),
    ).rejects.toMatchObject({ def: Errors.FIN_CURRENCY_MISMATCH });
    expect((await account(accountId)).balance).toBe('-100.0000');
    // a credit line below what the prepaid account owes cannot be approved (the same CHECK)
    const lower = await post(sales, '/v2/fc/cre/prepaidcredit/apply', { accountId, creditLine: '50', reason: 'less' });
    expect(lower.code, lower.msg).toBe(0);
    const todo = await post(fin, '/v2/workflow/my/toDoPage', { page: 1, size: 200 });
    const task = todo.data.records.find((r: { id: number }) => r.id === lower.data.instanceId);
    const refused = await post(fin, '/v2/workflow/agree', { taskId: task.taskId, opinion: 'ok' });
    expect(refused.code).toBe(Errors.FIN_CREDIT_BELOW_DEBT.code);
    expect((await account(accountId)).creditLine).toBe('100.0000');
    expect(await t.p.db.select().from(finLedgerEntries).where(eq(finLedgerEntries.key, 'c:3'))).toEqual([]);
    // a correction is a reversing entry, once
    const [c2] = await t.p.db.select().from(finLedgerEntries).where(eq(finLedgerEntries.key, 'c:2'));
    const rev = await t.p.db.transaction((tx) => reverseEntry(tx, c2!.id, salesId, new Date(), 'wrong rating'));
    expect(rev).toMatchObject({ posted: true, balanceAfter: '1000.0000' });
    const again = await t.p.db.transaction((tx) => reverseEntry(tx, c2!.id, salesId, new Date()));
    expect(again.posted).toBe(false);
    expect((await account(accountId)).balance).toBe('1000.0000');
  });

  it('entries cannot be changed or deleted, and a balance cannot be set outside the ledger', async () => {
    const [e] = await t.p.db.select().from(finLedgerEntries).where(eq(finLedgerEntries.accountId, accountId)).limit(1);
    await expect(
      t.p.db.update(finLedgerEntries).set({ amount: '1' }).where(eq(finLedgerEntries.id, e!.id)),
    ).rejects.toThrow();
    await expect(t.p.db.delete(finLedgerEntries).where(eq(finLedgerEntries.id, e!.id))).rejects.toThrow();
    await expect(t.p.db.delete(finLedgerContra).where(eq(finLedgerContra.entryId, e!.id))).rejects.toThrow();
    await expect(
      t.p.db.update(finAccounts).set({ balance: '999999' }).where(eq(finAccounts.id, accountId)),
    ).rejects.toThrow();
    // other columns of an account may change (its state, by its commands)
    await t.p.db.update(finAccounts).set({ billCycle: 'weekly' }).where(eq(finAccounts.id, accountId));
    expect((await account(accountId)).balance).toBe('1000.0000');
    // the accounts port reads the same
    expect((await accountsPort(t.p.db).byIds([accountId])).get(accountId)?.currency).toBe('USD');
    expect(await ledgerPort(t.p.db).balanceOf(987654)).toBeNull();
  });
});

describe('daily reconciliation', () => {
  it('passes on the seeded and tested ledger, and finds a deliberately broken entry and tells finance', async () => {
    const sent: Notification[] = [];
    t.p.notifier.register('finance-test', async (n) => {
      sent.push(n);
    });
    const good = await runReconciliation(t.p);
    expect(good.ok, JSON.stringify(good)).toBe(true);
    expect(good.accounts).toBeGreaterThan(1);
    expect(sent).toEqual([]);
    // break it behind the triggers' back: a balance moved without an entry, a contra line alone
    await t.p.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(finAccounts).set({ balance: '1234.0000' }).where(eq(finAccounts.id, accountId));
      await tx
        .insert(finLedgerContra)
        .values({ entryId: -1, book: 'bank', amount: '7', currency: 'USD', day: '2026-11-21' });
    });
    const bad = await runReconciliation(t.p);
    expect(bad.ok).toBe(false);
    expect(bad.balanceMismatches).toEqual([{ accountId, balance: '1234.0000', entries: '1000.0000' }]);
    expect(bad.unbalancedDays).toEqual([{ day: '2026-11-21', sum: '7.0000' }]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.userIds).toContain(await idOf('finance01'));
    expect(sent[0]!.title).toContain('财务对账失败');
  });
});
