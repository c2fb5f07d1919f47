import { Errors } from '@portal/contracts';
import type { EntryKind } from '@portal/contracts/finance';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntry } from '../src/modules/finance/ledger.js';
import { finStatements } from '../src/modules/finance/schema.js';
import { runStatements } from '../src/modules/finance/statements.js';
import { bearer, type TestApp, type Tokens, xlsxSheets } from './harness.js';
import { openApprovedAccount, startFinanceApp } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * Prepaid monthly statements (decision 0111). Days are pinned in 2020, before anything the demo seed
 * posts, and handed to the run: the wall clock's date plays no part.
 */
let t: TestApp;
let sales: Tokens;
let other: Tokens;
let fin: Tokens;
let accountId: number;

const post = (tok: Tokens, url: string, payload: object = {}) => keyedPost<Answer>(t, tok, url, payload);
const entry = (day: string, kind: EntryKind, amount: string, key: string) =>
  t.p.db.transaction((tx) =>
    postEntry(tx, {
      accountId,
      kind,
      amount,
      currency: 'USD',
      day,
      key: `st:${key}`,
      at: new Date(`${day}T12:00:00Z`),
    }),
  );
const statementsOf = () =>
  t.p.db.select().from(finStatements).where(eq(finStatements.accountId, accountId)).orderBy(finStatements.periodStart);

beforeAll(async () => {
  let customerId: number;
  ({ t, sales, other, fin, customerId } = await startFinanceApp());
  accountId = await openApprovedAccount(t, sales, fin, { customerId });
  // the account was opened today: date its opening back so 2020's months are its own
  await t.p.db.execute(sql`update fin_accounts set opened_at = '2020-01-01T00:00:00Z' where id = ${accountId}`);
}, 60_000);
afterAll(async () => t?.close());

describe('prepaid monthly statements', () => {
  it("sums the closed month from the ledger by the entries' day, once; the database checks the balance", async () => {
    await entry('2020-02-10', 'recharge', '500', 'r1');
    await entry('2020-03-02', 'consumption', '-120.5', 'c1');
    await entry('2020-03-05', 'gift', '20', 'g1');
    await entry('2020-03-09', 'refund', '-50', 'f1');
    await entry('2020-03-31', 'consumption', '-9.5', 'c2');
    // April's entry is outside March's statement, whenever it was posted
    await entry('2020-04-01', 'consumption', '-7', 'c3');

    expect(await runStatements(t.p.db, '2020-03-31', t.clock.now())).toBeGreaterThanOrEqual(0);
    const [feb] = await statementsOf();
    expect(feb).toMatchObject({
      periodStart: '2020-02-01',
      opening: '0.0000',
      moneyIn: '500.0000',
      closing: '500.0000',
    });

    await runStatements(t.p.db, '2020-04-15', t.clock.now());
    // a second and a concurrent run add nothing
    await Promise.all([
      runStatements(t.p.db, '2020-04-15', t.clock.now()),
      runStatements(t.p.db, '2020-04-20', t.clock.now()),
    ]);
    const all = await statementsOf();
    expect(all.map((s) => s.periodStart)).toEqual(['2020-02-01', '2020-03-01']);
    expect(all[1]).toMatchObject({
      periodEnd: '2020-03-31',
      opening: '500.0000',
      moneyIn: '20.0000',
      moneyOut: '50.0000',
      consumption: '130.0000',
      closing: '340.0000',
      entries: 4,
    });
    expect(all[1]!.code).toMatch(/^ST\d+$/);

    // a statement whose closing does not follow from its figures cannot be written
    await expect(
      t.p.db.execute(sql`update fin_statements set closing = closing + 1 where id = ${all[1]!.id}`),
    ).rejects.toThrow();
  });

  it('lists the statements in the caller’s scope and gives each as XLSX with its balances', async () => {
    const listed = await post(fin, '/v2/fc/statement/page', { accountId });
    expect(listed.code, listed.msg).toBe(0);
    expect(listed.data.records.map((r: { periodStart: string }) => r.periodStart)).toEqual([
      '2020-03-01',
      '2020-02-01',
    ]);
    const march = listed.data.records[0];
    expect(march).toMatchObject({ closing: '340.0000', consumption: '130.0000' });

    const res = await t.app.inject({ url: `/v2/fc/statement/${march.id}/statement`, headers: bearer(fin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const [sheet] = await xlsxSheets(res.rawPayload);
    expect(sheet!.map((r) => [r[0], r[5]])).toEqual([
      ['Day', 'Amount'],
      ['2020-03-02', '120.5000'],
      ['2020-03-31', '9.5000'],
      [`Total ${march.code}`, '130.0000'],
      ['Opening balance', '500.0000'],
      ['Money in', '20.0000'],
      ['Money out', '50.0000'],
      ['Closing balance', '340.0000'],
    ]);
    const zh = await t.app.inject({
      url: `/v2/fc/statement/${march.id}/statement`,
      headers: { ...bearer(fin), 'accept-language': 'zh-CN' },
    });
    expect((await xlsxSheets(zh.rawPayload))[0]!.at(-1)![0]).toBe('期末余额');
  });

  it('refuses callers without the bills key, an unknown statement and bad ids', async () => {
    const [st] = await statementsOf();
    // statements are finance's, like the bills: sales hold no key to them
    expect((await post(sales, '/v2/fc/statement/page', { accountId })).code).toBe(Errors.NO_PERMISSION.code);
    expect((await post(other, '/v2/fc/statement/page', {})).code).toBe(Errors.NO_PERMISSION.code);
    const bySales = await t.app.inject({ url: `/v2/fc/statement/${st!.id}/statement`, headers: bearer(sales) });
    expect(bySales.json().code).toBe(Errors.NO_PERMISSION.code);
    const unknown = await t.app.inject({ url: '/v2/fc/statement/2147483000/statement', headers: bearer(fin) });
    expect(unknown.json().code).toBe(Errors.NOT_FOUND.code);
    for (const bad of ['0', '-1', 'abc', '99999999999'])
      expect((await t.app.inject({ url: `/v2/fc/statement/${bad}/statement`, headers: bearer(fin) })).statusCode).toBe(
        400,
      );
    // the kernel's statements are read-only
    expect((await post(fin, '/v2/fc/statement/create', { accountId })).code).not.toBe(0);
  });

  it('the bill run writes them too and answers how many', async () => {
    const res = await post(fin, '/v2/fc/bill/run');
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ bills: expect.any(Number), statements: expect.any(Number), actions: 0 });
  });
});
