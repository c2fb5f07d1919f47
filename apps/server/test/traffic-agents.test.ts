import { Errors } from '@portal/contracts';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../src/modules/traffic/partitions.js';
import { rowsOf } from '../src/platform/db/index.js';
import type { TestApp, Tokens } from './harness.js';
import { DAY, trafficCalls, trafficWorld } from './support/traffic-fixture.js';

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
let finance: Tokens;
let salesId: number;

beforeAll(async () => {
  ({ t, admin, sales, finance, salesId } = await trafficWorld());
}, 180_000);
afterAll(async () => t?.close());
const { get, range } = trafficCalls(() => t);

type Expected = {
  agentId: number;
  currency: string;
  count: number;
  revenue: string;
  costs: { currency: string; amount: string }[];
  referredCount: number;
  referredRevenue: string;
  referredCustomers: number;
};

/**
 * The agents' figures recomputed over the range's whole UTC days, from the raw records (an SMS counts
 * once, its parts are priced; a call, a WhatsApp message and a mail once; an MO not at all, received) or
 * from the full daily rollup `traffic_daily` (the demo's history before its last day is rollups only):
 * an R customer's own traffic, and that of the customers whose agent it is.
 */
async function recompute(from: Date, to: Date, source: 'raw' | 'daily', ownerId?: number): Promise<Expected[]> {
  const lo = `${dayOf(from)}T00:00:00Z`;
  const last = dayOf(new Date(to.getTime() - 1));
  const hi = new Date(new Date(`${last}T00:00:00Z`).getTime() + DAY).toISOString();
  const owner = ownerId === undefined ? sql`true` : sql`r.owner_id = ${ownerId}`;
  const records =
    source === 'raw'
      ? sql`select (part = 1)::int as n, currency, cost_currency, price, cost, customer_id, owner_id from traffic_sms
          where submit_at >= ${lo} and submit_at < ${hi}
        union all select 1, currency, cost_currency, price, cost, customer_id, owner_id from traffic_voice
          where setup_at >= ${lo} and setup_at < ${hi}
        union all select 1, currency, cost_currency, price, cost, customer_id, owner_id from traffic_messages
          where kind <> 'mo' and at >= ${lo} and at < ${hi}`
      : sql`select count as n, currency, cost_currency, revenue as price, cost, customer_id, owner_id from traffic_daily
          where day >= ${dayOf(from)}::date and day <= ${last}::date and product <> 'mo'`;
  const rows = rowsOf<{
    agent: number;
    own: boolean;
    customer_id: number;
    currency: string;
    cost_currency: string;
    count: string;
    revenue: string;
    cost: string;
  }>(
    await t.p.db.execute(sql`select case when c.type = 'R' then c.id else c.agent_id end as agent, c.type = 'R' as own,
        r.customer_id, r.currency, r.cost_currency, sum(r.n)::text as count, sum(r.price)::text as revenue,
        sum(r.cost)::text as cost
      from (${records}) r
      join crm_customers c on c.id = r.customer_id
      where (c.type = 'R' or c.agent_id is not null) and ${owner}
      group by 1, 2, 3, 4, 5`),
  );
  const out = new Map<
    string,
    Omit<Expected, 'referredCustomers' | 'costs'> & { costs: Map<string, Decimal>; referred: Set<number> }
  >();
  for (const r of rows) {
    const key = `${r.agent}|${r.currency}`;
    const e = out.get(key) ?? {
      agentId: Number(r.agent),
      currency: r.currency,
      count: 0,
      revenue: '0',
      costs: new Map<string, Decimal>(),
      referredCount: 0,
      referredRevenue: '0',
      referred: new Set<number>(),
    };
    out.set(key, e);
    if (r.own) {
      e.count += Number(r.count);
      e.revenue = new Decimal(e.revenue).plus(r.revenue).toString();
      e.costs.set(r.cost_currency, (e.costs.get(r.cost_currency) ?? new Decimal(0)).plus(r.cost));
    } else {
      e.referredCount += Number(r.count);
      e.referredRevenue = new Decimal(e.referredRevenue).plus(r.revenue).toString();
      e.referred.add(Number(r.customer_id));
    }
  }
  return [...out.values()]
    .map((e) => ({
      agentId: e.agentId,
      currency: e.currency,
      count: e.count,
      revenue: new Decimal(e.revenue).toFixed(6),
      costs: [...e.costs]
        .filter(([, v]) => !v.isZero())
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, v]) => ({ currency, amount: v.toFixed(6) })),
      referredCount: e.referredCount,
      referredRevenue: new Decimal(e.referredRevenue).toFixed(6),
      referredCustomers: e.referred.size,
    }))
    .sort((a, b) => a.agentId - b.agentId || a.currency.localeCompare(b.currency));
}

const pick = (rows: (Expected & Record<string, unknown>)[]) =>
  rows
    .map(({ agentId, currency, count, revenue, costs, referredCount, referredRevenue, referredCustomers }) => ({
      agentId,
      currency,
      count,
      revenue,
      costs,
      referredCount,
      referredRevenue,
      referredCustomers,
    }))
    .sort((a, b) => a.agentId - b.agentId || a.currency.localeCompare(b.currency));

