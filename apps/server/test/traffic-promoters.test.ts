import { Errors } from '@portal/contracts';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../src/modules/traffic/partitions.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, type TestApp, type Tokens, xlsxSheets } from './harness.js';
import { DAY, trafficCalls, trafficWorld } from './support/traffic-fixture.js';

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
let salesId: number;

beforeAll(async () => {
  ({ t, admin, sales, salesId } = await trafficWorld());
}, 180_000);
afterAll(async () => t?.close());

const { get } = trafficCalls(() => t);

type Expected = {
  promoterId: number;
  signUps: number;
  customers: number;
  dealt: number;
  currency: string | null;
  count: number;
  revenue: string;
};

/**
 * Recomputed from the sign-ups table and the full daily rollup `traffic_daily` over the range's whole
 * UTC days: per promoter, the range's sign-ups, those converted, its customers (any sign-up) with traffic
 * and their traffic per price currency.
 */
async function recompute(from: Date, to: Date, userId?: number): Promise<Expected[]> {
  const last = dayOf(new Date(to.getTime() - 1));
  const who = userId === undefined ? sql`true` : sql`s.user_id = ${userId}`;
  const signs = rowsOf<{ user_id: number; sign_ups: string; converted: string }>(
    await t.p.db.execute(sql`select user_id, count(*) filter (where created_at >= ${from.toISOString()}::timestamptz
        and created_at < ${to.toISOString()}::timestamptz)::text as sign_ups,
        count(*) filter (where created_at >= ${from.toISOString()}::timestamptz
        and created_at < ${to.toISOString()}::timestamptz and customer_id is not null)::text as converted
      from crm_promotion_signups s where ${who} group by user_id`),
  );
  const traffic = rowsOf<{ user_id: number; currency: string; count: string; revenue: string; customers: string }>(
    await t.p.db.execute(sql`select p.user_id, d.currency, sum(d.count)::text as count, sum(d.revenue)::text as revenue,
        count(distinct d.customer_id) filter (where d.count > 0)::text as customers
      from (select distinct user_id, customer_id from crm_promotion_signups s where customer_id is not null and ${who}) p
      join traffic_daily d on d.customer_id = p.customer_id
      where d.day >= ${dayOf(from)}::date and d.day <= ${last}::date and d.product <> 'mo'
      group by 1, 2`),
  );
  const dealt = rowsOf<{ user_id: number; n: string }>(
    await t.p.db.execute(sql`select p.user_id, count(distinct d.customer_id)::text as n
      from (select distinct user_id, customer_id from crm_promotion_signups s where customer_id is not null and ${who}) p
      join traffic_daily d on d.customer_id = p.customer_id
      where d.day >= ${dayOf(from)}::date and d.day <= ${last}::date and d.product <> 'mo' and d.count > 0
      group by 1`),
  );
  const out: Expected[] = [];
  const users = new Set([...signs.map((s) => Number(s.user_id)), ...traffic.map((r) => Number(r.user_id))]);
  for (const u of users) {
    const s = signs.find((x) => Number(x.user_id) === u);
    const base = {
      promoterId: u,
      signUps: Number(s?.sign_ups ?? 0),
      customers: Number(s?.converted ?? 0),
      dealt: Number(dealt.find((x) => Number(x.user_id) === u)?.n ?? 0),
    };
    const mine = traffic.filter((r) => Number(r.user_id) === u);
    if (!mine.length && base.signUps === 0) continue;
    if (!mine.length) out.push({ ...base, currency: null, count: 0, revenue: new Decimal(0).toFixed(6) });
    for (const r of mine)
      out.push({ ...base, currency: r.currency, count: Number(r.count), revenue: new Decimal(r.revenue).toFixed(6) });
  }
  return out.sort(byKey);
}
const byKey = (a: Expected, b: Expected) =>
  a.promoterId - b.promoterId || String(a.currency).localeCompare(String(b.currency));
const pick = (rows: Expected[]) =>
  rows
    .map(({ promoterId, signUps, customers, dealt, currency, count, revenue }) => ({
      promoterId,
      signUps,
      customers,
      dealt,
      currency,
      count,
      revenue,
    }))
    .sort(byKey);

