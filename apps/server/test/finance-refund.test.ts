import { Errors } from '@portal/contracts';
import { FinPerm } from '@portal/contracts/finance';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesSum } from '../src/modules/finance/ledger.js';
import { finAccounts, finBills, finLedgerEntries } from '../src/modules/finance/schema.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, type TestApp, type Tokens } from './harness.js';
import { financeDecisions, financeRecords, startFinanceApp } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/** Bill refunds (decision 0073): applied for, decided by finance, posted by the approval. */
let t: TestApp;
let sales: Tokens;
let other: Tokens;
let fin: Tokens;
let customerId: number;

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const { agree, approved } = financeDecisions(() => ({ t, fin }));
const { account, application, count } = financeRecords(() => t);
const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);

async function openAccount(billing: 'prepaid' | 'postpaid', creditLine = '0') {
  return approved(
    await post(sales, '/v2/fc/account/apply', { customerId, products: ['sms'], currency: 'USD', billing, creditLine }),
  );
}
const refund = (tok: Tokens, body: object) =>
  post(tok, '/v2/fc/cre/billRefund/apply', { reason: 'customer leaves', ...body });

beforeAll(async () => {
  ({ t, sales, other, fin, customerId } = await startFinanceApp(FinPerm.REFUNDS));
}, 60_000);
afterAll(async () => t?.close());

