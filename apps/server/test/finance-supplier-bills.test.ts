import { Errors } from '@portal/contracts';
import { SUPPLIER_BILL_IMPORT, SupplierBillPerm } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  nextBillCode,
  nextSoaCode,
  reconConfig,
  soas,
  supplierBillLines,
  supplierBills,
} from '../src/modules/finance/suppliers/bills.js';
import { postSupplierEntry } from '../src/modules/finance/suppliers/ledger.js';
import {
  finReconConfig,
  finSoas,
  finSupplierAccounts,
  finSupplierBillLines,
  finSupplierBills,
} from '../src/modules/finance/suppliers/schema.js';
import { resources, roleResources, roles, staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens, xlsxSheets } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { keyedPost } from './support/signed-in.js';
import { testSupplier } from './support/supplier-fixture.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * The supplier bill check and statements of account (decision 0107): a bill's upload previewed (bad
 * rows listed, nothing saved), its lines compared with traffic's cost of the supplier's channels per day
 * and country with the `recon-config` tolerance, confirm / dispute, bad input refused with nothing
 * written, the data scope by the supplier's owner; a statement's our side from the account's entries.
 */
let t: TestApp;
let fin: Tokens;
let admin: Tokens;
let sales: Tokens;
let seq = 0;
const BILL = '/v2/fc/postpaid-supplier/bill-check';
const SOA = '/v2/fc/postpaid-supplier/soa';

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const userId = async (username: string) =>
  (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;

/** A supplier owned by `ownerId` with one sms channel. */
async function supplierOf(ownerId: number) {
  const s = await testSupplier(t.p.db, { prefix: 'B', ownerId });
  return { supplierId: s.id, channelId: s.channels[0]! };
}

let rollupRow = 0;
/** One row of traffic_daily as traffic's rollup writes it. */
async function rollup(
  day: string,
  channelId: number,
  country: string,
  segments: number,
  cost: string,
  costCurrency = 'USD',
) {
  rollupRow++;
  await t.p.db.execute(sql`insert into traffic_daily
    (day, product, account_id, customer_id, owner_id, channel_id, country, network, status, currency, cost_currency,
     count, segments, delivered, revenue, cost)
    values (${day}, 'sms', 990002, 990002, 0, ${channelId}, ${country}, ${`b${rollupRow}`}, 'delivered', 'USD',
      ${costCurrency}, ${segments}, ${segments}, ${segments}, 1, ${cost})`);
}

/** An XLSX of bill rows with the template's header, sent as the preview's multipart upload. */
async function preview(tok: Tokens, rows: (string | number)[][], header = ['day', 'country', 'count', 'amount']) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('bill');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  const boundary = '----billcheck';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bill.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(await wb.xlsx.writeBuffer()),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: SUPPLIER_BILL_IMPORT.preview,
    headers: { ...bearer(tok), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json() as Answer;
}

const billRow = async (id: number) =>
  (await t.p.db.select().from(finSupplierBills).where(eq(finSupplierBills.id, id)))[0]!;
const linesOf = async (id: number) =>
  t.p.db
    .select()
    .from(finSupplierBillLines)
    .where(eq(finSupplierBillLines.billId, id))
    .orderBy(finSupplierBillLines.day, finSupplierBillLines.country);

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  // sales may read the bill check and statements: the supplier's owner decides what they see
  const [salesRole] = await t.p.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'sales'));
  const keys = await t.p.db
    .select({ id: resources.id })
    .from(resources)
    .where(sql`${resources.international} in (${SupplierBillPerm.BILLS}, ${SupplierBillPerm.SOA})`);
  expect(keys).toHaveLength(2);
  for (const k of keys)
    await t.p.db.insert(roleResources).values({ roleId: salesRole!.id, resourceId: k.id }).onConflictDoNothing();
  [fin, sales, admin] = await Promise.all([
    signIn(t.app, DEMO.finance01),
    signIn(t.app, DEMO.sales01),
    signIn(t.app, DEMO.admin),
  ]);
}, 240_000);
afterAll(() => t?.close());

