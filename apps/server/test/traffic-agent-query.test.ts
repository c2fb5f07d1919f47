import { Errors } from '@portal/contracts';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../src/modules/traffic/partitions.js';
import { bearer, type TestApp, type Tokens } from './harness.js';
import { DAY, trafficCalls, trafficWorld } from './support/traffic-fixture.js';

type Traffic = {
  currency: string;
  count: number;
  revenue: string;
  customers: number;
  ownCount: number;
  ownRevenue: string;
};

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
let finance: Tokens;
let salesId: number;

beforeAll(async () => {
  ({ t, admin, sales, finance, salesId } = await trafficWorld());
}, 180_000);
afterAll(async () => t?.close());
const { get, q, range } = trafficCalls(() => t);

/** every agent of a query, page by page (the demo has more than one page of 200) */
async function every(tok: Tokens, query: string) {
  const first = await get(tok, `/v2/traffic/agent-query?${query}&size=200`);
  expect(first.code, first.msg).toBe(0);
  const records = [...first.data.records];
  for (let page = 2; (page - 1) * 200 < first.data.total; page++)
    records.push(...(await get(tok, `/v2/traffic/agent-query?${query}&size=200&page=${page}`)).data.records);
  return { ...first, data: { ...first.data, records } };
}

/** CRM's own figures of the agents: every R customer, its referred customers, those dealt, those with an opened account */
async function crmAgents(ownerId?: number) {
  const owner = ownerId === undefined ? sql`true` : sql`a.owner_id = ${ownerId}`;
  return q<{ id: number; referred: string; dealt: string; with_account: string }>(sql`
    select a.id, count(c.id)::text as referred, count(c.id) filter (where c.dealt)::text as dealt,
      count(c.id) filter (where exists (select 1 from fin_accounts f where f.customer_id = c.id
        and f.state in ('active', 'suspended')))::text as with_account
    from crm_customers a left join crm_customers c on c.agent_id = a.id
    where a.type = 'R' and ${owner} group by a.id order by a.id`);
}

/** the full daily rollup's traffic per agent and currency over the range's whole UTC days (own and referred) */
async function rollupTraffic(from: Date, to: Date, ownerId?: number) {
  const last = dayOf(new Date(to.getTime() - 1));
  const owner = ownerId === undefined ? sql`true` : sql`r.owner_id = ${ownerId}`;
  const rows = await q<{
    agent: number;
    own: boolean;
    customer_id: number;
    currency: string;
    count: string;
    revenue: string;
  }>(sql`
    select case when c.type = 'R' then c.id else c.agent_id end as agent, c.type = 'R' as own, r.customer_id,
      r.currency, sum(r.count)::text as count, sum(r.revenue)::text as revenue
    from traffic_daily r join crm_customers c on c.id = r.customer_id
    where r.day >= ${dayOf(from)}::date and r.day <= ${last}::date and r.product <> 'mo'
      and (c.type = 'R' or c.agent_id is not null) and ${owner}
    group by 1, 2, 3, 4`);
  const out = new Map<
    number,
    Map<string, { count: number; revenue: Decimal; customers: Set<number>; ownCount: number; ownRevenue: Decimal }>
  >();
  for (const r of rows) {
    const m = out.get(Number(r.agent)) ?? new Map();
    out.set(Number(r.agent), m);
    const x = m.get(r.currency) ?? {
      count: 0,
      revenue: new Decimal(0),
      customers: new Set(),
      ownCount: 0,
      ownRevenue: new Decimal(0),
    };
    m.set(r.currency, x);
    if (r.own) {
      x.ownCount += Number(r.count);
      x.ownRevenue = x.ownRevenue.plus(r.revenue);
    } else {
      x.count += Number(r.count);
      x.revenue = x.revenue.plus(r.revenue);
      x.customers.add(Number(r.customer_id));
    }
  }
  const list = (agent: number): Traffic[] =>
    [...(out.get(agent) ?? [])]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, x]) => ({
        currency,
        count: x.count,
        revenue: x.revenue.toFixed(6),
        customers: x.customers.size,
        ownCount: x.ownCount,
        ownRevenue: x.ownRevenue.toFixed(6),
      }));
  return list;
}