describe('agentPerformance (decision 0122)', () => {
  it("equals each agent's own and referred traffic recomputed from the full daily rollup, with the totals", async () => {
    const { from, to, q } = range();
    const expected = await recompute(from, to, 'daily');
    expect(expected.some((e) => e.count > 0)).toBe(true);
    expect(expected.some((e) => e.referredCount > 0)).toBe(true);
    const all = await get(admin, `/v2/traffic/agent-performance?${q}&size=200`);
    expect(all.code, all.msg).toBe(0);
    expect(pick(all.data.records)).toEqual(expected);
    expect(all.data.total).toBe(expected.length);
    // largest volume (own + referred) first
    const volume = all.data.records.map((r: Expected) => r.count + r.referredCount);
    expect(volume).toEqual([...volume].sort((a: number, b: number) => b - a));
    // the totals per currency are the sums of every agent's row, whatever the page
    const paged = await get(admin, `/v2/traffic/agent-performance?${q}&size=2&page=2`);
    expect(paged.data.records).toEqual(all.data.records.slice(2, 4));
    expect(paged.data.totals).toEqual(all.data.totals);
    for (const tot of all.data.totals) {
      const mine = expected.filter((e) => e.currency === tot.currency);
      expect(tot.count).toBe(mine.reduce((n, e) => n + e.count, 0));
      expect(tot.referredCount).toBe(mine.reduce((n, e) => n + e.referredCount, 0));
      expect(tot.revenue).toBe(mine.reduce((a, e) => a.plus(e.revenue), new Decimal(0)).toFixed(6));
      expect(tot.agents).toBe(new Set(mine.map((e) => e.agentId)).size);
    }
    // a row's profit is its revenue less its cost, where every cost is in the price's currency
    for (const r of all.data.records)
      if (r.cost !== null) expect(new Decimal(r.revenue).minus(r.cost).toFixed(6)).toBe(r.profit);
      else expect(r.costs.some((c: { currency: string }) => c.currency !== r.currency)).toBe(true);
  });

  it("today's figures equal the raw records (the demo's last day is ingested records)", async () => {
    const to = new Date(t.clock.now().getTime() + 60_000);
    const from = new Date(`${dayOf(to)}T00:00:00Z`);
    const expected = await recompute(from, to, 'raw');
    expect(expected.some((e) => e.count > 0)).toBe(true);
    const today = await get(
      admin,
      `/v2/traffic/agent-performance?from=${from.toISOString()}&to=${to.toISOString()}&size=200`,
    );
    expect(pick(today.data.records)).toEqual(expected);
  });

  it('keeps sales to their own accounts and narrows to one agent or one sales', async () => {
    const { from, to, q } = range();
    const mine = await get(sales, `/v2/traffic/agent-performance?${q}&size=200`);
    expect(mine.code, mine.msg).toBe(0);
    expect(pick(mine.data.records)).toEqual(await recompute(from, to, 'daily', salesId));
    // another sales' figures are not widened by asking for them
    const other = await get(sales, `/v2/traffic/agent-performance?${q}&size=200&ownerId=${salesId + 100000}`);
    expect(other.data.records).toEqual([]);
    const bySales = await get(admin, `/v2/traffic/agent-performance?${q}&size=200&ownerId=${salesId}`);
    expect(pick(bySales.data.records)).toEqual(pick(mine.data.records));
    const all = await get(admin, `/v2/traffic/agent-performance?${q}&size=200`);
    const one = all.data.records.find((r: Expected) => r.referredCount > 0);
    const agent = await get(admin, `/v2/traffic/agent-performance?${q}&agentId=${one.agentId}`);
    expect(agent.data.records).toEqual(all.data.records.filter((r: Expected) => r.agentId === one.agentId));
  });

  it('refuses a missing or too long range, a customer that is no agent and a bad page; needs its key', async () => {
    const { q } = range();
    const now = t.clock.now().getTime();
    expect((await get(admin, '/v2/traffic/agent-performance')).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    const long = `from=${new Date(now - 94 * DAY).toISOString()}&to=${new Date(now).toISOString()}`;
    expect((await get(admin, `/v2/traffic/agent-performance?${long}`)).code).toBe(Errors.TRF_RANGE_TOO_LONG.code);
    const inverted = `from=${new Date(now).toISOString()}&to=${new Date(now - DAY).toISOString()}`;
    expect((await get(admin, `/v2/traffic/agent-performance?${inverted}`)).code).toBe(Errors.TRF_RANGE_INVERTED.code);
    const [direct] = rowsOf<{ id: number }>(
      await t.p.db.execute(sql`select id from crm_customers where type = 'C' order by id limit 1`),
    );
    const notAgent = await get(admin, `/v2/traffic/agent-performance?${q}&agentId=${direct!.id}`);
    expect(notAgent.code).toBe(Errors.TRF_NOT_AN_AGENT.code);
    expect(notAgent.msg).toContain(String(direct!.id));
    expect((await get(admin, `/v2/traffic/agent-performance?${q}&agentId=999999999`)).code).toBe(
      Errors.TRF_NOT_AN_AGENT.code,
    );
    expect((await get(admin, `/v2/traffic/agent-performance?${q}&page=0`)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get(admin, `/v2/traffic/agent-performance?${q}&agentId=x`)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get(finance, `/v2/traffic/agent-performance?${q}`)).code).toBe(Errors.NO_PERMISSION.code);
  });
});
