import { Errors } from '@portal/contracts';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reference } from '../src/modules/system/reference/index.js';
import { convertRow, type RateOf } from '../src/modules/traffic/converted.js';
import { dayOf } from '../src/modules/traffic/partitions.js';
import { rollUp } from '../src/modules/traffic/rollups.js';
import { rowsOf } from '../src/platform/db/index.js';
import {
  bearer,
  clearOfMidnight,
  DEMO,
  signIn,
  startTestApp,
  type TestApp,
  type Tokens,
  xlsxSheets,
} from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
type Row = {
  currency: string;
  revenue: string;
  costs: { currency: string; amount: string }[];
  profit: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: checked field by field
  converted: any;
};
const DAY = 86_400_000;

describe('convertRow (decision 0129)', () => {
  const rates: RateOf = async (from, to, day) =>
    from === 'USD' && to === 'CNY' ? { from, to, day, rate: '7.1', effectiveDay: '2026-11-01' } : null;
  const row = (costs: [string, string][]) => ({
    currency: 'CNY',
    revenue: '100',
    costs: costs.map(([currency, amount]) => ({ currency, amount })),
  });

  it('is null where every cost is in the price currency (profit is already the figure)', async () => {
    expect(await convertRow(rates, row([['CNY', '40']]), '2026-11-29')).toBeNull();
    expect(await convertRow(rates, row([]), '2026-11-29')).toBeNull();
  });

  it('converts a cost in another currency at the rate of the day and gives profit and margin', async () => {
    expect(
      await convertRow(
        rates,
        row([
          ['CNY', '10'],
          ['USD', '5'],
        ]),
        '2026-11-29',
      ),
    ).toEqual({
      cost: '45.500000',
      profit: '54.500000',
      margin: '54.50',
      rates: [{ from: 'USD', to: 'CNY', day: '2026-11-29', rate: '7.1', effectiveDay: '2026-11-01' }],
      missing: [],
    });
  });

  it('says which currency has no rate and sums nothing', async () => {
    const c = await convertRow(
      rates,
      row([
        ['EUR', '3'],
        ['USD', '5'],
      ]),
      '2026-11-29',
    );
    expect(c).toMatchObject({ cost: null, profit: null, margin: null, missing: ['EUR'] });
    expect(c?.rates).toHaveLength(1);
  });

  it('has no margin without revenue', async () => {
    const c = await convertRow(rates, { ...row([['USD', '1']]), revenue: '0' }, '2026-11-29');
    expect(c).toMatchObject({ cost: '7.100000', profit: '-7.100000', margin: null });
  });
});

