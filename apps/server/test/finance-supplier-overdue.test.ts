import { Errors } from '@portal/contracts';
import { SupplierOverduePerm, supplierBillPayPath } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextBillCode } from '../src/modules/finance/suppliers/bills.js';
import { runSupplierOverdue, supplierOverdue } from '../src/modules/finance/suppliers/overdue.js';
import {
  finSupplierAccounts,
  finSupplierApplications,
  finSupplierBills,
  finSupplierControlSet,
  finSupplierControls,
  finSupplierEntries,
  finSupplierOverdue,
} from '../src/modules/finance/suppliers/schema.js';
import { resources, roleResources, roles, staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import type { Notification } from '../src/platform/notify.js';
import { DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { financeDecisions } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';
import { testSupplier } from './support/supplier-fixture.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * Supplier bills paid and the supplier-overdue list (decision 0120): a confirmed bill is paid by
 * supplier payments naming it, posted and counted only when approved (never more than it owes, payments
 * under review included, also when two ask at once); the daily run lists bills falling due and overdue
 * by the `supplier-control-set` row in force on the period's end, tells each step once, leaves exempt
 * suppliers out and settles paid bills; the list's conformance suite.
 */
let t: TestApp;
let fin: Tokens;
let sales: Tokens;
let seq = 0;
const sent: Notification[] = [];

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const { task } = financeDecisions(() => ({ t, fin }));
const userId = async (username: string) =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;

/** A supplier owned by `owner`, its sms account in `currency` (unless `account` is false) and a bill. */
async function billOf(
  owner: number,
  o: {
    currency?: string;
    theirAmount?: number;
    state?: 'draft' | 'confirmed';
    periodTo?: string;
    account?: boolean;
  } = {},
) {
  const currency = o.currency ?? 'USD';
  const s = await testSupplier(t.p.db, { prefix: 'V', ownerId: owner });
  let accountId = 0;
  if (o.account !== false) {
    const [a] = await t.p.db
      .insert(finSupplierAccounts)
      .values({ code: `SA8${String(++seq).padStart(5, '0')}`, supplierId: s.id, product: 'sms', currency })
      .returning({ id: finSupplierAccounts.id });
    accountId = a!.id;
  }
  const [b] = await t.p.db
    .insert(finSupplierBills)
    .values({
      code: await nextBillCode(t.p.db),
      supplierId: s.id,
      product: 'sms',
      currency,
      periodFrom: `${(o.periodTo ?? '2026-10-31').slice(0, 8)}01`,
      periodTo: o.periodTo ?? '2026-10-31',
      reference: `INV-D${++seq}`,
      state: o.state ?? 'confirmed',
      theirAmount: o.theirAmount ?? 10_000,
      ourCost: o.theirAmount ?? 10_000,
      lines: 1,
    })
    .returning({ id: finSupplierBills.id, code: finSupplierBills.code });
  return { billId: b!.id, code: b!.code, supplierId: s.id, accountId };
}

const bill = async (id: number) =>
  (await t.p.db.select().from(finSupplierBills).where(eq(finSupplierBills.id, id)))[0]!;
const overdueOf = async (billId: number) =>
  (await t.p.db.select().from(finSupplierOverdue).where(eq(finSupplierOverdue.billId, billId)))[0];
const written = async () =>
  rowsOf<{ n: number }>(
    await t.p.db.execute(
      sql`select (select count(*) from fin_supplier_entries) + (select count(*) from fin_supplier_applications) as n`,
    ),
  ).map((r) => Number(r.n))[0]!;

const agree = async (instanceId: number) => {
  const res = await post(fin, '/v2/workflow/agree', { taskId: await task(instanceId), opinion: 'ok' });
  expect(res.code, res.msg).toBe(0);
};
const pay = (tok: Tokens, billId: number, amount: number) =>
  post(tok, supplierBillPayPath(billId), { amount, reference: 'TT-PAY', reason: 'bill paid' });

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  t.p.notifier.register('supplier-overdue-test', async (n) => void sent.push(n));
  // sales may read the overdue list: the supplier's owner decides what they see
  const [salesRole] = await t.p.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'sales'));
  const [key] = await t.p.db
    .select({ id: resources.id })
    .from(resources)
    .where(eq(resources.international, SupplierOverduePerm.LIST));
  await t.p.db.insert(roleResources).values({ roleId: salesRole!.id, resourceId: key!.id }).onConflictDoNothing();
  [fin, sales] = await Promise.all([signIn(t.app, DEMO.finance01), signIn(t.app, DEMO.sales01)]);
  // test currencies of their own: 10 days to pay, warned 3 days before; from November 30 days, no warning
  await t.p.db.insert(finSupplierControlSet).values([
    { currency: 'XOA', effectiveFrom: '2000-01-01', dueDays: 10, warnDays: 3, balanceFloor: 0, toFinance: true },
    { currency: 'XOA', effectiveFrom: '2026-11-01', dueDays: 30, warnDays: 0, balanceFloor: 0, toFinance: true },
  ]);
}, 240_000);
afterAll(() => t?.close());

