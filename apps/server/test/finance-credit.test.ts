import { Errors } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireCredit } from '../src/modules/finance/credit.js';
import { dayOf } from '../src/modules/finance/ledger.js';
import { finAccounts, finApplications } from '../src/modules/finance/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import type { AuthContext } from '../src/platform/auth/context.js';
import { exportSource } from '../src/platform/exports/source.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, type TestApp, type Tokens } from './harness.js';
import { openApprovedAccount, startFinanceApp } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/** Credit control (decision 0056): temporary credit, deferral, billing-method and bill-cycle changes. */
let t: TestApp;
let sales: Tokens;
let other: Tokens;
let fin: Tokens;
let customerId: number;
let accountId: number;

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);
const account = async (id: number) => (await t.p.db.select().from(finAccounts).where(eq(finAccounts.id, id)))[0]!;
const idOf = async (username: string) =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;
const applications = async () => (await t.p.db.select({ n: sql<number>`count(*)::int` }).from(finApplications))[0]!.n;

/** finance01 agrees to (or rejects) the request; the answer of the agree call */
async function decide(instanceId: number, how: 'agree' | 'reject' = 'agree') {
  const page = await post(fin, '/v2/workflow/my/toDoPage', { page: 1, size: 200 });
  const task = page.data.records.find((r: { id: number }) => r.id === instanceId);
  expect(task, 'finance01 has the to-do').toBeTruthy();
  return how === 'agree'
    ? post(fin, '/v2/workflow/agree', { taskId: task.taskId, opinion: 'ok' })
    : post(fin, '/v2/workflow/reject', { taskId: task.taskId, target: 'end', opinion: 'not now' });
}
const days = (n: number) => dayOf(new Date(t.clock.now().getTime() + n * 86_400_000));

beforeAll(async () => {
  ({ t, sales, other, fin, customerId } = await startFinanceApp());
  accountId = await openApprovedAccount(t, sales, fin, { customerId, creditLine: '100' });
}, 60_000);
afterAll(async () => t?.close());

