import { CrmTopics } from '@portal/contracts/crm';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChurnJob } from '../src/modules/crm/churn/job.js';
import { crmChurnFlags } from '../src/modules/crm/churn/schema.js';
import { markCustomerDealt } from '../src/modules/crm/deal.js';
import { crmChurnRules } from '../src/modules/crm/pool/schema.js';
import { crmCustomers } from '../src/modules/crm/schema.js';
import { financeModule } from '../src/modules/finance/index.js';
import { trafficModule } from '../src/modules/traffic/index.js';
import { postConsumption } from '../src/modules/traffic/rollups.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { definePorts, type LedgerPort, type TrafficDayFigure } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const DAY = 86_400_000;
const quiet = { info: () => {}, warn: () => {} };

let t: TestApp;
let sales: Tokens;
let salesId: number;
let n = 0;

async function post(url: string, payload: object): Promise<Answer> {
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(sales) })).json()
    .data.key;
  return (
    await t.app.inject({ method: 'POST', url, headers: { ...bearer(sales), 'x-idempotence-key': key }, payload })
  ).json();
}

/** a customer sales01 adds through the API */
async function added(over: object = {}): Promise<number> {
  n++;
  const c = await post('/v2/crm/customer/save', {
    name: `Churn Watch Trading ${n}`,
    alias: `churnwatch${n}`,
    type: 'C',
    country: 'DE',
    ...over,
  });
  expect(c.code).toBe(0);
  return c.data.id as number;
}

const dealtOf = async (id: number) =>
  (await t.p.db.select({ d: crmCustomers.dealt }).from(crmCustomers).where(eq(crmCustomers.id, id)))[0]?.d;

beforeAll(async () => {
  t = await startTestApp();
  sales = await signIn(t.app, DEMO.sales01);
  salesId = (await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, 'sales01')))[0]!.id;
}, 60_000);
afterAll(async () => {
  // the real rooms' ports again (the doubles below are this file's)
  definePorts({ ledger: financeModule.ports!.ledger, traffic: trafficModule.ports!.traffic });
  await t?.close();
});

describe('the dealt event from the daily consumption', () => {
  const day = '2020-01-15';
  const posts: string[] = [];
  const ledger = (): LedgerPort => ({
    postConsumption: async (e) => {
      if (e.accountId === 9903) throw new Error('past the credit line');
      posts.push(e.key);
      return { posted: true };
    },
    balanceOf: async () => null,
  });
  const row = (account: number, customer: number, revenue: string) =>
    sql`insert into traffic_daily (day, product, account_id, customer_id, owner_id, channel_id, country, network,
        status, currency, cost_currency, count, revenue)
      values (${day}, 'sms', ${account}, ${customer}, ${salesId}, 0, 'DE', '', 'delivered', 'USD', 'USD', 10, ${revenue})`;

  it('publishes each customer whose account had paid traffic posted, once, and none for free or refused days', async () => {
    const [paid, free, refused] = [await added(), await added(), await added()];
    await t.p.db.execute(row(9901, paid, '12.5'));
    await t.p.db.execute(row(9904, paid, '3'));
    await t.p.db.execute(row(9902, free, '0'));
    await t.p.db.execute(row(9903, refused, '7'));
    definePorts({ ledger });
    const published: [string, string | number][] = [];
    const res = await postConsumption(t.p.db, day, quiet, {
      publish: async (topic, id) => void published.push([topic, id]),
    });
    expect(res).toEqual({ posted: 2, skipped: false, refused: 1 });
    expect(published).toEqual([[CrmTopics.CUSTOMER_DEALT, paid]]);

    // through the real bus the CRM marks it dealt; a replay (already posted) publishes again harmlessly
    expect(await dealtOf(paid)).toBe(false);
    await postConsumption(t.p.db, day, quiet, t.p.bus);
    await expect.poll(() => dealtOf(paid)).toBe(true);
    expect(await dealtOf(free)).toBe(false);
    expect(await dealtOf(refused)).toBe(false);
    await postConsumption(t.p.db, day, quiet, t.p.bus);
    const tl = await t.app.inject({ url: `/v2/crm/customer/timeline?id=${paid}&kinds=state`, headers: bearer(sales) });
    expect(
      tl.json().data.records.filter((r: { data: { reason?: string } }) => r.data?.reason === 'paid_traffic'),
    ).toHaveLength(1);
  });
});

