import { Errors } from '@portal/contracts';
import { accountResource, billMailPath, prepaidStatementMailPath } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finAccounts, finBills, finStatements } from '../src/modules/finance/schema.js';
import { mailMessages } from '../src/modules/mail/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { filesOf } from '../src/platform/files/service.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * Customer bills and prepaid statements mailed to the account's billing contact (decision 0135): the
 * contact kept by finance on the account; the XLSX stored among the sender's files and sent through the
 * mail room's port from the sender's own mailbox, in the account's language; the record remembers the
 * mailing and its history lists it. A draft, an account without a billing e-mail, a caller without the
 * key or outside scope are refused and change nothing.
 */
let t: TestApp;
let fin: Tokens;
let sales: Tokens;
let finId = 0;
const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const get = async (tok: Tokens, url: string) => (await t.app.inject({ url, headers: bearer(tok) })).json() as Answer;
const CONTACT = `${accountResource.api}/billingContact`;

const billOf = async (id: number) => (await t.p.db.select().from(finBills).where(eq(finBills.id, id)))[0]!;

/** the stored attachment of a sent mail, as a worksheet's rows of text */
async function sheetOf(mailId: number) {
  const [m] = await t.p.db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
  const files = await filesOf(t.p);
  const f = await files.find(m!.attachments[0]!.fileId!);
  const chunks: Buffer[] = [];
  for await (const c of await files.open(f!)) chunks.push(Buffer.from(c));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as never);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return { mail: m!, rows };
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000' } });
  [fin, sales] = await Promise.all([signIn(t.app, DEMO.finance01), signIn(t.app, DEMO.sales01)]);
  finId = (await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'finance01')))[0]!
    .id;
}, 240_000);
afterAll(() => t?.close());

