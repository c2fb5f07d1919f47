import { Errors } from '@portal/contracts';
import { FinPerm } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesSum } from '../src/modules/finance/ledger.js';
import { finAccounts, finLedgerEntries } from '../src/modules/finance/schema.js';
import { bearer, onPostgres, type TestApp, type Tokens } from './harness.js';
import { financeDecisions, financeRecords, startFinanceApp } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/** Main accounts and allocations (decision 0134): the account field, the application, its posting. */
let t: TestApp;
let sales: Tokens;
let other: Tokens;
let fin: Tokens;
let customerId: number;

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const { agree, approved } = financeDecisions(() => ({ t, fin }));
const { account, application, count } = financeRecords(() => t);
const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);

async function openAccount(billing: 'prepaid' | 'postpaid', opts: { currency?: string; customer?: number } = {}) {
  return approved(
    await post(sales, '/v2/fc/account/apply', {
      customerId: opts.customer ?? customerId,
      products: ['sms'],
      currency: opts.currency ?? 'USD',
      billing,
      creditLine: '0',
    }),
  );
}
/** finance sets (or clears) an account's main account on its form */
async function setMain(tok: Tokens, id: number, mainAccountId: number | null) {
  const acc = await account(id);
  return post(tok, '/v2/fc/account/update', { id, version: acc.version, mainAccountId });
}
const allocate = (tok: Tokens, accountId: number, amount: string) =>
  post(tok, '/v2/fc/financeRecharge/allocation/apply', { accountId, amount, reason: 'group funds' });

beforeAll(async () => {
  ({ t, sales, other, fin, customerId } = await startFinanceApp(FinPerm.ALLOCATE));
}, 120_000);
afterAll(async () => t?.close());

describe('main accounts', () => {
  let main: number;
  let sub: number;

  it('finance sets a main account on the form: same customer and currency, not itself, no chains; tracked', async () => {
    main = await openAccount('prepaid');
    sub = await openAccount('prepaid');
    const third = await openAccount('prepaid');
    const euro = await openAccount('prepaid', { currency: 'EUR' });
    const [otherCustomer] = await t.p.db
      .select({ id: finAccounts.customerId, acc: finAccounts.id })
      .from(finAccounts)
      .where(
        sql`${finAccounts.customerId} <> ${customerId} and ${finAccounts.state} = 'active' and ${finAccounts.currency} = 'USD'`,
      )
      .limit(1);
    // sales hold no edit key of the account form
    expect((await setMain(sales, sub, main)).code).toBe(Errors.NO_PERMISSION.code);
    const refusals: [number, number, number][] = [
      [sub, sub, Errors.FIN_MAIN_ACCOUNT_SELF.code],
      [sub, euro, Errors.FIN_MAIN_ACCOUNT_CURRENCY.code],
      [sub, otherCustomer!.acc, Errors.FIN_MAIN_ACCOUNT_CUSTOMER.code],
      [sub, 2_000_000_000, Errors.FIN_MAIN_ACCOUNT_UNKNOWN.code],
    ];
    for (const [id, m, code] of refusals) expect((await setMain(fin, id, m)).code, `${id} → ${m}`).toBe(code);
    expect((await account(sub)).mainAccountId).toBeNull();

    const ok = await setMain(fin, sub, main);
    expect(ok.code, ok.msg).toBe(0);
    expect((await account(sub)).mainAccountId).toBe(main);
    // no chains: the main account may not become a sub-account, nor another account a sub of the sub
    expect((await setMain(fin, main, third)).code).toBe(Errors.FIN_MAIN_ACCOUNT_CHAIN.code);
    expect((await setMain(fin, third, sub)).code).toBe(Errors.FIN_MAIN_ACCOUNT_CHAIN.code);
    // the list shows it, the filter finds the sub-accounts, the history records the change
    const page = await post(fin, '/v2/fc/account/page', { mainAccountId: main, size: 10 });
    expect(page.code, page.msg).toBe(0);
    expect(page.data.records.map((r: { id: number }) => r.id)).toEqual([sub]);
    expect(page.data.records[0]).toMatchObject({ mainAccountCode: (await account(main)).code });
    const history = await get(fin, `/v2/fc/account/timeline?id=${sub}`);
    expect(history.code, history.msg).toBe(0);
    expect(JSON.stringify(history.data)).toContain('mainAccountId');
  });

  it('refuses bad allocations at the application and writes nothing', async () => {
    await approved(
      await post(sales, '/v2/fc/financeRecharge/apply', { accountId: main, amount: '100', reason: 'wire' }),
    );
    const before = await count();
    const cases: [Tokens, number, string, number][] = [
      [sales, sub, '0', Errors.FIN_AMOUNT_ZERO.code],
      [sales, sub, '1.23456', Errors.VALIDATION_FAILED.code],
      [sales, main, '10', Errors.FIN_ALLOCATION_NOT_SUB.code],
      [sales, sub, '100.01', Errors.FIN_ALLOCATION_BALANCE.code],
      [other, sub, '10', Errors.NOT_FOUND.code],
    ];
    for (const [tok, id, amount, code] of cases) expect((await allocate(tok, id, amount)).code, amount).toBe(code);
    expect(await count()).toBe(before);
  });

  it('posts two allocation entries only when approved; the detail calls and the records list answer it', async () => {
    const res = await allocate(sales, sub, '30');
    expect(res.code, res.msg).toBe(0);
    expect((await account(main)).balance).toBe('100.0000');
    expect((await agree(res.data.instanceId)).code).toBe(0);
    expect((await account(main)).balance).toBe('70.0000');
    expect((await account(sub)).balance).toBe('30.0000');
    expect(await entriesSum(t.p.db, main)).toBe('70.0000');
    expect(await entriesSum(t.p.db, sub)).toBe('30.0000');
    const app = await application(res.data.id);
    expect(app).toMatchObject({ kind: 'allocation', state: 'approved', accountId: main, subAccountId: sub });
    const entries = await t.p.db.select().from(finLedgerEntries).where(eq(finLedgerEntries.applicationId, app.id));
    expect(entries.map((e) => [e.accountId, e.kind, e.amount]).sort()).toEqual(
      [
        [main, 'allocation', '-30.0000'],
        [sub, 'allocation', '30.0000'],
      ].sort(),
    );
    const d = await get(sales, `/v2/fc/financeRecharge/allocation/processInstance/${res.data.instanceId}`);
    expect(d.data).toMatchObject({ kind: 'allocation', subAccountId: sub, balanceAfter: '70.0000' });
    expect((await get(other, `/v2/fc/financeRecharge/allocation/${res.data.id}`)).code).toBe(Errors.NOT_FOUND.code);

    // the main account's records: its recharge and the allocation out, with the sub-account; not the sub's side
    const list = await post(fin, '/v2/fc/entry/main-account/page', { accountId: main, size: 50 });
    expect(list.code, list.msg).toBe(0);
    const rows = list.data.records as { kind: string; amount: string; subAccountCode: string | null }[];
    expect(rows.map((r) => r.kind).sort()).toEqual(['allocation', 'recharge']);
    expect(rows.find((r) => r.kind === 'allocation')).toMatchObject({
      amount: '-30.0000',
      subAccountCode: (await account(sub)).code,
    });
    const subSide = await post(fin, '/v2/fc/entry/main-account/page', { accountId: sub, size: 50 });
    expect(subSide.data.records).toEqual([]);
    // scope: sales02 sees none of sales01's customer's entries
    const theirs = await post(other, '/v2/fc/entry/main-account/page', { accountId: main, size: 50 });
    expect(theirs.data?.records ?? []).toEqual([]);
  });

  it('at approval: a second allocation beyond what is left is refused, nothing changed', async () => {
    const first = await allocate(sales, sub, '50');
    const second = await allocate(sales, sub, '50');
    expect(first.code, first.msg).toBe(0);
    expect(second.code, second.msg).toBe(0);
    expect((await agree(first.data.instanceId)).code).toBe(0);
    const before = await count();
    expect((await agree(second.data.instanceId)).code).toBe(Errors.FIN_ALLOCATION_BALANCE.code);
    expect(await count()).toBe(before);
    expect((await application(second.data.id)).state).toBe('pending');
    expect((await account(main)).balance).toBe('20.0000');
    expect((await account(sub)).balance).toBe('80.0000');
  });

  it('an account no longer the sub-account of that main account gets nothing at approval', async () => {
    const res = await allocate(sales, sub, '10');
    expect(res.code, res.msg).toBe(0);
    expect((await setMain(fin, sub, null)).code).toBe(0);
    // decision 0141: no longer one group
    expect((await agree(res.data.instanceId)).code).toBe(Errors.FIN_ALLOCATION_GROUP.code);
    expect((await account(main)).balance).toBe('20.0000');
  });
});