describe('credit-control applications', () => {
  it('refuses bad input with its code and writes nothing', async () => {
    const before = await applications();
    const temp = (over: object) =>
      post(sales, '/v2/fc/temp/credit/apply', { accountId, amount: '50', reason: 'x', ...over });
    expect((await temp({ until: days(0) })).code).toBe(Errors.FIN_UNTIL_RANGE.code);
    expect((await temp({ until: days(91) })).code).toBe(Errors.FIN_UNTIL_RANGE.code);
    expect((await temp({ until: '2026-13-45' })).code).toBe(Errors.FIN_UNTIL_RANGE.code);
    expect((await temp({ until: 'tomorrow' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await temp({ until: days(3), amount: '0' })).code).toBe(Errors.FIN_AMOUNT_ZERO.code);
    expect((await temp({ until: days(3), amount: '-5' })).code).toBe(Errors.VALIDATION_FAILED.code);
    const same = await post(sales, '/v2/fc/cre/payChange/apply', { accountId, billing: 'prepaid', reason: 'x' });
    expect(same.code).toBe(Errors.FIN_CHANGE_SAME.code);
    const cycle = await post(sales, '/v2/fc/cre/cycleUpdate/apply', { accountId, billCycle: 'monthly', reason: 'x' });
    expect(cycle.code).toBe(Errors.FIN_CHANGE_SAME.code);
    const bad = await post(sales, '/v2/fc/cre/cycleUpdate/apply', { accountId, billCycle: 'daily', reason: 'x' });
    expect(bad.code).toBe(Errors.VALIDATION_FAILED.code);
    // another sales' customer's account is not in sales02's scope
    const foreign = await post(other, '/v2/fc/cre/returnMoneyDelay/apply', { accountId, until: days(5), reason: 'x' });
    expect(foreign.code).toBe(Errors.NOT_FOUND.code);
    expect(await applications()).toBe(before);
  });

  it('a temporary credit raises the floor only once approved, answers its detail calls, and ends at expiry', async () => {
    const ledger = portOf(t.p.db, 'ledger')!;
    const day = dayOf(t.clock.now());
    await ledger.postConsumption({ accountId, day, amount: '100', currency: 'USD', key: 'credit:c1' });
    const until = days(2);
    const res = await post(sales, '/v2/fc/temp/credit/apply', { accountId, amount: '50', until, reason: 'campaign' });
    expect(res.code, res.msg).toBe(0);
    const twice = await post(sales, '/v2/fc/temp/credit/apply', { accountId, amount: '60', until, reason: 'again' });
    expect(twice.code).toBe(Errors.FIN_APPLICATION_PENDING.code);
    // not yet approved: one cent beyond the line is refused
    await expect(
      ledger.postConsumption({ accountId, day, amount: '0.01', currency: 'USD', key: 'credit:c2' }),
    ).rejects.toMatchObject({ def: Errors.FIN_INSUFFICIENT_BALANCE });
    expect((await decide(res.data.instanceId)).code).toBe(0);
    expect(await account(accountId)).toMatchObject({ tempCredit: '50.0000', tempCreditUntil: until });
    await ledger.postConsumption({ accountId, day, amount: '30', currency: 'USD', key: 'credit:c3' });
    await expect(
      ledger.postConsumption({ accountId, day, amount: '20.01', currency: 'USD', key: 'credit:c4' }),
    ).rejects.toMatchObject({ def: Errors.FIN_INSUFFICIENT_BALANCE });
    const byId = await get(sales, `/v2/fc/temp/credit/${res.data.id}`);
    expect(byId.data).toMatchObject({ kind: 'temp_credit', amount: '50.0000', previousAmount: '0.0000', until });
    const byProcess = await get(fin, `/v2/fc/temp/credit/processInstance/${res.data.instanceId}`);
    expect(byProcess.data).toMatchObject({ id: res.data.id, state: 'approved', deciderId: await idOf('finance01') });
    expect((await get(other, `/v2/fc/temp/credit/${res.data.id}`)).code).toBe(Errors.NOT_FOUND.code);
    // the other kinds' detail calls do not answer it
    expect((await get(sales, `/v2/fc/cre/payChange/${res.data.id}`)).code).toBe(Errors.NOT_FOUND.code);

    // on its last day nothing ends; the day after, the used part (30) stays and no more can be spent
    expect(await expireCredit(t.p.db, until)).toBe(0);
    // (the job's day is given: moving the platform clock three days would expire the test's sign-ins)
    expect(await expireCredit(t.p.db, days(3))).toBe(1);
    expect(await account(accountId)).toMatchObject({ tempCredit: '30.0000', tempCreditUntil: until });
    await expect(
      ledger.postConsumption({ accountId, day, amount: '0.01', currency: 'USD', key: 'credit:c5' }),
    ).rejects.toMatchObject({ def: Errors.FIN_INSUFFICIENT_BALANCE });
    // a recharge pays it back: the next run ends it
    const top = await post(sales, '/v2/fc/financeRecharge/apply', { accountId, amount: '500', reason: 'wire' });
    expect((await decide(top.data.instanceId)).code).toBe(0);
    expect(await expireCredit(t.p.db, days(3))).toBe(1);
    expect(await account(accountId)).toMatchObject({ tempCredit: '0.0000', tempCreditUntil: null });
    expect(await expireCredit(t.p.db, days(3))).toBe(0);
  });

  it('deferral, billing-method and bill-cycle changes apply when approved; a rejection changes nothing', async () => {
    const until = days(10);
    const deferral = await post(sales, '/v2/fc/cre/returnMoneyDelay/apply', { accountId, until, reason: 'month end' });
    expect(deferral.code, deferral.msg).toBe(0);
    const cycle = await post(sales, '/v2/fc/cre/cycleUpdate/apply', { accountId, billCycle: 'weekly', reason: 'x' });
    const method = await post(sales, '/v2/fc/cre/payChange/apply', { accountId, billing: 'postpaid', reason: 'trust' });
    expect([cycle.code, method.code]).toEqual([0, 0]);
    expect(await account(accountId)).toMatchObject({ deferredUntil: null, billCycle: 'monthly', billing: 'prepaid' });
    expect((await decide(deferral.data.instanceId)).code).toBe(0);
    expect((await decide(cycle.data.instanceId, 'reject')).code).toBe(0);
    expect((await decide(method.data.instanceId)).code).toBe(0);
    expect(await account(accountId)).toMatchObject({ deferredUntil: until, billCycle: 'monthly', billing: 'postpaid' });
    const d = await get(sales, `/v2/fc/cre/payChange/processInstance/${method.data.instanceId}`);
    expect(d.data).toMatchObject({ kind: 'billing_change', changeFrom: 'prepaid', changeTo: 'postpaid' });
    expect((await get(sales, `/v2/fc/cre/returnMoneyDelay/${deferral.data.id}`)).data).toMatchObject({ until });

    // back to prepaid while owing more than the line: the approval is refused by the floor check
    const ledger = portOf(t.p.db, 'ledger')!;
    const balance = (await account(accountId)).balance;
    await ledger.postConsumption({
      accountId,
      day: dayOf(t.clock.now()),
      amount: (Number(balance) + 150).toFixed(2),
      currency: 'USD',
      key: 'credit:post1',
    });
    const back = await post(sales, '/v2/fc/cre/payChange/apply', { accountId, billing: 'prepaid', reason: 'x' });
    expect(back.code, back.msg).toBe(0);
    expect((await decide(back.data.instanceId)).code).toBe(Errors.FIN_BILLING_BELOW_DEBT.code);
    expect((await account(accountId)).billing).toBe('postpaid');

    // credit-record: every change with who decided it
    const records = await post(fin, '/v2/fc/application/page', {
      accountId,
      kind: ['temp_credit', 'deferral', 'billing_change', 'cycle_change'],
    });
    expect(records.code, records.msg).toBe(0);
    const byKind = Object.fromEntries(
      records.data.records
        .filter((r: { state: string }) => r.state !== 'pending')
        .map((r: { kind: string; state: string; deciderName: string }) => [`${r.kind}:${r.state}`, r.deciderName]),
    );
    const finName = (await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, 'finance01')))[0]!.name;
    expect(byKind).toEqual({
      'temp_credit:approved': finName,
      'deferral:approved': finName,
      'cycle_change:rejected': finName,
      'billing_change:approved': finName,
    });
  });
});