describe('supplier bill check', () => {
  it('seeds demo bills in each state with their lines, and the recon-config rows', async () => {
    const states = rowsOf<{ state: string }>(await t.p.db.execute(sql`select distinct state from fin_supplier_bills`));
    expect(states.map((s) => s.state).sort()).toEqual(['checked', 'confirmed', 'disputed', 'draft']);
    const page = await post(fin, `${BILL}/page`, { page: 1, size: 50, state: 'checked' });
    expect(page.data.total).toBeGreaterThan(0);
    const lines = await post(fin, `${BILL}/line/page`, { page: 1, size: 10, billId: page.data.records[0].id });
    expect(lines.data.total).toBeGreaterThan(0);
    const recon = await post(admin, '/v2/fc/recon-config/page', { page: 1, size: 10 });
    expect(recon.data.total).toBe(4);
    const soas = await post(fin, `${SOA}/page`, { page: 1, size: 10 });
    expect(soas.data.total).toBeGreaterThan(0);
  });

  it('compares their lines with traffic’s cost per day and country, flags beyond the recon-config tolerance', async () => {
    const a = await supplierOf(await userId('sales01'));
    const other = await supplierOf(await userId('admin'));
    await rollup('2025-03-01', a.channelId, 'CN', 1000, '7.000000');
    await rollup('2025-03-01', a.channelId, 'CN', 200, '1.004999');
    await rollup('2025-03-01', a.channelId, 'US', 50, '2.500000');
    await rollup('2025-03-02', a.channelId, 'CN', 300, '3.000000');
    // another supplier's channel, another cost currency, a day outside the period: not this bill's
    await rollup('2025-03-01', other.channelId, 'CN', 999, '99');
    await rollup('2025-03-01', a.channelId, 'CN', 5, '5', 'EUR');
    await rollup('2025-04-01', a.channelId, 'CN', 5, '5');
    // sms: 5 % or 0.50 per line
    const recon = await post(admin, '/v2/fc/recon-config/page', { page: 1, size: 10, product: 'sms' });
    const row = recon.data.records[0];
    const upd = await post(admin, '/v2/fc/recon-config/update', {
      id: row.id,
      version: row.version,
      tolerancePct: 5,
      toleranceAmount: 50,
    });
    expect(upd.code, JSON.stringify(upd)).toBe(0);

    const created = await post(fin, `${BILL}/save`, {
      supplierId: a.supplierId,
      product: 'sms',
      currency: 'USD',
      periodFrom: '2025-03-01',
      periodTo: '2025-03-31',
      reference: 'INV-77',
    });
    expect(created.code, JSON.stringify(created)).toBe(0);
    const id = created.data.id as number;
    expect((await billRow(id)).state).toBe('draft');

    const view = await preview(fin, [
      ['2025-03-01', 'cn', 1200, 8.1],
      ['2025-03-01', 'US', 50, 3.2],
      ['2025-03-03', 'GB', 10, 0.4],
      ['2025-03-01', 'CN', 1, 1],
      ['2025-13-01', 'CN', 1, 1],
      ['2025-03-04', 'ZZZ', 1, 1],
      ['2025-03-05', 'CN', 'many', 1],
      ['2025-03-06', 'CN', 1, 1.234],
    ]);
    expect(view.code, JSON.stringify(view)).toBe(0);
    expect(view.data.rows).toHaveLength(3);
    expect(view.data.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '5:line',
      '6:day',
      '7:country',
      '8:count',
      '9:amount',
    ]);
    // the preview saved nothing
    expect(await linesOf(id)).toHaveLength(0);

    const done = await post(fin, SUPPLIER_BILL_IMPORT.commit(id), { rows: view.data.rows });
    expect(done.code, JSON.stringify(done)).toBe(0);
    // ours: CN 03-01 = 7 + 1.004999 → 8.00 (1200 parts); US 03-01 = 2.50; CN 03-02 = 3.00 they did not bill
    const lines = (await linesOf(id)).map((l) => [
      l.day,
      l.country,
      Number(l.theirCount),
      Number(l.ourCount),
      Number(l.theirAmount),
      Number(l.ourCost),
      Number(l.difference),
      l.flagged,
    ]);
    expect(lines).toEqual([
      ['2025-03-01', 'CN', 1200, 1200, 810, 800, 10, false],
      ['2025-03-01', 'US', 50, 50, 320, 250, 70, true],
      ['2025-03-02', 'CN', 0, 300, 0, 300, -300, true],
      ['2025-03-03', 'GB', 10, 0, 40, 0, 40, false],
    ]);
    expect(done.data).toEqual({ theirAmount: 1170, ourCost: 1350, difference: -180, lines: 4, flagged: 2 });
    const bill = await billRow(id);
    expect([bill.state, Number(bill.theirAmount), Number(bill.ourCost), bill.flagged]).toEqual([
      'checked',
      1170,
      1350,
      2,
    ]);
    const flaggedPage = await post(fin, `${BILL}/line/page`, { page: 1, size: 10, billId: id, flagged: true });
    expect(flaggedPage.data.records.map((r: { country: string }) => r.country)).toEqual(['US', 'CN']);

    // a day outside the period refuses the whole upload: the lines stay as they were
    const outside = await post(fin, SUPPLIER_BILL_IMPORT.commit(id), {
      rows: [{ day: '2025-04-01', country: 'CN', count: 1, amount: 1, line: '2025-04-01 CN' }],
    });
    expect(outside.code).toBe(Errors.FIN_BILL_LINE_OUTSIDE.code);
    expect(await linesOf(id)).toHaveLength(4);

    // dispute needs a note; confirm then closes it to uploads
    expect((await post(fin, `${BILL}/dispute`, { id })).code).not.toBe(0);
    const confirmed = await post(fin, `${BILL}/confirm`, { id, note: 'US line agreed by mail' });
    expect(confirmed.code, JSON.stringify(confirmed)).toBe(0);
    expect((await billRow(id)).state).toBe('confirmed');
    expect((await post(fin, `${BILL}/dispute`, { id, note: 'late' })).code).toBe(Errors.FIN_BILL_STATE.code);
    const again = await post(fin, SUPPLIER_BILL_IMPORT.commit(id), { rows: view.data.rows });
    expect(again.code).toBe(Errors.FIN_BILL_STATE.code);
    const history = await t.p.db.execute(
      sql`select count(*)::int as n from record_events where entity = 'finance.supplierBill' and record_id = ${String(id)}`,
    );
    expect(rowsOf<{ n: number }>(history)[0]!.n).toBeGreaterThanOrEqual(2);

    // the export of the lines holds the compared figures
    const exp = await t.app.inject({
      method: 'POST',
      url: `${BILL}/line/export`,
      headers: { ...bearer(fin), 'accept-language': 'en' },
      payload: { billId: id },
    });
    expect(exp.statusCode).toBe(200);
    const [sheet] = await xlsxSheets(exp.rawPayload);
    expect(sheet!.length).toBe(5);
    expect(sheet!.slice(1).map((r) => r[1])).toEqual(['CN', 'US', 'CN', 'GB']);
  });

  it('refuses bad input and writes nothing', async () => {
    const a = await supplierOf(await userId('admin'));
    const count = async () =>
      rowsOf<{ n: number }>(await t.p.db.execute(sql`select count(*)::int as n from fin_supplier_bills`))[0]!.n;
    const before = await count();
    const base = {
      supplierId: a.supplierId,
      product: 'sms',
      currency: 'USD',
      periodFrom: '2025-03-10',
      periodTo: '2025-03-01',
    };
    expect((await post(fin, `${BILL}/save`, base)).code).toBe(Errors.FIN_BILL_PERIOD.code);
    expect((await post(fin, `${BILL}/save`, { ...base, periodFrom: '2025-01-01', periodTo: '2025-06-01' })).code).toBe(
      Errors.FIN_BILL_PERIOD.code,
    );
    expect((await post(fin, `${BILL}/save`, { ...base, periodFrom: '2025-03-01', product: 'vos' })).code).toBe(
      Errors.FIN_SUPPLIER_NO_PRODUCT.code,
    );
    expect((await post(fin, `${BILL}/save`, { ...base, periodFrom: '2025-03-01', currency: 'usd' })).code).not.toBe(0);
    expect(await count()).toBe(before);
    // a file without the amount column is refused as a whole
    const noAmount = await preview(fin, [['2025-03-01', 'CN', 1]], ['day', 'country', 'count']);
    expect(noAmount.code).toBe(Errors.IMPORT_HEADER_MISSING.code);
    // a second product row of recon-config
    const dup = await post(admin, '/v2/fc/recon-config/save', { product: 'sms', tolerancePct: 1, toleranceAmount: 1 });
    expect(dup.code).toBe(Errors.FIN_RECON_PRODUCT_TAKEN.code);
  });

  it('is scoped by the supplier’s owner; uploading needs the check key', async () => {
    const mine = await supplierOf(await userId('sales01'));
    const theirs = await supplierOf(await userId('admin'));
    const make = async (supplierId: number) =>
      (
        await post(fin, `${BILL}/save`, {
          supplierId,
          product: 'sms',
          currency: 'USD',
          periodFrom: '2025-05-01',
          periodTo: '2025-05-31',
        })
      ).data.id as number;
    const [own, foreign] = [await make(mine.supplierId), await make(theirs.supplierId)];
    const page = await post(sales, `${BILL}/page`, { page: 1, size: 100 });
    const ids = page.data.records.map((r: { id: number }) => r.id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(foreign);
    expect((await post(sales, `${BILL}/detail`, { id: foreign })).code).toBe(Errors.NOT_FOUND.code);
    const lines = await post(sales, `${BILL}/line/page`, { page: 1, size: 10, billId: foreign });
    expect(lines.data.total).toBe(0);
    // sales holds the list key, not the check key
    const upload = await post(sales, SUPPLIER_BILL_IMPORT.commit(own), {
      rows: [{ day: '2025-05-01', country: 'CN', count: 1, amount: 1, line: '2025-05-01 CN' }],
    });
    expect(upload.code).toBe(Errors.NO_PERMISSION.code);
    expect((await billRow(own)).state).toBe('draft');
  });
});

