import { Errors } from '@portal/contracts';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../src/modules/traffic/partitions.js';
import { bearer, type TestApp, type Tokens } from './harness.js';
import { DAY, trafficCalls, trafficWorld } from './support/traffic-fixture.js';

type Traffic = { currency: string; count: number; revenue: string };
type Row = {
  customerId: number;
  code: string;
  type: string;
  ownerId: number | null;
  ownerName: string | null;
  state: string;
  dealt: boolean;
  accounts: number;
  firstDay: string | null;
  traffic: Traffic[];
};
const URL_ = '/v2/traffic/agent-query/customers';

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

/** every customer of one agent's page, page by page */
async function every(tok: Tokens, query: string) {
  const first = await get(tok, `${URL_}?${query}&size=200`);
  expect(first.code, first.msg).toBe(0);
  const records: Row[] = [...first.data.records];
  for (let page = 2; (page - 1) * 200 < first.data.total; page++)
    records.push(...(await get(tok, `${URL_}?${query}&size=200&page=${page}`)).data.records);
  return { ...first, data: { ...first.data, records } };
}

/** CRM's and finance's own figures of an agent's customers, newest first */
const crmCustomers = (agentId: number) =>
  q<{ id: number; type: string; dealt: boolean; owner_id: number | null; state: string; accounts: string }>(sql`
    select c.id, c.type, c.dealt, c.owner_id, c.state,
      (select count(*) from fin_accounts f where f.customer_id = c.id and f.state in ('active', 'suspended'))::text
        as accounts
    from crm_customers c where c.agent_id = ${agentId} order by c.created_at desc nulls first, c.id desc`);

/** the full daily rollup's traffic of some customers over the range's whole UTC days, and their first day */
async function rollupTraffic(ids: number[], from: Date, to: Date, ownerId?: number) {
  const last = dayOf(new Date(to.getTime() - 1));
  const owner = ownerId === undefined ? sql`true` : sql`r.owner_id = ${ownerId}`;
  const list = `{${ids.join(',')}}`;
  const rows = await q<{ customer_id: number; currency: string; count: string; revenue: string; first: string }>(sql`
    select r.customer_id, r.currency, sum(r.count)::text as count, sum(r.revenue)::text as revenue,
      min(r.day) filter (where r.count > 0)::text as first
    from traffic_daily r
    where r.day >= ${dayOf(from)}::date and r.day <= ${last}::date and r.product <> 'mo'
      and r.customer_id = any(${list}::int[]) and ${owner}
    group by 1, 2 order by 1, 2`);
  const traffic = new Map<number, Traffic[]>();
  const first = new Map<number, string>();
  for (const r of rows) {
    const id = Number(r.customer_id);
    traffic.set(id, [
      ...(traffic.get(id) ?? []),
      { currency: r.currency, count: Number(r.count), revenue: new Decimal(r.revenue).toFixed(6) },
    ]);
    if (r.first && (!first.has(id) || r.first < first.get(id)!)) first.set(id, r.first);
  }
  return { traffic, first };
}

/** an agent with referred customers, one whose customers sent in the range when there is one */
async function agentWithTraffic(tok: Tokens, range_: string) {
  const page = await get(tok, `/v2/traffic/agent-query?${range_}&size=200`);
  expect(page.code, page.msg).toBe(0);
  type A = { referred: number; traffic: { count: number }[] };
  const records: A[] = page.data.records;
  const one =
    records.find((r) => r.referred > 1 && r.traffic.some((x) => x.count > 0)) ?? records.find((r) => r.referred > 0);
  expect(one, 'an agent with customers').toBeTruthy();
  // biome-ignore lint/suspicious/noExplicitAny: an answer's row
  return one as any;
}

