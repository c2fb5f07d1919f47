import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rating } from '../src/modules/quotation/books.js';
import { Q } from '../src/modules/quotation/rating.js';
import { qmGroupMembers, qmPriceLimits, qmPrices, qmSpecialPrices } from '../src/modules/quotation/schema.js';
import { channelRefs } from '../src/modules/srm/index.js';
import { refRates } from '../src/modules/system/reference/schema.js';
import { portOf } from '../src/platform/ports.js';
import { type Answer, approvalWorld, type Person, taskOf, type Wf } from './approval-support.js';
import { bearer, onPostgres, signIn, startTestApp, type TestApp } from './harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let w: Wf;
let now: number;
const iso = (ms: number) => new Date(ms).toISOString();

const post = async (who: Person, url: string, payload: object): Promise<Answer> => {
  const key = (
    await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(w.tok[who]) })
  ).json().data.key;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(w.tok[who]), [IDEMPOTENCE_HEADER]: key },
    payload,
  });
  return res.json();
};
const get = async (who: Person, url: string): Promise<Answer> =>
  (await t.app.inject({ url, headers: bearer(w.tok[who]) })).json();
const save = (who: Person, body: object) => post(who, '/v2/qm/price/save', body);
const port = () => portOf(t.p.db, 'rating')!;
const priceAt = async (
  accountId: number,
  destination: object,
  at: number,
  units = 1,
  product = 'sms',
  currency?: string,
) => port().priceFor({ accountId, product: product as 'sms', destination, at: new Date(at), units, currency });
const rowsCount = async () => (await t.p.db.select({ n: count() }).from(qmPrices))[0]!.n;

let group = 0;
let az = 0;
/** a real consumer account (finance's) of sales01's, cleared of the demo seed's prices and groups in beforeAll */
let ACC = 0;
/** an id no account has */
const NO_ACCOUNT = 990_002;

beforeAll(async () => {
  t = await startTestApp();
  w = await approvalWorld(t);
  now = t.p.clock.now().getTime();
  // one of sales01's customers' accounts: a sales user's data scope is their own customers' books
  ACC = (await portOf(t.p.db, 'accounts')!.active()).find((a) => a.ownerId === w.ids.sales01)!.id;
  await t.p.db.delete(qmPrices).where(and(eq(qmPrices.bookKind, 'account'), eq(qmPrices.bookId, ACC)));
  await t.p.db.delete(qmGroupMembers).where(eq(qmGroupMembers.accountId, ACC));
  // the margin guard's test sets China's SMS limit itself
  await t.p.db.delete(qmPriceLimits).where(and(eq(qmPriceLimits.product, 'sms'), eq(qmPriceLimits.country, 'CN')));
  const g = await post('sales01', '/v2/qm/quote-group/save', {
    name: 'Test group',
    currency: 'USD',
    accountIds: [ACC],
  });
  expect(g.code, JSON.stringify(g)).toBe(0);
  group = g.data.id;
  const a = await post('sales01', '/v2/qm/az-group/save', {
    name: 'Test A-Z',
    currency: 'USD',
    accountIds: [ACC],
  });
  az = a.data.id;
}, 90_000);
afterAll(() => t?.close());

