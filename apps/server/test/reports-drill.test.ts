import { Errors } from '@portal/contracts';
import { reportDefs } from '@portal/contracts/reports';
import { Decimal } from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeModule } from '../src/modules/finance/index.js';
import { channelRefs } from '../src/modules/srm/index.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { definePorts } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
type Row = { key: string; label: string; count: number; [k: string]: unknown };

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
const ids: Record<'sales01' | 'other', number> = { sales01: 0, other: 0 };
const cust: Record<'direct' | 'reseller' | 'other', number> = { direct: 0, reseller: 0, other: 0 };
/** two channels of two different suppliers, from the demo data */
const ch = { a: 0, b: 0, supA: 0, supB: 0, codeA: '' };

const call = (who: Tokens, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(who), payload });
const data = async (who: Tokens, key: string, q: object): Promise<Answer> =>
  (await call(who, `/v2/reports/${key}/data`, q)).json();
const keys = (a: Answer) => a.data.rows.map((r: Row) => r.key).sort();
const row = (a: Answer, key: string): Row => a.data.rows.find((r: Row) => r.key === key);

async function customer(who: Tokens, name: string, type: 'C' | 'R'): Promise<number> {
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(who) })).json()
    .data.key;
  const res = (
    await t.app.inject({
      method: 'POST',
      url: '/v2/crm/customer/save',
      headers: { ...bearer(who), 'x-idempotence-key': key },
      payload: { name, alias: name.toLowerCase().replaceAll(' ', ''), type, country: 'DE' },
    })
  ).json();
  expect(res.code).toBe(0);
  return res.data.id;
}

type Fig = {
  day: string;
  product?: 'sms' | 'voice';
  account: number;
  customer: number;
  owner: number;
  channel: number;
  country: string;
  network: string;
  n: number;
  delivered?: number;
  answered?: number;
  seconds?: number;
  revenue: string;
  cost: string;
};
async function insert(f: Fig) {
  await t.p.db.execute(sql`insert into traffic_daily (day, product, account_id, customer_id, owner_id, channel_id,
      country, network, status, currency, cost_currency, count, segments, delivered, revenue, cost, answered, seconds)
    values (${f.day}, ${f.product ?? 'sms'}, ${f.account}, ${f.customer}, ${f.owner}, ${f.channel}, ${f.country},
      ${f.network}, 'delivered', 'USD', 'USD', ${f.n}, ${f.n}, ${f.delivered ?? 0}, ${f.revenue}, ${f.cost},
      ${f.answered ?? 0}, ${f.seconds ?? 0})`);
}

/** the recomputation a report must equal: straight sums over the rollup rows */
async function recompute(by: string, where: ReturnType<typeof sql>, from = '2020-06-01', to = '2020-06-07') {
  return rowsOf<{ key: string; count: string; delivered: string; revenue: string; cost: string; seconds: string }>(
    await t.p.db.execute(sql`select ${sql.raw(by)}::text as key, sum(count)::text as count,
        sum(case when product = 'voice' then answered else delivered end)::text as delivered,
        sum(revenue)::text as revenue, sum(cost)::text as cost, sum(seconds)::text as seconds from traffic_daily
      where day between ${from} and ${to} and ${where} group by 1 order by 1`),
  );
}

