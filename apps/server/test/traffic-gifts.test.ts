import { Errors } from '@portal/contracts';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftsByAccount } from '../src/modules/finance/gifts.js';
import { reverseEntry } from '../src/modules/finance/ledger.js';
import { dayOf } from '../src/modules/traffic/partitions.js';
import type { AuthContext } from '../src/platform/auth/context.js';
import { rowsOf } from '../src/platform/db/index.js';
import { bearer, type TestApp, type Tokens, xlsxSheets } from './harness.js';
import { DAY, trafficCalls, trafficWorld } from './support/traffic-fixture.js';

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
let salesId: number;

beforeAll(async () => {
  ({ t, admin, sales, salesId } = await trafficWorld());
}, 300_000);
afterAll(async () => t?.close());

const { get } = trafficCalls(() => t);
const range = (days = 90) => {
  const to = new Date(t.clock.now().getTime() + 60_000);
  const from = new Date(to.getTime() - days * DAY);
  return { from, to, days: { from: dayOf(from), to: dayOf(new Date(to.getTime() - 1)) } };
};
const qs = (r: { from: Date; to: Date }) => `from=${r.from.toISOString()}&to=${r.to.toISOString()}`;

type Line = { accountId: number; currency: string; gifts: number; giftAmount: string; count: number; revenue: string };
const byKey = (a: Line, b: Line) => a.accountId - b.accountId || a.currency.localeCompare(b.currency);
const pick = (rows: Line[]) =>
  rows
    .map(({ accountId, currency, gifts, giftAmount, count, revenue }) => ({
      accountId,
      currency,
      gifts,
      giftAmount,
      count,
      revenue,
    }))
    .sort(byKey);

/**
 * Recomputed from the ledger's gift entries and the full daily rollup `traffic_daily` over the range's UTC
 * days: per account and currency; `owner` narrows both to one sales (the customer's owner for the gifts,
 * the rollup's owner for the traffic); `all` keeps the accounts with traffic and no gift.
 */
async function recompute(days: { from: string; to: string }, o: { owner?: number; all?: boolean } = {}) {
  const giftOwner = o.owner === undefined ? sql`true` : sql`c.owner_id = ${o.owner}`;
  const gifts = rowsOf<{ account_id: number; currency: string; n: string; amount: string }>(
    await t.p.db.execute(sql`select e.account_id, e.currency, count(*) filter (where e.reverses_id is null)::text as n,
        sum(e.amount)::text as amount
      from fin_ledger_entries e join fin_accounts a on a.id = e.account_id join crm_customers c on c.id = a.customer_id
      where e.kind = 'gift' and e.day between ${days.from}::date and ${days.to}::date and ${giftOwner}
      group by 1, 2`),
  );
  const trafficOwner = o.owner === undefined ? sql`true` : sql`owner_id = ${o.owner}`;
  const traffic = rowsOf<{ account_id: number; currency: string; count: string; revenue: string }>(
    await t.p.db.execute(sql`select account_id, currency, sum(count)::text as count, sum(revenue)::text as revenue
      from traffic_daily where day between ${days.from}::date and ${days.to}::date and product <> 'mo'
        and ${trafficOwner}
      group by 1, 2`),
  );
  const lines = new Map<string, Line>();
  const line = (accountId: number, currency: string) => {
    const k = `${accountId}|${currency}`;
    const l = lines.get(k) ?? {
      accountId,
      currency,
      gifts: 0,
      giftAmount: new Decimal(0).toFixed(6),
      count: 0,
      revenue: new Decimal(0).toFixed(6),
    };
    lines.set(k, l);
    return l;
  };
  for (const g of gifts) {
    const l = line(Number(g.account_id), g.currency);
    l.gifts = Number(g.n);
    l.giftAmount = new Decimal(g.amount).toFixed(6);
  }
  const withGift = new Set(gifts.map((g) => Number(g.account_id)));
  for (const r of traffic) {
    if (!o.all && !withGift.has(Number(r.account_id))) continue;
    const l = line(Number(r.account_id), r.currency);
    l.count = Number(r.count);
    l.revenue = new Decimal(r.revenue).toFixed(6);
  }
  return [...lines.values()].sort(byKey);
}

