import { Errors } from '@portal/contracts';
import { SUPPLIER_BAD_DEBT_API, supplierBillDifferencePath } from '@portal/contracts/finance';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_DEBT_ENTITY, supplierBadDebts } from '../src/modules/finance/suppliers/bad-debt.js';
import { nextBillCode } from '../src/modules/finance/suppliers/bills.js';
import { postSupplierEntry, supplierDrift } from '../src/modules/finance/suppliers/ledger.js';
import {
  finSupplierAccounts,
  finSupplierApplications,
  finSupplierBills,
  finSupplierEntries,
} from '../src/modules/finance/suppliers/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { recordEvents } from '../src/platform/history/schema.js';
import { DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { financeDecisions } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';
import { testSupplier } from './support/supplier-fixture.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * Supplier bad debt (decision 0125): a supplier account's balance (what the supplier owes us) handed
 * to bad debt by a `write_off` application through the supplier-money approval; refused with nothing
 * written when the account is unknown or another's, the amount above the balance or an application
 * is open; on approval a `write_off` entry (−amount) in the approval's transaction, unless the balance
 * went below it meanwhile; one wins when two apply at once; the list's history and conformance suite.
 * And a confirmed bill's difference posted once as a `bill` entry through the same approval.
 */
let t: TestApp;
let fin: Tokens;
let sales: Tokens;
let seq = 0;

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const { task, agree } = financeDecisions(() => ({ t, fin }));
const apply = (tok: Tokens, supplierAccountId: number, amount: number) =>
  post(tok, `${SUPPLIER_BAD_DEBT_API}/apply`, { supplierAccountId, amount, reason: 'supplier closed down' });
const userId = async (username: string) =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;

/** A supplier owned by `owner` with an sms account holding `balance` (a prepayment). */
async function accountOf(owner: number, balance = 10_000) {
  const s = await testSupplier(t.p.db, { prefix: 'B', ownerId: owner });
  const [a] = await t.p.db
    .insert(finSupplierAccounts)
    .values({ code: `SA7${String(++seq).padStart(5, '0')}`, supplierId: s.id, product: 'sms', currency: 'USD' })
    .returning({ id: finSupplierAccounts.id });
  if (balance > 0) await entry(a!.id, 'prepayment', balance);
  return a!.id;
}
const entry = (id: number, kind: 'prepayment' | 'cost', amount: number) =>
  t.p.db.transaction((tx) =>
    postSupplierEntry(tx, {
      supplierAccountId: id,
      kind,
      amount,
      currency: 'USD',
      day: '2026-11-02',
      key: `bad-debt-test:${++seq}`,
      at: new Date(),
    }),
  );
const balance = async (id: number) =>
  (await t.p.db.select().from(finSupplierAccounts).where(eq(finSupplierAccounts.id, id)))[0]!.balance;
const application = async (id: number) =>
  (await t.p.db.select().from(finSupplierApplications).where(eq(finSupplierApplications.id, id)))[0]!;
const written = async () =>
  rowsOf<{ n: number }>(
    await t.p.db.execute(
      sql`select (select count(*) from fin_supplier_entries) + (select count(*) from fin_supplier_applications) as n`,
    ),
  ).map((r) => Number(r.n))[0]!;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  [fin, sales] = await Promise.all([signIn(t.app, DEMO.finance01), signIn(t.app, DEMO.sales01)]);
}, 240_000);
afterAll(() => t?.close());