// the week of Monday 1 June 2020 and the week before
const week = { period: 'week', date: '2020-06-03' };

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, DEMO.admin);
  sales = await signIn(t.app, DEMO.sales01);
  const userId = async (u: string) => (await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, u)))[0]!.id;
  ids.sales01 = await userId('sales01');
  ids.other = await userId('sales02');
  cust.direct = await customer(sales, 'Drill Direct Trading', 'C');
  cust.reseller = await customer(sales, 'Drill Reseller Trading', 'R');
  cust.other = await customer(admin, 'Drill Other Trading', 'C');
  const channels = await channelRefs(t.p.db);
  const a = channels[0]!;
  const b = channels.find((c) => c.supplierId !== a.supplierId);
  expect(b, 'the demo data holds channels of at least two suppliers').toBeTruthy();
  Object.assign(ch, { a: a.id, b: b!.id, supA: a.supplierId, supB: b!.supplierId, codeA: a.code });
  const mine = { customer: cust.direct, owner: ids.sales01 };
  for (const day of ['2020-06-01', '2020-06-04']) {
    await insert({
      day,
      account: 8101,
      ...mine,
      channel: ch.a,
      country: 'DE',
      network: '26201',
      n: 100,
      delivered: 90,
      revenue: '1.000000',
      cost: '0.600000',
    });
    await insert({
      day,
      account: 8101,
      ...mine,
      channel: ch.a,
      country: 'FR',
      network: '20801',
      n: 50,
      delivered: 50,
      revenue: '0.500000',
      cost: '0.600000',
    });
    await insert({
      day,
      account: 8201,
      customer: cust.reseller,
      owner: ids.sales01,
      channel: ch.b,
      country: 'DE',
      network: '26202',
      n: 40,
      delivered: 20,
      revenue: '0.400000',
      cost: '0.200000',
    });
    await insert({
      day,
      account: 8301,
      customer: cust.other,
      owner: ids.other,
      channel: ch.b,
      country: 'GB',
      network: '23410',
      n: 30,
      delivered: 30,
      revenue: '0.900000',
      cost: '0.300000',
    });
    // voice: 200 calls, 120 answered, 7,200 billed seconds a day
    await insert({
      day,
      product: 'voice',
      account: 8101,
      ...mine,
      channel: ch.a,
      country: 'DE',
      network: '26201',
      n: 200,
      answered: 120,
      seconds: 7200,
      revenue: '6.000000',
      cost: '4.500000',
    });
  }
  // the week before: a little SMS on channel A, and account 8102's only voice calls (so it did not start this week)
  await insert({
    day: '2020-05-27',
    account: 8101,
    ...mine,
    channel: ch.a,
    country: 'DE',
    network: '26201',
    n: 10,
    delivered: 10,
    revenue: '0.100000',
    cost: '0.060000',
  });
  await insert({
    day: '2020-05-27',
    product: 'voice',
    account: 8102,
    ...mine,
    channel: ch.a,
    country: 'DE',
    network: '26201',
    n: 5,
    answered: 5,
    seconds: 300,
    revenue: '0.100000',
    cost: '0.050000',
  });
}, 120_000);
afterAll(async () => {
  definePorts({ ledger: financeModule.ports!.ledger });
  await t?.close();
});

const ours = (by: string) => sql`customer_id in (${cust.direct}, ${cust.reseller}, ${cust.other}) and product = ${by}`;

describe('channelReport: channel → country → network → account', () => {
  it('equals the rollups per channel, drills down to the network, and shows channel names', async () => {
    const a = await data(admin, reportDefs.channelReport.key, week);
    expect(a.code).toBe(0);
    expect(a.data.dim).toBe('channel');
    for (const e of await recompute('channel_id', ours('sms'))) {
      const r = row(a, e.key);
      // other tests' traffic is not on these days; the demo's may be: at least ours
      expect(r.count).toBeGreaterThanOrEqual(Number(e.count));
    }
    const mineA = await recompute('channel_id', sql`${ours('sms')} and channel_id = ${ch.a}`);
    const countries = await data(admin, reportDefs.channelReport.key, { ...week, channel: ch.a });
    expect(countries.data.dim).toBe('country');
    const de = row(countries, 'DE');
    expect(de).toMatchObject({ count: 200, delivered: 180, deliveryRate: '90.00', revenue: '2.000000' });
    expect(de.prev).toMatchObject({ count: 10 });
    expect(row(countries, 'FR')).toMatchObject({ count: 100, profit: '-0.200000' });
    expect(countries.data.totals[0].count).toBe(Number(mineA[0]!.count));
    const nets = await data(admin, reportDefs.channelReport.key, { ...week, channel: ch.a, country: 'DE' });
    expect(nets.data.dim).toBe('network');
    expect(keys(nets)).toEqual(['26201']);
    const accounts = await data(admin, reportDefs.channelReport.key, {
      ...week,
      channel: ch.a,
      country: 'DE',
      network: '26201',
    });
    expect(accounts.data.dim).toBe('account');
    expect(keys(accounts)).toEqual(['8101']);
    expect(row(a, String(ch.a)).label).toContain(ch.codeA);
  });

  it('refuses a network that is not MCC+MNC and a drill out of order', async () => {
    expect((await call(admin, '/v2/reports/channel-report/data', { ...week, network: 'x1' })).statusCode).toBe(400);
    expect((await data(admin, reportDefs.channelReport.key, { ...week, country: 'DE' })).code).toBe(
      Errors.RPT_DRILL_INVALID.code,
    );
  });
});

