import { Errors } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../src/modules/mail/schema.js';
import { qmGroups, qmQuoteEmails, qmSpecialPrices } from '../src/modules/quotation/schema.js';
import { channelRefs } from '../src/modules/srm/index.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { type ConsumerAccountRef, portOf } from '../src/platform/ports.js';
import type { Answer } from './approval-support.js';
import { bearer, DEMO, type TestApp, type Tokens } from './harness.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

/** The send pages beyond SMS / voice (decision 0102): OTP, AI voice, WhatsApp, number, A-Z, supplier. */
let t: TestApp & { url: string };
let admin: Tokens;
let sales: Tokens;
/** a user without the supplier-quote screens */
let finance: Tokens;
let mine: ConsumerAccountRef;
let theirs: ConsumerAccountRef;
let quoteGroup = 0;
let azGroup = 0;

const post = (who: Tokens, url: string, body: object) => keyedPost<Answer>(t, who, url, body);
const get = async (who: Tokens, url: string): Promise<Answer> =>
  (await t.app.inject({ url, headers: bearer(who) })).json();
const to = [{ email: 'buyer@customer.example', name: 'Ms Buyer' }];
const base = { locale: 'en' as const };

beforeAll(async () => {
  [t, admin, sales, finance] = await startSignedIn([DEMO.admin, DEMO.sales01, DEMO.finance01]);
  const [s] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'));
  const accounts = await portOf(t.p.db, 'accounts')!.active();
  mine = accounts.find((a) => a.ownerId === s!.id)!;
  theirs = accounts.find((a) => a.ownerId !== null && a.ownerId !== s!.id)!;
  const groups = await t.p.db.select().from(qmGroups);
  quoteGroup = groups.find((g) => g.kind === 'quote' && g.name === '标准价')!.id;
  azGroup = groups.find((g) => g.kind === 'az')!.id;
}, 90_000);
afterAll(() => t?.close());

