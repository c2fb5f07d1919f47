import { Readable } from 'node:stream';
import { Errors } from '@portal/contracts';
import { SUPPLIER_BILL_IMPORT } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finSupplierBillLines, finSupplierBills } from '../src/modules/finance/suppliers/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { filesOf } from '../src/platform/files/service.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { keyedPost } from './support/signed-in.js';
import { testSupplier } from './support/supplier-fixture.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * A supplier's bill received by mail (decision 0126): the caller's mails with an XLSX are offered, one
 * is read by the upload's own import and saved as its commit saves, the bill remembering the mail; a
 * bad attachment, someone else's mail or a mail without a bill is refused and changes nothing.
 */
let t: TestApp;
let fin: Tokens;
let sales: Tokens;
let finId = 0;
const BILL = '/v2/fc/postpaid-supplier/bill-check';
const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);

async function sheet(rows: (string | number)[][], header = ['day', 'country', 'count', 'amount']) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('bill');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** a mail in finance01's mailbox (through the mail port) carrying `name` */
async function mailWith(name: string, content: Buffer, subject: string) {
  const files = await filesOf(t.p);
  const f = await files.storeUpload(Readable.from(content), {
    name,
    purpose: 'emailAttachment',
    ownerUserId: finId,
  });
  return portOf(t.p.db, 'mail')!.send(finId, {
    to: [{ email: 'billing@carrier.example' }],
    subject,
    html: '<p>the bill</p>',
    fileIds: [f.id],
  });
}

const billOf = async (id: number) =>
  (await t.p.db.select().from(finSupplierBills).where(eq(finSupplierBills.id, id)))[0]!;
const lineCount = async (id: number) =>
  (await t.p.db.select().from(finSupplierBillLines).where(eq(finSupplierBillLines.billId, id))).length;

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  [fin, sales] = await Promise.all([signIn(t.app, DEMO.finance01), signIn(t.app, DEMO.sales01)]);
  finId = (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'finance01')))[0]!
    .id;
}, 240_000);
afterAll(() => t?.close());

