import { Errors } from '@portal/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingTasksOf } from '../src/modules/approval/index.js';
import { mailMessages } from '../src/modules/mail/schema.js';
import { qmGroups, qmPrices, qmQuoteEmails } from '../src/modules/quotation/schema.js';
import { channelRefs } from '../src/modules/srm/index.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { type ConsumerAccountRef, portOf } from '../src/platform/ports.js';
import type { Answer } from './approval-support.js';
import { bearer, DEMO, signIn, type TestApp, type Tokens } from './harness.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

/**
 * Decision 0108: price categories on the entry screens (the price list's filter, the import's
 * category for a whole list) and `send/upload-file` (a quote from an uploaded price list).
 */
let t: TestApp & { url: string };
let admin: Tokens;
let sales: Tokens;
let finance: Tokens;
let mine: ConsumerAccountRef;
let theirs: ConsumerAccountRef;
let quoteGroup = 0;
let now = 0;
const DAY = 86_400_000;

const post = (who: Tokens, url: string, body: object) => keyedPost<Answer>(t, who, url, body);
/** one file as a multipart upload */
const upload = async (who: Tokens, url: string, name: string, content: string): Promise<Answer> => {
  const boundary = '----qmcat';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(who), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json() as Answer;
};
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

beforeAll(async () => {
  [t, admin, sales, finance] = await startSignedIn([DEMO.admin, DEMO.sales01, DEMO.finance01]);
  now = t.p.clock.now().getTime();
  const [s] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'));
  const accounts = await portOf(t.p.db, 'accounts')!.active();
  mine = accounts.find((a) => a.ownerId === s!.id)!;
  theirs = accounts.find((a) => a.ownerId !== null && a.ownerId !== s!.id)!;
  const groups = await t.p.db.select().from(qmGroups);
  quoteGroup = groups.find((g) => g.kind === 'quote' && g.name === '标准价')!.id;
}, 90_000);
afterAll(() => t?.close());

describe('price categories on the price lists', () => {
  const page = (body: object) =>
    post(admin, '/v2/qm/price/page', { bookKind: 'group', bookId: quoteGroup, product: 'sms', size: 500, ...body });

  it('filters a book by category: the OTP rows, the standard rows; every row without the filter', async () => {
    const all = await page({});
    const otp = await page({ category: 'otp' });
    const standard = await page({ category: 'standard' });
    expect(otp.code, JSON.stringify(otp)).toBe(0);
    expect(otp.data.total).toBeGreaterThan(0);
    expect((otp.data.records as { category: string }[]).every((r) => r.category === 'otp')).toBe(true);
    expect((standard.data.records as { category: string }[]).every((r) => r.category === '')).toBe(true);
    expect(otp.data.total + standard.data.total).toBe(all.data.total);
  });

  it('a category the product does not price is refused on the list, the save and the import', async () => {
    const list = await page({ category: 'ai' });
    expect(list.code).toBe(Errors.QM_CATEGORY_PRODUCT.code);
    const unknown = await page({ category: 'vip' });
    expect(unknown.code).not.toBe(0);
    const before = (await t.p.db.select({ n: count() }).from(qmPrices))[0]!.n;
    const saved = await post(admin, '/v2/qm/price/save', {
      bookKind: 'group',
      bookId: quoteGroup,
      product: 'number',
      category: 'otp',
      unitPrice: '1',
      currency: 'USD',
    });
    expect(saved.code).toBe(Errors.QM_CATEGORY_PRODUCT.code);
    const sms = (await channelRefs(t.p.db)).find((c) => c.product === 'sms' && c.state !== 'closed')!;
    const csv = `MCC,MNC,Price,Currency,Effective date\n${sms.networks[0]!.slice(0, 3)},${sms.networks[0]!.slice(3)},0.01,USD,${day(now + 2 * DAY)}\n`;
    const preview = await upload(
      admin,
      `/v2/qm/import/preview?channelId=${sms.id}&product=sms&category=ai`,
      'l.csv',
      csv,
    );
    expect(preview.code).toBe(Errors.QM_CATEGORY_PRODUCT.code);
    const commit = await post(admin, '/v2/qm/import/commit', {
      channelId: sms.id,
      product: 'sms',
      category: 'ai',
      rows: [
        {
          row: 1,
          dest: sms.networks[0],
          label: '',
          unitPrice: '0.01',
          firstIncrement: 1,
          nextIncrement: 1,
          currency: 'USD',
          effectiveFrom: new Date(now + 2 * DAY).toISOString(),
          change: 'new',
          before: null,
        },
      ],
    });
    expect(commit.code).toBe(Errors.QM_CATEGORY_PRODUCT.code);
    expect((await t.p.db.select({ n: count() }).from(qmPrices))[0]!.n).toBe(before);
  });

  it('saves an OTP price from the entry form beside the standard one; the OTP filter lists it', async () => {
    const body = {
      bookKind: 'group',
      bookId: quoteGroup,
      product: 'sms',
      country: 'ZZ',
      unitPrice: '0.3',
      currency: 'USD',
    };
    const std = await post(admin, '/v2/qm/price/save', body);
    const otp = await post(admin, '/v2/qm/price/save', { ...body, category: 'otp', unitPrice: '0.4' });
    expect([std.code, otp.code], JSON.stringify([std, otp])).toEqual([0, 0]);
    const listed = await page({ category: 'otp', dest: 'ZZ' });
    expect(listed.data.records).toEqual([
      expect.objectContaining({ dest: 'ZZ', category: 'otp', unitPrice: '0.400000' }),
    ]);
    const plain = await page({ category: 'standard', dest: 'ZZ' });
    expect(plain.data.records).toEqual([expect.objectContaining({ dest: 'ZZ', category: '', unitPrice: '0.300000' })]);
  });
});