describe('agent-query/page (decision 0144)', () => {
  it("lists every agent with CRM's counts and the daily rollup's traffic, newest first, with totals", async () => {
    const { from, to, q: range_ } = range();
    const crm = await crmAgents();
    expect(crm.length).toBeGreaterThan(2);
    expect(crm.some((a) => Number(a.referred) > 0 && Number(a.with_account) > 0)).toBe(true);
    const all = await every(admin, range_);
    expect(all.code, all.msg).toBe(0);
    expect(all.data.total).toBe(crm.length);
    const got = [...all.data.records].sort((a, b) => a.agentId - b.agentId);
    expect(got.map((r) => [r.agentId, r.referred, r.dealt, r.withAccount])).toEqual(
      crm.map((a) => [Number(a.id), Number(a.referred), Number(a.dealt), Number(a.with_account)]),
    );
    const traffic = await rollupTraffic(from, to);
    for (const r of got) expect(r.traffic, `agent ${r.agentId}`).toEqual(traffic(r.agentId));
    expect(got.some((r) => r.traffic.some((x: Traffic) => x.count > 0))).toBe(true);
    expect(all.data.summary).toEqual({
      agents: crm.length,
      referred: crm.reduce((n, a) => n + Number(a.referred), 0),
      dealt: crm.reduce((n, a) => n + Number(a.dealt), 0),
    });
    for (const tot of all.data.totals) {
      const mine = got.flatMap((r) => r.traffic.filter((x: Traffic) => x.currency === tot.currency));
      expect(tot.count).toBe(mine.reduce((n: number, x: Traffic) => n + x.count, 0));
      expect(tot.ownCount).toBe(mine.reduce((n: number, x: Traffic) => n + x.ownCount, 0));
      expect(tot.revenue).toBe(mine.reduce((a: Decimal, x: Traffic) => a.plus(x.revenue), new Decimal(0)).toFixed(6));
      expect(tot.agents).toBe(mine.length);
    }
    // newest first, pages are slices of it, the totals the same on every page
    const paged = await get(admin, `/v2/traffic/agent-query?${range_}&size=2&page=2`);
    expect(paged.data.records).toEqual(all.data.records.slice(2, 4));
    expect(paged.data.totals).toEqual(all.data.totals);
    expect(all.data.records[0].ownerName === null || typeof all.data.records[0].ownerName === 'string').toBe(true);
  });

  it('keeps sales to the agents they own and their own traffic; filters narrow', async () => {
    const { from, to, q: range_ } = range();
    const mine = await every(sales, range_);
    expect(mine.code, mine.msg).toBe(0);
    const crm = await crmAgents(salesId);
    expect(mine.data.records.map((r: { agentId: number }) => r.agentId).sort((a: number, b: number) => a - b)).toEqual(
      crm.map((a) => Number(a.id)),
    );
    const traffic = await rollupTraffic(from, to, salesId);
    for (const r of mine.data.records) expect(r.traffic).toEqual(traffic(r.agentId));
    // naming another owner does not widen the scope
    const [other] = await q<{ owner_id: number }>(
      sql`select owner_id from crm_customers where type = 'R' and owner_id is not null and owner_id <> ${salesId} limit 1`,
    );
    const widened = await get(sales, `/v2/traffic/agent-query?${range_}&ownerId=${other!.owner_id}`);
    expect(widened.data.records).toEqual([]);
    // owner, country, keyword
    const all = await every(admin, range_);
    const one = all.data.records.find((r: { ownerId: number | null }) => r.ownerId !== null);
    const byOwner = await every(admin, `${range_}&ownerId=${one.ownerId}`);
    expect(byOwner.data.records.every((r: { ownerId: number }) => r.ownerId === one.ownerId)).toBe(true);
    expect(byOwner.data.total).toBe(
      all.data.records.filter((r: { ownerId: number }) => r.ownerId === one.ownerId).length,
    );
    const byCountry = await every(admin, `${range_}&country=${one.country}`);
    expect(byCountry.data.total).toBe(
      all.data.records.filter((r: { country: string }) => r.country === one.country).length,
    );
    const byName = await get(admin, `/v2/traffic/agent-query?${range_}&keyword=${encodeURIComponent(one.code)}`);
    expect(byName.data.records.map((r: { agentId: number }) => r.agentId)).toContain(one.agentId);
    // a department: the agents whose owner is in it (or below it)
    const [dept] = await q<{ department_id: number }>(
      sql`select department_id from user_departments where user_id = ${one.ownerId} limit 1`,
    );
    const byDept = await every(admin, `${range_}&departmentId=${dept!.department_id}`);
    expect(byDept.code, byDept.msg).toBe(0);
    expect(byDept.data.records.map((r: { agentId: number }) => r.agentId)).toContain(one.agentId);
  });

  it('exports every agent of the filter as a file', async () => {
    const { q: range_ } = range();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/agent-query/export',
      headers: bearer(admin),
      payload: { ...Object.fromEntries(new URLSearchParams(range_)), format: 'csv' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const all = await every(admin, range_);
    const lines = res.body.trim().split('\n');
    const expected = all.data.records.reduce(
      (n: number, r: { traffic: unknown[] }) => n + Math.max(1, r.traffic.length),
      0,
    );
    expect(lines.length).toBe(expected + 1);
  });

  it('refuses bad input with its codes and changes nothing; needs its key', async () => {
    const { q: range_ } = range();
    const now = t.clock.now().getTime();
    expect((await get(admin, '/v2/traffic/agent-query')).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    const long = `from=${new Date(now - 94 * DAY).toISOString()}&to=${new Date(now).toISOString()}`;
    expect((await get(admin, `/v2/traffic/agent-query?${long}`)).code).toBe(Errors.TRF_RANGE_TOO_LONG.code);
    const inverted = `from=${new Date(now).toISOString()}&to=${new Date(now - DAY).toISOString()}`;
    expect((await get(admin, `/v2/traffic/agent-query?${inverted}`)).code).toBe(Errors.TRF_RANGE_INVERTED.code);
    const country = await get(admin, `/v2/traffic/agent-query?${range_}&country=usa`);
    expect(country.code).toBe(Errors.TRF_AGENT_COUNTRY.code);
    expect(country.msg).toContain('usa');
    expect((await get(admin, `/v2/traffic/agent-query?${range_}&keyword=${'x'.repeat(65)}`)).code).toBe(
      Errors.TRF_AGENT_KEYWORD.code,
    );
    expect((await get(admin, `/v2/traffic/agent-query?${range_}&departmentId=999999`)).code).toBe(
      Errors.TRF_DEPARTMENT_UNKNOWN.code,
    );
    expect((await get(admin, `/v2/traffic/agent-query?${range_}&page=0`)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get(admin, `/v2/traffic/agent-query?${range_}&ownerId=x`)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get(finance, `/v2/traffic/agent-query?${range_}`)).code).toBe(Errors.NO_PERMISSION.code);
    const exp = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/agent-query/export',
      headers: bearer(finance),
      payload: { format: 'csv' },
    });
    expect(exp.json().code).toBe(Errors.NO_PERMISSION.code);
  });
});
