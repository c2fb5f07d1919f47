import { Errors } from '@portal/contracts';
import { ERP_SETTINGS_API, erpDocApi, erpPartyApi } from '@portal/contracts/finance';
import { commandPath, resourcePath } from '@portal/contracts/resource';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDailyProduce } from '../src/modules/finance/erp/daily.js';
import { produceDeps, produceDocuments } from '../src/modules/finance/erp/produce.js';
import { erpDocuments, erpMappings } from '../src/modules/finance/erp/resources.js';
import { finErpDocuments } from '../src/modules/finance/erp/schema.js';
import { finAccounts, finBills } from '../src/modules/finance/schema.js';
import { nextBillCode } from '../src/modules/finance/suppliers/bills.js';
import { postSupplierEntry } from '../src/modules/finance/suppliers/ledger.js';
import {
  finSupplierAccounts,
  finSupplierBillLines,
  finSupplierBills,
} from '../src/modules/finance/suppliers/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { testAccount } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';
import { testSupplier } from './support/supplier-fixture.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * The ERP document types of decision 0127: payment refunds from the supplier ledger's negative
 * adjustments, purchase receipts from confirmed supplier bills, sales delivery orders from issued
 * customer bills; numbered and idempotent like the others (also under concurrent runs), approved and
 * undone; the daily job over every type and its switch.
 */
let t: TestApp;
let fin: Tokens;
let sales: Tokens;
let adminId: number;
let seq = 0;
const TAG = { customer: 'ERPS', name: 'ERP source customer', alias: 'erps', account: 'ERPSA' };

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const docs = (type: string) =>
  t.p.db
    .select()
    .from(finErpDocuments)
    .where(eq(finErpDocuments.type, type as 'receipt'));

async function supplierAccount() {
  const s = await testSupplier(t.p.db, { prefix: 'ES' });
  const [a] = await t.p.db
    .insert(finSupplierAccounts)
    .values({ code: `SAE${String(++seq).padStart(5, '0')}`, supplierId: s.id, product: 'sms', currency: 'USD' })
    .returning({ id: finSupplierAccounts.id });
  return { supplierId: s.id, accountId: a!.id };
}

const supplierEntry = (id: number, kind: 'prepayment' | 'adjustment', amount: number, day: string) =>
  t.p.db.transaction((tx) =>
    postSupplierEntry(tx, {
      supplierAccountId: id,
      kind,
      amount,
      currency: 'USD',
      day,
      key: `erp-src:${++seq}:${Date.now()}`,
      at: new Date(),
    }),
  );

async function supplierBill(supplierId: number, state: 'draft' | 'checked' | 'confirmed', theirs: number, to: string) {
  const [b] = await t.p.db
    .insert(finSupplierBills)
    .values({
      code: await nextBillCode(t.p.db),
      supplierId,
      product: 'sms',
      currency: 'USD',
      periodFrom: `${to.slice(0, 8)}01`,
      periodTo: to,
      reference: `INV-ERP${++seq}`,
      state,
      theirAmount: theirs,
      ourCost: theirs,
      lines: 2,
    })
    .returning({ id: finSupplierBills.id });
  for (const [i, count] of [1500, 2500].entries())
    await t.p.db.insert(finSupplierBillLines).values({
      billId: b!.id,
      day: `${to.slice(0, 8)}0${i + 1}`,
      country: 'SG',
      theirCount: count,
      ourCount: count,
      theirAmount: theirs / 2,
      ourCost: theirs / 2,
      difference: 0,
      flagged: false,
    });
  return b!.id;
}

