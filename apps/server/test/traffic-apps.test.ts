import { Errors } from '@portal/contracts';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../src/modules/traffic/partitions.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, type TestApp, type Tokens } from './harness.js';
import { DAY, trafficCalls, trafficWorld } from './support/traffic-fixture.js';

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
let salesId: number;
let from: string;
let to: string;

beforeAll(async () => {
  ({ t, admin, sales, salesId } = await trafficWorld());
  // today's UTC day: its raw records are all there (the demo's earlier history is rollups only)
  from = `${dayOf(t.clock.now())}T00:00:00.000Z`;
  to = new Date(new Date(from).getTime() + DAY).toISOString();
}, 180_000);
afterAll(async () => t?.close());

const { get } = trafficCalls(() => t);
const range = () => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
// biome-ignore lint/suspicious/noExplicitAny: rows read field by field
const all = async (tok: Tokens, product: string, extra = ''): Promise<any[]> => {
  // biome-ignore lint/suspicious/noExplicitAny: rows read field by field
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const a = await get(tok, `/v2/traffic/apps/${product}?${range()}&size=200&page=${page}${extra}`);
    expect(a.code).toBe(0);
    out.push(...a.data.records);
    if (out.length >= a.data.total || a.data.records.length === 0) {
      expect(out.length).toBe(a.data.total);
      return out;
    }
  }
};

/** per account and currency from the raw SMS parts of the range: messages, parts, delivered parts, revenue */
async function rawSms(owner?: number) {
  const o = owner === undefined ? sql`true` : sql`owner_id = ${owner}`;
  return rowsOf<{
    account_id: number;
    currency: string;
    count: string;
    segments: string;
    delivered: string;
    revenue: string;
  }>(
    await t.p.db.execute(sql`select account_id, currency, count(*) filter (where part = 1)::text as count,
        count(*)::text as segments,
        count(*) filter (where submit_status <> 'rejected' and dlr_state = 'delivered')::text as delivered,
        sum(price)::text as revenue
      from traffic_sms where submit_at >= ${from} and submit_at < ${to} and ${o} group by 1, 2`),
  ).map((r) => ({
    accountId: Number(r.account_id),
    currency: r.currency,
    count: Number(r.count),
    segments: Number(r.segments),
    delivered: Number(r.delivered),
    revenue: new Decimal(r.revenue).toFixed(6),
  }));
}
const key = (r: { accountId: number; currency: string }) => `${r.accountId}|${r.currency}`;
const sorted = <T extends { accountId: number; currency: string }>(xs: T[]) =>
  [...xs].sort((a, b) => key(a).localeCompare(key(b)));