describe('supplier bad debt', () => {
  it('refuses bad input with nothing written: unknown or another’s account, above the balance, a second open one', async () => {
    const fId = await userId('finance01');
    const acc = await accountOf(fId, 5_000);
    const before = await written();
    expect((await apply(fin, 99_999_999, 100)).code).toBe(Errors.FIN_SUPPLIER_BAD_DEBT_NO_ACCOUNT.code);
    const over = await apply(fin, acc, 5_001);
    expect(over.code).toBe(Errors.FIN_SUPPLIER_BAD_DEBT_OVER_BALANCE.code);
    expect(over.msg).toContain('50.00 USD');
    // sales01 owns no supplier of this account: as if it did not exist
    expect((await apply(sales, acc, 100)).code).toBe(Errors.FIN_SUPPLIER_BAD_DEBT_NO_ACCOUNT.code);
    const zero = await apply(fin, acc, 0);
    expect(zero.code).not.toBe(0);
    expect(await written()).toBe(before);
    const first = await apply(fin, acc, 2_000);
    expect(first.code, first.msg).toBe(0);
    const second = await apply(fin, acc, 1_000);
    expect(second.code).toBe(Errors.FIN_SUPPLIER_BAD_DEBT_OPEN.code);
    expect(await written()).toBe(before + 1);
    // an account owing the supplier (negative balance) has nothing to write off
    const owing = await accountOf(fId, 0);
    await entry(owing, 'cost', -3_000);
    expect((await apply(fin, owing, 100)).code).toBe(Errors.FIN_SUPPLIER_BAD_DEBT_OVER_BALANCE.code);
  });

  it('approved: a write_off entry of −amount in the approval, the list and history; rejected: nothing posted', async () => {
    const acc = await accountOf(await userId('finance01'), 8_000);
    const res = await apply(fin, acc, 3_000);
    expect(res.code, res.msg).toBe(0);
    expect((await agree(res.data.instanceId)).code).toBe(0);
    const app = await application(res.data.id);
    expect(app).toMatchObject({ kind: 'write_off', state: 'approved', amount: 3_000 });
    const [e] = await t.p.db.select().from(finSupplierEntries).where(eq(finSupplierEntries.id, app.entryId!));
    expect(e).toMatchObject({ kind: 'write_off', amount: -3_000, balanceAfter: 5_000 });
    expect(await balance(acc)).toBe(5_000);
    const list = await post(fin, `${SUPPLIER_BAD_DEBT_API}/page`, { page: 1, size: 20, supplierAccountId: acc });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.records).toHaveLength(1);
    expect(list.data.records[0]).toMatchObject({
      code: app.code,
      state: 'approved',
      amount: 3_000,
      balanceAfter: 5_000,
    });
    expect(list.data.records[0].deciderName).toBeTruthy();
    const events = await t.p.db
      .select({ kind: recordEvents.kind, changes: recordEvents.changes })
      .from(recordEvents)
      .where(and(eq(recordEvents.entity, BAD_DEBT_ENTITY), eq(recordEvents.recordId, String(app.id))))
      .orderBy(recordEvents.id);
    expect(events.map((x) => x.kind)).toEqual(['created', 'state']);
    expect(events[1]!.changes).toEqual([{ field: 'state', from: 'pending', to: 'approved' }]);
    // a second application on the same account is allowed once the first is decided, and may be rejected
    const next = await apply(fin, acc, 5_000);
    expect(next.code, next.msg).toBe(0);
    const rejected = await post(fin, '/v2/workflow/reject', {
      taskId: await task(next.data.instanceId),
      target: 'end',
      opinion: 'not yet',
    });
    expect(rejected.code, rejected.msg).toBe(0);
    expect(await application(next.data.id)).toMatchObject({ state: 'rejected', entryId: null });
    expect(await balance(acc)).toBe(5_000);
  });

  it('refuses the approval when the balance went below the amount meanwhile (cost carried since)', async () => {
    const acc = await accountOf(await userId('finance01'), 4_000);
    const res = await apply(fin, acc, 4_000);
    expect(res.code, res.msg).toBe(0);
    await entry(acc, 'cost', -1_500);
    const approved = await agree(res.data.instanceId);
    expect(approved.code).toBe(Errors.FIN_SUPPLIER_BAD_DEBT_BALANCE_GONE.code);
    expect(approved.msg).toContain('25.00 USD');
    expect(await application(res.data.id)).toMatchObject({ state: 'pending', entryId: null });
    expect(await balance(acc)).toBe(2_500);
  });

  it('two applications at once for one account: one is open, the other refused; two approvals at once both post', async () => {
    const fId = await userId('finance01');
    const acc = await accountOf(fId, 6_000);
    const both = await Promise.all([apply(fin, acc, 1_000), apply(fin, acc, 2_000)]);
    expect(both.map((r) => r.code).sort()).toEqual([0, Errors.FIN_SUPPLIER_BAD_DEBT_OPEN.code].sort());
    const won = both.find((r) => r.code === 0)!;
    const other = await accountOf(fId, 6_000);
    const second = await apply(fin, other, 6_000);
    expect(second.code, second.msg).toBe(0);
    const tasks = await Promise.all([task(won.data.instanceId), task(second.data.instanceId)]);
    const decided = await Promise.all(
      tasks.map((taskId) => post(fin, '/v2/workflow/agree', { taskId, opinion: 'ok' })),
    );
    expect(decided.map((r) => r.code)).toEqual([0, 0]);
    expect(await balance(acc)).toBe(6_000 - (await application(won.data.id)).amount);
    expect(await balance(other)).toBe(0);
    expect(await supplierDrift(t.p.db)).toEqual([]);
  });
});