async function customerBill(accountId: number, amount: string, end: string, state: 'draft' | 'issued' = 'issued') {
  const n = ++seq;
  await t.p.db.insert(finBills).values({
    code: `BLERP${n}`,
    accountId,
    periodStart: end,
    periodEnd: end,
    amount,
    unpaid: amount,
    currency: 'USD',
    dueDay: end,
    overdueAfter: end,
    state,
    issuedAt: new Date(`${end}T23:00:00Z`),
  });
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  await t.p.db.execute(sql`truncate fin_erp_documents, fin_erp_doc_counters, fin_erp_settings`);
  [fin, sales] = await Promise.all([signIn(t.app, DEMO.finance01), signIn(t.app, DEMO.sales01)]);
  adminId = (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin')))[0]!
    .id;
}, 240_000);
afterAll(() => t?.close());

describe('the sources of payment refunds, purchase receipts and sales delivery orders', () => {
  it('payment refunds: a supplier’s negative adjustments only, in major units, once', async () => {
    const { accountId } = await supplierAccount();
    await supplierEntry(accountId, 'prepayment', 50_000, '2032-01-05');
    await supplierEntry(accountId, 'adjustment', -12_345, '2032-01-06');
    await supplierEntry(accountId, 'adjustment', 700, '2032-01-06');
    const api = erpDocApi('payment-refund-slip');
    const first = await post(fin, `${api}/produce`, { from: '2032-01-01', to: '2032-01-31' });
    expect(first, JSON.stringify(first)).toMatchObject({ code: 0, data: { created: 1 } });
    expect((await post(fin, `${api}/produce`, { from: '2032-01-01', to: '2032-01-31' })).data.created).toBe(0);
    const [d] = await docs('payment-refund-slip');
    expect(d).toMatchObject({
      number: 'FKTD-20320106-0001',
      counterpartKind: 'supplier',
      amount: '123.4500',
      state: 'draft',
      docDate: '2032-01-06',
    });
    expect(d!.sourceKey).toMatch(/^sup:\d+$/);
    // the prepayment is a payment slip's, not a refund's
    const slips = await post(fin, `${erpDocApi('payment-slip')}/produce`, { from: '2032-01-01', to: '2032-01-31' });
    expect(slips.data.created).toBe(1);
  });

  it('purchase receipts: confirmed supplier bills with their counted quantity, dated the bill’s last day', async () => {
    const { supplierId } = await supplierAccount();
    const confirmed = await supplierBill(supplierId, 'confirmed', 40_000, '2032-02-29');
    await supplierBill(supplierId, 'checked', 9_000, '2032-02-29');
    await supplierBill(supplierId, 'draft', 9_000, '2032-02-29');
    const api = erpDocApi('purchase-receipt');
    const res = await post(fin, `${api}/produce`, { from: '2032-02-01', to: '2032-02-29' });
    expect(res, JSON.stringify(res)).toMatchObject({ code: 0, data: { created: 1 } });
    const [d] = await docs('purchase-receipt');
    expect(d).toMatchObject({
      number: 'CGRK-20320229-0001',
      sourceKey: `sbill:${confirmed}`,
      amount: '400.0000',
      counterpartId: supplierId,
    });
    const [sms] = rowsOf<{ code: string }>(
      await t.p.db.execute(sql`select code from fin_erp_materials where product = 'sms' and is_default and enabled`),
    );
    expect(d!.lines).toEqual([{ material: sms?.code ?? null, qty: '4000', price: '0.1000', amount: '400.0000' }]);
    expect((await post(fin, `${api}/produce`, { from: '2032-02-01', to: '2032-02-29' })).data.created).toBe(0);
  });

  it('sales delivery orders: issued customer bills with an amount, not drafts or empty bills', async () => {
    const accountId = await testAccount(t.p.db, adminId, TAG);
    await t.p.db.update(finAccounts).set({ billing: 'postpaid' }).where(eq(finAccounts.id, accountId));
    await customerBill(accountId, '812.5', '2032-03-31');
    await customerBill(accountId, '0', '2032-03-15');
    await customerBill(accountId, '99', '2032-03-20', 'draft');
    const api = erpDocApi('sales-delivery-order');
    const res = await post(fin, `${api}/produce`, { from: '2032-03-01', to: '2032-03-31' });
    expect(res, JSON.stringify(res)).toMatchObject({ code: 0, data: { created: 1 } });
    const [d] = await docs('sales-delivery-order');
    expect(d).toMatchObject({ number: 'XSCK-20320331-0001', counterpartKind: 'customer', amount: '812.5000' });
    expect(d!.sourceKey).toMatch(/^bill:\d+$/);

    // approved and undone like the other types; the caller without the key changes nothing
    const def = erpDocuments['sales-delivery-order'].def;
    expect((await post(sales, commandPath(def, 'approve'), { id: d!.id })).code).toBe(Errors.NO_PERMISSION.code);
    expect((await post(fin, commandPath(def, 'approve'), { id: d!.id })).code).toBe(0);
    expect((await post(fin, commandPath(def, 'approve'), { id: d!.id })).code).toBe(Errors.FIN_ERP_DOC_STATE.code);
    expect((await post(fin, commandPath(def, 'unapprove'), { id: d!.id })).code).toBe(0);
    expect((await docs('sales-delivery-order'))[0]!.state).toBe('draft');
  });

  it('concurrent runs over new bills make each purchase receipt once, numbers without a gap', async () => {
    const { supplierId } = await supplierAccount();
    for (let i = 0; i < 4; i++) await supplierBill(supplierId, 'confirmed', 1_000 * (i + 1), '2032-04-30');
    const runs = await Promise.all(
      [0, 1, 2].map(() => produceDocuments(produceDeps(t.p), 'purchase-receipt', '2032-04-01', '2032-04-30')),
    );
    expect(runs.reduce((s, r) => s + r.created, 0)).toBe(4);
    const made = (await docs('purchase-receipt')).filter((d) => d.docDate === '2032-04-30');
    expect(made.map((d) => d.number).sort()).toEqual([1, 2, 3, 4].map((n) => `CGRK-20320430-000${n}`));
  });
});

