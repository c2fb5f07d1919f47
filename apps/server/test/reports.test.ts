import { Errors } from '@portal/contracts';
import { periodRange, REPORTS_ALL_FIGURES, reportDefs } from '@portal/contracts/reports';
import { Decimal } from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeModule } from '../src/modules/finance/index.js';
import { runReport } from '../src/modules/reports/kernel.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { definePorts } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
let manager: Tokens;
const ids: Record<string, number> = {};
const cust: Record<'mine' | 'reseller' | 'team' | 'finance', number> = { mine: 0, reseller: 0, team: 0, finance: 0 };

const userId = async (username: string) =>
  (await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, username)))[0]!.id;

async function call(who: Tokens, url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: bearer(who), payload });
}
const data = async (who: Tokens, key: string, q: object): Promise<Answer> =>
  (await call(who, `/v2/reports/${key}/data`, q)).json();

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

/** a sample of rolled-up rows in March 2021 (and the February before it), several statuses and countries */
async function seedRollups() {
  const rows: [string, number, number, number, string, string, number, number, string, string][] = [];
  // day, account, customer, owner, country, status, count, delivered, revenue, cost
  const add = (
    day: string,
    account: number,
    c: number,
    owner: number,
    country: string,
    n: number,
    d: number,
    rev: string,
    cost: string,
  ) => rows.push([day, account, c, owner, country, d === n ? 'delivered' : 'undeliverable', n, d, rev, cost]);
  for (const day of ['2021-03-01', '2021-03-03', '2021-03-07', '2021-03-08', '2021-02-24', '2021-02-28']) {
    add(day, 9101, cust.mine, ids.sales01!, 'DE', 100, 100, '1.200000', '0.700000');
    add(day, 9101, cust.mine, ids.sales01!, 'DE', 20, 0, '0.240000', '0.140000');
    add(day, 9102, cust.mine, ids.sales01!, 'FR', 50, 50, '0.400000', '0.550000'); // sold below cost
    add(day, 9201, cust.reseller, ids.sales01!, 'DE', 70, 70, '0.700000', '0.350000');
    add(day, 9301, cust.team, ids.team!, 'GB', 30, 30, '0.900000', '0.300000');
    add(day, 9401, cust.finance, ids.finance01!, 'US', 10, 10, '0.100000', '0.050000');
  }
  for (const [day, account, c, owner, country, status, n, d, rev, cost] of rows)
    await t.p.db.execute(sql`insert into traffic_daily (day, product, account_id, customer_id, owner_id, channel_id,
        country, network, status, currency, cost_currency, count, segments, delivered, revenue, cost)
      values (${day}, 'sms', ${account}, ${c}, ${owner}, 0, ${country}, '', ${status}, 'USD', 'USD', ${n}, ${n}, ${d}, ${rev}, ${cost})
      on conflict (day, product, account_id, customer_id, owner_id, channel_id, country, network, status, currency, cost_currency)
      do update set count = excluded.count, segments = excluded.segments, delivered = excluded.delivered,
        revenue = excluded.revenue, cost = excluded.cost`);
}

/** the recomputation the report must equal: straight sums over the rollup rows */
async function recompute(from: string, to: string, by: string, where = sql`true`) {
  return rowsOf<{ key: string; count: string; delivered: string; revenue: string; cost: string }>(
    await t.p.db.execute(sql`select ${sql.raw(by)}::text as key, sum(count)::text as count, sum(delivered)::text as delivered,
        sum(revenue)::text as revenue, sum(cost)::text as cost from traffic_daily
      where product = 'sms' and day between ${from} and ${to} and ${where} group by 1 order by 1`),
  );
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, DEMO.admin);
  sales = await signIn(t.app, DEMO.sales01);
  manager = await signIn(t.app, { username: 'salesmgr', password: 'Sales#2026' });
  ids.sales01 = await userId('sales01');
  ids.finance01 = await userId('finance01');
  // a sales of the manager's department other than sales01
  const [other] = rowsOf<{ id: number }>(
    await t.p.db.execute(sql`select u.id from staff_users u join user_departments ud on ud.user_id = u.id
      join departments d on d.id = ud.department_id where d.code = 'sales-2' order by u.id limit 1`),
  );
  ids.team = Number(other!.id);
  cust.mine = await customer(sales, 'Report Mine Trading', 'C');
  cust.reseller = await customer(sales, 'Report Reseller Trading', 'R');
  cust.team = await customer(admin, 'Report Team Trading', 'C');
  cust.finance = await customer(admin, 'Report Other Trading', 'C');
  await seedRollups();
  definePorts({
    ledger: () => ({
      postConsumption: async () => ({ posted: false }),
      balanceOf: async (id: number) =>
        id === 9101 ? { balance: '100.000000', creditLine: '20.000000', currency: 'USD' } : null,
    }),
  });
}, 120_000);
afterAll(async () => {
  definePorts({ ledger: financeModule.ports!.ledger });
  await t?.close();
});

