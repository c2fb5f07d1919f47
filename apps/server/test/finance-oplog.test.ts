import { Errors } from '@portal/contracts';
import { accountResource } from '@portal/contracts/finance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../src/modules/finance/ledger.js';
import { bearer, DEMO, signIn, type TestApp, type Tokens } from './harness.js';
import { openApprovedAccount, startFinanceApp } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/** Finance's own (non-kernel) application routes name the account in their audit rows (decision 0153). */
let t: TestApp;
let admin: Tokens;
let sales: Tokens;
let other: Tokens;
let fin: Tokens;
let accountId: number;

const DAY = 86_400_000;
const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);

beforeAll(async () => {
  let customerId: number;
  ({ t, sales, other, fin, customerId } = await startFinanceApp());
  admin = await signIn(t.app, DEMO.admin);
  accountId = await openApprovedAccount(t, sales, fin, { customerId });
}, 300_000);
afterAll(async () => t?.close());

const requests = async (lang: string): Promise<Answer> => {
  const now = t.clock.now().getTime();
  const query = new URLSearchParams({
    accountId: String(accountId),
    kind: 'request',
    from: new Date(now - DAY).toISOString(),
    to: new Date(now + DAY).toISOString(),
  });
  const res = await t.app.inject({
    url: `/v2/traffic/operation-log?${query}`,
    headers: { ...bearer(admin), 'x-lang': lang },
  });
  return res.json();
};

describe('operationLog: the request lines of finance’s application routes', () => {
  it('lists the opening, a credit change, and refused applications on the account, newest first', async () => {
    const until = dayOf(new Date(t.clock.now().getTime() + 3 * DAY));
    const zero = await post(sales, '/v2/fc/financeRecharge/apply', { accountId, amount: '0', reason: 'x' });
    expect(zero.code).toBe(Errors.FIN_AMOUNT_ZERO.code);
    // another sales' attempt on an account outside their scope is refused, and still an attempt on it
    const foreign = await post(other, '/v2/fc/cre/returnMoneyDelay/apply', { accountId, until, reason: 'x' });
    expect(foreign.code).toBe(Errors.NOT_FOUND.code);
    const temp = await post(sales, '/v2/fc/temp/credit/apply', { accountId, amount: '50', until, reason: 'campaign' });
    expect(temp.code, temp.msg).toBe(0);

    const page = await requests('en');
    expect(page.code, page.msg).toBe(0);
    const lines = page.data.records;
    expect(lines.map((l: { request: { path: string } }) => l.request.path)).toEqual([
      '/v2/fc/temp/credit/apply',
      '/v2/fc/cre/returnMoneyDelay/apply',
      '/v2/fc/financeRecharge/apply',
      '/v2/fc/account/apply',
    ]);
    for (const l of lines) {
      expect(l).toMatchObject({ kind: 'request', recordId: String(accountId) });
      expect(l.request).toMatchObject({ subjectKind: accountResource.key, method: 'POST' });
    }
    const [credit, refusedForeign, refusedZero, opening] = lines;
    expect(credit.request).toMatchObject({ ok: true, resultCode: 0, message: null });
    expect(credit.actorName).toBeTruthy();
    expect(opening.request).toMatchObject({ ok: true, resultCode: 0 });
    expect(refusedZero.request).toMatchObject({ ok: false, resultCode: Errors.FIN_AMOUNT_ZERO.code });
    expect(refusedZero.request.message).toBeTruthy();
    expect(refusedForeign.request).toMatchObject({ ok: false, resultCode: Errors.NOT_FOUND.code });
    expect(refusedForeign.actorId).not.toBe(credit.actorId);
    // the action is the route's own, in the reader's language (its summary is English only)
    expect(lines.map((l: { command: string }) => l.command)).toEqual([
      'Temporary credit',
      'Payment deferral',
      'Recharge',
      'Account opening',
    ]);
    const zh = await requests('zh-CN');
    expect(zh.data.records.map((l: { command: string }) => l.command)).toEqual([
      '临时额度申请',
      '延期付款申请',
      '充值申请',
      '开户申请',
    ]);
  });
});
