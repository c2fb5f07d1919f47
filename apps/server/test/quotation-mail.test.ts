import { Errors } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../src/modules/mail/schema.js';
import { qmQuoteEmails } from '../src/modules/quotation/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { filesOf } from '../src/platform/files/service.js';
import { type ConsumerAccountRef, portOf } from '../src/platform/ports.js';
import type { Answer } from './approval-support.js';
import { bearer, DEMO, type TestApp, type Tokens } from './harness.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

let t: TestApp & { url: string };
let admin: Tokens;
let sales: Tokens;
/** an account of a customer sales01 owns, and one of somebody else's */
let mine: ConsumerAccountRef;
let theirs: ConsumerAccountRef;
/** the demo's sent quotes (seeded) */
let seeded = 0;

const post = (who: Tokens, url: string, body: object) => keyedPost<Answer>(t, who, url, body);
const get = async (who: Tokens | null, url: string): Promise<Answer> =>
  (await t.app.inject({ url, headers: who ? bearer(who) : {} })).json();
const to = [{ email: 'buyer@customer.example', name: 'Ms Buyer' }];

beforeAll(async () => {
  [t, admin, sales] = await startSignedIn([DEMO.admin, DEMO.sales01]);
  const [s] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'));
  const accounts = await portOf(t.p.db, 'accounts')!.active();
  mine = accounts.find((a) => a.ownerId === s!.id)!;
  theirs = accounts.find((a) => a.ownerId !== null && a.ownerId !== s!.id)!;
  expect(mine, 'sales01 owns a demo account').toBeDefined();
  expect(theirs).toBeDefined();
  seeded = (await t.p.db.select({ id: qmQuoteEmails.id }).from(qmQuoteEmails)).length;
}, 90_000);
afterAll(() => t?.close());

describe('quote-email-template', () => {
  it('answers the built-in template until one is saved; refuses unknown variables; keeps each language', async () => {
    const zh = await get(admin, '/v2/qm/quote-email-template?locale=zh-CN');
    expect(zh.data).toMatchObject({ locale: 'zh-CN', saved: false });
    expect(zh.data.vars).toContain('prices');
    const bad = await post(admin, '/v2/qm/quote-email-template', { locale: 'en', subject: 'Hi {nobody}', body: 'x' });
    expect(bad.code).toBe(Errors.QM_TEMPLATE_VARIABLE.code);
    const empty = await post(admin, '/v2/qm/quote-email-template', { locale: 'en', subject: '', body: 'x' });
    expect(empty.code).toBe(Errors.VALIDATION_FAILED.code);
    const saved = await post(admin, '/v2/qm/quote-email-template', {
      locale: 'en',
      subject: '{account} {product} quote from {effectiveDate}',
      body: 'Dear {customer},\n<b>not bold</b>\n{prices}\nOnline: {link} (until {linkExpires})\n{sender}',
    });
    expect(saved.code, JSON.stringify(saved)).toBe(0);
    expect((await get(admin, '/v2/qm/quote-email-template?locale=en')).data).toMatchObject({ saved: true });
    expect((await get(admin, '/v2/qm/quote-email-template?locale=zh-CN')).data.saved).toBe(false);
    // the settings screen's key, not a sales user's
    expect((await get(sales, '/v2/qm/quote-email-template?locale=en')).code).toBe(Errors.NO_PERMISSION.code);
  });
});