describe('supplier bills paid', () => {
  it('the demo has confirmed bills unpaid, partly paid and falling due on the overdue list', async () => {
    const states = rowsOf<{ pay_state: string }>(
      await t.p.db.execute(sql`select distinct pay_state from fin_supplier_bills where state = 'confirmed'`),
    ).map((r) => r.pay_state);
    expect(states).toEqual(expect.arrayContaining(['unpaid', 'partly']));
    const list = await post(fin, '/v2/fc/supplier-control/overdue/page', { page: 1, size: 50 });
    expect(list.code, list.msg).toBe(0);
    expect(list.data.records.map((r: { step: string }) => r.step)).toEqual(expect.arrayContaining(['overdue', 'warn']));
  });

  it('refuses bad payments with nothing written: not confirmed, too much, no account, another’s bill', async () => {
    const fId = await userId('finance01');
    const draft = await billOf(fId, { state: 'draft' });
    const ok = await billOf(fId);
    const noAccount = await billOf(fId, { account: false });
    const salesBill = await billOf(await userId('admin'));
    const before = await written();
    expect((await pay(fin, draft.billId, 100)).code).toBe(Errors.FIN_SUPPLIER_BILL_UNPAYABLE.code);
    const over = await pay(fin, ok.billId, 10_001);
    expect(over.code).toBe(Errors.FIN_SUPPLIER_BILL_OVERPAY.code);
    expect(over.msg).toContain('100.00 USD');
    expect((await pay(fin, noAccount.billId, 100)).code).toBe(Errors.FIN_SUPPLIER_BILL_NO_ACCOUNT.code);
    expect((await pay(fin, ok.billId, 0)).code).toBe(Errors.VALIDATION_FAILED.code);
    // sales01 does not own the admin's supplier: not found, as if it did not exist
    expect((await pay(sales, salesBill.billId, 100)).code).toBe(Errors.NOT_FOUND.code);
    expect(await written()).toBe(before);
  });

  it('pays a bill in two approved payments: posted on the supplier account, unpaid → partly → paid', async () => {
    const b = await billOf(await userId('finance01'));
    const first = await pay(fin, b.billId, 6_000);
    expect(first.code, first.msg).toBe(0);
    // under review: nothing paid, nothing posted, and the 6,000 counts against a second payment
    expect(await bill(b.billId)).toMatchObject({ paid: 0, payState: 'unpaid' });
    const tooMuch = await pay(fin, b.billId, 4_001);
    expect(tooMuch.code).toBe(Errors.FIN_SUPPLIER_BILL_OVERPAY.code);
    expect(tooMuch.msg).toContain('40.00 USD');
    await agree(first.data.instanceId);
    expect(await bill(b.billId)).toMatchObject({ paid: 6_000, payState: 'partly' });
    const second = await pay(fin, b.billId, 4_000);
    expect(second.code, second.msg).toBe(0);
    await agree(second.data.instanceId);
    expect(await bill(b.billId)).toMatchObject({ paid: 10_000, payState: 'paid' });
    const entries = await t.p.db
      .select()
      .from(finSupplierEntries)
      .where(eq(finSupplierEntries.supplierAccountId, b.accountId))
      .orderBy(finSupplierEntries.id);
    expect(entries.map((e) => [e.kind, Number(e.amount)])).toEqual([
      ['payment', 6_000],
      ['payment', 4_000],
    ]);
    const apps = await t.p.db
      .select({ billId: finSupplierApplications.billId, state: finSupplierApplications.state })
      .from(finSupplierApplications)
      .where(eq(finSupplierApplications.billId, b.billId));
    expect(apps).toEqual([
      { billId: b.billId, state: 'approved' },
      { billId: b.billId, state: 'approved' },
    ]);
    expect((await pay(fin, b.billId, 1)).code).toBe(Errors.FIN_SUPPLIER_BILL_UNPAYABLE.code);
    // the bill list shows it paid
    const listed = await post(fin, '/v2/fc/postpaid-supplier/bill-check/page', { page: 1, size: 5, payState: 'paid' });
    expect(listed.data.records.map((r: { id: number }) => r.id)).toContain(b.billId);
  });

  it('two payments asked at once never ask for more than the bill (the bill is locked)', async () => {
    const b = await billOf(await userId('finance01'));
    const answers = await Promise.all([pay(fin, b.billId, 6_000), pay(fin, b.billId, 6_000)]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, Errors.FIN_SUPPLIER_BILL_OVERPAY.code].sort());
    const pending = await t.p.db
      .select()
      .from(finSupplierApplications)
      .where(eq(finSupplierApplications.billId, b.billId));
    expect(pending).toHaveLength(1);
  });
});