describe('customer bills mailed', () => {
  it('refuses an account without a billing e-mail, then mails the bill in the customer’s language and remembers it', async () => {
    const [bill] = await t.p.db.select().from(finBills).where(sql`${finBills.state} <> 'draft'`).limit(1);
    expect(bill, 'the demo has an issued bill').toBeDefined();
    const [acc] = await t.p.db.select().from(finAccounts).where(eq(finAccounts.id, bill!.accountId));
    expect(acc!.billingEmail).toBeNull();

    const none = await post(fin, billMailPath(bill!.id));
    expect(none.code).toBe(Errors.FIN_BILL_NO_BILLING_EMAIL.code);
    expect(none.msg).toContain(acc!.code);

    // the billing contact: finance only, a real address, then kept on the account
    expect(
      (await post(sales, CONTACT, { id: acc!.id, billingEmail: 'ap@buyer.example', billingLocale: 'en' })).code,
    ).toBe(Errors.NO_PERMISSION.code);
    expect((await post(fin, CONTACT, { id: acc!.id, billingEmail: 'not a mail', billingLocale: 'en' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect(
      (await post(fin, CONTACT, { id: acc!.id, billingEmail: 'ap@buyer.example', billingLocale: 'fr' })).code,
    ).toBe(Errors.VALIDATION_FAILED.code);
    const set = await post(fin, CONTACT, { id: acc!.id, billingEmail: ' ap@buyer.example ', billingLocale: 'en' });
    expect(set.code, JSON.stringify(set)).toBe(0);
    const detail = await post(fin, `${accountResource.api}/detail`, { id: acc!.id });
    expect(detail.data).toMatchObject({ billingEmail: 'ap@buyer.example', billingLocale: 'en' });

    // sales holds no bills key; an unknown bill is not found
    expect((await post(sales, billMailPath(bill!.id))).code).toBe(Errors.NO_PERMISSION.code);
    expect((await post(fin, billMailPath(99_000_001))).code).toBe(Errors.NOT_FOUND.code);

    const res = await post(fin, billMailPath(bill!.id));
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data).toMatchObject({ to: 'ap@buyer.example', fileName: `${bill!.code}.xlsx` });
    const { mail, rows } = await sheetOf(res.data.mailId);
    expect(mail).toMatchObject({ folder: 'sent' });
    expect(mail.subject).toBe(`Bill ${bill!.code} for ${acc!.code}, ${bill!.periodStart} ~ ${bill!.periodEnd}`);
    expect(JSON.stringify(mail.toList)).toContain('ap@buyer.example');
    expect(mail.html).toContain(`${Number(bill!.amount).toFixed(2)} ${bill!.currency}`);
    expect(mail.html).toContain(bill!.dueDay);
    expect(mail.attachments.map((a) => a.name)).toEqual([`${bill!.code}.xlsx`]);
    // the workbook: English headers, the lines, the total in the bill's currency, then the period and account
    expect(rows[0]![0]).toBe('Day');
    const total = rows.find((r) => r[0] === `Total ${bill!.code}`);
    expect(total?.[5]).toBe(Number(bill!.amount).toFixed(4));
    expect(total?.[6]).toBe(bill!.currency);
    expect(rows).toContainEqual(expect.arrayContaining(['Period', `${bill!.periodStart} ~ ${bill!.periodEnd}`]));
    expect(rows).toContainEqual(expect.arrayContaining(['Account', acc!.code]));
    expect(rows.length).toBeGreaterThan(3);

    // remembered on the bill (detail) and in its history
    const after = await billOf(bill!.id);
    expect(after).toMatchObject({ mailedBy: finId, mailedTo: 'ap@buyer.example', version: bill!.version + 1 });
    expect(after.mailedAt).toBeInstanceOf(Date);
    const shown = await post(fin, '/v2/fc/bill/detail', { id: bill!.id });
    expect(shown.data).toMatchObject({ mailedTo: 'ap@buyer.example', mailedBy: finId });
    const history = await get(fin, `/v2/fc/bill/timeline?id=${bill!.id}`);
    expect(history.code, JSON.stringify(history)).toBe(0);
    expect(history.data.records[0]).toMatchObject({
      kind: 'mail',
      actorId: finId,
      body: expect.stringContaining('ap@buyer.example'),
      changes: [{ field: 'mailedTo', from: null, to: 'ap@buyer.example' }],
    });

    // a second mailing in Chinese, to a new address: the history keeps both
    await post(fin, CONTACT, { id: acc!.id, billingEmail: 'cw@buyer.example', billingLocale: 'zh-CN' });
    const again = await post(fin, billMailPath(bill!.id));
    expect(again.code, JSON.stringify(again)).toBe(0);
    const zh = await sheetOf(again.data.mailId);
    expect(zh.mail.subject).toContain(`账单 ${bill!.code}`);
    expect(zh.mail.html).toContain('尊敬的');
    expect(zh.rows[0]![0]).toBe('日期');
    expect(zh.rows).toContainEqual(expect.arrayContaining(['账期', `${bill!.periodStart} ~ ${bill!.periodEnd}`]));
    const both = await get(fin, `/v2/fc/bill/timeline?id=${bill!.id}`);
    expect(both.data.records.filter((r: { kind: string }) => r.kind === 'mail')).toHaveLength(2);
    expect((await billOf(bill!.id)).mailedTo).toBe('cw@buyer.example');

    // no e-mail clears the contact: refused again
    const cleared = await post(fin, CONTACT, { id: acc!.id, billingEmail: null, billingLocale: 'zh-CN' });
    expect(cleared.code, JSON.stringify(cleared)).toBe(0);
    expect((await post(fin, billMailPath(bill!.id))).code).toBe(Errors.FIN_BILL_NO_BILLING_EMAIL.code);
  });

  it('refuses a draft bill and changes nothing', async () => {
    const [bill] = await t.p.db
      .select()
      .from(finBills)
      .where(sql`${finBills.state} <> 'draft' and ${finBills.mailedAt} is null`)
      .limit(1);
    await t.p.db
      .update(finAccounts)
      .set({ billingEmail: 'ap2@buyer.example' })
      .where(eq(finAccounts.id, bill!.accountId));
    // a draft (bills are issued by the run; a draft is one not issued yet)
    await t.p.db.update(finBills).set({ state: 'draft' }).where(eq(finBills.id, bill!.id));
    const before = await billOf(bill!.id);
    const sent = (await t.p.db.select({ n: sql<number>`count(*)::int` }).from(mailMessages))[0]!.n;
    const res = await post(fin, billMailPath(bill!.id));
    expect(res.code).toBe(Errors.FIN_BILL_MAIL_DRAFT.code);
    expect(res.msg).toContain(bill!.code);
    expect(await billOf(bill!.id)).toEqual(before);
    expect((await t.p.db.select({ n: sql<number>`count(*)::int` }).from(mailMessages))[0]!.n).toBe(sent);
    await t.p.db.update(finBills).set({ state: bill!.state }).where(eq(finBills.id, bill!.id));
  });

  it('mails a prepaid statement with its balances', async () => {
    const [st] = await t.p.db.select().from(finStatements).limit(1);
    expect(st, 'the demo has a prepaid statement').toBeDefined();
    await post(fin, CONTACT, { id: st!.accountId, billingEmail: 'prepaid@buyer.example', billingLocale: 'en' });
    const res = await post(fin, prepaidStatementMailPath(st!.id));
    expect(res.code, JSON.stringify(res)).toBe(0);
    const { mail, rows } = await sheetOf(res.data.mailId);
    expect(mail.subject).toContain(`Prepaid statement ${st!.code}`);
    expect(mail.html).toContain(`closing balance <b>${Number(st!.closing).toFixed(2)} ${st!.currency}</b>`);
    expect(rows.find((r) => r[0] === 'Closing balance')?.[5]).toBe(Number(st!.closing).toFixed(4));
    const [after] = await t.p.db.select().from(finStatements).where(eq(finStatements.id, st!.id));
    expect(after).toMatchObject({ mailedBy: finId, mailedTo: 'prepaid@buyer.example' });
    const history = await get(fin, `/v2/fc/statement/timeline?id=${st!.id}`);
    expect(history.data.records[0]).toMatchObject({ kind: 'mail' });
    expect((await post(sales, prepaidStatementMailPath(st!.id))).code).toBe(Errors.NO_PERMISSION.code);
  });
});
