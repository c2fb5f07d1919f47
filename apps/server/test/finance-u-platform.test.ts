import { Errors } from '@portal/contracts';
import { U_PLATFORM_NOTIFY_PATH } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postUPlatformPayment, signedText, uPlatformEntries } from '../src/modules/finance/consumer/u-platform.js';
import { finAccounts } from '../src/modules/finance/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { hmacSha256 } from '../src/platform/auth/crypto.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { testAccount } from './support/finance-fixture.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/** U-platform online payments (decision 0128): the signed, idempotent notification and its list. */
const SECRET = 'u-platform-test-secret-0123456789abcdef';
let t: TestApp;
let fin: Tokens;
let sales: Tokens;
let accountId = 0;
let accountCode = '';
let n = 0;

const payment = (over: object = {}) => ({
  paymentId: `PAY${Date.now()}${++n}`,
  accountCode,
  amount: '125.50',
  currency: 'USD',
  paidAt: t.clock.now().toISOString(),
  payer: 'Alipay 2088****1234',
  ...over,
});
type Payment = ReturnType<typeof payment>;

const notify = async (body: Payment, sign: { ts?: string; sig?: string; secret?: string } = {}) => {
  const ts = sign.ts ?? String(Math.floor(t.clock.now().getTime() / 1000));
  const sig = sign.sig ?? hmacSha256(sign.secret ?? SECRET, signedText(ts, body));
  const res = await t.app.inject({
    method: 'POST',
    url: U_PLATFORM_NOTIFY_PATH,
    headers: { 'x-u-timestamp': ts, 'x-u-signature': sig },
    payload: body,
  });
  return res.json() as Answer;
};
const balance = async () =>
  (await t.p.db.select({ b: finAccounts.balance }).from(finAccounts).where(eq(finAccounts.id, accountId)))[0]!.b;
const entriesOf = async () =>
  rowsOf<{ n: number }>(
    await t.p.db.execute(
      sql`select count(*)::int as n from fin_ledger_entries where account_id = ${accountId} and channel = 'u_platform'`,
    ),
  )[0]!.n;

beforeAll(async () => {
  t = await startTestApp({ env: { U_PLATFORM_SECRET: SECRET } });
  [fin, sales] = await Promise.all([signIn(t.app, DEMO.finance01), signIn(t.app, DEMO.sales01)]);
  const [owner] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'));
  accountId = await testAccount(t.p.db, owner!.id, {
    customer: 'UPC',
    name: 'U-platform customer',
    alias: 'upc',
    account: 'UP',
  });
  accountCode = (
    await t.p.db.select({ c: finAccounts.code }).from(finAccounts).where(eq(finAccounts.id, accountId))
  )[0]!.c;
}, 60_000);
afterAll(async () => t?.close());

