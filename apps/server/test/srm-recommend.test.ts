import { Errors } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { srmChannelNetworks, srmChannels } from '../src/modules/srm/channels/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { dayBefore, networksOf, smsRollup, supplierOf } from './srm-channels-support.js';
import { keyedPost } from './support/signed-in.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const COUNTRY = 'SG';

let t: TestApp;
let admin: Tokens;
let nets: string[];
let account = { id: 0, code: '' };
let n = 0;

const post = (tok: Tokens, url: string, payload: object) => keyedPost<Answer>(t, tok, url, payload);
/** An SMS channel of an admitted supplier covering `networks`, written straight to the tables. */
const channel = async (
  state: 'live' | 'testing' | 'closed',
  capacity: number,
  networks: string[],
  country = COUNTRY,
) => {
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
    .values(networks.map((m) => ({ channelId: c!.id, mccmnc: m, country, operatorName: m })));
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
  // the demo's channels for the country leave (closed, so the demo traffic they carried there is no
  // live channel's): the ranking and the market tier below are of this file's channels only
  await t.p.db.execute(sql`update srm_channels set state = 'closed'
    where id in (select channel_id from srm_channel_networks where country = ${COUNTRY})`);
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
    expect(res.data).toMatchObject({ currency: 'USD', price: '0.010000', quality: 'ranked', rankBy: 'cost' });
    // none of these channels carried traffic: no figures, so quality breaks no tie
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

  it('quality from the traffic rollups: equal costs by delivery rate, rank by quality, the channel figures, the market tier', async () => {
    const C2 = 'MY';
    const [a, b] = (await networksOf(t, C2, 2)) as [string, string];
    await t.p.db.execute(sql`delete from srm_channel_networks where country = ${C2}`);
    const now = t.clock.now();
    const good = await channel('live', 10, [a, b], C2);
    const poor = await channel('live', 500, [a], C2);
    const dear = await channel('live', 10, [a], C2);
    const silent = await channel('live', 10, [a], C2);
    for (const [id, price] of [
      [good, '0.005'],
      [poor, '0.005'],
      [dear, '0.006'],
      [silent, '0.001'],
    ] as const)
      await cost(id, a, price);
    await cost(good, b, '0.005');
    const roll = (channelId: number, network: string, back: number, parts: number, delivered: number) =>
      smsRollup(t, { day: dayBefore(now, back), channelId, country: C2, network, parts, delivered });
    await roll(good, a, 0, 600, 580);
    await roll(good, a, 3, 400, 380); // a: 960 of 1000
    await roll(good, b, 1, 100, 50); // b: 50 of 100
    await roll(poor, a, 2, 1000, 800);
    await roll(poor, a, 10, 100_000, 100_000); // outside the window
    await roll(dear, a, 5, 1000, 990);

    const byCost = await post(admin, '/v2/srm/channel/recommend', { product: 'sms', country: C2, network: a });
    expect(byCost.code, byCost.msg).toBe(0);
    const rows = byCost.data.rows as { channelId: number; tieBreak: string | null; quality: unknown }[];
    // poor has the larger capacity: only its worse delivery rate puts it below good
    expect(rows.map((r) => r.channelId)).toEqual([silent, good, poor, dear]);
    expect(rows.map((r) => r.tieBreak)).toEqual([null, null, 'quality', null]);
    expect(rows[0]!.quality).toBeNull();
    expect(rows[1]!.quality).toMatchObject({ sample: 1000, deliveryRate: '96.00', tier: 'A' });
    expect(rows[2]!.quality).toMatchObject({ sample: 1000, deliveryRate: '80.00', tier: 'C' });

    // nothing to rank: still says figures could rank (the traffic room is mounted)
    const none = await post(admin, '/v2/srm/channel/recommend', { product: 'whatsapp', country: C2 });
    expect(none.data).toMatchObject({ quality: 'ranked', rows: [] });

    const byQuality = await post(admin, '/v2/srm/channel/recommend', {
      product: 'sms',
      country: C2,
      network: a,
      rankBy: 'quality',
    });
    expect(byQuality.data.rankBy).toBe('quality');
    expect(byQuality.data.rows.map((r: { channelId: number }) => r.channelId)).toEqual([dear, good, poor, silent]);

    const figures = (await t.app.inject({ url: `/v2/srm/channel/quality?id=${good}`, headers: bearer(admin) })).json();
    expect(figures.code, figures.msg).toBe(0);
    expect(figures.data).toMatchObject({
      available: true,
      from: dayBefore(now, 6),
      to: dayBefore(now, 0),
      total: { product: 'sms', sample: 1100, deliveryRate: '91.82', tier: 'B', asr: null },
    });
    expect(figures.data.networks).toEqual([
      expect.objectContaining({ network: a, sample: 1000, deliveryRate: '96.00', tier: 'A' }),
      expect.objectContaining({ network: b, sample: 100, deliveryRate: '50.00', tier: 'C' }),
    ]);
    const quiet = (await t.app.inject({ url: `/v2/srm/channel/quality?id=${silent}`, headers: bearer(admin) })).json();
    expect(quiet.data).toMatchObject({ available: true, total: null, networks: [] });
    const absent = (
      await t.app.inject({ url: '/v2/srm/channel/quality?id=2147483000', headers: bearer(admin) })
    ).json();
    expect(absent.code).toBe(Errors.SRM_CHANNEL_UNKNOWN.code);
    const sales = await signIn(t.app, DEMO.sales01);
    const refused = (await t.app.inject({ url: `/v2/srm/channel/quality?id=${good}`, headers: bearer(sales) })).json();
    expect(refused.code).toBe(Errors.NO_PERMISSION.code);

    // the market tier: what the live channels carried to the country (2 800 of 3 100 parts: 90.32 % → B)
    const market = await post(sales, '/v2/srm/market-channel/list', { country: C2, product: 'sms' });
    expect(market.code, market.msg).toBe(0);
    expect(market.data).toEqual([expect.objectContaining({ country: C2, channels: 4, qualityTier: 'B' })]);
  });

  it('the channel page’s cost: each covered network’s (or voice prefix’s) unit cost now, from the channel’s supplier quotes', async () => {
    const [a, b] = nets as [string, string];
    const sms = await channel('live', 10, [a, b]);
    await cost(sms, a, '0.0042');
    const read = async (id: number, who = admin) =>
      (await t.app.inject({ url: `/v2/srm/channel/cost?id=${id}`, headers: bearer(who) })).json() as Answer;
    const answer = await read(sms);
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.available).toBe(true);
    expect(answer.data.rows).toEqual([
      { network: a, prefix: null, country: COUNTRY, operatorName: a, unitPrice: '0.004200', currency: 'USD' },
      { network: b, prefix: null, country: COUNTRY, operatorName: b, unitPrice: null, currency: null },
    ]);
    // a voice channel: by its dialled prefixes, the longest quoted prefix answering
    const [voice] = await t.p.db
      .insert(srmChannels)
      .values({
        code: 'CHRVOICE1',
        name: 'Recommend voice',
        supplierId: await supplierOf(t, true),
        product: 'voice',
        protocol: 'sip',
        host: 'sip.example.net',
        port: 5060,
        capacity: 30,
        prefixes: ['6581', '44'],
      })
      .returning({ id: srmChannels.id });
    const quote = await post(admin, '/v2/qm/price/save', {
      bookKind: 'channel',
      bookId: voice!.id,
      product: 'voice',
      prefix: '65',
      unitPrice: '0.012',
      currency: 'USD',
    });
    expect(quote.code, quote.msg).toBe(0);
    expect((await read(voice!.id)).data.rows).toEqual([
      expect.objectContaining({ network: null, prefix: '6581', unitPrice: '0.012000', currency: 'USD' }),
      expect.objectContaining({ network: null, prefix: '44', unitPrice: null }),
    ]);
    expect((await read(2_000_000_000)).code).toBe(Errors.SRM_CHANNEL_UNKNOWN.code);
    expect((await read(sms, await signIn(t.app, DEMO.sales01))).code).toBe(Errors.NO_PERMISSION.code);
  });
});