describe('customer send pages by product and category', () => {
  it('OTP SMS: each destination at its OTP row, else its standard row; the mail names OTP SMS', async () => {
    const res = await post(admin, '/v2/qm/quote-email/preview', {
      ...base,
      bookKind: 'group',
      bookId: quoteGroup,
      product: 'sms',
      category: 'otp',
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    const rows = res.data.rows as { dest: string; destKind: string; category: string; effectiveFrom: string }[];
    const otp = rows.filter((r) => r.category === 'otp');
    expect(otp.length).toBeGreaterThan(0);
    // one row per destination: where an OTP row exists the standard one is not quoted
    const keys = rows.map((r) => `${r.destKind}:${r.dest}:${r.effectiveFrom}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const o of otp) expect(rows.some((r) => r.dest === o.dest && r.category === '')).toBe(false);
    expect(rows.some((r) => r.category === '')).toBe(true);
    expect(res.data.subject).toContain('OTP SMS');
    // the plain SMS quote of the same book carries no OTP row
    const plain = await post(admin, '/v2/qm/quote-email/preview', {
      ...base,
      bookKind: 'group',
      bookId: quoteGroup,
      product: 'sms',
    });
    expect((plain.data.rows as { category: string }[]).every((r) => r.category === '')).toBe(true);
  });

  it('AI voice and OTP voice for an account come from its A-Z group’s category rows', async () => {
    const ai = await post(sales, '/v2/qm/quote-email/preview', {
      ...base,
      bookId: mine.id,
      product: 'voice',
      category: 'ai',
    });
    expect(ai.code, JSON.stringify(ai)).toBe(0);
    expect((ai.data.rows as { category: string }[]).some((r) => r.category === 'ai')).toBe(true);
    expect(ai.data.subject).toContain('AI voice');
    const otp = await post(admin, '/v2/qm/quote-email/preview', {
      ...base,
      bookKind: 'group',
      bookId: azGroup,
      product: 'voice',
      category: 'otp',
    });
    expect(otp.code, JSON.stringify(otp)).toBe(0);
    expect((otp.data.rows as { category: string }[]).some((r) => r.category === 'otp')).toBe(true);
  });

  it('WhatsApp quotes every conversation category; number quotes the rental', async () => {
    const wa = await post(admin, '/v2/qm/quote-email/preview', {
      ...base,
      bookKind: 'group',
      bookId: quoteGroup,
      product: 'whatsapp',
    });
    expect(wa.code, JSON.stringify(wa)).toBe(0);
    const cats = new Set((wa.data.rows as { category: string }[]).map((r) => r.category));
    expect([...cats].sort()).toEqual(['authentication', 'marketing']);
    expect(wa.data.html).toContain('Price per conversation');
    const num = await post(admin, '/v2/qm/quote-email/preview', {
      ...base,
      bookKind: 'group',
      bookId: quoteGroup,
      product: 'number',
    });
    expect(num.code, JSON.stringify(num)).toBe(0);
    expect(num.data.rows).toHaveLength(1);
    expect(num.data.html).toContain('Monthly rent');
  });

  it('A-Z SMS: the A-Z group’s country prices', async () => {
    const az = await post(admin, '/v2/qm/quote-email/preview', {
      ...base,
      bookKind: 'group',
      bookId: azGroup,
      product: 'sms',
    });
    expect(az.code, JSON.stringify(az)).toBe(0);
    const rows = az.data.rows as { destKind: string }[];
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.destKind === 'country')).toBe(true);
  });

  it('refuses a category the product does not price, another owner’s account, and keeps nothing', async () => {
    const before = (await t.p.db.select({ id: qmQuoteEmails.id }).from(qmQuoteEmails)).length;
    const aiSms = await post(admin, '/v2/qm/quote-email/preview', {
      ...base,
      bookId: mine.id,
      product: 'sms',
      category: 'ai',
    });
    expect(aiSms.code).toBe(Errors.QM_CATEGORY_PRODUCT.code);
    const unknownCat = await post(admin, '/v2/qm/quote-email/preview', {
      ...base,
      bookId: mine.id,
      product: 'sms',
      category: 'vip',
    });
    expect(unknownCat.code).toBe(Errors.VALIDATION_FAILED.code);
    const other = await post(sales, '/v2/qm/quote-email/send', {
      ...base,
      bookId: theirs.id,
      product: 'sms',
      category: 'otp',
      to,
    });
    expect(other.code).toBe(Errors.QM_ACCOUNT_NOT_YOURS.code);
    expect(await t.p.db.select({ id: qmQuoteEmails.id }).from(qmQuoteEmails)).toHaveLength(before);
  });

  it('sends an OTP SMS quote and keeps its category', async () => {
    const res = await post(sales, '/v2/qm/quote-email/send', {
      ...base,
      bookId: mine.id,
      product: 'sms',
      category: 'otp',
      to,
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    const [kept] = await t.p.db.select().from(qmQuoteEmails).where(eq(qmQuoteEmails.id, res.data.id));
    expect(kept).toMatchObject({ bookKind: 'account', product: 'sms', category: 'otp' });
    const [m] = await t.p.db.select().from(mailMessages).where(eq(mailMessages.id, res.data.mailId));
    expect(m!.attachments.map((a) => a.name)).toEqual([expect.stringMatching(/-otp-sms-.*\.xlsx$/)]);
  });

  it('a price saved with a category the product does not price is refused', async () => {
    const bad = await post(admin, '/v2/qm/price/save', {
      bookKind: 'group',
      bookId: quoteGroup,
      product: 'sms',
      country: 'DE',
      category: 'ai',
      unitPrice: '0.5',
      currency: 'USD',
    });
    expect(bad.code).toBe(Errors.QM_CATEGORY_PRODUCT.code);
  });
});

describe('supplier send pages', () => {
  it('lists the channels of a product with the supplier’s contacts; nothing without a supplier screen', async () => {
    const res = await get(admin, '/v2/qm/channel/options?product=sms');
    expect(res.code).toBe(0);
    const list = res.data as { id: number; code: string; contacts: { email: string }[] }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.some((c) => c.contacts.length > 0)).toBe(true);
    expect((await get(finance, '/v2/qm/channel/options?product=sms')).data).toEqual([]);
    expect((await get(admin, '/v2/qm/channel/options?product=fax')).code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('confirms a channel’s costs to the supplier; refuses the wrong product, an unknown channel, a user without the supplier screens', async () => {
    const channels = await channelRefs(t.p.db);
    const sms = channels.find((c) => c.product === 'sms' && c.state !== 'closed')!;
    const voice = channels.find((c) => c.product === 'voice' && c.state !== 'closed')!;
    const wrong = await post(admin, '/v2/qm/quote-email/preview', {
      ...base,
      bookKind: 'channel',
      bookId: voice.id,
      product: 'sms',
    });
    expect(wrong.code).toBe(Errors.QM_CHANNEL_PRODUCT.code);
    const unknown = await post(admin, '/v2/qm/quote-email/preview', {
      ...base,
      bookKind: 'channel',
      bookId: 990_001,
      product: 'sms',
    });
    expect(unknown.code).toBe(Errors.QM_BOOK_UNKNOWN.code);
    const denied = await post(finance, '/v2/qm/quote-email/send', {
      ...base,
      bookKind: 'channel',
      bookId: sms.id,
      product: 'sms',
      to,
    });
    expect(denied.code).toBe(Errors.NO_PERMISSION.code);
    const sent = await post(admin, '/v2/qm/quote-email/send', {
      ...base,
      bookKind: 'channel',
      bookId: sms.id,
      product: 'sms',
      to: [{ email: 'rates@supplier.example' }],
    });
    expect(sent.code, JSON.stringify(sent)).toBe(0);
    const [kept] = await t.p.db.select().from(qmQuoteEmails).where(eq(qmQuoteEmails.id, sent.data.id));
    expect(kept).toMatchObject({ bookKind: 'channel', bookId: sms.id, bookName: sms.code });
    // an AI-voice vendor quote: the channel's AI-voice costs
    const ai = await post(admin, '/v2/qm/quote-email/preview', {
      ...base,
      bookKind: 'channel',
      bookId: voice.id,
      product: 'voice',
      category: 'ai',
    });
    expect(ai.code, JSON.stringify(ai)).toBe(0);
    expect((ai.data.rows as { category: string }[]).some((r) => r.category === 'ai')).toBe(true);
  });
});

describe('special-price apply page', () => {
  const apply = (who: Tokens, body: object) => post(who, '/v2/qm/special/apply', body);
  const ask = { product: 'sms', network: '46002', currency: 'USD', reason: 'tender for an OTP campaign' };

  it('starts a special-price request for a price below the limit and answers it; its detail reads it', async () => {
    const lim = await post(admin, '/v2/qm/sms-price-limit/save', { country: 'CN', minPrice: '0.01', currency: 'USD' });
    expect(lim.code, JSON.stringify(lim)).toBe(0);
    const res = await apply(sales, { ...ask, bookId: mine.id, unitPrice: '0.004' });
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data).toMatchObject({ outcome: 'special', approvalId: expect.any(Number) });
    const detail = await get(sales, `/v2/qm/specialReview/details/${res.data.id}`);
    expect(detail.data).toMatchObject({ bookKind: 'account', bookId: mine.id, reason: ask.reason, state: 'pending' });
  });

  it('refuses a price not below the limit, another owner’s account, no reason, a channel, and starts nothing', async () => {
    const requests = async () => (await t.p.db.select({ id: qmSpecialPrices.id }).from(qmSpecialPrices)).length;
    const before = await requests();
    const above = await apply(sales, { ...ask, bookId: mine.id, unitPrice: '0.5' });
    expect(above.code).toBe(Errors.QM_SPECIAL_NOT_BELOW.code);
    const other = await apply(sales, { ...ask, bookId: theirs.id, unitPrice: '0.004' });
    expect(other.code).toBe(Errors.QM_ACCOUNT_NOT_YOURS.code);
    const noReason = await apply(sales, { ...ask, bookId: mine.id, unitPrice: '0.004', reason: ' ' });
    expect(noReason.code).toBe(Errors.VALIDATION_FAILED.code);
    const channel = await apply(admin, { ...ask, bookKind: 'channel', bookId: 1, unitPrice: '0.004' });
    expect(channel.code).toBe(Errors.VALIDATION_FAILED.code);
    const badDest = await apply(sales, { ...ask, network: '00000', bookId: mine.id, unitPrice: '0.004' });
    expect(badDest.code).toBe(Errors.QM_NETWORK_UNKNOWN.code);
    const noPerm = await apply(finance, { ...ask, bookId: mine.id, unitPrice: '0.004' });
    expect(noPerm.code).toBe(Errors.NO_PERMISSION.code);
    expect(await requests()).toBe(before);
  });
});