describe('U-platform payment notifications', () => {
  it('posts a signed payment once as a recharge of channel u_platform; a replay changes nothing', async () => {
    const before = await balance();
    const body = payment();
    const first = await notify(body);
    expect(first.code, first.msg).toBe(0);
    expect(first.data.posted).toBe(true);
    expect(Number(await balance())).toBeCloseTo(Number(before) + 125.5, 4);
    const again = await notify(body);
    expect(again.code).toBe(0);
    expect(again.data).toMatchObject({ posted: false, entryId: first.data.entryId });
    expect(Number(await balance())).toBeCloseTo(Number(before) + 125.5, 4);
    // the ledger stays balanced: the entry's contra line is on the bank book
    const contra = rowsOf<{ book: string; amount: string }>(
      await t.p.db.execute(
        sql`select book, amount::text from fin_ledger_contra where entry_id = ${first.data.entryId}`,
      ),
    );
    expect(contra).toEqual([{ book: 'bank', amount: expect.stringMatching(/^-125\.5/) }]);
  });

  it('refuses bad signatures, old ones, bad input, unknown accounts and a changed replay, changing nothing', async () => {
    const before = await balance();
    const entries = await entriesOf();
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const body = payment();
    expect((await notify(body, { secret: 'another-secret-that-is-long-enough-000' })).code).toBe(
      Errors.FIN_UPAY_SIGNATURE.code,
    );
    expect((await notify(body, { sig: '' })).code).toBe(Errors.FIN_UPAY_SIGNATURE.code);
    expect((await notify(body, { ts: String(now - 3600) })).code).toBe(Errors.FIN_UPAY_SIGNATURE.code);
    expect((await notify(body, { ts: 'yesterday' })).code).toBe(Errors.FIN_UPAY_SIGNATURE.code);
    // signed for another amount than the one sent
    const ts = String(now);
    const forged = hmacSha256(SECRET, signedText(ts, { ...body, amount: '1.00' }));
    expect((await notify(body, { ts, sig: forged })).code).toBe(Errors.FIN_UPAY_SIGNATURE.code);
    for (const bad of [
      { amount: '0' },
      { amount: '-5' },
      { amount: '1.23456' },
      { currency: 'usd' },
      { paymentId: 'a b' },
    ])
      expect((await notify(payment(bad))).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await notify(payment({ accountCode: 'NOSUCH1' }))).code).toBe(Errors.FIN_UPAY_ACCOUNT.code);
    expect((await notify(payment({ currency: 'EUR' }))).code).toBe(Errors.FIN_CURRENCY_MISMATCH.code);
    const posted = payment();
    expect((await notify(posted)).code).toBe(0);
    expect((await notify({ ...posted, amount: '999.00' })).code).toBe(Errors.FIN_UPAY_CONFLICT.code);
    expect(Number(await balance())).toBeCloseTo(Number(before) + 125.5, 4);
    expect(await entriesOf()).toBe(entries + 1);
  });

  it('refuses a closed account', async () => {
    const [owner] = await t.p.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.username, 'sales01'));
    const closed = await testAccount(t.p.db, owner!.id, {
      customer: 'UPX',
      name: 'Closed',
      alias: 'upx',
      account: 'UX',
    });
    const [row] = await t.p.db
      .update(finAccounts)
      .set({ state: 'closed' })
      .where(eq(finAccounts.id, closed))
      .returning({ code: finAccounts.code });
    expect((await notify(payment({ accountCode: row!.code }))).code).toBe(Errors.FIN_UPAY_ACCOUNT.code);
  });

  it('posts the same payment sent three times at once once', async () => {
    const before = await balance();
    const body = payment({ amount: '10' });
    const answers = await Promise.all([notify(body), notify(body), notify(body)]);
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0]);
    expect(answers.filter((a) => a.data.posted)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.data.entryId)).size).toBe(1);
    expect(Number(await balance())).toBeCloseTo(Number(before) + 10, 4);
  });

  it('answers 503 and posts nothing while no secret is configured', async () => {
    const config = t.p.config as { uPlatformSecret?: string };
    const entries = await entriesOf();
    config.uPlatformSecret = undefined;
    try {
      expect((await notify(payment())).code).toBe(Errors.FIN_UPAY_DISABLED.code);
    } finally {
      config.uPlatformSecret = SECRET;
    }
    expect(await entriesOf()).toBe(entries);
  });

  it('lists only the online payments, to finance and to the owner’s scope', async () => {
    const list = (tok: Tokens, body: object = {}) =>
      t.app
        .inject({
          method: 'POST',
          url: '/v2/fc/entry/u-platform/page',
          headers: bearer(tok),
          payload: { size: 200, ...body },
        })
        .then((r) => r.json() as Answer);
    const mine = await list(fin, { accountId });
    expect(mine.code, mine.msg).toBe(0);
    expect(mine.data.records.length).toBeGreaterThanOrEqual(3);
    expect(mine.data.records.every((r: { key: string }) => r.key.startsWith('u-platform:'))).toBe(true);
    expect(mine.data.records[0].note).toContain('Alipay');
    // a platform recharge through an application is not an online payment
    const all = await list(fin);
    expect(all.data.records.every((r: { kind: string }) => r.kind === 'recharge')).toBe(true);
    // sales01 lacks the screen's key: refused
    expect((await list(sales)).code).toBe(Errors.NO_PERMISSION.code);
  });
});

describeResource(uPlatformEntries, {
  app: () => t,
  filters: {
    accountId: () => Promise.resolve(accountId),
    day: ['2000-01-01', '2100-01-01'],
    createdAt: ['2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'],
  },
  // an online payment onto an account of a customer `userId` owns
  ownedRecord: async (_t, userId) => {
    const tag = { customer: 'UPO', name: 'U owned', alias: 'upo', account: 'UO' };
    const id = await testAccount(t.p.db, userId, tag);
    const [a] = await t.p.db.select({ code: finAccounts.code }).from(finAccounts).where(eq(finAccounts.id, id));
    return (await postUPlatformPayment(t.p, payment({ accountCode: a!.code }))).entryId;
  },
});