describe('exports run later keep the finance "all accounts" key', () => {
  /** the caller as the download center's task sees them (permissions and scope read at run time) */
  const authOf = async (username: string): Promise<AuthContext> => {
    const userId = await idOf(username);
    const access = (await t.p.access.get(userId))!;
    return { userId, username, sessionId: 'export-task:test', perms: access.perms, scope: access.scope };
  };

  it('counts every account for finance staff and only the owner’s for sales', async () => {
    const source = exportSource('finance.account')!;
    const query = source.query.parse({});
    const finance = await authOf('finance01');
    expect(finance.scope.kind, 'finance01’s role scope alone is narrower than all').not.toBe('all');
    const total = (await t.p.db.select({ n: sql<number>`count(*)::int` }).from(finAccounts))[0]!.n;
    expect(await source.count(t.p.db as never, finance, query)).toBe(total);
    const salesCount = await source.count(t.p.db as never, await authOf('sales02'), query);
    expect(salesCount).toBeLessThan(total);
    const entries = exportSource('finance.entry')!;
    const entryTotal = (await t.p.db.execute(sql`select count(*)::int as n from fin_ledger_entries`)) as unknown as {
      rows: { n: number }[];
    };
    expect(await entries.count(t.p.db as never, finance, entries.query.parse({}))).toBe(entryTotal.rows[0]!.n);
  });
});
