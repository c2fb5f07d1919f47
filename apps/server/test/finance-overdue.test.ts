import { Errors } from '@portal/contracts';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmCustomers } from '../src/modules/crm/schema.js';
import { closedPeriods, runBills, settleBills } from '../src/modules/finance/bills.js';
import { runOverdue } from '../src/modules/finance/overdue.js';
import { finAccounts, finBills, finCreditRules, finOverdueActions } from '../src/modules/finance/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import type { Notification } from '../src/platform/notify.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens, xlsxSheets } from './harness.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * Bills and the overdue ladder (decision 0064). Days are pinned in 2021, before any bill the demo
 * seed issues, and handed to the runs: the wall clock's date plays no part.
 */
let t: TestApp;
let sales: Tokens;
let other: Tokens;
let fin: Tokens;
let admin: Tokens;
let accountId: number;
let salesId: number;
const sent: Notification[] = [];

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const idOf = async (username: string) =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;
const account = async () => (await t.p.db.select().from(finAccounts).where(eq(finAccounts.id, accountId)))[0]!;
const billsOf = async () =>
  t.p.db.select().from(finBills).where(eq(finBills.accountId, accountId)).orderBy(finBills.periodEnd);
const actionsOf = async () =>
  t.p.db
    .select({ action: finOverdueActions.action })
    .from(finOverdueActions)
    .where(eq(finOverdueActions.accountId, accountId))
    .orderBy(finOverdueActions.id);
const consume = (day: string, amount: string, key: string) =>
  portOf(t.p.db, 'ledger')!.postConsumption({ accountId, day, amount, currency: 'USD', key });

async function decide(instanceId: number) {
  const page = await post(fin, '/v2/workflow/my/toDoPage', { page: 1, size: 200 });
  const task = page.data.records.find((r: { id: number }) => r.id === instanceId);
  expect(task, 'finance01 has the to-do').toBeTruthy();
  return post(fin, '/v2/workflow/agree', { taskId: task.taskId, opinion: 'ok' });
}
async function pay(amount: string) {
  const res = await post(sales, '/v2/fc/financepay/apply', { accountId, amount, reference: 'WIRE', reason: 'bill' });
  expect(res.code, res.msg).toBe(0);
  expect((await decide(res.data.instanceId)).code).toBe(0);
}

beforeAll(async () => {
  t = await startTestApp();
  t.p.notifier.register('overdue-test', async (n) => void sent.push(n));
  [sales, other, fin, admin] = await Promise.all([
    signIn(t.app, DEMO.sales01),
    signIn(t.app, { username: 'sales02', password: 'Sales#2026' }),
    signIn(t.app, DEMO.finance01),
    signIn(t.app, DEMO.admin),
  ]);
  salesId = await idOf('sales01');
  const [mine] = await t.p.db
    .select({ id: crmCustomers.id })
    .from(crmCustomers)
    .where(and(eq(crmCustomers.ownerId, salesId), ne(crmCustomers.state, 'blacklist'), isNotNull(crmCustomers.ownerId)))
    .limit(1);
  const opened = await post(sales, '/v2/fc/account/apply', {
    customerId: mine!.id,
    products: ['sms'],
    currency: 'USD',
    billing: 'postpaid',
    billCycle: 'monthly',
    creditLine: '10000',
  });
  expect(opened.code, opened.msg).toBe(0);
  expect((await decide(opened.data.instanceId)).code).toBe(0);
  accountId = opened.data.id;
}, 60_000);
afterAll(async () => t?.close());

describe('bill cycles', () => {
  it('closes the latest period of each cycle before the day', () => {
    // 2021-04-10 is a Saturday
    expect(closedPeriods('2021-04-10')).toEqual({
      monthly: ['2021-03-01', '2021-03-31'],
      semimonthly: ['2021-03-16', '2021-03-31'],
      weekly: ['2021-03-29', '2021-04-04'],
    });
    expect(closedPeriods('2021-04-16').semimonthly).toEqual(['2021-04-01', '2021-04-15']);
    expect(closedPeriods('2021-03-01').monthly).toEqual(['2021-02-01', '2021-02-28']);
    expect(closedPeriods('2021-04-12').weekly).toEqual(['2021-04-05', '2021-04-11']);
  });
});

