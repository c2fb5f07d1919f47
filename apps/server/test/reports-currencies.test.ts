import { reportDefs } from '@portal/contracts/reports';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReport } from '../src/modules/reports/kernel.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

/**
 * Decision 0109: the reports never net cost across currencies. A USD price with EUR cost keeps its
 * cost in EUR beside the USD revenue and has no cost, profit or margin in USD; a USD price with USD
 * cost keeps them. The figures come from the narrow rollups and their ten-day blocks (a month's report
 * reads the blocks inside it), which now carry the cost currency.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
let salesId = 0;
let customerId = 0;
const EUR_ACCOUNT = 9501;
const USD_ACCOUNT = 9502;
const month = { period: 'month', date: '2019-06-15' } as const;

const data = async (who: Tokens, key: string, q: object): Promise<Answer> =>
  (await t.app.inject({ method: 'POST', url: `/v2/reports/${key}/data`, headers: bearer(who), payload: q })).json();

async function customer(name: string): Promise<number> {
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(sales) })).json()
    .data.key;
  const res = (
    await t.app.inject({
      method: 'POST',
      url: '/v2/crm/customer/save',
      headers: { ...bearer(sales), 'x-idempotence-key': key },
      payload: { name, alias: name.toLowerCase().replaceAll(' ', ''), type: 'C', country: 'DE' },
    })
  ).json();
  expect(res.code).toBe(0);
  return res.data.id;
}

/** one daily rollup row (the narrow rollups and their blocks follow it through their triggers) */
const daily = (day: string, account: number, country: string, n: number, rev: string, cost: string, cc: string) =>
  t.p.db.execute(sql`insert into traffic_daily (day, product, account_id, customer_id, owner_id, channel_id,
      country, network, status, currency, cost_currency, count, segments, delivered, revenue, cost)
    values (${day}, 'sms', ${account}, ${customerId}, ${salesId}, 0, ${country}, '', 'delivered', 'USD', ${cc},
      ${n}, ${n}, ${n}, ${rev}, ${cost})`);