describe('statements of account', () => {
  it('takes our side from the account’s entries, the difference from their closing; agreed closes it', async () => {
    const a = await supplierOf(await userId('sales01'));
    const [acc] = await t.p.db
      .insert(finSupplierAccounts)
      .values({
        code: `SA8${String(++seq).padStart(5, '0')}`,
        supplierId: a.supplierId,
        product: 'sms',
        currency: 'USD',
      })
      .returning({ id: finSupplierAccounts.id });
    const entry = (kind: 'prepayment' | 'cost' | 'payment' | 'bill', amount: number, day: string) =>
      t.p.db.transaction((tx) =>
        postSupplierEntry(tx, {
          supplierAccountId: acc!.id,
          kind,
          amount,
          currency: 'USD',
          day,
          key: `soa:${acc!.id}:${kind}:${day}`,
          at: new Date(),
        }),
      );
    await entry('prepayment', 100_000, '2025-02-20');
    await entry('cost', -30_000, '2025-03-05');
    await entry('payment', 20_000, '2025-03-10');
    await entry('bill', -1_000, '2025-03-20');
    await entry('cost', -5_000, '2025-04-02');
    const body = {
      supplierId: a.supplierId,
      product: 'sms',
      currency: 'USD',
      periodFrom: '2025-03-01',
      periodTo: '2025-03-31',
    };
    const created = await post(fin, `${SOA}/save`, { ...body, theirClosing: 88_000 });
    expect(created.code, JSON.stringify(created)).toBe(0);
    const id = created.data.id as number;
    const read = async () => (await post(fin, `${SOA}/detail`, { id })).data;
    const soa = await read();
    expect([soa.opening, soa.costs, soa.payments, soa.adjustments, soa.closing, soa.difference]).toEqual([
      100_000, -30_000, 20_000, -1_000, 89_000, -1_000,
    ]);
    // the supplier's owner sees it
    const mine = await post(sales, `${SOA}/page`, { page: 1, size: 100 });
    expect(mine.data.records.map((r: { id: number }) => r.id)).toContain(id);
    const fixed = await post(fin, `${SOA}/update`, { id, version: soa.version, theirClosing: 89_000 });
    expect(fixed.code, JSON.stringify(fixed)).toBe(0);
    expect((await read()).difference).toBe(0);
    expect((await post(fin, `${SOA}/agree`, { id })).code).toBe(0);
    const late = await post(fin, `${SOA}/update`, { id, version: (await read()).version, theirClosing: 1 });
    expect(late.code).toBe(Errors.FIN_SOA_STATE.code);
    expect((await post(fin, `${SOA}/dispute`, { id, note: 'x' })).code).toBe(Errors.FIN_SOA_STATE.code);
    // a supplier with no account of that currency
    const none = await post(fin, `${SOA}/save`, { ...body, currency: 'EUR', theirClosing: 0 });
    expect(none.code).toBe(Errors.FIN_SOA_NO_ACCOUNT.code);
  });
});