/** Two allocations at once cannot overdraw the main account (PostgreSQL: real concurrent transactions). */
describe.skipIf(!onPostgres)('allocations at once on PostgreSQL', () => {
  for (const billing of ['prepaid', 'postpaid'] as const)
    it(`${billing}: six approvals of 30 at once from a main account of 100 post exactly three`, async () => {
      const main = await openAccount(billing);
      const subs = [await openAccount('prepaid'), await openAccount('prepaid')];
      for (const s of subs) expect((await setMain(fin, s, main)).code).toBe(0);
      await approved(
        await post(sales, '/v2/fc/financeRecharge/apply', { accountId: main, amount: '100', reason: 'w' }),
      );
      const started: Answer[] = [];
      for (let i = 0; i < 6; i++) started.push(await allocate(sales, subs[i % 2]!, '30'));
      for (const r of started) expect(r.code, r.msg).toBe(0);
      const page = await post(fin, '/v2/workflow/my/toDoPage', { page: 1, size: 200 });
      const tasks = new Map<number, number>(
        page.data.records.map((r: { id: number; taskId: number }) => [r.id, r.taskId] as const),
      );
      const results = await Promise.all(
        started.map((r) => post(fin, '/v2/workflow/agree', { taskId: tasks.get(r.data.instanceId), opinion: 'ok' })),
      );
      const codes = results.map((r) => r.code).sort();
      expect(codes).toEqual([0, 0, 0, ...Array(3).fill(Errors.FIN_ALLOCATION_BALANCE.code)]);
      expect((await account(main)).balance).toBe('10.0000');
      expect(await entriesSum(t.p.db, main)).toBe('10.0000');
      const subTotal = (await account(subs[0]!)).balance;
      const subTotal2 = (await account(subs[1]!)).balance;
      expect(Number(subTotal) + Number(subTotal2)).toBe(90);
      for (const s of subs) expect(await entriesSum(t.p.db, s)).toBe((await account(s)).balance);
      const states = await Promise.all(started.map((r) => application(r.data.id).then((a) => a.state)));
      expect(states.filter((x) => x === 'approved')).toHaveLength(3);
    });
});