describe('the ledger port’s giftsByAccount (decision 0143)', () => {
  it('sums the gift entries of the days per account, narrowed by accounts, owners and data scope', async () => {
    const { days } = range();
    const all = await giftsByAccount(t.p.db, days);
    const direct = rowsOf<{ account_id: number; amount: string; n: string }>(
      await t.p.db.execute(sql`select account_id, sum(amount)::text as amount, count(*)::text as n from fin_ledger_entries
        where kind = 'gift' and day between ${days.from}::date and ${days.to}::date group by 1 order by 1`),
    );
    expect(direct.length).toBeGreaterThan(3);
    expect(all.map((g) => [g.accountId, g.amount, g.count])).toEqual(
      direct.map((d) => [Number(d.account_id), new Decimal(d.amount).toFixed(4), Number(d.n)]),
    );
    const two = all.slice(0, 2).map((g) => g.accountId);
    expect((await giftsByAccount(t.p.db, { ...days, accountIds: two })).map((g) => g.accountId)).toEqual(two);
    const own: AuthContext = {
      userId: salesId,
      username: 'sales01',
      sessionId: 'x',
      perms: new Set(),
      scope: { kind: 'own', departmentIds: [] },
    };
    const mine = await giftsByAccount(t.p.db, { ...days, scope: own });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine).toEqual(all.filter((g) => g.ownerId === salesId));
    expect(await giftsByAccount(t.p.db, { ...days, ownerIds: [salesId] })).toEqual(mine);
    // a reversal subtracts its amount and is not a gift
    const [entry] = rowsOf<{ id: number; amount: string; account_id: number }>(
      await t.p.db.execute(sql`select e.id, e.amount::text as amount, e.account_id from fin_ledger_entries e
        join fin_accounts a on a.id = e.account_id
        where e.kind = 'gift' and e.day >= ${days.from}::date
          and (a.billing = 'postpaid' or a.balance - e.amount >= -(a.credit_line + a.temp_credit))
        order by e.id limit 1`),
    );
    const first = all.find((g) => g.accountId === Number(entry!.account_id))!;
    await t.p.db.transaction((tx) => reverseEntry(tx, entry!.id, salesId, t.clock.now()));
    const [after] = await giftsByAccount(t.p.db, { ...days, accountIds: [first.accountId] });
    expect(after!.count).toBe(first.count);
    expect(after!.amount).toBe(new Decimal(first.amount).minus(entry!.amount).toFixed(4));
  });
});

