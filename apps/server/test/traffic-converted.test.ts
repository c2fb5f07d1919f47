import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reference } from '../src/modules/system/reference/index.js';
import { convertRow, type RateOf } from '../src/modules/traffic/converted.js';
import { dayOf } from '../src/modules/traffic/partitions.js';
import { rollUp } from '../src/modules/traffic/rollups.js';
import { bearer, clearOfMidnight, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

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

  it('the demo shows both: converted rows, and rows whose cost currency has no rate that day', () => {
    expect(seen.converted).toBeGreaterThan(0);
    expect(seen.missing).toBeGreaterThan(0);
  });
});