/** A bill of a supplier owned by `owner` (theirs against our cost), with its sms USD account unless `account` is false. */
async function billOf(owner: number, theirs: number, ours: number, state: 'draft' | 'confirmed', account = true) {
  const s = await testSupplier(t.p.db, { prefix: 'B', ownerId: owner });
  let accountId = 0;
  if (account) {
    const [a] = await t.p.db
      .insert(finSupplierAccounts)
      .values({ code: `SA7${String(++seq).padStart(5, '0')}`, supplierId: s.id, product: 'sms', currency: 'USD' })
      .returning({ id: finSupplierAccounts.id });
    accountId = a!.id;
  }
  const [b] = await t.p.db
    .insert(finSupplierBills)
    .values({
      code: await nextBillCode(t.p.db),
      supplierId: s.id,
      product: 'sms',
      currency: 'USD',
      periodFrom: '2026-10-01',
      periodTo: '2026-10-31',
      reference: `INV-BD${++seq}`,
      state,
      theirAmount: theirs,
      ourCost: ours,
      difference: theirs - ours,
      lines: 1,
    })
    .returning({ id: finSupplierBills.id });
  return { billId: b!.id, accountId };
}
const postDifference = (tok: Tokens, billId: number) =>
  post(tok, supplierBillDifferencePath(billId), { reason: 'their bill agreed with the difference' });

describe('a confirmed bill’s difference posted', () => {
  it('refuses with nothing written: not confirmed, no difference, no account, another’s bill', async () => {
    const fId = await userId('finance01');
    const draft = await billOf(fId, 11_000, 10_000, 'draft');
    const even = await billOf(fId, 10_000, 10_000, 'confirmed');
    const lone = await billOf(fId, 11_000, 10_000, 'confirmed', false);
    const before = await written();
    expect((await postDifference(fin, draft.billId)).code).toBe(Errors.FIN_SUPPLIER_BILL_NO_DIFFERENCE.code);
    expect((await postDifference(fin, even.billId)).code).toBe(Errors.FIN_SUPPLIER_BILL_NO_DIFFERENCE.code);
    expect((await postDifference(fin, lone.billId)).code).toBe(Errors.FIN_SUPPLIER_BILL_NO_ACCOUNT.code);
    const theirs = await billOf(fId, 11_000, 10_000, 'confirmed');
    expect((await postDifference(sales, theirs.billId)).code).toBe(Errors.NOT_FOUND.code);
    expect(await written()).toBe(before);
  });

  it('approved: a bill entry of −difference, once per bill (also when two ask at once); rejected: may ask again', async () => {
    const fId = await userId('finance01');
    const b = await billOf(fId, 11_500, 10_000, 'confirmed');
    const both = await Promise.all([postDifference(fin, b.billId), postDifference(fin, b.billId)]);
    expect(both.map((r) => r.code).sort()).toEqual([0, Errors.FIN_SUPPLIER_BILL_DIFFERENCE_POSTED.code].sort());
    const won = both.find((r) => r.code === 0)!;
    const rejected = await post(fin, '/v2/workflow/reject', {
      taskId: await task(won.data.instanceId),
      target: 'end',
      opinion: 'recheck',
    });
    expect(rejected.code, rejected.msg).toBe(0);
    const again = await postDifference(fin, b.billId);
    expect(again.code, again.msg).toBe(0);
    expect((await agree(again.data.instanceId)).code).toBe(0);
    const app = await application(again.data.id);
    expect(app).toMatchObject({ kind: 'bill', state: 'approved', amount: -1_500, billId: b.billId });
    const [e] = await t.p.db.select().from(finSupplierEntries).where(eq(finSupplierEntries.id, app.entryId!));
    expect(e).toMatchObject({ kind: 'bill', amount: -1_500 });
    expect(await balance(b.accountId)).toBe(-1_500);
    // the bill's payments are untouched
    const [bill] = await t.p.db.select().from(finSupplierBills).where(eq(finSupplierBills.id, b.billId));
    expect(bill).toMatchObject({ paid: 0, payState: 'unpaid' });
    expect((await postDifference(fin, b.billId)).code).toBe(Errors.FIN_SUPPLIER_BILL_DIFFERENCE_POSTED.code);
  });
});

/** A decided write-off of a supplier owned by `owner` (written directly: the conformance suite reads). */
async function ownedBadDebt(owner: number) {
  const acc = await accountOf(owner, 0);
  const [a] = await t.p.db
    .insert(finSupplierApplications)
    .values({
      code: `SPB${++seq}`,
      kind: 'write_off',
      supplierAccountId: acc,
      amount: 100,
      currency: 'USD',
      reason: 'conformance',
      state: 'rejected',
      applicantId: owner,
    })
    .returning({ id: finSupplierApplications.id });
  return a!.id;
}

describeResource(supplierBadDebts, {
  app: () => t,
  filters: {
    keyword: 'SPB',
    state: 'rejected',
    supplierAccountId: async () => (await application(await ownedBadDebt(await userId('admin')))).supplierAccountId,
    createdAt: ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'],
  },
  ownedRecord: (_t, owner) => ownedBadDebt(owner),
});