describe('agent-query/customer (decision 0147)', () => {
  it("lists an agent's customers with CRM's, finance's and the daily rollup's figures; totals, paging", async () => {
    const { from, to, q: range_ } = range();
    const agent = await agentWithTraffic(admin, range_);
    const all = await every(admin, `${range_}&agentId=${agent.agentId}`);
    expect(all.data.agent).toMatchObject({ agentId: agent.agentId, code: agent.code, name: agent.name });
    expect(all.data.agent.ownerName).toBe(agent.ownerName);
    const crm = await crmCustomers(agent.agentId);
    expect(all.data.total).toBe(agent.referred);
    expect(all.data.records.map((r: Row) => [r.customerId, r.type, r.dealt, r.ownerId, r.state, r.accounts])).toEqual(
      crm.map((c) => [
        Number(c.id),
        c.type,
        c.dealt,
        c.owner_id === null ? null : Number(c.owner_id),
        c.state,
        Number(c.accounts),
      ]),
    );
    expect(all.data.summary).toEqual({
      customers: agent.referred,
      dealt: agent.dealt,
      withAccount: agent.withAccount,
    });
    const { traffic, first } = await rollupTraffic(
      crm.map((c) => Number(c.id)),
      from,
      to,
    );
    for (const r of all.data.records as Row[]) {
      expect(r.traffic, `customer ${r.customerId}`).toEqual(traffic.get(r.customerId) ?? []);
      expect(r.firstDay, `customer ${r.customerId}`).toBe(first.get(r.customerId) ?? null);
    }
    expect(all.data.records.some((r: Row) => r.firstDay !== null && r.accounts > 0)).toBe(true);
    // the totals: the rows' sums, and the agent row's referred traffic (C customers only count for their agent)
    for (const tot of all.data.totals) {
      const mine = (all.data.records as Row[]).flatMap((r) => r.traffic.filter((x) => x.currency === tot.currency));
      expect(tot.count).toBe(mine.reduce((n, x) => n + x.count, 0));
      expect(tot.revenue).toBe(mine.reduce((a, x) => a.plus(x.revenue), new Decimal(0)).toFixed(6));
      expect(tot.customers).toBe(mine.length);
    }
    if ((all.data.records as Row[]).every((r) => r.type !== 'R'))
      expect(all.data.totals).toEqual(
        agent.traffic.map((x: Traffic & { customers: number }) => ({
          currency: x.currency,
          count: x.count,
          revenue: x.revenue,
          customers: x.customers,
        })),
      );
    // pages are slices of the whole, with the same totals; a keyword narrows to the customer
    const paged = await get(admin, `${URL_}?${range_}&agentId=${agent.agentId}&size=1&page=2`);
    expect(paged.data.records).toEqual(all.data.records.slice(1, 2));
    expect(paged.data.totals).toEqual(all.data.totals);
    const target = all.data.records[0] as Row;
    const byCode = await get(
      admin,
      `${URL_}?${range_}&agentId=${agent.agentId}&keyword=${encodeURIComponent(target.code)}`,
    );
    expect(byCode.data.records.map((r: Row) => r.customerId)).toContain(target.customerId);
    expect(byCode.data.total).toBeLessThan(all.data.total);
  });

  it("keeps sales to their own agents' customers and their own traffic; another agent is unseen", async () => {
    const { from, to, q: range_ } = range();
    const agent = await agentWithTraffic(sales, range_);
    expect(agent.ownerId).toBe(salesId);
    const mine = await every(sales, `${range_}&agentId=${agent.agentId}`);
    expect(mine.data.records.map((r: Row) => r.customerId)).toEqual(
      (await crmCustomers(agent.agentId)).map((c) => Number(c.id)),
    );
    const { traffic } = await rollupTraffic(
      mine.data.records.map((r: Row) => r.customerId),
      from,
      to,
      salesId,
    );
    for (const r of mine.data.records as Row[]) expect(r.traffic).toEqual(traffic.get(r.customerId) ?? []);
    const [foreign] = await q<{ id: number }>(
      sql`select id from crm_customers where type = 'R' and (owner_id is null or owner_id <> ${salesId}) limit 1`,
    );
    const unseen = await get(sales, `${URL_}?${range_}&agentId=${foreign!.id}`);
    expect(unseen.code).toBe(Errors.TRF_AGENT_UNSEEN.code);
    expect(unseen.msg).toContain(String(foreign!.id));
    // the administrator sees it; a C customer or no customer is no agent for anyone
    expect((await get(admin, `${URL_}?${range_}&agentId=${foreign!.id}`)).code).toBe(0);
    const [direct] = await q<{ id: number }>(sql`select id from crm_customers where type = 'C' limit 1`);
    expect((await get(admin, `${URL_}?${range_}&agentId=${direct!.id}`)).code).toBe(Errors.TRF_AGENT_UNSEEN.code);
    expect((await get(admin, `${URL_}?${range_}&agentId=99999999`)).code).toBe(Errors.TRF_AGENT_UNSEEN.code);
  });

  it('exports every customer of the filter, one line per currency', async () => {
    const { q: range_ } = range();
    const agent = await agentWithTraffic(admin, range_);
    const res = await t.app.inject({
      method: 'POST',
      url: `${URL_}/export`,
      headers: bearer(admin),
      payload: { ...Object.fromEntries(new URLSearchParams(range_)), agentId: agent.agentId, format: 'csv' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const all = await every(admin, `${range_}&agentId=${agent.agentId}`);
    const lines = res.body.trim().split('\n');
    expect(lines.length).toBe((all.data.records as Row[]).reduce((n, r) => n + Math.max(1, r.traffic.length), 0) + 1);
    const top = all.data.records[0] as Row;
    expect(lines.some((l) => l.includes(top.code))).toBe(true);
  });

  it('refuses bad input with its codes; needs its own key, which finance lacks', async () => {
    const { q: range_ } = range();
    const [agent] = await q<{ id: number }>(sql`select id from crm_customers where type = 'R' limit 1`);
    const a = `agentId=${agent!.id}`;
    const now = t.clock.now().getTime();
    expect((await get(admin, `${URL_}?${a}`)).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    const long = `from=${new Date(now - 94 * DAY).toISOString()}&to=${new Date(now).toISOString()}`;
    expect((await get(admin, `${URL_}?${a}&${long}`)).code).toBe(Errors.TRF_RANGE_TOO_LONG.code);
    const inverted = `from=${new Date(now).toISOString()}&to=${new Date(now - DAY).toISOString()}`;
    expect((await get(admin, `${URL_}?${a}&${inverted}`)).code).toBe(Errors.TRF_RANGE_INVERTED.code);
    expect((await get(admin, `${URL_}?${a}&${range_}&keyword=${'x'.repeat(65)}`)).code).toBe(
      Errors.TRF_AGENT_KEYWORD.code,
    );
    expect((await get(admin, `${URL_}?${range_}`)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get(admin, `${URL_}?${range_}&agentId=x`)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get(admin, `${URL_}?${a}&${range_}&page=0`)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get(finance, `${URL_}?${a}&${range_}`)).code).toBe(Errors.NO_PERMISSION.code);
    const exp = await t.app.inject({
      method: 'POST',
      url: `${URL_}/export`,
      headers: bearer(finance),
      payload: { agentId: agent!.id, format: 'csv' },
    });
    expect(exp.json().code).toBe(Errors.NO_PERMISSION.code);
  });
});