describe('price books', () => {
  it('keeps every version: a new price closes the old one at its own time; the past stays answerable', async () => {
    const a = await save('sales01', {
      bookKind: 'group',
      bookId: group,
      product: 'sms',
      network: '46000',
      unitPrice: '0.02',
      currency: 'USD',
      effectiveFrom: iso(now + HOUR),
    });
    expect(a.code, JSON.stringify(a)).toBe(0);
    expect(a.data).toMatchObject({ outcome: 'saved', effectiveFrom: iso(now + HOUR) });
    const b = await save('sales01', {
      bookKind: 'group',
      bookId: group,
      product: 'sms',
      network: '46000',
      unitPrice: '0.015',
      currency: 'USD',
      effectiveFrom: iso(now + 2 * HOUR),
    });
    expect(b.data).toMatchObject({ outcome: 'saved', effectiveFrom: iso(now + 2 * HOUR) });

    const page = await post('sales01', '/v2/qm/price/page', {
      bookKind: 'group',
      bookId: group,
      product: 'sms',
      dest: '46000',
    });
    expect(page.data.records.map((r: { unitPrice: string }) => r.unitPrice)).toEqual(['0.015000', '0.020000']);
    expect(new Date(page.data.records[1].effectiveUntil).getTime()).toBe(now + 2 * HOUR);
    expect(page.data.records[0].effectiveUntil).toBeNull();
    // the rows name their book's owner (the screens show it, not the id)
    expect(page.data.records.map((r: { bookName: string }) => r.bookName)).toEqual(['Test group', 'Test group']);

    expect(await priceAt(ACC, { network: '46000', country: 'CN' }, now + 30 * 60_000)).toBeNull();
    expect(await priceAt(ACC, { network: '46000', country: 'CN' }, now + 90 * 60_000, 3)).toMatchObject({
      amount: '0.060000',
      unitPrice: '0.020000',
      billedUnits: 3,
      currency: 'USD',
    });
    expect(await priceAt(ACC, { network: '46000', country: 'CN' }, now + 3 * HOUR, 3)).toMatchObject({
      amount: '0.045000',
    });

    const same = await save('sales01', {
      bookKind: 'group',
      bookId: group,
      product: 'sms',
      network: '46000',
      unitPrice: '0.01',
      currency: 'USD',
      effectiveFrom: iso(now + 2 * HOUR),
    });
    expect(same.code).toBe(Errors.QM_PRICE_SAME_TIME.code);
  });

  it('lets an increase take effect only after the notice days; a decrease at once', async () => {
    const s = await post('admin', '/v2/qm/settings', { increaseNoticeDays: 3 });
    expect(s.code, JSON.stringify(s)).toBe(0);
    expect((await get('admin', '/v2/qm/settings')).data).toEqual({ increaseNoticeDays: 3 });
    const at = now + 5 * HOUR;
    const up = await save('sales01', {
      bookKind: 'group',
      bookId: group,
      product: 'sms',
      network: '46000',
      unitPrice: '0.03',
      currency: 'USD',
      effectiveFrom: iso(at),
    });
    expect(new Date(up.data.effectiveFrom).getTime()).toBeGreaterThanOrEqual(now + 3 * DAY);
    expect((await priceAt(ACC, { network: '46000' }, now + 2 * DAY))!.unitPrice).toBe('0.015000');
    expect((await priceAt(ACC, { network: '46000' }, now + 4 * DAY))!.unitPrice).toBe('0.030000');
    const down = await save('sales01', {
      bookKind: 'group',
      bookId: group,
      product: 'sms',
      network: '46000',
      unitPrice: '0.012',
      currency: 'USD',
      effectiveFrom: iso(at),
    });
    expect(down.data.effectiveFrom).toBe(iso(at));
    // the decrease runs until the waiting increase starts
    expect((await priceAt(ACC, { network: '46000' }, now + 6 * HOUR))!.unitPrice).toBe('0.012000');
    expect((await priceAt(ACC, { network: '46000' }, now + 4 * DAY))!.unitPrice).toBe('0.030000');
  });

  it('answers an account’s own row over its group’s, the country default, nothing for an account of no group', async () => {
    await save('sales01', {
      bookKind: 'group',
      bookId: group,
      product: 'sms',
      country: 'CN',
      unitPrice: '0.05',
      currency: 'USD',
      effectiveFrom: iso(now + HOUR),
    });
    const own = await save('sales01', {
      bookKind: 'account',
      bookId: ACC,
      product: 'sms',
      network: '46000',
      unitPrice: '0.011',
      currency: 'USD',
      effectiveFrom: iso(now + HOUR),
    });
    expect(own.code, JSON.stringify(own)).toBe(0);
    // an account's book is named as its picker names it: code · customer
    const named = await post('sales01', '/v2/qm/price/page', { bookKind: 'account', bookId: ACC, product: 'sms' });
    expect(named.data.records[0].bookName).toMatch(/^\S+ · \S/);
    expect((await priceAt(ACC, { network: '46000', country: 'CN' }, now + 2 * HOUR))!.unitPrice).toBe('0.011000');
    expect((await priceAt(ACC, { network: '46001', country: 'CN' }, now + 2 * HOUR))!.unitPrice).toBe('0.050000');
    expect(await priceAt(NO_ACCOUNT, { network: '46001', country: 'CN' }, now + 2 * HOUR)).toBeNull();
  });

  it('rates voice by the longest prefix with increments and the connect fee', async () => {
    for (const [prefix, unitPrice] of [
      ['44', '0.02'],
      ['447', '0.09'],
    ] as const) {
      const r = await save('sales01', {
        bookKind: 'group',
        bookId: az,
        product: 'voice',
        prefix,
        unitPrice,
        connectFee: '0.001',
        firstIncrement: 60,
        nextIncrement: 60,
        currency: 'USD',
        effectiveFrom: iso(now + HOUR),
      });
      expect(r.code, JSON.stringify(r)).toBe(0);
    }
    const call = await priceAt(ACC, { number: '447911123456' }, now + 2 * HOUR, 61, 'voice');
    expect(call).toMatchObject({ billedUnits: 120, unitPrice: '0.090000', amount: '0.181000' });
    expect(await priceAt(ACC, { number: '442071234567' }, now + 2 * HOUR, 0, 'voice')).toMatchObject({
      amount: '0.000000',
      billedUnits: 0,
    });
  });

  it('converts through the effective-dated exchange rates', async () => {
    const day = (ms: number) => iso(ms).slice(0, 10);
    await t.p.db.insert(refRates).values([
      { fromCode: 'USD', toCode: 'CNY', rate: '7.0000000000', day: day(now - 10 * DAY) },
      { fromCode: 'USD', toCode: 'CNY', rate: '7.2000000000', day: day(now + 2 * DAY) },
    ]);
    const before = await priceAt(ACC, { network: '46001', country: 'CN' }, now + 2 * HOUR, 3, 'sms', 'CNY');
    expect(before).toMatchObject({ currency: 'CNY', unitPrice: '0.350000', amount: '1.050000' });
    const after = await priceAt(ACC, { network: '46001', country: 'CN' }, now + 3 * DAY, 3, 'sms', 'CNY');
    expect(after).toMatchObject({ currency: 'CNY', unitPrice: '0.360000', amount: '1.080000' });
  });

  it('refuses bad input with the catalogue’s codes and writes nothing', async () => {
    const before = await rowsCount();
    const base = { bookKind: 'group', bookId: group, product: 'sms', unitPrice: '0.02', currency: 'USD' };
    expect((await save('sales01', base)).code).toBe(Errors.QM_DEST_REQUIRED.code);
    expect((await save('sales01', { ...base, product: 'voice', network: '46000' })).code).toBe(
      Errors.QM_DEST_REQUIRED.code,
    );
    expect((await save('sales01', { ...base, network: '00000' })).code).toBe(Errors.QM_NETWORK_UNKNOWN.code);
    expect((await save('sales01', { ...base, network: '46000', bookId: 9_999_999 })).code).toBe(
      Errors.QM_BOOK_UNKNOWN.code,
    );
    expect((await save('sales01', { ...base, network: '46000', currency: 'XAU' })).code).toBe(
      Errors.QM_CURRENCY_UNKNOWN.code,
    );
    expect((await save('sales01', { ...base, network: '46000', effectiveFrom: iso(now - DAY) })).code).toBe(
      Errors.QM_EFFECTIVE_PAST.code,
    );
    for (const bad of [
      { ...base, network: '46000', unitPrice: '-1' },
      { ...base, network: '46000', unitPrice: '0.1234567' },
      { ...base, network: '46000', bookKind: 'nope' },
    ])
      expect((await save('sales01', bad)).code).not.toBe(0);
    expect((await save('finance01', { ...base, network: '46000' })).code).toBe(Errors.NO_PERMISSION.code);
    expect((await save('ops01', { ...base, network: '46000' })).code).toBe(Errors.NO_PERMISSION.code);
    expect((await post('sales01', '/v2/qm/quote-group/save', { name: 'Test group', currency: 'USD' })).code).toBe(
      Errors.QM_GROUP_EXISTS.code,
    );
    expect(
      (
        await post('sales01', '/v2/qm/quote-group/save', {
          name: 'Other group',
          currency: 'USD',
          accountIds: [ACC],
        })
      ).code,
    ).toBe(Errors.QM_GROUP_MEMBER_TAKEN.code);
    expect((await post('admin', '/v2/qm/sms-price-limit/save', { country: 'CN', currency: 'USD' })).code).toBe(
      Errors.QM_LIMIT_EMPTY.code,
    );
    expect(await rowsCount()).toBe(before);
  });
});