describe('supplierReport: supplier → channel → country → network', () => {
  it("groups the channels' figures under their supplier; a supplier's drill keeps its own channels", async () => {
    const a = await data(admin, reportDefs.supplierReport.key, week);
    expect(a.data.dim).toBe('supplier');
    const onA = await recompute("'a'", sql`${ours('sms')} and channel_id = ${ch.a}`);
    const onB = await recompute("'b'", sql`${ours('sms')} and channel_id = ${ch.b}`);
    expect(row(a, String(ch.supA)).count).toBeGreaterThanOrEqual(Number(onA[0]!.count));
    expect(row(a, String(ch.supB)).count).toBeGreaterThanOrEqual(Number(onB[0]!.count));
    const channels = await data(admin, reportDefs.supplierReport.key, { ...week, supplier: ch.supA });
    expect(channels.data.dim).toBe('channel');
    expect(keys(channels)).toContain(String(ch.a));
    expect(keys(channels)).not.toContain(String(ch.b));
    expect(row(channels, String(ch.a))).toMatchObject({ count: 300, cost: '2.400000' });
    // a channel of another supplier under this supplier: nothing
    expect(
      (await data(admin, reportDefs.supplierReport.key, { ...week, supplier: ch.supA, channel: ch.b })).data.rows,
    ).toEqual([]);
  });

  it('is not a sales report: sales01 is refused, and holds the customer reports', async () => {
    expect((await call(sales, '/v2/reports/supplier-report/data', week)).statusCode).toBe(403);
    expect((await call(sales, '/v2/reports/channel-report/data', week)).statusCode).toBe(403);
    expect((await call(sales, '/v2/reports/user-report/data', week)).statusCode).toBe(200);
    expect((await call(sales, '/v2/reports/voice-profit/data', week)).statusCode).toBe(200);
  });
});

describe('voice reports', () => {
  it('voiceReport: calls, answered, ASR, billed minutes and ACD equal the rollups', async () => {
    const a = await data(sales, reportDefs.voiceReport.key, { ...week, customer: cust.direct });
    expect(a.data.dim).toBe('account');
    const [e] = await recompute("'x'", sql`${ours('voice')} and account_id = 8101`);
    expect(row(a, '8101')).toMatchObject({
      count: Number(e!.count),
      delivered: Number(e!.delivered),
      deliveryRate: '60.00',
      minutes: new Decimal(e!.seconds).div(60).toFixed(2),
      acd: '60.0',
      revenue: '12.000000',
    });
    // voice figures never mix with SMS: the SMS report of the same customer counts messages only
    const sms = await data(sales, reportDefs.smsReport.key, { ...week, customer: cust.direct });
    expect(sms.data.totals[0].count).toBe(300);
  });

  it('voice/profit: revenue, cost, profit and margin; another sales’ customer stays out', async () => {
    const a = await data(sales, reportDefs.voiceProfit.key, week);
    expect(row(a, String(cust.direct))).toMatchObject({
      revenue: '12.000000',
      cost: '9.000000',
      profit: '3.000000',
      margin: '25.00',
    });
    expect(keys(a)).not.toContain(String(cust.other));
  });

  it('startVoice: an account whose first calls fall in the period; one that called the week before is not', async () => {
    const a = await data(sales, reportDefs.startVoice.key, { ...week, customer: cust.direct });
    expect(keys(a)).toEqual(['8101']);
    expect(row(a, '8101')).toMatchObject({ firstDay: '2020-06-01', count: 400 });
    expect(a.data.totals[0].prev.count).toBe(5);
  });
});