describe('periods', () => {
  it('day, Monday-start week, calendar month and custom, each with the period before', () => {
    expect(periodRange({ period: 'day', date: '2021-03-01' }, '2026-01-01')).toEqual({
      from: '2021-03-01',
      to: '2021-03-01',
      prevFrom: '2021-02-28',
      prevTo: '2021-02-28',
    });
    // 2021-03-03 is a Wednesday: its week runs Monday 1 to Sunday 7
    expect(periodRange({ period: 'week', date: '2021-03-03' }, '2026-01-01')).toEqual({
      from: '2021-03-01',
      to: '2021-03-07',
      prevFrom: '2021-02-22',
      prevTo: '2021-02-28',
    });
    expect(periodRange({ period: 'month', date: '2021-03-31' }, '2026-01-01')).toEqual({
      from: '2021-03-01',
      to: '2021-03-31',
      prevFrom: '2021-02-01',
      prevTo: '2021-02-28',
    });
    expect(periodRange({ period: 'custom', from: '2021-03-05', to: '2021-03-08' }, '2026-01-01')).toEqual({
      from: '2021-03-05',
      to: '2021-03-08',
      prevFrom: '2021-03-01',
      prevTo: '2021-03-04',
    });
  });
});

describe('smsProfitAnalysis', () => {
  const week = { period: 'week', date: '2021-03-03' };

  it('equals a recomputation from the rollup rows, by customer, with the previous week and totals', async () => {
    const res = await data(admin, 'sms-profit', week);
    expect(res.code).toBe(0);
    const a = res.data;
    expect([a.from, a.to, a.prevFrom, a.prevTo]).toEqual(['2021-03-01', '2021-03-07', '2021-02-22', '2021-02-28']);
    expect(a.dim).toBe('customer');
    const ours = new Set(Object.values(cust).map(String));
    const expected = (await recompute('2021-03-01', '2021-03-07', 'customer_id')).filter((r) => ours.has(r.key));
    const prev = (await recompute('2021-02-22', '2021-02-28', 'customer_id')).filter((r) => ours.has(r.key));
    expect(expected).toHaveLength(4);
    for (const e of expected) {
      const row = a.rows.find((r: { key: string }) => r.key === e.key);
      expect(row.count).toBe(Number(e.count));
      expect(row.revenue).toBe(new Decimal(e.revenue).toFixed(6));
      expect(row.cost).toBe(new Decimal(e.cost).toFixed(6));
      expect(row.profit).toBe(new Decimal(e.revenue).minus(e.cost).toFixed(6));
      expect(row.margin).toBe(new Decimal(e.revenue).minus(e.cost).times(100).div(e.revenue).toFixed(2));
      expect(row.prev.revenue).toBe(new Decimal(prev.find((p) => p.key === e.key)!.revenue).toFixed(6));
    }
    expect(a.rows.find((r: { key: string }) => r.key === String(cust.mine)).label).toContain('Report Mine Trading');
    const all = await recompute('2021-03-01', '2021-03-07', "'all'");
    expect(a.totals[0].revenue).toBe(new Decimal(all[0]!.revenue).toFixed(6));
    // one chart point per day of the week, the days without traffic at zero
    expect(a.series.map((s: { day: string }) => s.day)).toEqual([1, 2, 3, 4, 5, 6, 7].map((d) => `2021-03-0${d}`));
    expect(a.series[1].current.count).toBe(0);
  });

  it('drills down customer → account → country; negative margins show as negative profit', async () => {
    const accounts = (await data(admin, 'sms-profit', { ...week, customer: cust.mine })).data;
    expect(accounts.dim).toBe('account');
    expect(accounts.rows.map((r: { key: string }) => r.key).sort()).toEqual(['9101', '9102']);
    const loss = accounts.rows.find((r: { key: string }) => r.key === '9102');
    // 3 days × (0.40 − 0.55)
    expect(loss.profit).toBe('-0.450000');
    expect(Number(loss.margin)).toBeLessThan(0);
    const countries = (await data(admin, 'sms-profit', { ...week, customer: cust.mine, account: 9101 })).data;
    expect(countries.dim).toBe('country');
    expect(countries.rows).toHaveLength(1);
    expect(countries.rows[0]).toMatchObject({ key: 'DE', count: 360, revenue: '4.320000' });
  });

  it('holds each caller to their data scope: own customers, the department, everyone', async () => {
    const keys = async (who: Tokens) =>
      new Set((await data(who, 'sms-profit', week)).data.rows.map((r: { key: string }) => Number(r.key)));
    const mine = await keys(sales);
    expect([...mine].sort()).toEqual([cust.mine, cust.reseller].sort());
    const dept = await keys(manager);
    expect(dept.has(cust.team) && dept.has(cust.mine) && !dept.has(cust.finance)).toBe(true);
    expect((await keys(admin)).has(cust.finance)).toBe(true);
    // finance (role scope `dept`) reads every customer's figures through the reports' "all figures"
    // key (decision 0072); without that key the same role would see only its department's owners
    const finance = await signIn(t.app, DEMO.finance01);
    expect([...(await keys(finance))].sort()).toEqual([...(await keys(admin))].sort());
    expect((await keys(finance)).has(cust.mine) && (await keys(finance)).has(cust.team)).toBe(true);
    const financeTotals = (await data(finance, 'sms-profit', week)).data.totals;
    expect(financeTotals).toEqual((await data(admin, 'sms-profit', week)).data.totals);
    const access = (await t.p.access.get(ids.finance01!))!;
    expect(access.scope.kind).toBe('dept');
    const withoutKey = await runReport(
      t.p.db,
      {
        userId: ids.finance01!,
        username: 'finance01',
        sessionId: 'test',
        perms: new Set([...access.perms].filter((k) => k !== REPORTS_ALL_FIGURES)),
        scope: access.scope,
      },
      reportDefs.smsProfit,
      { period: 'week', date: '2021-03-03' },
      t.p.clock.now(),
    );
    expect(withoutKey.rows.map((r) => Number(r.key))).toEqual([cust.finance]);
    // drilling into another's customer shows nothing rather than their figures
    expect((await data(sales, 'sms-profit', { ...week, customer: cust.team })).data.rows).toEqual([]);
    // without the key: refused
    const ops = await signIn(t.app, DEMO.ops01);
    expect((await call(ops, '/v2/reports/sms-profit/data', week)).statusCode).toBe(403);
  });

  it('refuses bad periods and drill-downs with the catalogue codes', async () => {
    expect((await data(admin, 'sms-profit', { period: 'day', date: '2021-02-30' })).code).toBe(
      Errors.RPT_PERIOD_INVALID.code,
    );
    expect((await data(admin, 'sms-profit', { period: 'custom', from: '2021-03-08', to: '2021-03-01' })).code).toBe(
      Errors.RPT_PERIOD_INVALID.code,
    );
    expect((await data(admin, 'sms-profit', { period: 'custom', from: '2021-01-01', to: '2021-06-01' })).code).toBe(
      Errors.RPT_RANGE_TOO_LONG.code,
    );
    expect((await data(admin, 'sms-profit', { ...week, account: 9101 })).code).toBe(Errors.RPT_DRILL_INVALID.code);
    expect((await call(admin, '/v2/reports/sms-profit/data', { period: 'year' })).statusCode).toBe(400);
  });

  it('exports what the screen shows', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/reports/sms-profit/export',
      headers: { ...bearer(admin), 'accept-language': 'en' },
      payload: { ...week, customer: cust.mine, format: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace('\ufeff', '').trim().split('\n');
    expect(lines[0]).toContain('Account');
    expect(lines[0]).toContain('Gross profit (previous)');
    // two accounts then the total
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain('Total');
  });
});