describe('margin guard', () => {
  it('turns a price below the limit into a special-price request; the approval writes it in its transaction', async () => {
    const lim = await post('admin', '/v2/qm/sms-price-limit/save', {
      country: 'CN',
      minPrice: '0.01',
      currency: 'USD',
    });
    expect(lim.code, JSON.stringify(lim)).toBe(0);
    const before = await rowsCount();
    const at = now + HOUR;
    const res = await save('sales01', {
      bookKind: 'group',
      bookId: group,
      product: 'sms',
      network: '46002',
      unitPrice: '0.005',
      currency: 'USD',
      effectiveFrom: iso(at),
      reason: 'tender',
    });
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data).toMatchObject({ outcome: 'special' });
    expect(await rowsCount()).toBe(before);
    const detail = await get('sales01', `/v2/qm/specialReview/details/${res.data.id}`);
    expect(detail.data).toMatchObject({
      state: 'pending',
      unitPrice: '0.005000',
      reason: 'tender',
      approvalId: res.data.approvalId,
    });
    // spec 7: the same request by its approval instance; another sales user's scope does not reach it
    const byProcess = await get('sales01', `/v2/qm/specialReview/reviewprocess/${res.data.approvalId}`);
    expect(byProcess.data).toMatchObject({ id: res.data.id, state: 'pending' });
    const other = bearer(await signIn(t.app, { username: 'sales02', password: 'Sales#2026' }));
    for (const url of [`details/${res.data.id}`, `reviewprocess/${res.data.approvalId}`]) {
      const answer = (await t.app.inject({ url: `/v2/qm/specialReview/${url}`, headers: other })).json();
      expect(answer.code, url).toBe(Errors.QM_SPECIAL_NOT_FOUND.code);
    }
    expect((await get('sales01', '/v2/qm/specialReview/reviewprocess/999999')).code).toBe(
      Errors.QM_SPECIAL_NOT_FOUND.code,
    );
    expect((await priceAt(ACC, { network: '46002', country: 'CN' }, at + HOUR))!.unitPrice).toBe('0.050000');

    const task = await taskOf(w, 'salesmgr', res.data.approvalId);
    const agreed = await w.op('salesmgr', 'agree', { taskId: task, opinion: 'ok' });
    expect(agreed.code, JSON.stringify(agreed)).toBe(0);
    const [sp] = await t.p.db.select().from(qmSpecialPrices).where(eq(qmSpecialPrices.id, res.data.id));
    expect(sp).toMatchObject({ state: 'approved' });
    const [row] = await t.p.db.select().from(qmPrices).where(eq(qmPrices.id, sp!.priceId!));
    expect(row).toMatchObject({ source: 'approval', unitPrice: '0.005000', dest: '46002' });
    expect((await priceAt(ACC, { network: '46002', country: 'CN' }, at + HOUR))!.unitPrice).toBe('0.005000');
  });

  it('writes nothing when the request is rejected; a price at the limit is saved at once', async () => {
    const before = await rowsCount();
    const res = await save('sales01', {
      bookKind: 'group',
      bookId: group,
      product: 'sms',
      network: '46003',
      unitPrice: '0.001',
      currency: 'USD',
    });
    expect(res.data.outcome).toBe('special');
    const task = await taskOf(w, 'salesmgr', res.data.approvalId);
    expect((await w.op('salesmgr', 'reject', { taskId: task, target: 'end', opinion: 'no' })).code).toBe(0);
    const [sp] = await t.p.db.select().from(qmSpecialPrices).where(eq(qmSpecialPrices.id, res.data.id));
    expect(sp).toMatchObject({ state: 'rejected', priceId: null });
    expect(await rowsCount()).toBe(before);
    const okay = await save('sales01', {
      bookKind: 'group',
      bookId: group,
      product: 'sms',
      network: '46003',
      unitPrice: '0.01',
      currency: 'USD',
    });
    expect(okay.data.outcome).toBe('saved');
  });
});