describe('bill refunds', () => {
  let accountId: number;
  let rechargeId: number;

  it('refuses bad refunds at the application and writes nothing', async () => {
    accountId = await openAccount('prepaid', '50');
    rechargeId = await approved(
      await post(sales, '/v2/fc/financeRecharge/apply', { accountId, amount: '100', reason: 'wire' }),
    );
    const gift = await approved(
      await post(fin, '/v2/fc/financeRecharge/gift/apply', { accountId, amount: '20', reason: 'gift' }),
    );
    const pending = await post(sales, '/v2/fc/financeRecharge/apply', { accountId, amount: '30', reason: 'wire 2' });
    expect(pending.code, pending.msg).toBe(0);
    const otherAccount = await openAccount('prepaid');
    const before = await count();
    const cases: [Tokens, object, number][] = [
      [sales, { accountId, sourceId: rechargeId, amount: '0' }, Errors.FIN_AMOUNT_ZERO.code],
      [sales, { accountId, sourceId: rechargeId, amount: '1.23456' }, Errors.VALIDATION_FAILED.code],
      [sales, { accountId, sourceId: rechargeId, amount: '10', reason: '' }, Errors.VALIDATION_FAILED.code],
      // a gift is not money the customer paid; a pending recharge has brought nothing in yet
      [sales, { accountId, sourceId: gift, amount: '10' }, Errors.FIN_REFUND_SOURCE.code],
      [sales, { accountId, sourceId: pending.data.id, amount: '10' }, Errors.FIN_REFUND_SOURCE.code],
      // the source must be the account's own
      [sales, { accountId: otherAccount, sourceId: rechargeId, amount: '10' }, Errors.FIN_REFUND_SOURCE.code],
      [sales, { accountId, sourceId: rechargeId, amount: '100.01' }, Errors.FIN_REFUND_OVER.code],
      // data scope: another salesperson does not see the account
      [other, { accountId, sourceId: rechargeId, amount: '10' }, Errors.NOT_FOUND.code],
    ];
    for (const [tok, body, code] of cases) expect((await refund(tok, body)).code, JSON.stringify(body)).toBe(code);
    expect(await count()).toBe(before);
    // permission: the operations role holds no bill-refund key
    const ops = await signIn(t.app, DEMO.ops01);
    expect((await refund(ops, { accountId, sourceId: rechargeId, amount: '10' })).code).toBe(Errors.NO_PERMISSION.code);
  });

  it('refuses a refund beyond the balance (consumption spent the money)', async () => {
    const ledger = portOf(t.p.db, 'ledger')!;
    await ledger.postConsumption({
      accountId,
      day: '2026-11-20',
      amount: '60',
      currency: 'USD',
      key: `rf:c:${accountId}`,
    });
    // balance 120 - 60 = 60: a refund of 70 would leave the customer owing (credit line or not)
    expect((await account(accountId)).balance).toBe('60.0000');
    expect((await refund(sales, { accountId, sourceId: rechargeId, amount: '70' })).code).toBe(
      Errors.FIN_REFUND_BALANCE.code,
    );
  });

  it('posts the refund only when finance approves; the detail calls answer it', async () => {
    const res = await refund(sales, { accountId, sourceId: rechargeId, amount: '40', reference: 'BK-1' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.code).toMatch(/^FA\d+$/);
    expect((await account(accountId)).balance).toBe('60.0000');
    const a = await agree(res.data.instanceId);
    expect(a.code, a.msg).toBe(0);
    expect((await account(accountId)).balance).toBe('20.0000');
    expect(await entriesSum(t.p.db, accountId)).toBe('20.0000');
    const app = await application(res.data.id);
    expect(app).toMatchObject({ kind: 'refund', state: 'approved', sourceId: rechargeId, amount: '40.0000' });
    const [entry] = await t.p.db.select().from(finLedgerEntries).where(eq(finLedgerEntries.id, app.entryId!));
    expect(entry).toMatchObject({ kind: 'refund', amount: '-40.0000', key: `application:${app.id}` });
    expect((await application(rechargeId)).refunded).toBe('40.0000');
    for (const url of [
      `/v2/fc/cre/billRefund/${res.data.id}`,
      `/v2/fc/cre/billRefund/processInstance/${res.data.instanceId}`,
    ]) {
      const d = await get(sales, url);
      expect(d.code, d.msg).toBe(0);
      expect(d.data).toMatchObject({
        kind: 'refund',
        sourceId: rechargeId,
        balanceAfter: '20.0000',
        reference: 'BK-1',
      });
      expect((await get(other, url)).code).toBe(Errors.NOT_FOUND.code);
    }
    // the recharge's own detail shows what was refunded of it
    expect((await get(fin, `/v2/fc/financeRecharge/toAccount/${rechargeId}`)).data.refunded).toBe('40.0000');
  });

  it('at approval: two refunds together more than the source, or than the balance, are refused, nothing changed', async () => {
    await approved(await post(sales, '/v2/fc/financeRecharge/apply', { accountId, amount: '200', reason: 'wire 3' }));
    // balance 220; the first recharge has 60 left to refund
    const first = await refund(sales, { accountId, sourceId: rechargeId, amount: '50' });
    const second = await refund(sales, { accountId, sourceId: rechargeId, amount: '50' });
    expect(first.code, first.msg).toBe(0);
    expect(second.code, second.msg).toBe(0);
    expect((await agree(first.data.instanceId)).code).toBe(0);
    const entries = await count();
    const refused = await agree(second.data.instanceId);
    expect(refused.code).toBe(Errors.FIN_REFUND_OVER.code);
    expect(await count()).toBe(entries);
    expect((await application(second.data.id)).state).toBe('pending');
    expect((await application(rechargeId)).refunded).toBe('90.0000');
    expect((await account(accountId)).balance).toBe('170.0000');

    // the balance moved below the refund between application and approval
    const third = await approved(
      await post(sales, '/v2/fc/financeRecharge/apply', { accountId, amount: '10', reason: 'wire 4' }),
    );
    const late = await refund(sales, { accountId, sourceId: third, amount: '10' });
    expect(late.code, late.msg).toBe(0);
    const ledger = portOf(t.p.db, 'ledger')!;
    await ledger.postConsumption({
      accountId,
      day: '2026-11-21',
      amount: '175',
      currency: 'USD',
      key: `rf:d:${accountId}`,
    });
    expect((await agree(late.data.instanceId)).code).toBe(Errors.FIN_REFUND_BALANCE.code);
    expect((await account(accountId)).balance).toBe('5.0000');
  });

  it('a closed account takes no refund, at the application or at the approval', async () => {
    const id = await openAccount('prepaid');
    const src = await approved(
      await post(sales, '/v2/fc/financeRecharge/apply', { accountId: id, amount: '30', reason: 'w' }),
    );
    const res = await refund(sales, { accountId: id, sourceId: src, amount: '30' });
    expect(res.code, res.msg).toBe(0);
    await t.p.db.update(finAccounts).set({ state: 'closed' }).where(eq(finAccounts.id, id));
    expect((await agree(res.data.instanceId)).code).toBe(Errors.FIN_ACCOUNT_NOT_ACTIVE.code);
    expect((await account(id)).balance).toBe('30.0000');
    expect((await refund(sales, { accountId: id, sourceId: src, amount: '5' })).code).toBe(
      Errors.FIN_ACCOUNT_NOT_ACTIVE.code,
    );
  });

  it('a postpaid overpayment refunded: the account’s bills are settled again in the same transaction', async () => {
    const id = await openAccount('postpaid', '500');
    const ledger = portOf(t.p.db, 'ledger')!;
    await ledger.postConsumption({
      accountId: id,
      day: '2021-03-10',
      amount: '80',
      currency: 'USD',
      key: `rf:p:${id}`,
    });
    const [bill] = await t.p.db
      .insert(finBills)
      .values({
        code: `BLRF${id}`,
        accountId: id,
        periodStart: '2021-03-01',
        periodEnd: '2021-03-31',
        amount: '80',
        unpaid: '80',
        currency: 'USD',
        dueDay: '2021-04-15',
        overdueAfter: '2021-04-20',
        issuedAt: new Date('2021-04-01T00:20:00Z'),
      })
      .returning();
    // paid 100 for a bill of 80: 20 over
    const pay = await approved(
      await post(fin, '/v2/fc/financepay/apply', { accountId: id, amount: '100', reason: 'paid' }),
    );
    expect((await t.p.db.select().from(finBills).where(eq(finBills.id, bill!.id)))[0]).toMatchObject({
      state: 'paid',
      unpaid: '0.0000',
    });
    expect((await refund(fin, { accountId: id, sourceId: pay, amount: '30' })).code).toBe(
      Errors.FIN_REFUND_BALANCE.code,
    );
    await approved(await refund(fin, { accountId: id, sourceId: pay, amount: '20' }));
    expect((await account(id)).balance).toBe('0.0000');
    expect((await t.p.db.select().from(finBills).where(eq(finBills.id, bill!.id)))[0]!.state).toBe('paid');
  });
});