describe('converted margin on the performance screens', () => {
  let t: TestApp;
  let admin: Tokens;
  beforeAll(async () => {
    t = await startTestApp();
    clearOfMidnight(t.clock);
    admin = await signIn(t.app, DEMO.admin);
    await rollUp(t.p.db, t.clock.now());
    // the demo has no exchange rates: USD to CNY from 60 days ago, a new one 10 days ago; none for EUR
    const today = Date.parse(`${dayOf(t.clock.now())}T00:00:00Z`);
    for (const [ago, rate] of [
      [60, '7.1'],
      [10, '7.25'],
    ] as const) {
      const key = (
        await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(admin) })
      ).json().data.key as string;
      const saved = await t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/ref/rate/save',
        headers: { ...bearer(admin), 'x-idempotence-key': key },
        payload: { from: 'USD', to: 'CNY', rate, day: dayOf(new Date(today - ago * DAY)) },
      });
      expect(saved.json().code).toBe(0);
    }
  }, 180_000);
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ url, headers: bearer(admin) }).then((r) => r.json() as Answer);

  /** what a row's converted figures must be: its costs at the reference rates of `day`, recomputed here */
  async function expectConverted(r: Row, day: string) {
    const foreign = r.costs.filter((c) => c.currency !== r.currency);
    if (!foreign.length) {
      expect(r.converted).toBeNull();
      return;
    }
    expect(r.profit).toBeNull();
    let cost = new Decimal(0);
    const missing: string[] = [];
    for (const c of r.costs) {
      if (c.currency === r.currency) {
        cost = cost.plus(c.amount);
        continue;
      }
      const rate = await reference(t.p)
        .rateAt(c.currency, r.currency, day)
        .catch(() => null);
      if (rate) cost = cost.plus(new Decimal(c.amount).times(rate.rate));
      else missing.push(c.currency);
    }
    seen[missing.length ? 'missing' : 'converted']++;
    if (missing.length) {
      expect(r.converted).toMatchObject({ cost: null, profit: null, margin: null, missing });
      return;
    }
    const profit = new Decimal(r.revenue).minus(cost);
    expect(r.converted).toMatchObject({ cost: cost.toFixed(6), profit: profit.toFixed(6), missing: [] });
    expect(r.converted.rates.map((x: { from: string; day: string }) => `${x.from}@${x.day}`).sort()).toEqual(
      foreign.map((c) => `${c.currency}@${day}`).sort(),
    );
    if (!new Decimal(r.revenue).isZero()) expect(r.converted.margin).toBe(profit.times(100).div(r.revenue).toFixed(2));
  }
  const seen = { converted: 0, missing: 0 };

  const range = () => {
    const today = Date.parse(`${dayOf(t.clock.now())}T00:00:00Z`);
    const from = new Date(today - 30 * DAY);
    const to = new Date(today);
    return { q: `from=${from.toISOString()}&to=${to.toISOString()}`, last: dayOf(new Date(today - 1)) };
  };

  it('performance: a row grouped by day is converted at its own day, other groupings at the last day', async () => {
    const { q, last } = range();
    const byDay = await get(`/v2/traffic/sms-performance?groupBy=day&${q}`);
    expect(byDay.code).toBe(0);
    const rows = byDay.data.rows as (Row & { key: string })[];
    // the demo's accounts are priced in their own currency, the channels cost in USD
    expect(rows.some((r) => r.converted !== null)).toBe(true);
    for (const r of rows) await expectConverted(r, r.key.slice(0, 10));
    // a day before the newer rate and a day after it: each at its own day's rate
    const used = new Set(rows.flatMap((r) => (r.converted?.rates ?? []).map((x: { rate: string }) => x.rate)));
    expect([...used].sort()).toEqual(['7.1', '7.25']);
    const byCustomer = await get(`/v2/traffic/voice-performance?groupBy=customer&${q}`);
    for (const r of byCustomer.data.rows as Row[]) await expectConverted(r, last);
  });

  it('previews: totals, products, sales at the last day, days at their own', async () => {
    const { q, last } = range();
    const p = await get(`/v2/traffic/results/day/preview?${q}`);
    expect(p.code).toBe(0);
    for (const r of [...p.data.totals, ...p.data.products, ...p.data.sales]) await expectConverted(r, last);
    for (const r of p.data.days) await expectConverted(r, r.day);
    expect(p.data.totals.some((r: Row) => r.converted !== null)).toBe(true);
  });

  it('agent performance: rows and totals at the last day', async () => {
    const { q, last } = range();
    const a = await get(`/v2/traffic/agent-performance?${q}&size=200`);
    expect(a.code).toBe(0);
    for (const r of [...a.data.records, ...a.data.totals]) await expectConverted(r, last);
  });

  it('ants: the customers of at most maxCount in the range equal a recomputation from the full daily rollup', async () => {
    const to = new Date(t.clock.now().getTime() + 60_000);
    const from = new Date(to.getTime() - 30 * DAY);
    const q = `from=${from.toISOString()}&to=${to.toISOString()}`;
    const rows = rowsOf<{
      customer_id: number;
      currency: string;
      cost_currency: string;
      n: string;
      revenue: string;
      cost: string;
    }>(
      await t.p.db.execute(sql`select customer_id, currency, cost_currency, sum(count)::text as n,
          sum(revenue)::text as revenue, sum(cost)::text as cost
        from traffic_daily where day >= ${dayOf(from)}::date and day <= ${dayOf(new Date(to.getTime() - 1))}::date
          and product <> 'mo' group by 1, 2, 3`),
    );
    const volume = new Map<number, number>();
    for (const r of rows) volume.set(Number(r.customer_id), (volume.get(Number(r.customer_id)) ?? 0) + Number(r.n));
    const sorted = [...volume.values()].filter((v) => v > 0).sort((a, b) => a - b);
    // the median customer's volume (at most the 150th): about half the customers are ants, on one page of 200
    const maxCount = sorted[Math.min(Math.floor(sorted.length / 2), 150)]!;
    const expected = new Map<
      string,
      { customerId: number; currency: string; count: number; revenue: Decimal; costs: Map<string, Decimal> }
    >();
    const all = new Map<string, Decimal>();
    for (const r of rows) {
      all.set(r.currency, (all.get(r.currency) ?? new Decimal(0)).plus(r.revenue));
      const v = volume.get(Number(r.customer_id))!;
      if (v <= 0 || v > maxCount) continue;
      const key = `${r.customer_id}|${r.currency}`;
      const e = expected.get(key) ?? {
        customerId: Number(r.customer_id),
        currency: r.currency,
        count: 0,
        revenue: new Decimal(0),
        costs: new Map(),
      };
      expected.set(key, e);
      e.count += Number(r.n);
      e.revenue = e.revenue.plus(r.revenue);
      e.costs.set(r.cost_currency, (e.costs.get(r.cost_currency) ?? new Decimal(0)).plus(r.cost));
    }
    const want = [...expected.values()]
      .map((e) => ({
        customerId: e.customerId,
        currency: e.currency,
        count: e.count,
        revenue: e.revenue.toFixed(6),
        costs: [...e.costs]
          .filter(([, v]) => !v.isZero())
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, v]) => ({ currency, amount: v.toFixed(6) })),
      }))
      .sort((a, b) => a.customerId - b.customerId || a.currency.localeCompare(b.currency));
    expect(want.length).toBeGreaterThan(3);
    const a = await get(`/v2/traffic/ants?${q}&maxCount=${maxCount}&size=200`);
    expect(a.code, a.msg).toBe(0);
    expect(a.data.total).toBe(want.length);
    const got = (a.data.records as (Row & { customerId: number; count: number })[]).map(
      ({ customerId, currency, count, revenue, costs }) => ({ customerId, currency, count, revenue, costs }),
    );
    expect([...got].sort((x, y) => x.customerId - y.customerId || x.currency.localeCompare(y.currency))).toEqual(want);
    // largest volume first, each with its name and its converted margin
    const counts = got.map((r) => r.count);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(a.data.records.every((r: { code: string | null }) => r.code)).toBe(true);
    for (const r of a.data.records) await expectConverted(r, dayOf(new Date(to.getTime() - 1)));
    // the totals per currency: the ants' sums, their customers, their share of all the revenue in scope
    for (const tot of a.data.totals) {
      const mine = want.filter((w) => w.currency === tot.currency);
      expect(tot.customers).toBe(new Set(mine.map((w) => w.customerId)).size);
      expect(tot.count).toBe(mine.reduce((n, w) => n + w.count, 0));
      expect(tot.revenue).toBe(mine.reduce((n, w) => n.plus(w.revenue), new Decimal(0)).toFixed(6));
      expect(tot.allRevenue).toBe(all.get(tot.currency)!.toFixed(6));
      expect(tot.share).toBe(new Decimal(tot.revenue).times(100).div(tot.allRevenue).toFixed(2));
    }
    // a page of two, and a smaller ceiling holds fewer ants
    const paged = await get(`/v2/traffic/ants?${q}&maxCount=${maxCount}&size=2&page=2`);
    expect(paged.data.records).toEqual(a.data.records.slice(2, 4));
    expect((await get(`/v2/traffic/ants?${q}&maxCount=${sorted[0]}`)).data.total).toBeLessThan(want.length);
  });

  it('ants: the sales person sees the ants among their own customers only', async () => {
    const to = new Date(t.clock.now().getTime() + 60_000);
    const q = `from=${new Date(to.getTime() - 30 * DAY).toISOString()}&to=${to.toISOString()}&maxCount=1000000000&size=200`;
    const sales = await signIn(t.app, DEMO.sales01);
    const mine = (await t.app.inject({ url: `/v2/traffic/ants?${q}`, headers: bearer(sales) })).json() as Answer;
    expect(mine.code, mine.msg).toBe(0);
    // the data scope is the traffic's sales owner (the account's when it sent)
    const theirs = new Set(
      rowsOf<{ id: number }>(
        await t.p.db.execute(sql`select distinct d.customer_id as id from traffic_daily d
          join staff_users u on u.id = d.owner_id where u.username = 'sales01'`),
      ).map((x) => Number(x.id)),
    );
    expect(mine.data.total).toBeGreaterThan(0);
    for (const r of mine.data.records) expect(theirs.has(r.customerId)).toBe(true);
    const everyone = await get(`/v2/traffic/ants?${q}`);
    expect(everyone.data.total).toBeGreaterThan(mine.data.total);
    // the export: every ant of the same filter and scope, in the caller's language
    const file = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/ants/export',
      headers: { ...bearer(sales), 'accept-language': 'en' },
      payload: { from: new Date(to.getTime() - 30 * DAY).toISOString(), to: to.toISOString(), maxCount: 1000000000 },
    });
    expect(file.statusCode, file.body).toBe(200);
    const [sheet] = await xlsxSheets(file.rawPayload);
    expect(sheet![0]!.slice(0, 2)).toEqual(['Customer code', 'Customer']);
    expect(sheet!.length - 1).toBe(mine.data.total);
    expect(sheet!.slice(1).map((r) => Number(r[3]))).toEqual(mine.data.records.map((r: { count: number }) => r.count));
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/ants/export',
      headers: bearer(sales),
      payload: {},
    });
    expect(bad.json().code).toBe(Errors.TRF_RANGE_REQUIRED.code);
  });

  it('ants: bad input gets a clear code', async () => {
    const now = t.clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    expect((await get('/v2/traffic/ants')).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    expect((await get(`/v2/traffic/ants?from=${iso(now - 94 * DAY)}&to=${iso(now)}`)).code).toBe(
      Errors.TRF_RANGE_TOO_LONG.code,
    );
    expect((await get(`/v2/traffic/ants?from=${iso(now)}&to=${iso(now - DAY)}`)).code).toBe(
      Errors.TRF_RANGE_INVERTED.code,
    );
    const q = `from=${iso(now - DAY)}&to=${iso(now)}`;
    for (const bad of ['maxCount=0', 'maxCount=x', 'ownerId=x', 'page=0', 'size=100000'])
      expect((await get(`/v2/traffic/ants?${q}&${bad}`)).code, bad).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('the demo shows both: converted rows, and rows whose cost currency has no rate that day', () => {
    expect(seen.converted).toBeGreaterThan(0);
    expect(seen.missing).toBeGreaterThan(0);
  });
});