describe('supplier overdue run', () => {
  it('warns from warn days before the due day, then overdue after it; each step told once', async () => {
    const owner = await userId('sales01');
    const b = await billOf(owner, { currency: 'XOA', periodTo: '2026-10-20' }); // due 10-30, warned from 10-27
    sent.length = 0;
    await runSupplierOverdue(t.p, '2026-10-26');
    expect(await overdueOf(b.billId)).toBeUndefined();
    const warned = await runSupplierOverdue(t.p, '2026-10-27');
    expect(warned.map((s) => [s.candidate.bill_id, s.step])).toContainEqual([b.billId, 'warn']);
    expect(await overdueOf(b.billId)).toMatchObject({ step: 'warn', dueDay: '2026-10-30', state: 'open' });
    const told = sent.filter((n) => n.source?.kind === 'finance.supplier.warn');
    expect(told).toHaveLength(1);
    expect(told[0]!.userIds).toContain(owner);
    expect(told[0]!.userIds).toContain(await userId('finance01'));
    // the due day itself is not overdue; a rerun tells nobody again
    expect((await runSupplierOverdue(t.p, '2026-10-30')).filter((s) => s.candidate.bill_id === b.billId)).toEqual([]);
    const overdue = await runSupplierOverdue(t.p, '2026-10-31');
    expect(overdue.map((s) => [s.candidate.bill_id, s.step])).toContainEqual([b.billId, 'overdue']);
    expect((await runSupplierOverdue(t.p, '2026-11-05')).filter((s) => s.candidate.bill_id === b.billId)).toEqual([]);
    const row = (await overdueOf(b.billId))!;
    expect(row.step).toBe('overdue');
    expect(row.warnedAt).not.toBeNull();
    expect(row.overdueAt).not.toBeNull();
    expect(sent.filter((n) => n.source?.id === String(row.id))).toHaveLength(2);
    // the sales owner sees it in the list, in their scope
    const list = await post(sales, '/v2/fc/supplier-control/overdue/page', { page: 1, size: 50, step: 'overdue' });
    const mine = list.data.records.find((r: { billId: number }) => r.billId === b.billId);
    expect(mine).toMatchObject({ unpaid: 10_000, payState: 'unpaid', state: 'open', currency: 'XOA' });
  });

  it('takes the setting in force on the period’s end; no setting, no due day; exempt suppliers left out', async () => {
    const owner = await userId('finance01');
    const later = await billOf(owner, { currency: 'XOA', periodTo: '2026-11-10' }); // 30 days, no warning
    const noSetting = await billOf(owner, { currency: 'XOB', periodTo: '2026-01-31' });
    const exempt = await billOf(owner, { currency: 'XOA', periodTo: '2026-10-01' });
    await t.p.db
      .insert(finSupplierControls)
      .values({ kind: 'exempt', supplierId: exempt.supplierId, fromDay: '2026-10-01', reason: 'agreed terms' });
    await runSupplierOverdue(t.p, '2026-12-09');
    expect(await overdueOf(later.billId)).toBeUndefined();
    expect(await overdueOf(noSetting.billId)).toBeUndefined();
    expect(await overdueOf(exempt.billId)).toBeUndefined();
    await runSupplierOverdue(t.p, '2026-12-11');
    expect(await overdueOf(later.billId)).toMatchObject({ step: 'overdue', dueDay: '2026-12-10' });
    expect(await overdueOf(exempt.billId)).toBeUndefined();
  });

  it('settles the row of a bill paid in full', async () => {
    const b = await billOf(await userId('finance01'), { currency: 'XOA', periodTo: '2026-09-30' });
    await runSupplierOverdue(t.p, '2026-10-20');
    expect(await overdueOf(b.billId)).toMatchObject({ step: 'overdue', state: 'open' });
    const res = await pay(fin, b.billId, 10_000);
    expect(res.code, res.msg).toBe(0);
    await agree(res.data.instanceId);
    await runSupplierOverdue(t.p, '2026-10-21');
    expect(await overdueOf(b.billId)).toMatchObject({ state: 'settled', settledAt: expect.any(Date) });
  });
});

/** An overdue row of a new bill of a supplier owned by `owner`. */
async function overdueRow(owner: number) {
  const b = await billOf(owner, { account: false });
  const [r] = await t.p.db
    .insert(finSupplierOverdue)
    .values({ billId: b.billId, supplierId: b.supplierId, currency: 'USD', dueDay: '2025-06-15', step: 'overdue' })
    .returning({ id: finSupplierOverdue.id });
  return r!.id;
}

describeResource(supplierOverdue, {
  app: () => t,
  filters: {
    supplierId: async () => {
      const id = await overdueRow(await userId('admin'));
      return (await t.p.db.select().from(finSupplierOverdue).where(eq(finSupplierOverdue.id, id)))[0]!.supplierId;
    },
    step: 'overdue',
    reason: 'bill',
    state: 'open',
    dueDay: ['2025-06-01', '2025-06-30'],
  },
  ownedRecord: (_t, owner) => overdueRow(owner),
});