/** A draft bill of a supplier `owner` owns, with one line beyond tolerance (written as the upload would). */
async function billOf(owner: number) {
  const { supplierId } = await supplierOf(owner);
  const [b] = await t.p.db
    .insert(finSupplierBills)
    .values({
      code: await nextBillCode(t.p.db),
      supplierId,
      product: 'sms',
      currency: 'USD',
      periodFrom: '2025-05-01',
      periodTo: '2025-05-31',
      reference: `INV-C${++seq}`,
    })
    .returning({ id: finSupplierBills.id });
  await t.p.db.insert(finSupplierBillLines).values({
    billId: b!.id,
    day: '2025-05-02',
    country: 'CN',
    theirCount: 10,
    ourCount: 8,
    theirAmount: 500,
    ourCost: 400,
    difference: 100,
    flagged: true,
  });
  return b!.id;
}

/** An open statement with a supplier `owner` owns (written as the save would, our side at zero). */
async function soaOf(owner: number) {
  const { supplierId } = await supplierOf(owner);
  const [s] = await t.p.db
    .insert(finSoas)
    .values({
      code: await nextSoaCode(t.p.db),
      supplierId,
      product: 'sms',
      currency: 'USD',
      periodFrom: '2025-05-01',
      periodTo: '2025-05-31',
      opening: 0,
      costs: 0,
      payments: 0,
      adjustments: 0,
      closing: 0,
      theirClosing: 1_000,
    })
    .returning({ id: finSoas.id });
  return s!.id;
}