describe('an import with a category for the whole list', () => {
  it('previews an OTP deck against the channel’s OTP costs and writes OTP rows; the standard costs stay', async () => {
    const sms = (await channelRefs(t.p.db)).find(
      (c) => c.product === 'sms' && c.state !== 'closed' && c.networks.length >= 2,
    )!;
    const [n1, n2] = sms.networks as [string, string];
    const std = and(eq(qmPrices.bookKind, 'channel'), eq(qmPrices.bookId, sms.id), eq(qmPrices.category, ''));
    const stdBefore = await t.p.db.select().from(qmPrices).where(std);
    const csv = [
      'MCC,MNC,Price,Currency,Effective date',
      `${n1.slice(0, 3)},${n1.slice(3)},0.0001,USD,${day(now + 2 * DAY)}`,
      `${n2.slice(0, 3)},${n2.slice(3)},0.0002,USD,${day(now + 2 * DAY)}`,
    ].join('\n');
    const preview = await upload(
      admin,
      `/v2/qm/import/preview?channelId=${sms.id}&product=sms&category=otp`,
      'otp.csv',
      csv,
    );
    expect(preview.code, JSON.stringify(preview)).toBe(0);
    // no OTP cost yet: both rows are new (against the standard costs they would be changes)
    expect(preview.data.counts).toMatchObject({ new: 2, increase: 0, decrease: 0 });
    const plain = await upload(admin, `/v2/qm/import/preview?channelId=${sms.id}&product=sms`, 'std.csv', csv);
    expect(plain.data.counts.new).toBeLessThan(2);
    const commit = await post(admin, '/v2/qm/import/commit', {
      channelId: sms.id,
      product: 'sms',
      category: 'otp',
      rows: preview.data.rows,
    });
    expect(commit.code, JSON.stringify(commit)).toBe(0);
    expect(commit.data).toMatchObject({ saved: 2, held: 0 });
    const otp = await t.p.db
      .select()
      .from(qmPrices)
      .where(and(eq(qmPrices.bookKind, 'channel'), eq(qmPrices.bookId, sms.id), eq(qmPrices.category, 'otp')));
    expect(otp.map((r) => r.dest).sort()).toEqual([n1, n2].sort());
    expect(otp.every((r) => r.source === 'import')).toBe(true);
    expect(await t.p.db.select().from(qmPrices).where(std)).toEqual(stdBefore);
  });

  it('an OTP raise on a live channel is held; its approval writes the OTP row', async () => {
    const live = (await channelRefs(t.p.db)).find(
      (c) => c.product === 'sms' && c.state === 'live' && c.networks.length > 0,
    )!;
    const n = live.networks[0]!;
    const line = (price: string, at: number) =>
      `MCC,MNC,Price,Currency,Effective date\n${n.slice(0, 3)},${n.slice(3)},${price},USD,${day(at)}`;
    const url = `/v2/qm/import/preview?channelId=${live.id}&product=sms&category=otp`;
    const first = await upload(admin, url, 'a.csv', line('0.0001', now + 3 * DAY));
    expect(
      (
        await post(admin, '/v2/qm/import/commit', {
          channelId: live.id,
          product: 'sms',
          category: 'otp',
          rows: first.data.rows,
        })
      ).code,
    ).toBe(0);
    const buyer = await signIn(t.app, { username: 'purchase01', password: 'Purchase#2026' });
    const manager = await signIn(t.app, { username: 'purchasemgr', password: 'Purchase#2026' });
    const raise = await upload(buyer, url, 'b.csv', line('0.0003', now + 4 * DAY));
    // the preview compares with the cost in force now (none yet); the commit judges at the row's time: a raise
    expect(raise.data.rows).toHaveLength(1);
    const held = await post(buyer, '/v2/qm/import/commit', {
      channelId: live.id,
      product: 'sms',
      category: 'otp',
      rows: raise.data.rows,
    });
    expect(held.code, JSON.stringify(held)).toBe(0);
    expect(held.data).toMatchObject({ saved: 0, held: 1 });
    const otpRows = () =>
      t.p.db
        .select()
        .from(qmPrices)
        .where(
          and(
            eq(qmPrices.bookKind, 'channel'),
            eq(qmPrices.bookId, live.id),
            eq(qmPrices.dest, n),
            eq(qmPrices.category, 'otp'),
          ),
        );
    const held1 = await otpRows();
    expect(held1.some((r) => r.unitPrice === '0.000300')).toBe(false);
    const [task] = await pendingTasksOf(t.p.db, held.data.approvalId);
    const agreed = await post(manager, '/v2/workflow/agree', { taskId: task!.taskId, opinion: 'ok' });
    expect(agreed.code, JSON.stringify(agreed)).toBe(0);
    const after = await otpRows();
    expect(after).toHaveLength(held1.length + 1);
    expect(after.find((r) => r.unitPrice === '0.000300')).toMatchObject({ source: 'approval', category: 'otp' });
  });
});