describe('userReport and the SMS operations / analysis reports', () => {
  it('userReport: sales → customer → account; a sales sees their own line only', async () => {
    const mine = await data(sales, reportDefs.userReport.key, week);
    expect(mine.data.dim).toBe('owner');
    expect(keys(mine)).toEqual([String(ids.sales01)]);
    expect(row(mine, String(ids.sales01)).label).toContain('sales01');
    const all = await data(admin, reportDefs.userReport.key, week);
    expect(keys(all)).toEqual(expect.arrayContaining([String(ids.sales01), String(ids.other)]));
    const customers = await data(admin, reportDefs.userReport.key, { ...week, owner: ids.other });
    expect(keys(customers)).toEqual([String(cust.other)]);
    expect(row(customers, String(cust.other))).toMatchObject({ count: 60, revenue: '1.800000' });
  });

  it('sms/report/operation: country → network → channel → account', async () => {
    const nets = await data(admin, reportDefs.smsOperation.key, { ...week, country: 'DE' });
    expect(nets.data.dim).toBe('network');
    expect(keys(nets)).toEqual(expect.arrayContaining(['26201', '26202']));
    const chans = await data(admin, reportDefs.smsOperation.key, { ...week, country: 'DE', network: '26202' });
    expect(chans.data.dim).toBe('channel');
    expect(row(chans, String(ch.b))).toMatchObject({ count: 80, delivered: 40, deliveryRate: '50.00' });
  });

  it('sms/analysis C-end keeps direct customers; R-end resellers', async () => {
    const q = { ...week, country: 'DE', network: '26202' };
    expect(keys(await data(sales, reportDefs.smsAnalysisC.key, q))).toEqual([]);
    expect(keys(await data(sales, reportDefs.smsAnalysisR.key, q))).toEqual([String(cust.reseller)]);
  });

  it('waiting reports have no api and say so on screen', async () => {
    for (const key of ['equip-report', 'goip-analysis'])
      expect((await call(admin, `/v2/reports/${key}/data`, week)).statusCode).toBe(404);
    // the two that waited until decision 0094 answer now
    for (const key of ['wa-sessions', 'otp-sms'])
      expect((await call(admin, `/v2/reports/${key}/data`, week)).json().code).toBe(0);
    expect(reportDefs.equipReport.waitsFor?.en).toContain('operations room');
  });
});

describe('consume-report reads balances in one call', () => {
  it('asks the ledger once for every account shown, never account by account', async () => {
    const asked: number[][] = [];
    definePorts({
      ledger: () => ({
        postConsumption: async () => ({ posted: false }),
        balanceOf: async () => {
          throw new Error('one account at a time');
        },
        balancesOf: async (accountIds: number[]) => {
          asked.push([...accountIds].sort());
          return new Map([[8101, { balance: '50.000000', creditLine: '10.000000', currency: 'USD' }]]);
        },
      }),
    });
    const a = await data(sales, reportDefs.consumption.key, week);
    expect(a.code).toBe(0);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toEqual(expect.arrayContaining([8101, 8201]));
    expect(row(a, '8101')).toMatchObject({ balance: '50.000000', consumption: '3.000000' });
    // (50 + 10) / (3 / 7 days)
    expect(row(a, '8101').daysLeft).toBe('140.0');
    expect(row(a, '8201').balance).toBeNull();
  });
});