describe('the churn rule evaluation', () => {
  /** revenue per customer per day the double of the traffic port answers */
  const traffic = new Map<number, Map<string, string>>();
  const asked: { from: string; to: string }[] = [];
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const trafficDouble = () => ({
    byDay: async (q: { from: Date; to: Date; customerIds?: number[] }): Promise<TrafficDayFigure[]> => {
      asked.push({ from: dayOf(q.from.getTime()), to: dayOf(q.to.getTime()) });
      const out: TrafficDayFigure[] = [];
      for (const id of q.customerIds ?? [])
        for (const [d, revenue] of traffic.get(id) ?? [])
          if (d >= dayOf(q.from.getTime()) && d <= dayOf(q.to.getTime()))
            out.push({
              day: d,
              product: 'sms',
              accountId: id,
              customerId: id,
              ownerId: salesId,
              count: 1,
              delivered: 1,
              revenue,
              costs: [],
              currency: 'USD',
            });
      return out;
    },
  });
  /** `before` a day over the 7 days before the last 7 closed days, `recent` a day over the last 7 */
  const history = (id: number, before: string, recent: string) => {
    const today = Date.parse(dayOf(t.clock.now().getTime()));
    const days = new Map<string, string>();
    for (let i = 1; i <= 14; i++) days.set(dayOf(today - i * DAY), i <= 7 ? recent : before);
    traffic.set(id, days);
  };
  const messages = async (key: string) =>
    rowsOf<{ template_vars: Record<string, unknown> }>(
      await t.p.db.execute(
        sql`select template_vars from mc_messages where user_id = ${salesId} and template_key = ${key} order by id`,
      ),
    );

  beforeAll(async () => {
    definePorts({ traffic: trafficDouble });
    await t.p.db.delete(crmChurnRules);
    await t.p.db.insert(crmChurnRules).values([
      { level: null, dropPercent: 50, windowDays: 7, returnToSea: false, enabled: true },
      { level: 'A', dropPercent: 30, windowDays: 7, returnToSea: true, enabled: true },
      { level: 'C', dropPercent: 10, windowDays: 7, returnToSea: false, enabled: false },
    ]);
  });

  it('flags a dealt customer whose paid traffic fell past the rule, tells its owner, once per window', async () => {
    const [fell, held, notDealt, fresh, offLevel] = [
      await added(),
      await added(),
      await added(),
      await added(),
      await added({ level: 'C' }),
    ];
    for (const id of [fell, held, fresh, offLevel]) await markCustomerDealt(t.p.db, t.p.clock, id);
    history(fell, '100', '40'); // −60 %
    history(held, '100', '60'); // −40 %: under the default rule's 50 %
    history(notDealt, '100', '0');
    traffic.set(fresh, new Map([[dayOf(t.clock.now().getTime() - DAY), '50']])); // nothing before: cannot fall
    history(offLevel, '100', '0'); // its level's rule is off

    const first = await runChurnJob(t.p);
    expect(first.map((c) => c.id)).toEqual([fell]);
    expect(first[0]).toMatchObject({ fall: 60, before: '700.000000', recent: '280.000000', returned: false });
    expect(asked.at(-1)).toEqual({
      from: dayOf(Date.parse(dayOf(t.clock.now().getTime())) - 14 * DAY),
      to: dayOf(t.clock.now().getTime() - DAY),
    });
    const [flag] = await t.p.db.select().from(crmChurnFlags).where(eq(crmChurnFlags.customerId, fell));
    expect(flag).toMatchObject({ fallPercent: 60, windowDays: 7 });
    const tl = await t.app.inject({ url: `/v2/crm/customer/timeline?id=${fell}&kinds=state`, headers: bearer(sales) });
    expect(tl.json().data.records[0]).toMatchObject({
      changes: [{ field: 'paidTraffic', from: '700.000000', to: '280.000000' }],
      data: { reason: 'churn', fallPercent: 60 },
    });
    expect((await messages('crmChurn.churning')).filter((m) => m.template_vars.fall === 60)).toHaveLength(1);
    const still = await t.p.db.select().from(crmCustomers).where(eq(crmCustomers.id, fell));
    expect(still[0]).toMatchObject({ state: 'private', ownerId: salesId });

    // the next day: still falling, but flagged within its window
    t.clock.advance(DAY);
    history(fell, '100', '40');
    expect((await runChurnJob(t.p)).map((c) => c.id)).not.toContain(fell);
    // a whole window later it is told again
    t.clock.advance(7 * DAY);
    history(fell, '100', '40');
    expect((await runChurnJob(t.p)).map((c) => c.id)).toContain(fell);
  });

  it("returns a churning customer to the open sea when its level's rule says so", async () => {
    sales = await signIn(t.app, DEMO.sales01); // the clock moved past the token's life
    const id = await added({ level: 'A' });
    await markCustomerDealt(t.p.db, t.p.clock, id);
    history(id, '10', '6.5'); // −35 %: past level A's 30 %
    const done = await runChurnJob(t.p);
    expect(done.find((c) => c.id === id)).toMatchObject({ fall: 35, returned: true });
    const [c] = await t.p.db.select().from(crmCustomers).where(eq(crmCustomers.id, id));
    expect(c).toMatchObject({ state: 'open_sea', ownerId: null });
    expect((await messages('crmChurn.returned')).some((m) => m.template_vars.code === c!.code)).toBe(true);
  });

  it('flags nothing without the traffic room', async () => {
    sales = await signIn(t.app, DEMO.sales01);
    const id = await added();
    await markCustomerDealt(t.p.db, t.p.clock, id);
    history(id, '100', '0');
    definePorts({ traffic: undefined });
    try {
      expect(await runChurnJob(t.p)).toEqual([]);
    } finally {
      definePorts({ traffic: trafficDouble });
    }
  });
});
