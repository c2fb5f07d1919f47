import { Errors } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { srmChannelNetworks, srmChannels } from '../src/modules/srm/channels/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { networksOf, supplierOf } from './srm-channels-support.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const COUNTRY = 'SG';

let t: TestApp;
let admin: Tokens;
let nets: string[];
let account = { id: 0, code: '' };
let n = 0;

const post = async (tok: Tokens, url: string, payload: object): Promise<Answer> => {
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) })).json()
    .data.key;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(tok), 'x-idempotence-key': key },
    payload,
  });
  return res.json();
};
/** An SMS channel of an admitted supplier covering `networks`, written straight to the tables. */
const channel = async (state: 'live' | 'testing' | 'closed', capacity: number, networks: string[]) => {
  n++;
  const [c] = await t.p.db
    .insert(srmChannels)
    .values({
      code: `CHR${String(n).padStart(5, '0')}`,
      name: `Recommend ${n}`,
      supplierId: await supplierOf(t, true),
      product: 'sms',
      protocol: 'smpp',
      host: 'smpp.example.net',
      port: 2775,
      capacity,
      state,
    })
    .returning({ id: srmChannels.id });
  await t.p.db
    .insert(srmChannelNetworks)
    .values(networks.map((m) => ({ channelId: c!.id, mccmnc: m, country: COUNTRY, operatorName: m })));
  return c!.id;
};
const cost = async (channelId: number, network: string, unitPrice: string) => {
  const res = await post(admin, '/v2/qm/price/save', {
    bookKind: 'channel',
    bookId: channelId,
    product: 'sms',
    network,
    unitPrice,
    currency: 'USD',
  });
  expect(res.code, res.msg).toBe(0);
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, DEMO.admin);
  nets = await networksOf(t, COUNTRY, 2);
  // the demo's channels for the country leave: the ranking below is of this file's channels only
  await t.p.db.execute(sql`delete from srm_channel_networks where country = ${COUNTRY}`);
  account = (await portOf(t.p.db, 'accounts')!.active()).find((a) => a.currency === 'USD')!;
  await t.p.db.execute(sql`delete from qm_prices where book_kind = 'account' and book_id = ${account.id}`);
}, 60_000);
afterAll(async () => t?.close());

describe('channelRecommend', () => {
  it('ranks by cost, explains ties (state, capacity, code), gives the margin against the account price', async () => {
    expect(nets).toHaveLength(2);
    const [a, b] = nets as [string, string];
    const cheap = await channel('live', 10, [a, b]);
    const bigTie = await channel('live', 200, [a, b]);
    const smallTie = await channel('live', 50, [a, b]);
    const testingTie = await channel('testing', 500, [a, b]);
    const unpriced = await channel('live', 100, [a]);
    await channel('closed', 100, [a, b]);
    for (const [id, price] of [
      [cheap, '0.003'],
      [bigTie, '0.005'],
      [smallTie, '0.005'],
      [testingTie, '0.005'],
    ] as const) {
      await cost(id, a, price);
      await cost(id, b, price);
    }
    // the dearest covered network counts over the whole country
    await cost(cheap, b, '0.004');
    const price = await post(admin, '/v2/qm/price/save', {
      bookKind: 'account',
      bookId: account.id,
      product: 'sms',
      country: COUNTRY,
      unitPrice: '0.010',
      currency: 'USD',
    });
    expect(price.code, price.msg).toBe(0);

    const res = await post(admin, '/v2/srm/channel/recommend', {
      product: 'sms',
      country: COUNTRY,
      accountCode: account.code,
      includeTesting: true,
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ currency: 'USD', price: '0.010000', quality: 'unavailable' });
    const ids = res.data.rows.map((r: { channelId: number }) => r.channelId);
    expect(ids).toEqual([cheap, bigTie, smallTie, testingTie, unpriced]);
    expect(res.data.rows[0]).toMatchObject({
      cost: '0.004000',
      margin: '0.006000',
      marginPct: '60.00',
      tieBreak: null,
    });
    expect(res.data.rows.map((r: { tieBreak: string | null }) => r.tieBreak)).toEqual([
      null,
      null,
      'capacity',
      'state',
      null,
    ]);
    expect(res.data.rows[4]).toMatchObject({ cost: null, margin: null });

    // one network: its own cost; live only by default; no account, no margin
    const one = await post(admin, '/v2/srm/channel/recommend', { product: 'sms', country: COUNTRY, network: a });
    expect(one.data.rows.map((r: { channelId: number }) => r.channelId)).toEqual([cheap, bigTie, smallTie, unpriced]);
    expect(one.data.rows[0]).toMatchObject({ cost: '0.003000', margin: null });
    expect(one.data.price).toBeNull();
  });

  it('refuses a network of another country and an unknown one; holders of the screen only', async () => {
    const other = (await networksOf(t, 'DE', 1))[0]!;
    const wrong = await post(admin, '/v2/srm/channel/recommend', { product: 'sms', country: COUNTRY, network: other });
    expect(wrong.code).toBe(Errors.SRM_ROUTE_NETWORK_COUNTRY.code);
    const [{ code: absent }] = rowsOf<{ code: string }>(
      await t.p.db.execute(sql`select lpad(x::text, 5, '0') as code from generate_series(99999, 10000, -1) x
        where lpad(x::text, 5, '0') not in (select mccmnc from ref_operators) limit 1`),
    ) as [{ code: string }];
    const unknown = await post(admin, '/v2/srm/channel/recommend', {
      product: 'sms',
      country: COUNTRY,
      network: absent,
    });
    expect(unknown.code).toBe(Errors.SRM_NETWORK_UNKNOWN.code);
    const none = await post(admin, '/v2/srm/channel/recommend', {
      product: 'sms',
      country: COUNTRY,
      accountCode: 'NOPE-1',
    });
    expect(none.code).toBe(Errors.SRM_ACCOUNT_UNKNOWN.code);
    const sales = await signIn(t.app, DEMO.sales01);
    expect((await post(sales, '/v2/srm/channel/recommend', { product: 'sms', country: COUNTRY })).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    const channels = await t.p.db
      .select({ id: srmChannels.id })
      .from(srmChannels)
      .where(eq(srmChannels.product, 'sms'));
    expect(channels.length).toBeGreaterThan(0);
  });

  it('marketChannel: live channels per country and product, no connection data; sales may read it', async () => {
    const sales = await signIn(t.app, DEMO.sales01);
    const res = await post(sales, '/v2/srm/market-channel/list', { country: COUNTRY, product: 'sms' });
    expect(res.code, res.msg).toBe(0);
    // the first test's live channels: cheap, bigTie, smallTie, unpriced (testing and closed ones are not sold)
    expect(res.data).toEqual([
      expect.objectContaining({
        country: COUNTRY,
        product: 'sms',
        channels: 4,
        networksCovered: 2,
        capacity: 10 + 200 + 50 + 100,
        registration: false,
        qualityTier: null,
      }),
    ]);
    expect(res.data[0].networksTotal).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(res.data)).not.toContain('smpp.example.net');
    const buyer = await signIn(t.app, { username: 'purchase01', password: 'Purchase#2026' });
    expect((await post(buyer, '/v2/srm/market-channel/list', {})).code).toBe(Errors.NO_PERMISSION.code);
  });
});