const adminBill = async () => billOf(await userId('admin'));
let conformSupplier = 0;
beforeAll(async () => {
  conformSupplier = (await supplierOf(await userId('admin'))).supplierId;
});

describeResource(supplierBills, {
  app: () => t,
  sample: (n) => ({
    supplierId: conformSupplier,
    product: 'sms',
    currency: 'USD',
    periodFrom: '2025-06-01',
    periodTo: '2025-06-30',
    reference: `CONF-${n}`,
  }),
  filters: {
    keyword: 'INV-C',
    supplierId: async () => (await billRow(await adminBill())).supplierId,
    product: 'sms',
    state: 'draft',
    payState: 'unpaid',
    periodFrom: ['2025-05-01', '2025-05-31'],
  },
  ownedRecord: (_t, owner) => billOf(owner),
  commands: { confirm: { note: 'fine' }, dispute: { note: 'their CN rate is wrong' } },
});

describeResource(supplierBillLines, {
  app: () => t,
  filters: {
    billId: adminBill,
    flagged: true,
    country: 'CN',
  },
  ownedRecord: async (_t, owner) => {
    const [l] = await linesOf(await billOf(owner));
    return l!.id;
  },
});

describeResource(soas, {
  app: () => t,
  update: { theirClosing: 2_500 },
  filters: {
    keyword: 'SOA',
    supplierId: async () => {
      const id = await soaOf(await userId('admin'));
      return (await t.p.db.select().from(finSoas).where(eq(finSoas.id, id)))[0]!.supplierId;
    },
    product: 'sms',
    state: 'open',
    periodFrom: ['2025-05-01', '2025-05-31'],
  },
  ownedRecord: (_t, owner) => soaOf(owner),
  commands: { agree: { note: 'agreed' }, dispute: { note: 'their closing is wrong' } },
});

let reconRow = 0;
describeResource(reconConfig, {
  app: () => t,
  // one row per product, all four seeded: the records the suite asks for are those rows in turn
  update: { tolerancePct: 2.5, remark: 'conformance' },
  filters: { product: 'sms' },
  ownedRecord: async () => {
    const rows = await t.p.db.select({ id: finReconConfig.id }).from(finReconConfig).orderBy(finReconConfig.id);
    return rows[reconRow++ % rows.length]!.id;
  },
});
