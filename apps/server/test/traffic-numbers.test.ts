import { Errors } from '@portal/contracts';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../src/modules/traffic/partitions.js';
import { rebuildDay, rollUp } from '../src/modules/traffic/rollups.js';
import { senderRecomputeSql } from '../src/modules/traffic/side-rollups.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, clearOfMidnight, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const DAY = 86_400_000;
type Raw = {
  product: string;
  account_id: number;
  owner_id: number;
  sender: string;
  currency: string;
  cost_currency: string;
  count: string;
  delivered: string;
  answered: string;
  revenue: string;
  cost: string;
};

/**
 * numberPerformance (decision 0137): the sender rollup equals its recomputation from the raw records (kept by
 * the rollup step, rebuilt with the day), and the screen's answer equals a recomputation from the raw records.
 */
describe('numberPerformance', () => {
  let t: TestApp;
  let admin: Tokens;
  let today: string;
  let from: Date;
  let to: Date;
  beforeAll(async () => {
    t = await startTestApp();
    clearOfMidnight(t.clock);
    admin = await signIn(t.app, DEMO.admin);
    await rollUp(t.p.db, t.clock.now());
    today = dayOf(t.clock.now());
    from = new Date(`${today}T00:00:00Z`);
    to = new Date(from.getTime() + DAY);
  }, 180_000);
  afterAll(async () => t?.close());

  const get = (url: string, who = admin) => t.app.inject({ url, headers: bearer(who) }).then((r) => r.json() as Answer);
  const q = () => `from=${from.toISOString()}&to=${to.toISOString()}`;
  const cols = sql.raw(
    'day, product, account_id, customer_id, owner_id, sender, currency, cost_currency, count, delivered, answered, seconds, revenue::numeric(20,6), cost::numeric(20,6)',
  );
  async function diff() {
    const rolled = sql`select ${cols} from traffic_sender_daily where day = ${today}`;
    const raw = sql`select ${cols} from (${senderRecomputeSql(from, to)}) r`;
    const [d] = rowsOf<{ a: number; b: number; n: number }>(
      await t.p.db.execute(sql`select (select count(*) from ((${rolled}) except (${raw})) x)::int as a,
        (select count(*) from ((${raw}) except (${rolled})) y)::int as b, (select count(*) from (${raw}) z)::int as n`),
    );
    return d!;
  }
  const recompute = async () =>
    rowsOf<Raw>(
      await t.p.db.execute(sql`select product, account_id, owner_id, sender, currency, cost_currency, count::text,
        delivered::text, answered::text, revenue::text, cost::text from (${senderRecomputeSql(from, to)}) r`),
    );

  it('the sender rollup equals its recomputation from the raw records, and a rebuild of the day restores it', async () => {
    const d = await diff();
    expect(d.n).toBeGreaterThan(0);
    expect({ a: d.a, b: d.b }).toEqual({ a: 0, b: 0 });
    await t.p.db.execute(
      sql`update traffic_sender_daily set count = count + 5 where day = ${today} and product = 'sms'`,
    );
    expect((await diff()).a).toBeGreaterThan(0);
    await rebuildDay(t.p.db, today);
    expect(await diff()).toMatchObject({ a: 0, b: 0 });
    // the demo's numbers: one SMS sender id shared, each voice account's few caller numbers
    const raw = await recompute();
    expect(raw.filter((r) => r.product === 'sms').every((r) => r.sender === 'INFO')).toBe(true);
    const callers = new Set(raw.filter((r) => r.product === 'voice').map((r) => r.sender));
    const voiceAccounts = new Set(raw.filter((r) => r.product === 'voice').map((r) => r.account_id));
    expect(callers.size).toBeGreaterThan(0);
    expect(callers.size).toBeLessThanOrEqual(voiceAccounts.size * 3);
  });

  it('answers per number, product and currency, equal to a recomputation from the raw records', async () => {
    const raw = (await recompute()).filter((r) => r.product !== 'mo');
    const mo = new Map<string, number>();
    for (const r of await recompute())
      if (r.product === 'mo') mo.set(r.sender, (mo.get(r.sender) ?? 0) + Number(r.count));
    const want = new Map<
      string,
      { count: number; delivered: number; revenue: Decimal; costs: Map<string, Decimal>; accounts: Set<number> }
    >();
    for (const r of raw) {
      const key = `${r.sender}|${r.product}|${r.currency}`;
      const w = want.get(key) ?? {
        count: 0,
        delivered: 0,
        revenue: new Decimal(0),
        costs: new Map<string, Decimal>(),
        accounts: new Set<number>(),
      };
      want.set(key, w);
      w.count += Number(r.count);
      w.delivered += Number(r.product === 'voice' ? r.answered : r.delivered);
      w.revenue = w.revenue.plus(r.revenue);
      w.costs.set(r.cost_currency, (w.costs.get(r.cost_currency) ?? new Decimal(0)).plus(r.cost));
      w.accounts.add(Number(r.account_id));
    }
    const a = await get(`/v2/traffic/number-performance?${q()}&size=200`);
    expect(a.code, a.msg).toBe(0);
    expect(a.data.total).toBe(want.size);
    expect(a.data.records.length).toBe(Math.min(200, want.size));
    for (const r of a.data.records) {
      const w = want.get(`${r.number}|${r.product}|${r.currency}`)!;
      expect(w, `${r.number} ${r.product}`).toBeDefined();
      expect(r.count).toBe(w.count);
      expect(r.delivered).toBe(w.delivered);
      expect(r.revenue).toBe(w.revenue.toFixed(6));
      expect(r.accounts).toBe(w.accounts.size);
      expect(r.moReplies).toBe(mo.get(r.number) ?? 0);
      expect(r.deliveryRate).toBe(r.count ? new Decimal(r.delivered).times(100).div(r.count).toFixed(2) : null);
      const costs = [...w.costs]
        .filter(([, v]) => !v.isZero())
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([currency, v]) => ({ currency, amount: v.toFixed(6) }));
      expect(r.costs).toEqual(costs);
    }
    // a number's rows stand together (decision 0148), numbers by their whole volume, its rows largest first;
    // the SMS sender id carries the MO replies that came back to it
    const recs = a.data.records as { number: string; count: number }[];
    const order = [...new Set(recs.map((r) => r.number))];
    const volume = (n: string) => recs.filter((r) => r.number === n).reduce((v, r) => v + r.count, 0);
    expect(recs.map((r) => r.number)).toEqual(order.flatMap((n) => recs.filter((r) => r.number === n).map(() => n)));
    expect(order.map(volume)).toEqual(order.map(volume).sort((x, y) => y - x));
    for (const n of order) {
      const counts = recs.filter((r) => r.number === n).map((r) => r.count);
      expect(counts).toEqual([...counts].sort((x, y) => y - x));
    }
    const info = a.data.records.find((r: { number: string; product: string }) => r.number === 'INFO');
    expect(info?.moReplies).toBeGreaterThan(0);
    // totals per currency over the whole filter
    for (const tot of a.data.totals) {
      const mine = [...want].filter(([k]) => k.endsWith(`|${tot.currency}`)).map(([k, w]) => ({ k, w }));
      expect(tot.count).toBe(mine.reduce((n, x) => n + x.w.count, 0));
      expect(tot.revenue).toBe(mine.reduce((n, x) => n.plus(x.w.revenue), new Decimal(0)).toFixed(6));
      expect(tot.numbers).toBe(new Set(mine.map((x) => x.k.split('|')[0])).size);
    }
    // a second page is the list's continuation
    const paged = await get(`/v2/traffic/number-performance?${q()}&size=2&page=2`);
    expect(paged.data.records).toEqual(a.data.records.slice(2, 4));
  });

  it('filters by number prefix, product, account and sales; the sales person sees their accounts only', async () => {
    const all = (await get(`/v2/traffic/number-performance?${q()}&size=200`)).data.records as {
      number: string;
      product: string;
    }[];
    const voice = await get(`/v2/traffic/number-performance?${q()}&product=voice&size=200`);
    expect(voice.data.total).toBe(all.filter((r) => r.product === 'voice').length);
    const caller = all.find((r) => r.product === 'voice')!.number;
    const prefix = caller.slice(0, 9);
    const byPrefix = await get(`/v2/traffic/number-performance?${q()}&number=%2B${prefix}&size=200`);
    expect(byPrefix.data.total).toBe(all.filter((r) => r.number.startsWith(prefix)).length);
    expect(byPrefix.data.total).toBeGreaterThan(0);
    const raw = await recompute();
    const account = Number(raw.find((r) => r.product === 'sms')!.account_id);
    const one = await get(`/v2/traffic/number-performance?${q()}&accountId=${account}&size=200`);
    expect(one.data.records.every((r: { accounts: number }) => r.accounts === 1)).toBe(true);
    expect(one.data.total).toBe(
      new Set(
        raw
          .filter((r) => Number(r.account_id) === account && r.product !== 'mo')
          .map((r) => `${r.sender}|${r.product}|${r.currency}`),
      ).size,
    );
    // the sales person: the traffic of the accounts they own, the same as the admin filtering on them
    const sales = await signIn(t.app, DEMO.sales01);
    const [me] = rowsOf<{ id: number }>(
      await t.p.db.execute(sql`select id from staff_users where username = 'sales01'`),
    );
    const mine = await get(`/v2/traffic/number-performance?${q()}&size=200`, sales);
    expect(mine.code, mine.msg).toBe(0);
    const asAdmin = await get(`/v2/traffic/number-performance?${q()}&ownerId=${me!.id}&size=200`);
    expect(mine.data.total).toBeGreaterThan(0);
    expect(mine.data.records).toEqual(asAdmin.data.records);
    expect(mine.data.totals).toEqual(asAdmin.data.totals);
    const theirs = raw.filter((r) => Number(r.owner_id) === Number(me!.id) && r.product !== 'mo');
    expect(mine.data.total).toBe(new Set(theirs.map((r) => `${r.sender}|${r.product}|${r.currency}`)).size);
  });

  it('exports what the screen lists: a row per number, product, currency and cost currency', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/number-performance/export',
      headers: bearer(admin),
      payload: { from: from.toISOString(), to: to.toISOString(), product: 'voice', format: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    const raw = (await recompute()).filter((r) => r.product === 'voice');
    expect(res.headers['x-export-rows']).toBe(
      String(new Set(raw.map((r) => `${r.sender}|${r.currency}|${r.cost_currency}`)).size),
    );
    expect(res.body).toContain(raw[0]!.sender);
    const none = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/number-performance/export',
      headers: bearer(admin),
      payload: { format: 'csv' },
    });
    expect(none.json().code).toBe(Errors.TRF_RANGE_REQUIRED.code);
  });

  it('bad input gets a clear code', async () => {
    const now = t.clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    const url = '/v2/traffic/number-performance';
    expect((await get(url)).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    expect((await get(`${url}?from=${iso(now - 94 * DAY)}&to=${iso(now)}`)).code).toBe(Errors.TRF_RANGE_TOO_LONG.code);
    expect((await get(`${url}?from=${iso(now)}&to=${iso(now - DAY)}`)).code).toBe(Errors.TRF_RANGE_INVERTED.code);
    for (const bad of [
      'product=mo',
      'product=fax',
      'accountId=x',
      'ownerId=x',
      'page=0',
      'size=100000',
      `number=${'9'.repeat(65)}`,
    ])
      expect((await get(`${url}?${q()}&${bad}`)).code, bad).toBe(Errors.VALIDATION_FAILED.code);
  });
});