describe('gift-performance (decision 0143)', () => {
  it('equals the ledger’s gift entries and the daily rollup per account, with totals', async () => {
    const r = range();
    const expected = await recompute(r.days);
    expect(expected.length).toBeGreaterThan(3);
    expect(expected.some((e) => e.count > 0)).toBe(true);
    const a = await get(admin, `/v2/traffic/gift-performance?${qs(r)}&size=200`);
    expect(a.code, a.msg).toBe(0);
    expect(pick(a.data.records)).toEqual(expected);
    expect(a.data.total).toBe(expected.length);
    const row = a.data.records.find((x: Line) => x.count > 0 && Number(x.revenue) > 0);
    expect(row.giftRatio).toBe(new Decimal(row.giftAmount).times(100).div(row.revenue).toFixed(2));
    expect(row.accountCode).toMatch(/^CA\d+$/);
    expect(row.customerName).toBeTruthy();
    expect(row.ownerName).toBeTruthy();
    // per currency, largest gift first
    for (const cur of new Set(a.data.records.map((x: Line) => x.currency))) {
      const amounts = a.data.records.filter((x: Line) => x.currency === cur).map((x: Line) => Number(x.giftAmount));
      expect(amounts).toEqual([...amounts].sort((p, q) => q - p));
    }
    // totals per currency over the whole filter; a page of it
    for (const total of a.data.totals) {
      const mine = expected.filter((e) => e.currency === total.currency);
      expect(total.accounts).toBe(mine.length);
      expect(total.gifts).toBe(mine.reduce((s, e) => s + e.gifts, 0));
      expect(total.giftAmount).toBe(mine.reduce((s, e) => s.plus(e.giftAmount), new Decimal(0)).toFixed(6));
      expect(total.revenue).toBe(mine.reduce((s, e) => s.plus(e.revenue), new Decimal(0)).toFixed(6));
    }
    const paged = await get(admin, `/v2/traffic/gift-performance?${qs(r)}&size=2&page=2`);
    expect(paged.data.records).toEqual(a.data.records.slice(2, 4));
    expect(paged.data.totals).toEqual(a.data.totals);
    // the switch: every account with gifts or traffic
    const every = await get(admin, `/v2/traffic/gift-performance?${qs(r)}&size=200&all=true`);
    expect(every.code, every.msg).toBe(0);
    expect(pick(every.data.records)).toEqual(await recompute(r.days, { all: true }));
    expect(every.data.total).toBeGreaterThan(a.data.total);
  });

  it('keeps a sales to their own accounts, and narrows to an owner, a department or a customer', async () => {
    const r = range();
    const mine = await get(sales, `/v2/traffic/gift-performance?${qs(r)}&size=200`);
    expect(mine.code, mine.msg).toBe(0);
    expect(mine.data.records.length).toBeGreaterThan(0);
    expect(mine.data.records.every((x: { ownerId: number }) => x.ownerId === salesId)).toBe(true);
    expect(pick(mine.data.records)).toEqual(await recompute(r.days, { owner: salesId }));
    const owner = await get(admin, `/v2/traffic/gift-performance?${qs(r)}&size=200&ownerId=${salesId}`);
    expect(pick(owner.data.records)).toEqual(pick(mine.data.records));
    const [other] = rowsOf<{ id: number }>(
      await t.p.db.execute(sql`select id from staff_users where username = 'salesmgr'`),
    );
    const none = await get(sales, `/v2/traffic/gift-performance?${qs(r)}&size=200&ownerId=${other!.id}`);
    expect(none.code).toBe(0);
    expect(none.data.records).toEqual([]);
    const [dept] = rowsOf<{ department_id: number }>(
      await t.p.db.execute(sql`select department_id from user_departments where user_id = ${salesId} limit 1`),
    );
    const byDept = await get(
      admin,
      `/v2/traffic/gift-performance?${qs(r)}&size=200&departmentId=${dept!.department_id}`,
    );
    expect(byDept.code, byDept.msg).toBe(0);
    expect(byDept.data.records.some((x: { ownerId: number }) => x.ownerId === salesId)).toBe(true);
    const one = mine.data.records[0];
    const byCustomer = await get(admin, `/v2/traffic/gift-performance?${qs(r)}&size=200&customerId=${one.customerId}`);
    expect(byCustomer.data.records.length).toBeGreaterThan(0);
    expect(byCustomer.data.records.every((x: { customerId: number }) => x.customerId === one.customerId)).toBe(true);
  });

  it('refuses bad input with its code', async () => {
    const r = range(30);
    const q = qs(r);
    const cases: [string, number][] = [
      ['', Errors.TRF_RANGE_REQUIRED.code],
      [`from=${r.from.toISOString()}`, Errors.TRF_RANGE_REQUIRED.code],
      [`${qs({ from: r.from, to: new Date(r.from.getTime() + 94 * DAY) })}`, Errors.TRF_RANGE_TOO_LONG.code],
      [`${qs({ from: r.to, to: r.from })}`, Errors.TRF_RANGE_INVERTED.code],
      [`${q}&ownerId=99999999`, Errors.TRF_OWNER_UNKNOWN.code],
      [`${q}&departmentId=99999999`, Errors.TRF_DEPARTMENT_UNKNOWN.code],
      [`${q}&customerId=99999999`, Errors.TRF_CUSTOMER_UNKNOWN.code],
      [`${q}&ownerId=x`, Errors.VALIDATION_FAILED.code],
      [`${q}&all=yes`, Errors.VALIDATION_FAILED.code],
      [`${q}&from=yesterday`, Errors.VALIDATION_FAILED.code],
    ];
    for (const [query, code] of cases)
      expect((await get(admin, `/v2/traffic/gift-performance?${query}`)).code, query).toBe(code);
  });

  it('exports every row in the caller’s language and scope', async () => {
    const r = range();
    const mine = await get(sales, `/v2/traffic/gift-performance?${qs(r)}&size=200`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/gift-performance/export',
      headers: { ...bearer(sales), 'accept-language': 'en' },
      payload: { from: r.from.toISOString(), to: r.to.toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [sheet] = await xlsxSheets(res.rawPayload);
    expect(sheet![0]![0]).toBe('Account');
    expect(sheet!.length - 1).toBe(mine.data.total);
    expect(sheet!.slice(1).map((x) => x[6])).toEqual(mine.data.records.map((x: Line) => x.giftAmount));
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/gift-performance/export',
      headers: bearer(sales),
      payload: {},
    });
    expect(bad.json().code).toBe(Errors.TRF_RANGE_REQUIRED.code);
  });
});