describe('the daily production and its switch', () => {
  const settings = (tok: Tokens, method: 'GET' | 'PUT', payload?: object) =>
    t.app.inject({ method, url: ERP_SETTINGS_API, headers: bearer(tok), payload }).then((r) => r.json() as Answer);

  it('the switch: read by finance, refused bad input and callers without the key', async () => {
    expect((await settings(fin, 'GET')).data).toMatchObject({ dailyProduce: true, updatedBy: null });
    expect((await settings(fin, 'PUT', { dailyProduce: 'no' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await settings(sales, 'PUT', { dailyProduce: false })).code).toBe(Errors.NO_PERMISSION.code);
    expect((await settings(fin, 'GET')).data.dailyProduce).toBe(true);
  });

  it('switched off makes nothing; on, it produces every type of the days up to yesterday, once', async () => {
    const { accountId } = await supplierAccount();
    await supplierEntry(accountId, 'adjustment', -500, '2032-05-09');
    await supplierEntry(accountId, 'prepayment', 800, '2032-05-10');
    const off = await settings(fin, 'PUT', { dailyProduce: false });
    expect(off.data).toMatchObject({ dailyProduce: false });
    expect(off.data.updatedBy).toEqual(expect.any(Number));
    expect(await runDailyProduce(t.p, '2032-05-10')).toEqual({ skipped: true });
    const count = async () =>
      rowsOf<{ n: number }>(
        await t.p.db.execute(
          sql`select count(*)::int as n from fin_erp_documents where doc_date between '2032-05-01' and '2032-05-31'`,
        ),
      )[0]!;
    expect((await count()).n).toBe(0);
    expect((await settings(fin, 'PUT', { dailyProduce: true })).code).toBe(0);
    const run = await runDailyProduce(t.p, '2032-05-10');
    expect(run).toMatchObject({ skipped: false, from: '2032-04-10', to: '2032-05-10' });
    if (run.skipped) throw new Error('skipped');
    expect(run.created['payment-refund-slip']).toBe(1);
    expect(run.created['payment-slip']).toBe(1);
    expect((await count()).n).toBe(2);
    const again = await runDailyProduce(t.p, '2032-05-10');
    if (again.skipped) throw new Error('skipped');
    expect(Object.values(again.created).every((n) => n === 0)).toBe(true);
  });
});

describe('the ERP’s customers and suppliers (basic data through the CRM / SRM ports)', () => {
  const list = (tok: Tokens, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(tok) }).then((r) => r.json() as Answer);

  it('lists our customers with their mapping; mapping one from the list moves it to the mapped side', async () => {
    const accountId = await testAccount(t.p.db, adminId, TAG);
    const [c] = rowsOf<{ code: string; name: string }>(
      await t.p.db.execute(
        sql`select c.code, c.name from crm_customers c join fin_accounts a on a.customer_id = c.id where a.id = ${accountId}`,
      ),
    );
    const api = erpPartyApi('customer');
    const find = async (mapped?: 'yes' | 'no') =>
      (await list(fin, `${api}?keyword=${c!.code}${mapped ? `&mapped=${mapped}` : ''}&size=50`)).data.records.find(
        (r: { code: string }) => r.code === c!.code,
      );
    expect(await find()).toMatchObject({
      name: c!.name,
      country: 'SG',
      ownerId: adminId,
      ownerName: expect.any(String),
      mappingId: null,
    });
    expect(await find('no')).toBeTruthy();
    expect(await find('yes')).toBeUndefined();
    const saved = await post(fin, resourcePath(erpMappings.def, 'save'), {
      kind: 'customer',
      ourCode: c!.code,
      kingdeeCode: `CU.${c!.code}`,
      kingdeeName: c!.name,
    });
    expect(saved.code, JSON.stringify(saved)).toBe(0);
    expect(await find('yes')).toMatchObject({ kingdeeCode: `CU.${c!.code}`, mappingId: expect.any(Number) });
    expect(await find('no')).toBeUndefined();
  });

  it('lists suppliers the same way; refuses bad input and callers without the screen key', async () => {
    const s = await testSupplier(t.p.db, { prefix: 'EP' });
    const [sup] = rowsOf<{ code: string }>(
      await t.p.db.execute(sql`select code from srm_suppliers where id = ${s.id}`),
    );
    const api = erpPartyApi('supplier');
    const res = await list(fin, `${api}?keyword=${sup!.code}`);
    expect(res, JSON.stringify(res)).toMatchObject({ code: 0, data: { total: 1 } });
    expect(res.data.records[0]).toMatchObject({ id: s.id, code: sup!.code, kingdeeCode: null });
    expect((await list(fin, `${api}?mapped=maybe`)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await list(fin, `${api}?size=0`)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await list(sales, api)).code).toBe(Errors.NO_PERMISSION.code);
  });

  it('the ports answer in the caller’s data scope: an own-scope reader sees only its own records', async () => {
    const mine = await testSupplier(t.p.db, { prefix: 'EQ', ownerId: adminId });
    const other = await testSupplier(t.p.db, { prefix: 'EQ' });
    const own = {
      userId: adminId,
      username: 'admin',
      sessionId: 'x',
      perms: new Set<string>(),
      scope: { kind: 'own' as const, departmentIds: [] },
    };
    const page = await portOf(t.p.db, 'suppliers')!.page({ auth: own, keyword: 'EQ', page: 1, size: 100 });
    const ids = page.records.map((r) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(other.id);
    expect(page.records.every((r) => r.ownerId === adminId)).toBe(true);
    const all = await portOf(t.p.db, 'customers')!.page({
      auth: { ...own, scope: { kind: 'all', departmentIds: [] } },
      page: 1,
      size: 5,
    });
    expect(all.records.length).toBeLessThanOrEqual(5);
    expect(all.total).toBeGreaterThanOrEqual(all.records.length);
  });
});