/** sales01 as the kernel sees a signed-in caller: own customers only */
async function salesAuth() {
  const access = (await t.p.access.get(salesId))!;
  return { userId: salesId, username: 'sales01', sessionId: 'test', perms: access.perms, scope: access.scope };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, DEMO.admin);
  sales = await signIn(t.app, DEMO.sales01);
  salesId = (await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, 'sales01')))[0]!.id;
  customerId = await customer('Currency Mix Trading');
  // June 2019: the EUR-costed account every day of the first two blocks, with some USD cost on the 5th;
  // the USD-only account all month. May (the previous period): USD cost only.
  for (let d = 1; d <= 20; d++) {
    const day = `2019-06-${String(d).padStart(2, '0')}`;
    await daily(day, EUR_ACCOUNT, 'DE', 100, '5.000000', '3.000000', 'EUR');
    if (d === 5) await daily(day, EUR_ACCOUNT, 'DE', 10, '0.500000', '0.200000', 'USD');
  }
  for (let d = 1; d <= 30; d++)
    await daily(`2019-06-${String(d).padStart(2, '0')}`, USD_ACCOUNT, 'FR', 10, '1.000000', '0.400000', 'USD');
  await daily('2019-05-10', EUR_ACCOUNT, 'DE', 50, '2.500000', '1.000000', 'USD');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the reports keep cost in its own currency', () => {
  it('the narrow rollups hold the cost per cost currency', async () => {
    const rows = rowsOf<{ cost_currency: string; cost: string }>(
      await t.p.db.execute(sql`select cost_currency, sum(cost)::numeric(20,6)::text as cost from traffic_account_tenday
        where account_id = ${EUR_ACCOUNT} and day between '2019-06-01' and '2019-06-30' group by 1 order by 1`),
    );
    expect(rows).toEqual([
      { cost_currency: 'EUR', cost: '60.000000' },
      { cost_currency: 'USD', cost: '0.200000' },
    ]);
  });

  it('the kernel: a USD price with EUR cost has its cost per currency and no cost, profit or margin', async () => {
    const answer = await runReport(
      t.p.db,
      await salesAuth(),
      reportDefs.smsProfit,
      { ...month, customer: customerId },
      t.p.clock.now(),
    );
    expect(answer.dim).toBe('account');
    const eur = answer.rows.find((r) => r.key === String(EUR_ACCOUNT))!;
    expect(eur).toMatchObject({
      currency: 'USD',
      count: 2010,
      revenue: '100.500000',
      costs: [
        { currency: 'EUR', amount: '60.000000' },
        { currency: 'USD', amount: '0.200000' },
      ],
      cost: null,
      profit: null,
      margin: null,
    });
    // May's cost was all in USD: the previous period's profit is there
    expect(eur.prev).toMatchObject({ cost: '1.000000', profit: '1.500000', margin: '60.00' });
    const usd = answer.rows.find((r) => r.key === String(USD_ACCOUNT))!;
    expect(usd).toMatchObject({
      revenue: '30.000000',
      costs: [{ currency: 'USD', amount: '12.000000' }],
      cost: '12.000000',
      profit: '18.000000',
      margin: '60.00',
    });
    // the totals hold both accounts: some cost in EUR, so no USD cost or profit; the cost per currency added up
    expect(answer.totals).toHaveLength(1);
    expect(answer.totals[0]).toMatchObject({
      currency: 'USD',
      revenue: '130.500000',
      costs: [
        { currency: 'EUR', amount: '60.000000' },
        { currency: 'USD', amount: '12.200000' },
      ],
      cost: null,
      profit: null,
    });
    // the chart's days: EUR cost on the first twenty, USD only after
    const day = (d: string) => answer.series.find((s) => s.day === d)!.current;
    expect(day('2019-06-05')).toMatchObject({ cost: null, profit: null, margin: null });
    expect(day('2019-06-25')).toMatchObject({ cost: '0.400000', profit: '0.600000', margin: '60.00' });
  });

  it('the reports API answers the same at every level, read from the narrow rollups', async () => {
    const top = await data(sales, 'sms-profit', month);
    expect(top.code, top.msg).toBe(0);
    const mine = top.data.rows.find((r: { key: string }) => r.key === String(customerId));
    expect(mine).toMatchObject({ cost: null, profit: null, margin: null, revenue: '130.500000' });
    // the country level (the customer-side rollup with the country): DE is EUR-costed, FR in USD
    const countries = await data(admin, 'user-report', {
      ...month,
      owner: salesId,
      customer: customerId,
      account: EUR_ACCOUNT,
    });
    expect(countries.data.dim).toBe('country');
    expect(countries.data.rows).toEqual([
      expect.objectContaining({
        key: 'DE',
        costs: [
          { currency: 'EUR', amount: '60.000000' },
          { currency: 'USD', amount: '0.200000' },
        ],
        cost: null,
      }),
    ]);
    // the route side (channel level of the channel report): channel 0 carries both accounts
    const channels = await data(admin, 'channel-report', { period: 'custom', from: '2019-06-21', to: '2019-06-30' });
    const none = channels.data.rows.find((r: { key: string }) => r.key === '0');
    expect(none).toMatchObject({
      cost: '4.000000',
      profit: '6.000000',
      costs: [{ currency: 'USD', amount: '4.000000' }],
    });
  });

  it('exports the cost in its own currencies, never one netted figure', async () => {
    const { writeReportFile } = await import('../src/modules/reports/export.js');
    const answer = await runReport(
      t.p.db,
      await salesAuth(),
      reportDefs.smsProfit,
      { ...month, customer: customerId },
      t.p.clock.now(),
    );
    const dir = `${process.cwd()}/.tmp/reports-currencies`;
    const file = await writeReportFile(reportDefs.smsProfit, answer, 'csv', 'en', dir);
    const { readFile, rm } = await import('node:fs/promises');
    const text = await readFile(file.path, 'utf8');
    await rm(file.path, { force: true });
    expect(text).toContain('60.000000 EUR; 0.200000 USD');
    expect(text).toContain('12.000000');
  });
});
