import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qmGroupMembers, qmPriceLimits, qmPrices } from '../src/modules/quotation/schema.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

let t: TestApp;
let admin: Tokens;
// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
const post = async (url: string, payload: object): Promise<{ code: number; data: any }> => {
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(admin) })).json()
    .data.key;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(admin), [IDEMPOTENCE_HEADER]: key },
    payload,
  });
  return res.json();
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, DEMO.admin);
}, 90_000);
afterAll(() => t?.close());

describe('price limits: sms-price-limit and tariff over one table', () => {
  it('keeps each screen to its own rows: a voice limit does not exist for the SMS screen', async () => {
    const [voice] = await t.p.db.select().from(qmPriceLimits).where(eq(qmPriceLimits.product, 'voice')).limit(1);
    expect(voice).toBeDefined();
    expect((await post('/v2/qm/tariff/detail', { id: voice!.id })).code).toBe(0);
    expect((await post('/v2/qm/sms-price-limit/detail', { id: voice!.id })).code).toBe(Errors.NOT_FOUND.code);
    const upd = await post('/v2/qm/sms-price-limit/update', { id: voice!.id, version: voice!.version, minPrice: '1' });
    expect(upd.code).toBe(Errors.NOT_FOUND.code);
    const sms = await post('/v2/qm/sms-price-limit/page', { size: 200 });
    expect(sms.data.records.map((r: { id: number }) => r.id)).not.toContain(voice!.id);
  });

  it('refuses a network of another country, a second limit for the same key, and an SMS product on the tariff screen', async () => {
    const bad = await post('/v2/qm/sms-price-limit/save', {
      country: 'DE',
      network: '46000',
      minPrice: '0.01',
      currency: 'USD',
    });
    expect(bad.code).toBe(Errors.QM_NETWORK_UNKNOWN.code);
    const body = { country: 'XQ', minPrice: '0.01', currency: 'USD' };
    expect((await post('/v2/qm/sms-price-limit/save', body)).code).toBe(0);
    // the whole country is one limit (no network: nulls not distinct)
    expect((await post('/v2/qm/sms-price-limit/save', body)).code).toBe(Errors.DUPLICATE.code);
    expect((await post('/v2/qm/sms-price-limit/save', { ...body, currency: 'QQQ' })).code).toBe(
      Errors.QM_CURRENCY_UNKNOWN.code,
    );
    expect((await post('/v2/qm/tariff/save', { ...body, product: 'sms' })).code).toBe(Errors.VALIDATION_FAILED.code);
    const mine = await post('/v2/qm/sms-price-limit/page', { country: 'XQ' });
    expect(mine.data.records).toMatchObject([{ country: 'XQ', network: null, minPrice: '0.01', currency: 'USD' }]);
    const cleared = await post('/v2/qm/sms-price-limit/update', {
      id: mine.data.records[0].id,
      version: mine.data.records[0].version,
      minPrice: null,
    });
    expect(cleared.code).toBe(Errors.QM_LIMIT_EMPTY.code);
  });
});

describe('quote groups', () => {
  it('moves an account between groups: its price follows the group it is in now', async () => {
    const acc = (await portOf(t.p.db, 'accounts')!.active())[0]!;
    await t.p.db.delete(qmPrices).where(and(eq(qmPrices.bookKind, 'account'), eq(qmPrices.bookId, acc.id)));
    await t.p.db.delete(qmGroupMembers).where(eq(qmGroupMembers.accountId, acc.id));
    const a = await post('/v2/qm/quote-group/save', { name: 'Move A', currency: 'USD', accountIds: [acc.id] });
    const b = await post('/v2/qm/quote-group/save', { name: 'Move B', currency: 'USD' });
    expect([a.code, b.code]).toEqual([0, 0]);
    for (const [id, unitPrice] of [
      [a.data.id, '0.5'],
      [b.data.id, '0.6'],
    ])
      expect(
        (
          await post('/v2/qm/price/save', {
            bookKind: 'group',
            bookId: id,
            product: 'sms',
            network: '46000',
            unitPrice,
            currency: 'USD',
          })
        ).code,
      ).toBe(0);
    const price = async () =>
      (
        await portOf(t.p.db, 'rating')!.priceFor({
          accountId: acc.id,
          product: 'sms',
          destination: { network: '46000', country: 'CN' },
          at: t.p.clock.now(),
          units: 1,
        })
      )?.unitPrice;
    expect(Number(await price())).toBe(0.5);
    // B cannot take the account while A holds it
    expect((await post('/v2/qm/quote-group/update', { id: b.data.id, version: 1, accountIds: [acc.id] })).code).toBe(
      Errors.QM_GROUP_MEMBER_TAKEN.code,
    );
    expect((await post('/v2/qm/quote-group/update', { id: a.data.id, version: 1, accountIds: [] })).code).toBe(0);
    expect((await post('/v2/qm/quote-group/update', { id: b.data.id, version: 1, accountIds: [acc.id] })).code).toBe(0);
    expect(Number(await price())).toBe(0.6);
    // an A-Z group is not a quote group: its path does not know the quote group's id
    expect((await post('/v2/qm/az-group/detail', { id: b.data.id })).code).toBe(Errors.NOT_FOUND.code);
    expect(
      (await post('/v2/qm/quote-group/save', { name: 'Move C', currency: 'USD', accountIds: [990_001] })).code,
    ).toBe(Errors.QM_BOOK_UNKNOWN.code);
  });
});