describe('quote mails', () => {
  let sentId = 0;
  let link = '';

  it('previews the account’s book rendered from the template, text escaped', async () => {
    const res = await post(sales, '/v2/qm/quote-email/preview', {
      bookId: mine.id,
      product: 'sms',
      locale: 'en',
      to,
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data.rows.length).toBeGreaterThan(0);
    expect(res.data.subject).toBe(`${mine.code} SMS quote from ${res.data.effectiveFrom.slice(0, 10)}`);
    expect(res.data.html).toContain('Dear Ms Buyer,');
    expect(res.data.html).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    expect(res.data.html).toContain('<table');
    // nothing was sent or kept by a preview
    expect(await t.p.db.select().from(qmQuoteEmails)).toHaveLength(seeded);
  });

  it('refuses what cannot be quoted: another owner’s account, no rows, bad addresses, no permission', async () => {
    const other = await post(sales, '/v2/qm/quote-email/send', {
      bookId: theirs.id,
      product: 'sms',
      locale: 'en',
      to,
    });
    expect(other.code).toBe(Errors.QM_ACCOUNT_NOT_YOURS.code);
    const none = await post(sales, '/v2/qm/quote-email/preview', {
      bookId: mine.id,
      product: 'sms',
      locale: 'en',
      dests: ['ZZ'],
    });
    expect(none.code).toBe(Errors.QM_QUOTE_NO_ROWS.code);
    const noTo = await post(sales, '/v2/qm/quote-email/send', {
      bookId: mine.id,
      product: 'sms',
      locale: 'en',
      to: [],
    });
    expect(noTo.code).toBe(Errors.VALIDATION_FAILED.code);
    const badTo = await post(sales, '/v2/qm/quote-email/send', {
      bookId: mine.id,
      product: 'sms',
      locale: 'en',
      to: [{ email: 'not an address' }],
    });
    expect(badTo.code).toBe(Errors.VALIDATION_FAILED.code);
    const unknown = await post(admin, '/v2/qm/quote-email/preview', {
      bookId: 990_001,
      product: 'sms',
      locale: 'en',
    });
    expect(unknown.code).toBe(Errors.QM_BOOK_UNKNOWN.code);
    expect(await t.p.db.select().from(qmQuoteEmails)).toHaveLength(seeded);
  });

  it('sends through the sender’s mailbox with the XLSX attached and keeps the sent quote', async () => {
    const res = await post(sales, '/v2/qm/quote-email/send', {
      bookId: mine.id,
      product: 'sms',
      locale: 'en',
      to,
      cc: [{ email: 'ops01@portal.example' }],
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    sentId = res.data.id;
    link = res.data.link;
    expect(link).toMatch(/\/offerManage\/quote\/view\?token=/);
    const [kept] = await t.p.db.select().from(qmQuoteEmails).where(eq(qmQuoteEmails.id, sentId));
    expect(kept).toMatchObject({ bookKind: 'account', bookId: mine.id, product: 'sms', mailId: res.data.mailId });
    // the mail room's sent folder holds it, with the price list
    const [m] = await t.p.db.select().from(mailMessages).where(eq(mailMessages.id, res.data.mailId));
    expect(m).toMatchObject({ folder: 'sent', subject: kept!.subject });
    expect(m!.html).toContain(link.replace(/&/g, '&amp;').split('?')[0]);
    expect(m!.attachments.map((a) => a.name)).toEqual([expect.stringMatching(/\.xlsx$/)]);
    // the workbook holds the quoted rows
    const files = await filesOf(t.p);
    const f = await files.find(kept!.fileId!);
    const chunks: Buffer[] = [];
    for await (const c of await files.open(f!)) chunks.push(Buffer.from(c));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('Country');
    expect(ws.rowCount - 1).toBe(kept!.rows.length);
    // the list and the detail
    const page = await post(sales, '/v2/qm/quote-email/page', {});
    expect(page.data.records.map((r: { id: number }) => r.id)).toContain(sentId);
    const detail = await get(sales, `/v2/qm/quote-email/${sentId}`);
    expect(detail.data).toMatchObject({ id: sentId, link, file: { name: m!.attachments[0]!.name } });
  });

  it('lists the demo’s sent quotes on the kernel: rows, recipients, account filter, export', async () => {
    expect(seeded).toBeGreaterThan(0);
    const page = await post(admin, '/v2/qm/quote-email/page', { size: 50 });
    const demo = page.data.records.filter((r: { bookName: string }) => r.bookName !== 'Mail group');
    expect(demo.length).toBeGreaterThanOrEqual(seeded);
    // the seeded ones are the oldest (the list is newest first)
    const first = [...demo].reverse().find((r: { bookKind: string }) => r.bookKind === 'account');
    expect(first).toMatchObject({ product: 'sms', recipients: expect.stringContaining('@') });
    expect(first.rowCount).toBeGreaterThan(0);
    const one = await post(admin, '/v2/qm/quote-email/page', { bookId: first.bookId, bookKind: 'account' });
    expect(one.data.records.every((r: { bookId: number }) => r.bookId === first.bookId)).toBe(true);
    const detail = await get(admin, `/v2/qm/quote-email/${first.id}`);
    expect(detail.data).toMatchObject({ id: first.id, file: null, link: expect.stringContaining('token=') });
    const bad = await post(admin, '/v2/qm/quote-email/page', { bookId: 'x' });
    expect(bad.code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('picks accounts by code among the caller’s scope only', async () => {
    const own = await get(sales, `/v2/qm/account/options?keyword=${mine.code}`);
    expect(own.data.map((a: { id: number }) => a.id)).toContain(mine.id);
    const other = await get(sales, `/v2/qm/account/options?keyword=${theirs.code}&id=${theirs.id}`);
    expect(other.data.map((a: { id: number }) => a.id)).not.toContain(theirs.id);
    const picked = await get(admin, `/v2/qm/account/options?keyword=zzz&id=${theirs.id}`);
    expect(picked.data[0]).toMatchObject({ id: theirs.id, code: theirs.code });
    expect((await get(sales, `/v2/qm/account/options?keyword=${'x'.repeat(41)}`)).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await get(null, '/v2/qm/account/options')).code).not.toBe(0);
  });

  it('keeps another owner’s sent quotes out of a sales user’s list and detail', async () => {
    const res = await post(admin, '/v2/qm/quote-email/send', {
      bookId: theirs.id,
      product: 'sms',
      locale: 'zh-CN',
      to,
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    const page = await post(sales, '/v2/qm/quote-email/page', {});
    expect(page.data.records.map((r: { id: number }) => r.id)).not.toContain(res.data.id);
    expect((await get(sales, `/v2/qm/quote-email/${res.data.id}`)).code).toBe(Errors.QM_ACCOUNT_NOT_YOURS.code);
    const all = await post(admin, '/v2/qm/quote-email/page', { bookId: theirs.id });
    expect(all.data.records.map((r: { id: number }) => r.id)).toContain(res.data.id);
  });

  it('quotes a quote group’s own book, listed in its sender’s data scope (a group is no one customer’s)', async () => {
    const g = await post(admin, '/v2/qm/quote-group/save', { name: 'Mail group', currency: 'USD' });
    expect(g.code, JSON.stringify(g)).toBe(0);
    const empty = await post(sales, '/v2/qm/quote-email/preview', {
      bookKind: 'group',
      bookId: g.data.id,
      product: 'sms',
      locale: 'en',
    });
    expect(empty.code).toBe(Errors.QM_QUOTE_NO_ROWS.code);
    const saved = await post(admin, '/v2/qm/price/save', {
      bookKind: 'group',
      bookId: g.data.id,
      product: 'sms',
      country: 'FR',
      unitPrice: '0.9',
      currency: 'USD',
    });
    expect(saved.data).toMatchObject({ outcome: 'saved' });
    const res = await post(sales, '/v2/qm/quote-email/send', {
      bookKind: 'group',
      bookId: g.data.id,
      product: 'sms',
      locale: 'en',
      to,
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    const [kept] = await t.p.db.select().from(qmQuoteEmails).where(eq(qmQuoteEmails.id, res.data.id));
    expect(kept).toMatchObject({ bookKind: 'group', bookName: 'Mail group' });
    expect(kept!.rows).toEqual([expect.objectContaining({ country: 'FR', unitPrice: '0.900000' })]);
    const page = await post(sales, '/v2/qm/quote-email/page', { bookKind: 'group' });
    expect(page.data.records.map((r: { id: number }) => r.id)).toEqual([res.data.id]);
    const unknown = await post(sales, '/v2/qm/quote-email/preview', {
      bookKind: 'group',
      bookId: 990_003,
      product: 'sms',
      locale: 'en',
    });
    expect(unknown.code).toBe(Errors.QM_BOOK_UNKNOWN.code);
  });

  it('opens the sent quote by its signed link without signing in; a changed or expired token does not', async () => {
    const token = new URL(link).searchParams.get('token')!;
    const open = await get(null, `/v2/qm/public/quote?token=${encodeURIComponent(token)}`);
    expect(open.code, JSON.stringify(open)).toBe(0);
    expect(open.data).toMatchObject({ bookName: mine.code, product: 'sms' });
    expect(open.data.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(open.data)).not.toMatch(/buyer@|sentBy|mailId/);
    const [id, exp, sig] = token.split('.');
    const other = `${Number(id) + 1}.${exp}.${sig}`;
    expect((await get(null, `/v2/qm/public/quote?token=${other}`)).code).toBe(Errors.QM_QUOTE_LINK_INVALID.code);
    const later = `${id}.${Number(exp) + 86_400}.${sig}`;
    expect((await get(null, `/v2/qm/public/quote?token=${later}`)).code).toBe(Errors.QM_QUOTE_LINK_INVALID.code);
    expect((await get(null, '/v2/qm/public/quote?token=x')).code).toBe(Errors.QM_QUOTE_LINK_INVALID.code);
    // past its expiry the same token stops opening
    const [kept] = await t.p.db.select().from(qmQuoteEmails).where(eq(qmQuoteEmails.id, sentId));
    const { quoteToken } = await import('../src/modules/quotation/mails/link.js');
    const old = await quoteToken(t.p.db, sentId, new Date(t.p.clock.now().getTime() - 1000));
    expect((await get(null, `/v2/qm/public/quote?token=${old}`)).code).toBe(Errors.QM_QUOTE_LINK_EXPIRED.code);
    expect(kept).toBeDefined();
  });

  it('reads nothing else of quotation without a token', async () => {
    const calls: [string, string][] = [
      ['POST', '/v2/qm/price/page'],
      ['POST', '/v2/qm/rate'],
      ['POST', '/v2/qm/quote-group/page'],
      ['POST', '/v2/qm/az-group/page'],
      ['POST', '/v2/qm/sms-price-limit/page'],
      ['POST', '/v2/qm/tariff/page'],
      ['GET', '/v2/qm/settings'],
      ['POST', '/v2/qm/special-price/page'],
      ['GET', '/v2/qm/specialReview/details/1'],
      ['POST', '/v2/qm/quote-email/page'],
      ['GET', `/v2/qm/quote-email/${sentId}`],
      ['GET', '/v2/qm/quote-email-template?locale=en'],
      ['POST', '/v2/qm/quote-email/preview'],
      ['GET', '/v2/qm/public/quote'],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(res.json()), url).not.toMatch(/"rows"|"records"|unitPrice/);
    }
  });
});

describe('data scope on customer price books', () => {
  it('shows a sales user their customers’ account books only; admin every one', async () => {
    const page = async (who: Tokens, bookId?: number) =>
      post(who, '/v2/qm/price/page', { bookKind: 'account', product: 'sms', bookId, size: 500 });
    const price = (bookId: number) => ({
      bookKind: 'account',
      bookId,
      product: 'sms',
      country: 'DE',
      unitPrice: '0.9',
      currency: 'USD',
    });
    expect((await post(sales, '/v2/qm/price/save', price(mine.id))).data).toMatchObject({ outcome: 'saved' });
    expect((await post(admin, '/v2/qm/price/save', price(theirs.id))).data).toMatchObject({ outcome: 'saved' });
    const salesRows = (await page(sales)).data.records as { bookId: number }[];
    expect(salesRows.length).toBeGreaterThan(0);
    expect(new Set(salesRows.map((r) => r.bookId))).toEqual(new Set([mine.id]));
    expect((await page(sales, theirs.id)).data.total).toBe(0);
    const adminRows = (await page(admin)).data.records as { bookId: number }[];
    expect(adminRows.some((r) => r.bookId === theirs.id)).toBe(true);
  });

  it('refuses a sales user’s price or rate query on another owner’s account', async () => {
    const saved = await post(sales, '/v2/qm/price/save', {
      bookKind: 'account',
      bookId: theirs.id,
      product: 'sms',
      country: 'CN',
      unitPrice: '0.5',
      currency: 'USD',
    });
    expect(saved.code).toBe(Errors.QM_ACCOUNT_NOT_YOURS.code);
    const rate = await post(sales, '/v2/qm/rate', { accountId: theirs.id, product: 'sms', country: 'CN' });
    expect(rate.code).toBe(Errors.QM_ACCOUNT_NOT_YOURS.code);
    expect((await post(sales, '/v2/qm/rate', { accountId: mine.id, product: 'sms', country: 'CN' })).code).toBe(0);
  });
});