describe('app-query (decision 0138)', () => {
  it('answers each account’s SMS in the range as the raw records sum it, with its SMS applications', async () => {
    const rows = await all(admin, 'sms');
    const raw = await rawSms();
    expect(raw.length).toBeGreaterThan(0);
    expect(
      sorted(
        rows.map((r) => ({
          accountId: r.accountId,
          currency: r.currency,
          count: r.count,
          segments: r.segments,
          delivered: r.delivered,
          revenue: r.revenue,
        })),
      ),
    ).toEqual(sorted(raw));
    for (const r of rows) {
      if (r.segments) expect(r.deliveredRate).toBe(new Decimal(r.delivered).times(100).div(r.segments).toFixed(2));
      expect(r.asr).toBeNull();
    }
    // the applications beside a row are the account's SMS applications, by APP id
    const withApps = rows.find((r) => r.apps.length > 0);
    expect(withApps).toBeDefined();
    const apps = rowsOf<{ app_id: string }>(
      await t.p.db.execute(
        sql`select app_id from fin_clients where account_id = ${withApps.accountId} and product = 'sms' order by app_id`,
      ),
    ).map((x) => x.app_id);
    expect(withApps.apps.map((a: { appId: string }) => a.appId)).toEqual(apps);
    expect(withApps.accountCode).toMatch(/\S/);
  });

  it('filters by an application (its account), refuses an unknown one and one of another product', async () => {
    const [app] = rowsOf<{ app_id: string; account_id: number }>(
      await t.p.db.execute(sql`select c.app_id, c.account_id from fin_clients c where c.product = 'sms'
        and exists (select 1 from traffic_sms s where s.account_id = c.account_id and s.submit_at >= ${from} and s.submit_at < ${to})
        order by c.app_id limit 1`),
    );
    expect(app).toBeDefined();
    const rows = await all(admin, 'sms', `&appId=${app!.app_id}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.accountId))).toEqual(new Set([Number(app!.account_id)]));
    expect((await get(admin, `/v2/traffic/apps/sms?${range()}&appId=APP999999999`)).code).toBe(
      Errors.TRF_APP_NOT_FOUND.code,
    );
    const [voiceApp] = rowsOf<{ app_id: string }>(
      await t.p.db.execute(sql`select app_id from fin_clients where product = 'voice' limit 1`),
    );
    if (voiceApp)
      expect((await get(admin, `/v2/traffic/apps/sms?${range()}&appId=${voiceApp.app_id}`)).code).toBe(
        Errors.TRF_APP_PRODUCT.code,
      );
  });

  it('needs a range of at most 93 days', async () => {
    expect((await get(admin, '/v2/traffic/apps/sms')).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    const long = `from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z`;
    expect((await get(admin, `/v2/traffic/apps/voice?${long}`)).code).toBe(Errors.TRF_RANGE_TOO_LONG.code);
  });

  it('shows a sales only the traffic of the accounts they own', async () => {
    const rows = await all(sales, 'sms');
    expect(
      sorted(
        rows.map((r) => ({
          accountId: r.accountId,
          currency: r.currency,
          count: r.count,
          segments: r.segments,
          delivered: r.delivered,
          revenue: r.revenue,
        })),
      ),
    ).toEqual(sorted(await rawSms(salesId)));
  });

  it('answers voice attempts, answered, ASR, ACD and billed minutes', async () => {
    const rows = await all(admin, 'voice');
    const raw = rowsOf<{
      account_id: number;
      currency: string;
      n: string;
      answered: string;
      seconds: string;
      revenue: string;
    }>(
      await t.p.db.execute(sql`select account_id, currency, count(*)::text as n,
          count(*) filter (where answer_at is not null)::text as answered, sum(billed_duration)::text as seconds,
          sum(price)::text as revenue
        from traffic_voice where setup_at >= ${from} and setup_at < ${to} group by 1, 2`),
    );
    expect(rows.length).toBe(raw.length);
    for (const x of raw) {
      const r = rows.find((y) => y.accountId === Number(x.account_id) && y.currency === x.currency);
      expect(r).toBeDefined();
      expect(r.count).toBe(Number(x.n));
      expect(r.minutes).toBe(new Decimal(x.seconds).div(60).toFixed(2));
      expect(r.revenue).toBe(new Decimal(x.revenue).toFixed(6));
      if (r.count) expect(r.asr).toBe(new Decimal(r.answered).times(100).div(r.count).toFixed(2));
    }
  });

  it('splits by day when asked, and exports the same rows', async () => {
    const days = await all(admin, 'sms', '&byDay=true');
    const flat = await all(admin, 'sms');
    expect(days.every((r) => r.day === dayOf(new Date(from)))).toBe(true);
    expect(days.reduce((s, r) => s + r.count, 0)).toBe(flat.reduce((s, r) => s + r.count, 0));
    // the export of one application's account: its rows, the application named on each
    const one = flat.find((r) => r.apps.length > 0);
    const appId = one.apps[0].appId;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/apps/sms/export',
      headers: bearer(admin),
      payload: { from, to, appId, format: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe(String(flat.filter((r) => r.accountId === one.accountId).length));
    expect(res.body).toContain(appId);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/apps/voice/export',
      headers: bearer(admin),
      payload: { from, to, appId, format: 'csv' },
    });
    expect(wrong.json().code).toBe(Errors.TRF_APP_PRODUCT.code);
  });
});