describe('star-promoter-performance (decision 0136)', () => {
  const range = () => {
    const to = new Date(t.clock.now().getTime() + 60_000);
    const from = new Date(to.getTime() - 30 * DAY);
    return { from, to, q: `from=${from.toISOString()}&to=${to.toISOString()}` };
  };

  it('equals the sign-ups and the daily rollup recomputed per promoter, ranked by revenue, with totals', async () => {
    const { from, to, q } = range();
    const expected = await recompute(from, to);
    expect(expected.some((e) => e.count > 0)).toBe(true);
    expect(expected.some((e) => e.signUps > 0)).toBe(true);
    const all = await get(admin, `/v2/traffic/star-promoters?${q}&size=200`);
    expect(all.code, all.msg).toBe(0);
    expect(pick(all.data.records)).toEqual(expected);
    expect(all.data.total).toBe(expected.length);
    // per currency, largest revenue first, ranked 1, 2, …; the promoters without traffic last
    const rows = all.data.records as (Expected & { rank: number | null })[];
    const firstNull = rows.findIndex((r) => r.currency === null);
    if (firstNull >= 0) expect(rows.slice(firstNull).every((r) => r.currency === null && r.rank === null)).toBe(true);
    for (const cur of new Set(rows.filter((r) => r.currency).map((r) => r.currency))) {
      const mine = rows.filter((r) => r.currency === cur);
      expect(mine.map((r) => r.rank)).toEqual(mine.map((_, i) => i + 1));
      const revenue = mine.map((r) => Number(r.revenue));
      expect(revenue).toEqual([...revenue].sort((a, b) => b - a));
    }
    // totals: every customer once
    const paged = await get(admin, `/v2/traffic/star-promoters?${q}&size=2&page=2`);
    expect(paged.data.records).toEqual(all.data.records.slice(2, 4));
    expect(paged.data.totals).toEqual(all.data.totals);
    const once = rowsOf<{ currency: string; count: string; revenue: string }>(
      await t.p.db.execute(sql`select currency, sum(count)::text as count, sum(revenue)::text as revenue from traffic_daily
        where customer_id in (select customer_id from crm_promotion_signups where customer_id is not null)
          and day >= ${dayOf(from)}::date and day <= ${dayOf(new Date(to.getTime() - 1))}::date and product <> 'mo'
        group by 1 order by 1`),
    );
    expect(
      all.data.totals.map((x: Expected) => ({ currency: x.currency, count: x.count, revenue: x.revenue })),
    ).toEqual(
      once.map((o) => ({ currency: o.currency, count: Number(o.count), revenue: new Decimal(o.revenue).toFixed(6) })),
    );
    expect(all.data.counts.signUps).toBe(
      [...new Map(expected.map((e) => [e.promoterId, e.signUps])).values()].reduce((a, b) => a + b, 0),
    );
  });

  it('keeps a sales to their own link, and narrows to one promoter or department', async () => {
    const { from, to, q } = range();
    const mine = await get(sales, `/v2/traffic/star-promoters?${q}&size=200`);
    expect(mine.code, mine.msg).toBe(0);
    expect(pick(mine.data.records)).toEqual(await recompute(from, to, salesId));
    expect(mine.data.records.length).toBeGreaterThan(0);
    const one = await get(admin, `/v2/traffic/star-promoters?${q}&size=200&promoterId=${salesId}`);
    expect(pick(one.data.records)).toEqual(await recompute(from, to, salesId));
    // another promoter asked for by a sales: nothing of theirs
    const [other] = rowsOf<{ id: number }>(
      await t.p.db.execute(sql`select id from staff_users where username = 'salesmgr'`),
    );
    const none = await get(sales, `/v2/traffic/star-promoters?${q}&size=200&promoterId=${other!.id}`);
    expect(none.code).toBe(0);
    expect(none.data.records).toEqual([]);
    const [dept] = rowsOf<{ department_id: number }>(
      await t.p.db.execute(sql`select department_id from user_departments where user_id = ${salesId} limit 1`),
    );
    const byDept = await get(admin, `/v2/traffic/star-promoters?${q}&size=200&departmentId=${dept!.department_id}`);
    expect(byDept.code, byDept.msg).toBe(0);
    expect(byDept.data.records.some((r: Expected) => r.promoterId === salesId)).toBe(true);
  });

  it('refuses bad input with its code', async () => {
    const to = new Date(t.clock.now().getTime());
    const from = new Date(to.getTime() - 30 * DAY);
    const q = `from=${from.toISOString()}&to=${to.toISOString()}`;
    const cases: [string, number][] = [
      ['', Errors.TRF_RANGE_REQUIRED.code],
      [
        `from=${from.toISOString()}&to=${new Date(from.getTime() + 100 * DAY).toISOString()}`,
        Errors.TRF_RANGE_TOO_LONG.code,
      ],
      [`from=${to.toISOString()}&to=${from.toISOString()}`, Errors.TRF_RANGE_INVERTED.code],
      [`${q}&promoterId=99999999`, Errors.TRF_PROMOTER_UNKNOWN.code],
      [`${q}&departmentId=99999999`, Errors.TRF_DEPARTMENT_UNKNOWN.code],
      [`${q}&promoterId=x`, Errors.VALIDATION_FAILED.code],
    ];
    for (const [query, code] of cases)
      expect((await get(admin, `/v2/traffic/star-promoters?${query}`)).code).toBe(code);
  });

  it('exports every row in the caller’s language and scope (star promoters and agent performance)', async () => {
    const { q } = range();
    const all = await get(sales, `/v2/traffic/star-promoters?${q}&size=200`);
    const { from, to } = range();
    const body = { from: from.toISOString(), to: to.toISOString() };
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/star-promoters/export',
      headers: { ...bearer(sales), 'accept-language': 'en' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [sheet] = await xlsxSheets(res.rawPayload);
    expect(sheet![0]![0]).toBe('Rank');
    expect(sheet!.length - 1).toBe(all.data.total);
    expect(sheet!.slice(1).map((r) => r[7])).toEqual(all.data.records.map((r: Expected) => r.revenue));
    const zh = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/agent-performance/export',
      headers: { ...bearer(sales), 'accept-language': 'zh-CN' },
      payload: body,
    });
    expect(zh.statusCode, zh.body).toBe(200);
    const agents = await get(sales, `/v2/traffic/agent-performance?${q}&size=200`);
    const [asheet] = await xlsxSheets(zh.rawPayload);
    expect(asheet![0]![0]).toBe('代理编码');
    expect(asheet!.length - 1).toBe(agents.data.total);
    expect(asheet!.slice(1).map((r) => Number(r[3]))).toEqual(agents.data.records.map((r: Expected) => r.count));
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/agent-performance/export',
      headers: bearer(sales),
      payload: {},
    });
    expect(bad.json().code).toBe(Errors.TRF_RANGE_REQUIRED.code);
  });
});