describe('supplier bill by mail', () => {
  it('reads a bill’s lines from a mail’s XLSX as the upload does and remembers the mail', async () => {
    const s = await testSupplier(t.p.db, { prefix: 'M', ownerId: finId });
    await t.p.db.execute(sql`insert into traffic_daily
      (day, product, account_id, customer_id, owner_id, channel_id, country, network, status, currency, cost_currency,
       count, segments, delivered, revenue, cost)
      values ('2025-05-01', 'sms', 990003, 990003, 0, ${s.channels[0]!}, 'CN', 'm1', 'delivered', 'USD', 'USD',
        100, 100, 100, 1, '1.000000')`);
    const created = await post(fin, `${BILL}/save`, {
      supplierId: s.id,
      product: 'sms',
      currency: 'USD',
      periodFrom: '2025-05-01',
      periodTo: '2025-05-31',
    });
    expect(created.code, JSON.stringify(created)).toBe(0);
    const id = created.data.id as number;
    const good = await mailWith(
      'may-bill.xlsx',
      await sheet([
        ['2025-05-01', 'CN', 100, 1.5],
        ['2025-05-02', 'US', 10, 0.2],
      ]),
      'Carrier M May bill',
    );

    // offered to finance01 (newest first), not to someone else; sales lacks the check key
    const mine = (await t.app.inject({ url: SUPPLIER_BILL_IMPORT.mails, headers: bearer(fin) })).json() as Answer;
    expect(mine.code).toBe(0);
    expect(mine.data[0]).toMatchObject({ mailId: good.id, subject: 'Carrier M May bill', fileName: 'may-bill.xlsx' });
    const theirs = (await t.app.inject({ url: SUPPLIER_BILL_IMPORT.mails, headers: bearer(sales) })).json() as Answer;
    expect(theirs.code).toBe(Errors.NO_PERMISSION.code);

    const done = await post(fin, SUPPLIER_BILL_IMPORT.fromMail(id), { mailId: good.id });
    expect(done.code, JSON.stringify(done)).toBe(0);
    expect(done.data).toMatchObject({ lines: 2, theirAmount: 170, ourCost: 100, difference: 70 });
    const bill = await billOf(id);
    expect(bill).toMatchObject({
      state: 'checked',
      sourceMailId: good.id,
      sourceMailSubject: 'Carrier M May bill',
      sourceFile: 'may-bill.xlsx',
    });
    expect(bill.sourceMailFrom).toBeTruthy();
    // the detail shows where the lines came from
    const detail = await post(fin, `${BILL}/detail`, { id });
    expect(detail.data).toMatchObject({ sourceMailSubject: 'Carrier M May bill', sourceFile: 'may-bill.xlsx' });

    // an upload afterwards forgets the mail
    const again = await post(fin, SUPPLIER_BILL_IMPORT.commit(id), {
      rows: [{ day: '2025-05-01', country: 'CN', count: 100, amount: 1, line: '2025-05-01 CN' }],
    });
    expect(again.code, JSON.stringify(again)).toBe(0);
    expect(await billOf(id)).toMatchObject({ sourceMailId: null, sourceFile: null, lines: 1 });
  });

  it('refuses a bad attachment, a mail without one, another’s mail, a bill not in scope; nothing changes', async () => {
    const s = await testSupplier(t.p.db, { prefix: 'N', ownerId: finId });
    const created = await post(fin, `${BILL}/save`, {
      supplierId: s.id,
      product: 'sms',
      currency: 'USD',
      periodFrom: '2025-06-01',
      periodTo: '2025-06-30',
    });
    const id = created.data.id as number;
    const before = await billOf(id);

    const badRow = await mailWith(
      'june.xlsx',
      await sheet([
        ['2025-06-01', 'CN', 1, 1],
        ['2025-06-02', 'CN', 'many', 1],
      ]),
      'June bill (bad row)',
    );
    const r1 = await post(fin, SUPPLIER_BILL_IMPORT.fromMail(id), { mailId: badRow.id });
    expect(r1.code).toBe(Errors.FIN_SUPPLIER_BILL_MAIL_ROWS.code);
    expect(r1.msg).toContain('june.xlsx');

    const outside = await mailWith('july.xlsx', await sheet([['2025-07-01', 'CN', 1, 1]]), 'July bill');
    expect((await post(fin, SUPPLIER_BILL_IMPORT.fromMail(id), { mailId: outside.id })).code).toBe(
      Errors.FIN_BILL_LINE_OUTSIDE.code,
    );
    const empty = await mailWith('empty.xlsx', await sheet([]), 'Empty bill');
    expect((await post(fin, SUPPLIER_BILL_IMPORT.fromMail(id), { mailId: empty.id })).code).toBe(
      Errors.FIN_SUPPLIER_BILL_MAIL_EMPTY.code,
    );
    const noHeader = await mailWith('odd.xlsx', await sheet([['x']], ['something']), 'Odd sheet');
    expect((await post(fin, SUPPLIER_BILL_IMPORT.fromMail(id), { mailId: noHeader.id })).code).toBe(
      Errors.IMPORT_HEADER_MISSING.code,
    );
    const pdf = await mailWith('bill.pdf', Buffer.from('%PDF-1.4 day,country,count,amount'), 'A pdf');
    expect((await post(fin, SUPPLIER_BILL_IMPORT.fromMail(id), { mailId: pdf.id })).code).toBe(
      Errors.FIN_SUPPLIER_BILL_MAIL_NOT_FOUND.code,
    );
    expect((await post(fin, SUPPLIER_BILL_IMPORT.fromMail(id), { mailId: 99_000_001 })).code).toBe(
      Errors.FIN_SUPPLIER_BILL_MAIL_NOT_FOUND.code,
    );
    expect((await post(fin, SUPPLIER_BILL_IMPORT.fromMail(id), { mailId: -1 })).code).not.toBe(0);
    // a good mail onto a bill that does not exist
    const good = await mailWith('ok.xlsx', await sheet([['2025-06-01', 'CN', 1, 1]]), 'OK');
    expect((await post(fin, SUPPLIER_BILL_IMPORT.fromMail(99_000_001), { mailId: good.id })).code).toBe(
      Errors.NOT_FOUND.code,
    );
    // someone else cannot read finance01's mail (sales lacks the key; the mail is not theirs either)
    expect((await post(sales, SUPPLIER_BILL_IMPORT.fromMail(id), { mailId: good.id })).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    expect(await lineCount(id)).toBe(0);
    expect(await billOf(id)).toEqual(before);
  });

  it('reads a CSV bill the same way, by mail and by upload: BOM or not, comma or semicolon, all rows or none', async () => {
    const s = await testSupplier(t.p.db, { prefix: 'C', ownerId: finId });
    const created = await post(fin, `${BILL}/save`, {
      supplierId: s.id,
      product: 'sms',
      currency: 'USD',
      periodFrom: '2025-08-01',
      periodTo: '2025-08-31',
    });
    const id = created.data.id as number;
    const before = await billOf(id);
    const csv = (text: string, bom = false) => Buffer.concat([Buffer.from(bom ? '\uFEFF' : ''), Buffer.from(text)]);

    // one bad row (a decimal comma is no thousands separator) refuses the file; so do bytes that are not UTF-8
    const bad = await mailWith(
      'aug-bad.csv',
      csv('日期;国家;数量;金额\r\n2025-08-01;CN;100;1.5\r\n2025-08-02;US;10;"0,20"\r\n', true),
      'August bill (bad)',
    );
    const r1 = await post(fin, SUPPLIER_BILL_IMPORT.fromMail(id), { mailId: bad.id });
    expect(r1.code).toBe(Errors.FIN_SUPPLIER_BILL_MAIL_ROWS.code);
    expect(r1.msg).toContain('aug-bad.csv');
    expect(r1.msg).toContain('amount');
    const latin1 = await mailWith(
      'aug-latin1.csv',
      Buffer.from('day,country,count,amount\n2025-08-01,CN,1,1\nRemarque: payé\n', 'latin1'),
      'Latin-1',
    );
    expect((await post(fin, SUPPLIER_BILL_IMPORT.fromMail(id), { mailId: latin1.id })).code).toBe(
      Errors.FIN_SUPPLIER_BILL_CSV_ENCODING.code,
    );
    const noHeader = await mailWith('aug-odd.csv', csv('a,b\n1,2\n'), 'Odd CSV');
    expect((await post(fin, SUPPLIER_BILL_IMPORT.fromMail(id), { mailId: noHeader.id })).code).toBe(
      Errors.IMPORT_HEADER_MISSING.code,
    );
    expect(await lineCount(id)).toBe(0);
    expect(await billOf(id)).toEqual(before);

    // offered among the mails, then read: semicolons, Chinese headers, a BOM, CRLF, a quoted thousands separator
    const good = await mailWith(
      'aug.csv',
      csv('日期;国家;数量;金额\r\n2025-08-01;cn;"1,200";1.5\r\n\r\n2025-08-02;US;10;0.2\r\n', true),
      'Carrier C August bill',
    );
    const offered = (await t.app.inject({ url: SUPPLIER_BILL_IMPORT.mails, headers: bearer(fin) })).json() as Answer;
    expect(offered.data[0]).toMatchObject({ mailId: good.id, fileName: 'aug.csv' });
    const done = await post(fin, SUPPLIER_BILL_IMPORT.fromMail(id), { mailId: good.id });
    expect(done.code, JSON.stringify(done)).toBe(0);
    expect(done.data).toMatchObject({ lines: 2, theirAmount: 170 });
    expect(await billOf(id)).toMatchObject({ state: 'checked', sourceFile: 'aug.csv', lines: 2 });

    // the upload's preview reads a CSV too (comma, no BOM): good rows and the bad row's reason
    const boundary = '----csvbill';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bill.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      csv('day,country,count,amount\n2025-08-03,DE,5,0.5\n2025-08-04,DE,x,0.5\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: SUPPLIER_BILL_IMPORT.preview,
      headers: { ...bearer(fin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const preview = res.json() as Answer;
    expect(preview.code, JSON.stringify(preview)).toBe(0);
    expect(preview.data.rows).toEqual([
      { day: '2025-08-03', country: 'DE', count: 5, amount: 0.5, line: '2025-08-03 DE' },
    ]);
    expect(preview.data.errors).toMatchObject([{ row: 3, field: 'count' }]);
  });
});