describe('send/upload-file: a quote from an uploaded price list', () => {
  const to = [{ email: 'buyer@customer.example', name: 'Ms Buyer' }];
  const read = (who: Tokens, product: string, content: string, name = 'list.csv') =>
    upload(who, `/v2/qm/quote-upload/read?product=${product}`, name, content);
  let networks: string[] = [];
  beforeAll(async () => {
    const sms = (await channelRefs(t.p.db)).find((c) => c.product === 'sms' && c.networks.length >= 2)!;
    networks = sms.networks.slice(0, 2);
  });
  const smsList = () =>
    [
      'MCC,MNC,Country,Network,Price,Currency,Effective date',
      `${networks[0]!.slice(0, 3)},${networks[0]!.slice(3)},A,Net A,0.021,USD,${day(now)}`,
      `${networks[1]!.slice(0, 3)},${networks[1]!.slice(3)},B,Net B,0.0305,EUR,${day(now + DAY)}`,
      `123,45,X,Nowhere,0.01,USD,${day(now)}`,
      `${networks[0]!.slice(0, 3)},${networks[0]!.slice(3)},A,Again,0.02,USD,${day(now)}`,
      `${networks[1]!.slice(0, 3)},${networks[1]!.slice(3)},B,Bad price,abc,USD,${day(now)}`,
    ].join('\n');

  it('reads the good rows and lists the bad ones with their reasons and lines', async () => {
    const res = await read(sales, 'sms', smsList());
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data.rows).toEqual([
      expect.objectContaining({ row: 2, dest: networks[0], unitPrice: '0.021000', currency: 'USD', label: 'A Net A' }),
      expect.objectContaining({ row: 3, dest: networks[1], unitPrice: '0.030500', currency: 'EUR' }),
    ]);
    expect(res.data.rows[0].country).toMatch(/^[A-Z]{2}$/);
    const errors = res.data.errors as { row: number; code: number; message: string }[];
    expect(errors.map((e) => [e.row, e.code])).toEqual([
      [4, Errors.QM_NETWORK_UNKNOWN.code],
      [5, Errors.IMPORT_ROW_REPEATED.code],
      [6, expect.any(Number)],
    ]);
    expect(errors[0]!.message).toContain('12345');
    const voice = await read(
      sales,
      'voice',
      'Prefix,Destination,Rate,Effective date\n4420,UK London,0.012,2030-01-01\n',
    );
    expect(voice.data.rows).toEqual([
      expect.objectContaining({
        dest: '4420',
        label: 'UK London',
        firstIncrement: 60,
        nextIncrement: 60,
        country: null,
      }),
    ]);
  });

  it('previews and sends the uploaded rows to an account like the other send pages, and keeps the quote', async () => {
    const file = await read(sales, 'sms', smsList());
    const body = { locale: 'en', bookKind: 'account', bookId: mine.id, product: 'sms', rows: file.data.rows };
    const preview = await post(sales, '/v2/qm/quote-email/preview', body);
    expect(preview.code, JSON.stringify(preview)).toBe(0);
    expect((preview.data.rows as { dest: string }[]).map((r) => r.dest).sort()).toEqual([...networks].sort());
    expect(preview.data.html).toContain('0.0305');
    const sent = await post(sales, '/v2/qm/quote-email/send', { ...body, to });
    expect(sent.code, JSON.stringify(sent)).toBe(0);
    const [kept] = await t.p.db.select().from(qmQuoteEmails).where(eq(qmQuoteEmails.id, sent.data.id));
    expect(kept).toMatchObject({ bookKind: 'account', bookId: mine.id, product: 'sms', category: '' });
    expect(kept!.rows.map((r) => [r.dest, r.unitPrice, r.currency]).sort()).toEqual(
      [
        [networks[0], '0.021000', 'USD'],
        [networks[1], '0.030500', 'EUR'],
      ].sort(),
    );
    const [m] = await t.p.db.select().from(mailMessages).where(eq(mailMessages.id, sent.data.mailId));
    expect(m!.attachments.map((a) => a.name)).toEqual([expect.stringMatching(/-sms-.*\.xlsx$/)]);
  });

  it('refuses bad input and keeps nothing', async () => {
    const file = await read(sales, 'sms', smsList());
    const rows = file.data.rows as { dest: string }[];
    const before = (await t.p.db.select({ n: count() }).from(qmQuoteEmails))[0]!.n;
    const send = (who: Tokens, b: object) =>
      post(who, '/v2/qm/quote-email/send', { locale: 'en', bookId: mine.id, product: 'sms', rows, to, ...b });
    // another owner's account, a group, a product the upload does not quote, a tampered network, a row twice
    expect((await send(sales, { bookId: theirs.id })).code).toBe(Errors.QM_ACCOUNT_NOT_YOURS.code);
    expect((await send(admin, { bookKind: 'group', bookId: quoteGroup })).code).toBe(Errors.QM_UPLOAD_QUOTE_BOOK.code);
    expect((await send(admin, { product: 'whatsapp' })).code).toBe(Errors.QM_UPLOAD_QUOTE_BOOK.code);
    expect((await send(sales, { rows: [{ ...rows[0]!, dest: '12345' }] })).code).toBe(Errors.QM_NETWORK_UNKNOWN.code);
    expect((await send(sales, { rows: [rows[0], rows[0]] })).code).toBe(Errors.DUPLICATE.code);
    expect((await send(sales, { rows: [{ ...rows[0]!, unitPrice: '-1' }] })).code).not.toBe(0);
    expect((await send(sales, { rows: [] })).code).not.toBe(0);
    expect((await send(sales, { category: 'ai' })).code).toBe(Errors.QM_CATEGORY_PRODUCT.code);
    // reading: no customer-quote screen, a file without the columns, a file with no rows
    expect((await read(finance, 'sms', smsList())).code).toBe(Errors.NO_PERMISSION.code);
    expect((await read(sales, 'sms', 'Foo,Bar\n1,2\n')).code).toBe(Errors.IMPORT_HEADER_MISSING.code);
    expect((await read(sales, 'sms', 'MCC,MNC,Price,Currency,Effective date\n')).code).toBe(
      Errors.QM_IMPORT_INVALID.code,
    );
    expect((await t.p.db.select({ n: count() }).from(qmQuoteEmails))[0]!.n).toBe(before);
  });
});