describe('supplier costs and the simulator', () => {
  it('rates a channel’s cost, and the simulator shows price, each channel’s cost and the margin', async () => {
    const channel = (await channelRefs(t.p.db)).find(
      (c) => c.product === 'sms' && c.state !== 'closed' && c.networks.length,
    );
    expect(channel).toBeDefined();
    const net = channel!.networks[0]!;
    const at = now + HOUR;
    const saved = await save('admin', {
      bookKind: 'channel',
      bookId: channel!.id,
      product: 'sms',
      network: net,
      unitPrice: '0.004',
      currency: 'USD',
      chargeOn: 'delivery',
      effectiveFrom: iso(at),
    });
    expect(saved.code, JSON.stringify(saved)).toBe(0);
    const cost = await port().costFor({
      channelId: channel!.id,
      product: 'sms',
      destination: { network: net },
      at: new Date(at + HOUR),
      units: 2,
    });
    expect(cost).toMatchObject({ amount: '0.008000', unitPrice: '0.004000', rowId: saved.data.id });
    // a seeded older cost stays answerable before the new one
    const older = await port().costFor({
      channelId: channel!.id,
      product: 'sms',
      destination: { network: net },
      at: new Date(at - 60_000),
      units: 1,
    });
    expect(older?.rowId).not.toBe(saved.data.id);
    const wrong = await save('admin', {
      bookKind: 'channel',
      bookId: channel!.id,
      product: 'voice',
      prefix: '44',
      unitPrice: '0.004',
      currency: 'USD',
    });
    expect(wrong.code).toBe(Errors.QM_CHANNEL_PRODUCT.code);

    await save('sales01', {
      bookKind: 'account',
      bookId: ACC,
      product: 'sms',
      network: net,
      unitPrice: '0.05',
      currency: 'USD',
      effectiveFrom: iso(at),
    });
    const sim = await post('sales01', '/v2/qm/rate', {
      accountId: ACC,
      product: 'sms',
      network: net,
      units: 2,
      at: iso(at + HOUR),
      channelIds: [channel!.id],
    });
    expect(sim.code, JSON.stringify(sim)).toBe(0);
    expect(sim.data.price).toMatchObject({ amount: '0.100000' });
    expect(sim.data.costs).toEqual([
      expect.objectContaining({ channelId: channel!.id, margin: '0.092000', marginPct: '92.00' }),
    ]);
    expect(sim.data.history.length).toBeGreaterThanOrEqual(1);
    expect((await post('sales01', '/v2/qm/rate', { accountId: ACC, product: 'voice' })).code).toBe(
      Errors.QM_DEST_REQUIRED.code,
    );
    expect((await post('finance01', '/v2/qm/rate', { accountId: ACC, product: 'sms', network: net })).code).toBe(
      Errors.NO_PERMISSION.code,
    );
  });

  it('serves a cached lookup in microseconds and drops the cache when a book changes', async () => {
    const svc = rating(t.p.db);
    const q = {
      accountId: ACC,
      product: 'sms' as const,
      destination: { network: '46000', country: 'CN' },
      at: new Date(now + 2 * HOUR),
      units: 1,
    };
    await svc.priceFor(q);
    const n = 2000;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await svc.priceFor(q);
    expect((performance.now() - t0) / n).toBeLessThan(0.5);
    await t.p.db
      .update(qmPrices)
      .set({ unitPrice: '0.777000' })
      .where(and(eq(qmPrices.bookKind, 'account'), eq(qmPrices.bookId, ACC), eq(qmPrices.dest, '46000')));
    expect((await svc.priceFor(q))!.unitPrice).toBe('0.011000');
    svc.changed('account', ACC);
    expect((await svc.priceFor(q))!.unitPrice).toBe('0.777000');
  });

  it('serialises two saves of one destination at one time: one wins, the periods never overlap', async () => {
    const at = iso(now + 10 * HOUR);
    const body = {
      bookKind: 'group',
      bookId: group,
      product: 'sms',
      network: '46007',
      currency: 'USD',
      effectiveFrom: at,
    };
    const answers = await Promise.all([
      save('sales01', { ...body, unitPrice: '0.02' }),
      save('salesmgr', { ...body, unitPrice: '0.02' }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, Errors.QM_PRICE_SAME_TIME.code].sort());
    const overl = await t.p.db.execute(sql`select count(*)::int as n from qm_prices a join qm_prices b on a.id < b.id
      and a.book_kind = b.book_kind and a.book_id = b.book_id and a.product = b.product and a.dest = b.dest and a.category = b.category
      and a.effective_from < coalesce(b.effective_until, 'infinity') and b.effective_from < coalesce(a.effective_until, 'infinity')`);
    const rows = (overl as unknown as { rows?: { n: number }[] }).rows ?? (overl as unknown as { n: number }[]);
    expect(rows[0]!.n).toBe(0);
    if (onPostgres) expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
  });
});

describe('supplier price list import', () => {
  const upload = async (who: Person, channelId: number, product: string, name: string, content: string | Buffer) => {
    const boundary = '----qmimport';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/qm/import/preview?channelId=${channelId}&product=${product}`,
      headers: { ...bearer(w.tok[who]), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return res.json() as Answer;
  };

  it('previews new, increased, decreased, removed and invalid rows before saving; saves all at once', async () => {
    const channel = (await channelRefs(t.p.db)).find(
      (c) => c.product === 'sms' && c.state !== 'closed' && c.networks.length >= 3,
    );
    expect(channel).toBeDefined();
    const [n1, n2] = channel!.networks;
    const cur = async (dest: string) =>
      (await port().costFor({
        channelId: channel!.id,
        product: 'sms',
        destination: { network: dest },
        at: new Date(now),
        units: 1,
      }))!;
    const [c1, c2] = [await cur(n1!), await cur(n2!)];
    const up = new Q(c1.unitPrice).add('0.001').toFixed(6);
    const down = new Q(c2.unitPrice).sub('0.001').toFixed(6);
    const day = iso(now + 2 * DAY).slice(0, 10);
    const csv = [
      'MCC,MNC,Country,Network,Price,Currency,Effective date',
      `${n1!.slice(0, 3)},${n1!.slice(3)},X,"Net, one",${up},USD,${day}`,
      `${n2!.slice(0, 3)},${n2!.slice(3)},X,Net two,${down},USD,${day}`,
      `460,11,CN,Telecom,0.0123,USD,${day}`,
      `4a0,00,CN,Bad,0.01,USD,${day}`,
      `460,00,CN,Bad price,-3,USD,${day}`,
    ].join('\r\n');
    const pre = await upload('admin', channel!.id, 'sms', 'list.csv', csv);
    expect(pre.code, JSON.stringify(pre)).toBe(0);
    expect(pre.data.counts).toMatchObject({
      new: 1,
      increase: 1,
      decrease: 1,
      invalid: 2,
      removed: channel!.networks.length - 2,
    });
    expect(pre.data.rows.find((r: { dest: string }) => r.dest === n1)).toMatchObject({
      change: 'increase',
      before: c1.unitPrice,
      unitPrice: up,
    });
    expect(pre.data.errors.map((e: { field: string }) => e.field).sort()).toEqual(['mcc', 'price']);
    // nothing is written by the preview
    expect((await cur(n1!)).unitPrice).toBe(c1.unitPrice);

    const commit = await post('admin', '/v2/qm/import/commit', {
      channelId: channel!.id,
      product: 'sms',
      rows: pre.data.rows,
      closeRemoved: false,
    });
    expect(commit.code, JSON.stringify(commit)).toBe(0);
    // rows that raise a live channel's cost at their time, or exceed a routed account's price, wait
    // in one supplier-quote request (decision 0103, tested in quotation-supplier); the rest are saved
    expect(commit.data.saved + commit.data.held).toBe(3);
    expect(commit.data.closed).toBe(0);
    const held = new Set<string>();
    if (commit.data.requestId) {
      const request = await t.app.inject({
        url: `/v2/qm/specialReview/supplier/details/${commit.data.requestId}`,
        headers: bearer(w.tok.admin),
      });
      const { lines, state } = request.json().data as {
        lines: { dest: string; raise: boolean; overPrice: boolean; priceId: number | null }[];
        state: string;
      };
      expect(lines).toHaveLength(commit.data.held);
      for (const l of lines) {
        expect(l.raise || l.overPrice).toBe(true);
        // the engine may decide at once (an applicant who leads their own department): then written
        expect(l.priceId !== null).toBe(state === 'approved');
        if (state !== 'approved') held.add(l.dest);
      }
    }
    const live = held.has(n1!);
    const later = (dest: string) =>
      port().costFor({
        channelId: channel!.id,
        product: 'sms',
        destination: { network: dest },
        at: new Date(now + 3 * DAY),
        units: 1,
      });
    expect((await later(n1!))!.unitPrice).toBe(live ? c1.unitPrice : up);
    if (!held.has('46011')) expect((await later('46011'))!.unitPrice).toBe('0.012300');
    expect((await cur(n1!)).unitPrice).toBe(c1.unitPrice);

    // the same list again: its rows' instants are taken; a list naming a destination twice is refused
    const again = await post('admin', '/v2/qm/import/commit', {
      channelId: channel!.id,
      product: 'sms',
      rows: pre.data.rows,
    });
    expect(again.code).toBe(Errors.QM_PRICE_SAME_TIME.code);
    const twice = [pre.data.rows[0], { ...pre.data.rows[0], effectiveFrom: iso(now + 5 * DAY) }];
    expect(
      (await post('admin', '/v2/qm/import/commit', { channelId: channel!.id, product: 'sms', rows: twice })).code,
    ).toBe(Errors.DUPLICATE.code);
    // closing what a list leaves out ends those destinations now; their waiting rows stay
    const keep = { ...pre.data.rows.find((r: { dest: string }) => r.dest === n1), change: 'same' };
    const close = await post('admin', '/v2/qm/import/commit', {
      channelId: channel!.id,
      product: 'sms',
      rows: [keep],
      closeRemoved: true,
    });
    expect(close.data).toMatchObject({ saved: 0, closed: channel!.networks.length - 1, held: 0 });
    const soon = (dest: string, ms: number) =>
      port().costFor({
        channelId: channel!.id,
        product: 'sms',
        destination: { network: dest },
        at: new Date(t.p.clock.now().getTime() + ms),
        units: 1,
      });
    expect(await soon(n2!, HOUR)).toBeNull();
    expect((await soon(n2!, 3 * DAY))?.unitPrice ?? null).toBe(held.has(n2!) ? null : down);
    expect((await soon(n1!, HOUR))!.unitPrice).toBe(c1.unitPrice);

    expect(
      (await upload('admin', channel!.id, 'voice', 'az.csv', 'Prefix,Rate,Effective date\r\n44,0.01,2026-01-01')).code,
    ).toBe(Errors.QM_CHANNEL_PRODUCT.code);
    expect((await upload('admin', channel!.id, 'sms', 'x.csv', 'MCC,Price\r\n460,0.1')).code).toBe(
      Errors.IMPORT_HEADER_MISSING.code,
    );
    expect((await upload('finance01', channel!.id, 'sms', 'list.csv', csv)).code).toBe(Errors.NO_PERMISSION.code);
  });

  it('reads an XLSX A-Z deck with the increments', async () => {
    const channel = (await channelRefs(t.p.db)).find((c) => c.product === 'voice' && c.state !== 'closed');
    expect(channel).toBeDefined();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('az');
    ws.addRow(['Prefix', 'Destination', 'Rate', 'First increment', 'Next increment', 'Effective date']);
    ws.addRow(['8870', 'Test land', '0.0321', 1, 1, iso(now + DAY).slice(0, 10)]);
    ws.addRow(['8871', 'Test land mobile', 'x', 1, 1, iso(now + DAY).slice(0, 10)]);
    const pre = await upload('admin', channel!.id, 'voice', 'az.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(pre.code, JSON.stringify(pre)).toBe(0);
    expect(pre.data.rows).toEqual([
      expect.objectContaining({
        dest: '8870',
        unitPrice: '0.032100',
        firstIncrement: 1,
        nextIncrement: 1,
        currency: 'USD',
        change: 'new',
      }),
    ]);
    expect(pre.data.errors).toEqual([expect.objectContaining({ row: 3, field: 'rate' })]);
  });
});