describe('sms/report and its C-end / R-end cuts', () => {
  it('counts, delivered and delivery rate equal the rollups; the cuts keep customers of their CRM type', async () => {
    const q = { period: 'month', date: '2021-03-15', customer: cust.mine };
    const a = (await data(sales, reportDefs.smsReport.key, q)).data;
    const [e] = await recompute('2021-03-01', '2021-03-31', "'x'", sql`customer_id = ${cust.mine}`);
    expect(a.totals[0].count).toBe(Number(e!.count));
    expect(a.totals[0].delivered).toBe(Number(e!.delivered));
    expect(a.totals[0].deliveryRate).toBe(new Decimal(e!.delivered).times(100).div(e!.count).toFixed(2));
    const month = { period: 'month', date: '2021-03-15' };
    const c = (await data(sales, reportDefs.smsReportC.key, month)).data.rows.map((r: { key: string }) =>
      Number(r.key),
    );
    const r = (await data(sales, reportDefs.smsReportR.key, month)).data.rows.map((x: { key: string }) =>
      Number(x.key),
    );
    expect(c).toEqual([cust.mine]);
    expect(r).toEqual([cust.reseller]);
  });
});

describe('consume-report', () => {
  it('consumption by account against the ledger balance, then by day', async () => {
    const q = { period: 'custom', from: '2021-03-01', to: '2021-03-08' };
    const a = (await data(sales, 'consumption', q)).data;
    expect(a.dim).toBe('account');
    const row = a.rows.find((r: { key: string }) => r.key === '9101');
    const [e] = await recompute('2021-03-01', '2021-03-08', 'account_id', sql`account_id = 9101`);
    expect(row.consumption).toBe(new Decimal(e!.revenue).toFixed(6));
    expect(row.balance).toBe('100.000000');
    // (100 + 20) / (5.76 / 8 days)
    expect(row.daysLeft).toBe(new Decimal(120).div(new Decimal(e!.revenue).div(8)).toFixed(1));
    const days = (await data(sales, 'consumption', { ...q, account: 9101 })).data;
    expect(days.dim).toBe('day');
    // the previous period (21–28 Feb) lines up day by day: 24 Feb beside 4 Mar, 28 Feb beside 8 Mar
    expect(days.rows.map((r: { key: string }) => r.key)).toEqual([
      '2021-03-01',
      '2021-03-03',
      '2021-03-04',
      '2021-03-07',
      '2021-03-08',
    ]);
    expect(days.rows[0].consumption).toBe('1.440000');
    expect(days.rows[2]).toMatchObject({ consumption: '0.000000', prev: { consumption: '1.440000' } });
    expect(days.rows[4].prev.consumption).toBe('1.440000');
  });
});