describe('bills, statements and the overdue ladder', () => {
  it('issues one numbered bill per closed period with its statement; a second run adds nothing', async () => {
    await consume('2021-03-05', '100', 'bill:c1');
    await consume('2021-03-20', '50', 'bill:c2');
    await consume('2021-04-02', '30', 'bill:c3');
    // nothing closed yet on the last day of March
    await runBills(t.p.db, '2021-03-31', t.clock.now());
    expect(await billsOf()).toHaveLength(0);
    await runBills(t.p.db, '2021-04-10', t.clock.now());
    await runBills(t.p.db, '2021-04-11', t.clock.now());
    const [bill, ...more] = await billsOf();
    expect(more).toHaveLength(0);
    expect(bill).toMatchObject({
      periodStart: '2021-03-01',
      periodEnd: '2021-03-31',
      amount: '150.0000',
      unpaid: '150.0000',
      state: 'issued',
      // monthly: 15 days' terms, 5 days' grace (seeded bill-cycle)
      dueDay: '2021-04-15',
      overdueAfter: '2021-04-20',
    });
    expect(bill!.code).toMatch(/^BL\d+$/);

    // the statement: by day (no rolled-up traffic for these entries), then the total
    const res = await t.app.inject({ url: `/v2/fc/bill/${bill!.id}/statement`, headers: bearer(fin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const [sheet] = await xlsxSheets(res.rawPayload);
    // (no Accept-Language: English)
    expect(sheet!.map((r) => [r[0], r[5]])).toEqual([
      ['Day', 'Amount'],
      ['2021-03-05', '100.0000'],
      ['2021-03-20', '50.0000'],
      [`Total ${bill!.code}`, '150.0000'],
    ]);
    // with rolled-up traffic the statement lists it by day, the period's last day in, the next day out
    for (const day of ['2021-03-31', '2021-04-01'])
      await t.p.db.execute(sql`insert into traffic_daily (day, product, account_id, customer_id, owner_id, channel_id,
        country, network, status, currency, cost_currency, count, segments, delivered, revenue)
        values (${day}, 'sms', ${accountId}, 1, 1, 1, 'SG', '52501', 'delivered', 'USD', 'USD', 2, 2, 2, '0.024')`);
    const [traffic] = await xlsxSheets(
      (await t.app.inject({ url: `/v2/fc/bill/${bill!.id}/statement`, headers: bearer(fin) })).rawPayload,
    );
    expect(traffic!.map((r) => r[0])).toContain('2021-03-31');
    expect(traffic!.map((r) => r[0])).not.toContain('2021-04-01');
    await t.p.db.execute(
      sql`delete from traffic_daily where account_id = ${accountId} and day in ('2021-03-31', '2021-04-01')`,
    );
    // bills are finance's (the whole financial section); sales hold no key to them
    const bySales = await t.app.inject({ url: `/v2/fc/bill/${bill!.id}/statement`, headers: bearer(sales) });
    expect(bySales.json().code).toBe(Errors.NO_PERMISSION.code);
    expect((await post(other, '/v2/fc/bill/page', { accountId })).code).toBe(Errors.NO_PERMISSION.code);
    const listed = await post(fin, '/v2/fc/bill/page', { accountId });
    expect(listed.data.records.map((r: { code: string }) => r.code)).toEqual([bill!.code]);
  });

  it('a payment settles the bill at once, in its approval', async () => {
    await pay('60');
    // balance -180 + 60 = -120; April's 30 is not billed: the bill owes 90 (settled at the app
    // clock's day, years after its 2021 grace period: overdue)
    expect(await billsOf()).toMatchObject([{ unpaid: '90.0000', state: 'overdue' }]);
    // on a day inside the terms it is partly paid
    await settleBills(t.p.db, '2021-04-12', accountId);
    expect(await billsOf()).toMatchObject([{ unpaid: '90.0000', state: 'partly_paid' }]);
  });

  it('fires each step once, skips whitelisted and deferred accounts, suspends and tells the owner', async () => {
    sent.length = 0;
    // not overdue through the grace period
    await runOverdue(t.p, '2021-04-20');
    expect(await actionsOf()).toEqual([]);
    // 6 days past due: step 1 (1 day) tells the owner
    expect(await runOverdue(t.p, '2021-04-21')).toBeGreaterThanOrEqual(1);
    expect(await actionsOf()).toEqual([{ action: 'notify_owner' }]);
    expect((await billsOf())[0]!.state).toBe('overdue');
    const told = sent.filter((n) => n.template?.key === 'finance.overdue' && n.link?.endsWith(`id=${accountId}`));
    expect(told.map((n) => n.userIds)).toEqual([[salesId]]);
    // once: the same day again adds nothing
    await runOverdue(t.p, '2021-04-21');
    expect(await actionsOf()).toHaveLength(1);

    // whitelisted through 04-30: no step; a deferral through 05-02: no step
    const wl = await post(admin, '/v2/fc/credit-whitelist/save', {
      accountId,
      until: '2021-04-30',
      enabled: true,
      reason: 'key customer',
    });
    expect(wl.code, wl.msg).toBe(0);
    await runOverdue(t.p, '2021-04-30');
    expect(await actionsOf()).toHaveLength(1);
    await t.p.db.update(finAccounts).set({ deferredUntil: '2021-05-02' }).where(eq(finAccounts.id, accountId));
    await runOverdue(t.p, '2021-05-02');
    expect(await actionsOf()).toHaveLength(1);
    await t.p.db.update(finAccounts).set({ deferredUntil: null }).where(eq(finAccounts.id, accountId));

    // 18 days past due: steps 2 (7 days) and 3 (15 days): the account is suspended, it cannot send
    sent.length = 0;
    await runOverdue(t.p, '2021-05-03');
    expect(await actionsOf()).toEqual([{ action: 'notify_owner' }, { action: 'warn_customer' }, { action: 'suspend' }]);
    expect((await account()).state).toBe('suspended');
    const active = await portOf(t.p.db, 'accounts')!.active();
    expect(active.some((a) => a.id === accountId)).toBe(false);
    const finIds = await t.p.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.username, 'finance01'));
    const suspendNote = sent.find(
      (n) => n.template?.vars.action && JSON.stringify(n.template.vars.action).includes('Suspend'),
    );
    expect(suspendNote?.userIds).toEqual(expect.arrayContaining([salesId, finIds[0]!.id]));

    // a suspended account still takes payments; paid in full: the bill is paid and the ladder lifts its suspension, telling the owner
    sent.length = 0;
    await pay('90');
    expect(await billsOf()).toMatchObject([{ unpaid: '0.0000', state: 'paid' }]);
    await runOverdue(t.p, '2021-05-04');
    expect((await account()).state).toBe('active');
    expect(sent.some((n) => n.template?.key === 'finance.resumed' && n.userIds.includes(salesId))).toBe(true);
  });

  it('runs concurrently without firing a step twice', async () => {
    // May's consumption, billed in June, unpaid: a new episode
    await consume('2021-05-10', '40', 'bill:c4');
    await runBills(t.p.db, '2021-06-01', t.clock.now());
    const bills = await billsOf();
    expect(bills.map((b) => [b.periodStart, b.periodEnd, b.amount])).toEqual([
      ['2021-03-01', '2021-03-31', '150.0000'],
      // April's 30 and May's 40: everything not billed before
      ['2021-04-01', '2021-05-31', '70.0000'],
    ]);
    const before = (await actionsOf()).length;
    await Promise.all([runOverdue(t.p, '2021-06-25'), runOverdue(t.p, '2021-06-25'), runOverdue(t.p, '2021-06-25')]);
    // 10 days past due: steps 1 and 2, once each
    expect((await actionsOf()).slice(before)).toEqual([{ action: 'notify_owner' }, { action: 'warn_customer' }]);
    expect(await settleBills(t.p.db, '2021-06-25', accountId)).toBe(0);
  });

  it('hands the account to bad debt at 90 days: suspended and marked; paid up, both lifted', async () => {
    // decision 0073: the June episode (due 06-15) reaches 90 days on 09-13: suspend (15) and bad debt (90) fire
    sent.length = 0;
    const before = (await actionsOf()).length;
    await runOverdue(t.p, '2021-09-12');
    expect((await actionsOf()).slice(before)).toEqual([{ action: 'suspend' }]);
    expect(await account()).toMatchObject({ state: 'suspended', badDebtSince: null });
    await runOverdue(t.p, '2021-09-13');
    expect((await actionsOf()).slice(before)).toEqual([{ action: 'suspend' }, { action: 'bad_debt' }]);
    expect(await account()).toMatchObject({ state: 'suspended', badDebtSince: '2021-09-13' });
    expect((await portOf(t.p.db, 'accounts')!.active()).some((a) => a.id === accountId)).toBe(false);
    // the mark is on the account's record, in the caller's scope
    const listed = await post(sales, '/v2/fc/account/page', { state: 'suspended', size: 200 });
    expect(listed.data.records.find((r: { id: number }) => r.id === accountId)?.badDebtSince).toBe('2021-09-13');
    expect(sent.some((n) => JSON.stringify(n.template?.vars.action ?? '').includes('bad debt'))).toBe(true);
    // once: later runs keep the first day
    await runOverdue(t.p, '2021-09-20');
    expect((await account()).badDebtSince).toBe('2021-09-13');
    expect((await actionsOf()).slice(before)).toHaveLength(2);
    // paid up: nothing overdue, the suspension and the bad-debt mark are lifted
    const owed = (await billsOf()).reduce((sum, b) => sum + Number(b.unpaid), 0);
    expect(owed).toBeGreaterThan(0);
    await pay(owed.toFixed(2));
    await runOverdue(t.p, '2021-09-21');
    expect(await account()).toMatchObject({ state: 'active', badDebtSince: null });
    const lifted = await t.p.db
      .select({ action: finOverdueActions.action, liftedAt: finOverdueActions.liftedAt })
      .from(finOverdueActions)
      .where(eq(finOverdueActions.accountId, accountId));
    expect(lifted.filter((x) => x.action === 'bad_debt' || x.action === 'suspend').every((x) => x.liftedAt)).toBe(true);
  });

  it('refuses bad settings with their codes and lets only finance run the jobs', async () => {
    const rules = async () => (await t.p.db.select({ n: sql<number>`count(*)::int` }).from(finCreditRules))[0]!.n;
    const n = await rules();
    const rule = (over: object) =>
      post(admin, '/v2/fc/credit-rule/save', {
        step: 50,
        name: '测试',
        nameEn: 'Test',
        overdueDays: 3,
        action: 'notify_owner',
        enabled: true,
        ...over,
      });
    expect((await rule({ step: 1 })).code).toBe(Errors.FIN_RULE_STEP_TAKEN.code);
    expect((await rule({ minUnpaid: '12.345678' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await rule({ minUnpaid: '-5' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await rule({ action: 'shout' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await rule({ overdueDays: -1 })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect(await rules()).toBe(n);
    const good = await rule({ minUnpaid: '1000.5' });
    expect(good.code, good.msg).toBe(0);
    expect((await t.p.db.select().from(finCreditRules).where(eq(finCreditRules.step, 50)))[0]!.minUnpaid).toBe(
      '1000.5000',
    );

    const wl = (over: object) =>
      post(admin, '/v2/fc/credit-whitelist/save', { accountId, enabled: true, reason: 'x', ...over });
    expect((await wl({})).code).toBe(Errors.FIN_WHITELIST_LISTED.code);
    expect((await wl({ accountId: 2_000_000_000 })).code).toBe(Errors.FIN_ACCOUNT_UNKNOWN.code);
    const cycle = await post(admin, '/v2/fc/bill-cycle/save', {
      cycle: 'monthly',
      effectiveFrom: '2000-01-01',
      termDays: 10,
      graceDays: 1,
    });
    expect(cycle.code).toBe(Errors.FIN_CYCLE_TAKEN.code);
    expect((await post(sales, '/v2/fc/bill/run')).code).toBe(Errors.NO_PERMISSION.code);
    expect((await post(sales, '/v2/fc/overdue/run')).code).toBe(Errors.NO_PERMISSION.code);
    const ran = await post(fin, '/v2/fc/overdue/run');
    expect(ran.code, ran.msg).toBe(0);
  });
});