describe('startSms', () => {
  it('keeps the accounts whose first traffic falls in the period, with their first day and figures', async () => {
    for (const [day, n] of [
      ['2021-03-03', 40],
      ['2021-03-05', 60],
    ] as const)
      await t.p.db.execute(sql`insert into traffic_daily (day, product, account_id, customer_id, owner_id, channel_id,
          country, network, status, currency, cost_currency, count, segments, delivered, revenue, cost)
        values (${day}, 'sms', 9501, ${cust.reseller}, ${ids.sales01}, 0, 'IT', '', 'delivered', 'USD', 'USD', ${n}, ${n}, ${n}, 0.5, 0.2)`);
    const week = { period: 'week', date: '2021-03-03' };
    const a = (await data(sales, 'start-sms', week)).data;
    // every other account of the sample sent since 24 Feb: only 9501 started this week
    expect(a.rows).toHaveLength(1);
    expect(a.rows[0]).toMatchObject({
      key: String(cust.reseller),
      count: 100,
      firstDay: '2021-03-03',
      revenue: '1.000000',
    });
    // the week before, the sample's accounts started (24 Feb)
    const [prev] = await recompute(
      '2021-02-22',
      '2021-02-28',
      "'x'",
      sql`customer_id = ${cust.reseller} and owner_id = ${ids.sales01}`,
    );
    expect(a.rows[0].prev.count).toBe(Number(prev!.count));
    // sales01's other customer started the week before: in the previous total, not a row of this week
    const [prevAll] = await recompute('2021-02-22', '2021-02-28', "'x'", sql`owner_id = ${ids.sales01}`);
    expect(a.totals[0].prev.count).toBe(Number(prevAll!.count));
    const accounts = (await data(sales, 'start-sms', { ...week, customer: cust.reseller })).data;
    expect(accounts.rows.map((r: { key: string }) => r.key)).toEqual(['9501']);
    // another sales' started accounts stay out of sales01's report
    expect((await data(sales, 'start-sms', { ...week, customer: cust.team })).data.rows).toEqual([]);
  });
});
