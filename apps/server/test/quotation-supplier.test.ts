import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { and, count, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingTasksOf } from '../src/modules/approval/index.js';
import { Q } from '../src/modules/quotation/rating.js';
import { qmPrices, qmSupplierQuotes } from '../src/modules/quotation/schema.js';
import { srmChannels, srmRouteBinds } from '../src/modules/srm/channels/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { renderMessage } from '../src/platform/i18n/message-templates.js';
import { portOf } from '../src/platform/ports.js';
import { type Answer, approvalWorld, type Wf } from './approval-support.js';
import { bearer, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const HOUR = 3_600_000;
let t: TestApp;
let w: Wf;
let now: number;
let buyer: Tokens;
let manager: Tokens;
const iso = (ms: number) => new Date(ms).toISOString();

const call = async (tok: Tokens, url: string, payload?: object): Promise<Answer> => {
  if (!payload) return (await t.app.inject({ url, headers: bearer(tok) })).json();
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) })).json()
    .data.key;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(tok), [IDEMPOTENCE_HEADER]: key },
    payload,
  });
  return res.json();
};
const save = (tok: Tokens, body: object) => call(tok, '/v2/qm/price/save', body);
const detail = (tok: Tokens, id: number) => call(tok, `/v2/qm/specialReview/supplier/details/${id}`);
const decide = async (approvalId: number, action: 'agree' | 'reject') => {
  const [task] = await pendingTasksOf(t.p.db, approvalId);
  expect(task, `no open task on ${approvalId}`).toBeDefined();
  return call(
    manager,
    `/v2/workflow/${action}`,
    action === 'agree'
      ? { taskId: task!.taskId, opinion: 'ok' }
      : { taskId: task!.taskId, target: 'end', opinion: 'no' },
  );
};
const costAt = (channelId: number, network: string, at: number) =>
  portOf(t.p.db, 'rating')!.costFor({
    channelId,
    product: 'sms',
    destination: { network },
    at: new Date(at),
    units: 1,
  });
const requestOf = async (id: number) =>
  (await t.p.db.select().from(qmSupplierQuotes).where(eq(qmSupplierQuotes.id, id)))[0]!;
const rowsCount = async () => (await t.p.db.select({ n: count() }).from(qmPrices))[0]!.n;

interface Routed {
  channelId: number;
  network: string;
  country: string;
  cost: string;
}
const routed: Routed[] = [];
let seeded: (typeof qmSupplierQuotes.$inferSelect)[] = [];

beforeAll(async () => {
  t = await startTestApp();
  w = await approvalWorld(t);
  now = t.p.clock.now().getTime();
  seeded = await t.p.db.select().from(qmSupplierQuotes);
  buyer = await signIn(t.app, { username: 'purchase01', password: 'Purchase#2026' });
  manager = await signIn(t.app, { username: 'purchasemgr', password: 'Purchase#2026' });
  // live SMS channels' network costs in force now (and last) that a route binding of an active account sends traffic to
  const binds = await t.p.db
    .select({
      channelId: srmRouteBinds.channelId,
      customerId: srmRouteBinds.customerId,
      accountId: srmRouteBinds.accountId,
      country: srmRouteBinds.country,
      network: srmRouteBinds.network,
    })
    .from(srmRouteBinds)
    .innerJoin(srmChannels, eq(srmChannels.id, srmRouteBinds.channelId))
    .where(
      and(
        eq(srmChannels.state, 'live'),
        eq(srmChannels.product, 'sms'),
        lte(srmRouteBinds.effectiveFrom, new Date(now)),
        isNull(srmRouteBinds.effectiveTo),
      ),
    );
  const active = await portOf(t.p.db, 'accounts')!.active();
  const seen = new Set<string>();
  for (const b of binds) {
    if (!active.some((a) => (b.accountId ? a.id === b.accountId : a.customerId === b.customerId))) continue;
    const rows = await t.p.db
      .select()
      .from(qmPrices)
      .where(
        and(
          eq(qmPrices.bookKind, 'channel'),
          eq(qmPrices.bookId, b.channelId),
          eq(qmPrices.product, 'sms'),
          eq(qmPrices.country, b.country),
          b.network ? eq(qmPrices.dest, b.network) : undefined,
          isNull(qmPrices.effectiveUntil),
          lte(qmPrices.effectiveFrom, new Date(now)),
        ),
      );
    for (const r of rows)
      if (!seen.has(`${b.channelId}:${r.dest}`)) {
        seen.add(`${b.channelId}:${r.dest}`);
        routed.push({ channelId: b.channelId, network: r.dest, country: b.country, cost: r.unitPrice });
      }
  }
  expect(routed.length, 'the demo routes traffic to live SMS channels with costs').toBeGreaterThanOrEqual(4);
}, 120_000);
afterAll(() => t?.close());

const raise = (r: Routed, factor: number, at: number) => ({
  bookKind: 'channel',
  bookId: r.channelId,
  product: 'sms',
  network: r.network,
  unitPrice: new Q(r.cost).mul(factor).toFixed(6),
  currency: 'USD',
  effectiveFrom: iso(at),
});

describe('supplier-quote approvals', () => {
  it('turns a raise on a live channel into a request, warns the routed accounts’ owners, approval writes the cost', async () => {
    const r = routed[0]!;
    const at = now + HOUR;
    const before = await rowsCount();
    const notices = w.notices.length;
    const res = await save(buyer, raise(r, 1.5, at));
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data).toMatchObject({ outcome: 'supplier', effectiveFrom: iso(at) });
    expect(await rowsCount()).toBe(before);
    expect((await costAt(r.channelId, r.network, at + HOUR))!.unitPrice).toBe(new Q(r.cost).toFixed(6));

    const d = await detail(buyer, res.data.id);
    expect(d.code, JSON.stringify(d)).toBe(0);
    expect(d.data).toMatchObject({
      state: 'pending',
      raise: true,
      dest: r.network,
      oldCost: new Q(r.cost).toFixed(6),
      unitPrice: new Q(r.cost).mul(1.5).toFixed(6),
      approvalId: res.data.approvalId,
    });
    expect(d.data.affected.length).toBeGreaterThan(0);
    expect(d.data.history.map((h: { action: string }) => h.action)).toEqual(['start']);
    const byProcess = await call(buyer, `/v2/qm/specialReview/supplier/reviewprocess/${res.data.approvalId}`);
    expect(byProcess.data).toMatchObject({ id: res.data.id });

    // the owners of the affected accounts hear of it, each in their language
    const owners = new Set(d.data.affected.map((a: { ownerId: number | null }) => a.ownerId).filter(Boolean));
    expect(owners.size).toBeGreaterThan(0);
    const warned = w.notices.slice(notices).filter((n) => n.template?.key === 'quotation.supplierQuote');
    expect(new Set(warned.flatMap((n) => n.userIds))).toEqual(owners);
    const zh = renderMessage(warned[0]!.template!, 'zh-CN')!;
    const en = renderMessage(warned[0]!.template!, 'en')!;
    expect(zh.content).toContain(d.data.channelCode);
    expect(en.content).toContain(`${d.data.oldCost} → ${d.data.unitPrice} USD`);
    expect(en.content).not.toMatch(/\{\w+\}/);

    const agreed = await decide(res.data.approvalId, 'agree');
    expect(agreed.code, JSON.stringify(agreed)).toBe(0);
    const q = await requestOf(res.data.id);
    expect(q.state).toBe('approved');
    const [row] = await t.p.db.select().from(qmPrices).where(eq(qmPrices.id, q.priceId!));
    expect(row).toMatchObject({ source: 'approval', dest: r.network, unitPrice: q.unitPrice });
    expect(row!.effectiveFrom.getTime()).toBe(at);
    expect((await costAt(r.channelId, r.network, at + HOUR))!.unitPrice).toBe(q.unitPrice);
    expect((await costAt(r.channelId, r.network, at - 60_000))!.unitPrice).toBe(new Q(r.cost).toFixed(6));
    const after = await detail(buyer, res.data.id);
    expect(after.data.history.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['start', 'agree', 'approved']),
    );
  });

  it('leaves the book alone on a rejection; a decrease on a live channel is saved at once', async () => {
    const r = routed[1]!;
    const before = await rowsCount();
    const res = await save(buyer, raise(r, 1.2, now + HOUR));
    expect(res.data.outcome).toBe('supplier');
    expect((await decide(res.data.approvalId, 'reject')).code).toBe(0);
    expect(await requestOf(res.data.id)).toMatchObject({ state: 'rejected', priceId: null });
    expect(await rowsCount()).toBe(before);
    const lower = await save(buyer, raise(r, 0.9, now + HOUR));
    expect(lower.code, JSON.stringify(lower)).toBe(0);
    expect(lower.data.outcome).toBe('saved');
    expect(await rowsCount()).toBe(before + 1);
  });

  it('asks approval for a new cost above a routed customer’s price, not for one below every price', async () => {
    const r = routed[2]!;
    const dear = await save(buyer, {
      bookKind: 'channel',
      bookId: r.channelId,
      product: 'sms',
      country: r.country,
      unitPrice: '9.5',
      currency: 'USD',
    });
    expect(dear.code, JSON.stringify(dear)).toBe(0);
    expect(dear.data.outcome).toBe('supplier');
    const q = await requestOf(dear.data.id);
    expect(q).toMatchObject({ raise: false, overPrice: true, oldCost: null, destKind: 'country' });
    expect(q.affected.some((a) => a.over && a.price !== null)).toBe(true);
    const cheap = await save(buyer, {
      bookKind: 'channel',
      bookId: r.channelId,
      product: 'sms',
      country: r.country,
      unitPrice: '0.000001',
      currency: 'USD',
      effectiveFrom: iso(now + 2 * HOUR),
    });
    expect(cheap.data.outcome).toBe('saved');
  });

  it('approves in the engine’s transaction: a failing write leaves the request and the approval open', async () => {
    const r = routed[3]!;
    const at = now + 3 * HOUR;
    const res = await save(buyer, raise(r, 1.4, at));
    expect(res.data.outcome).toBe('supplier');
    // a row at the very same time makes the approval's write fail (QM_PRICE_SAME_TIME)
    const [clash] = await t.p.db
      .insert(qmPrices)
      .values({
        bookKind: 'channel',
        bookId: r.channelId,
        product: 'sms',
        destKind: 'network',
        dest: r.network,
        country: r.country,
        unitPrice: '0.001',
        currency: 'USD',
        effectiveFrom: new Date(at),
        source: 'manual',
      })
      .returning({ id: qmPrices.id });
    const failed = await decide(res.data.approvalId, 'agree');
    expect(failed.code).toBe(Errors.QM_PRICE_SAME_TIME.code);
    expect(await requestOf(res.data.id)).toMatchObject({ state: 'pending', priceId: null });
    expect(await pendingTasksOf(t.p.db, res.data.approvalId)).toHaveLength(1);
    await t.p.db.delete(qmPrices).where(eq(qmPrices.id, clash!.id));
    expect((await decide(res.data.approvalId, 'agree')).code).toBe(0);
    expect((await requestOf(res.data.id)).state).toBe('approved');
  });

  it('keeps the book’s periods chained when approvals of one destination write at once', async () => {
    const r = routed[0]!;
    const hours = [5, 6, 7, 8, 9, 10];
    const asked = [];
    for (const h of hours) asked.push(await save(buyer, raise(r, 2 + h / 10, now + h * HOUR)));
    expect(asked.map((x) => x.data.outcome)).toEqual(hours.map(() => 'supplier'));
    // every task and idempotence key first, then all the agreements at once
    const calls = [];
    for (const x of asked) {
      const [task] = await pendingTasksOf(t.p.db, x.data.approvalId);
      const key = (
        await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(manager) })
      ).json().data.key;
      calls.push({ taskId: task!.taskId, key });
    }
    const answers = await Promise.all(
      calls.map(async (c) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/v2/workflow/agree',
            headers: { ...bearer(manager), [IDEMPOTENCE_HEADER]: c.key },
            payload: { taskId: c.taskId, opinion: 'ok' },
          })
        ).json(),
      ),
    );
    expect(answers.map((x) => x.code)).toEqual(hours.map(() => 0));
    const rows = await t.p.db
      .select()
      .from(qmPrices)
      .where(
        and(
          eq(qmPrices.bookKind, 'channel'),
          eq(qmPrices.bookId, r.channelId),
          eq(qmPrices.dest, r.network),
          gt(qmPrices.effectiveFrom, new Date(now + 4 * HOUR)),
        ),
      )
      .orderBy(qmPrices.effectiveFrom);
    expect(rows.map((x) => [x.effectiveFrom.getTime(), x.effectiveUntil?.getTime() ?? null])).toEqual(
      hours.map((h, i) => [now + h * HOUR, i + 1 < hours.length ? now + hours[i + 1]! * HOUR : null]),
    );
    // no two rows of the destination overlap
    const [overlaps] = rowsOf<{ n: number }>(
      await t.p.db.execute(sql`
      select count(*)::int as n from qm_prices x join qm_prices y
        on x.book_kind = y.book_kind and x.book_id = y.book_id and x.product = y.product and x.dest = y.dest
       and x.category = y.category and x.id < y.id
       and tstzrange(x.effective_from, x.effective_until) && tstzrange(y.effective_from, y.effective_until)
     where x.book_kind = 'channel' and x.book_id = ${r.channelId} and x.dest = ${r.network}`),
    );
    expect(overlaps!.n).toBe(0);
  });

  it('refuses bad input, callers without the keys and requests outside the caller’s scope', async () => {
    const r = routed[1]!;
    const before = await rowsCount();
    const requests = (await t.p.db.select({ n: count() }).from(qmSupplierQuotes))[0]!.n;
    const bad = await save(buyer, { ...raise(r, 1.5, now + HOUR), unitPrice: '-1' });
    expect(bad.code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await save(buyer, { ...raise(r, 1.5, now + HOUR), bookId: 990_001 })).code).toBe(
      Errors.QM_BOOK_UNKNOWN.code,
    );
    expect((await save(buyer, { ...raise(r, 1.5, now - 2 * HOUR) })).code).toBe(Errors.QM_EFFECTIVE_PAST.code);
    expect((await call(w.tok.finance01, '/v2/qm/price/save', raise(r, 1.5, now + HOUR))).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    expect(await rowsCount()).toBe(before);
    expect((await t.p.db.select({ n: count() }).from(qmSupplierQuotes))[0]!.n).toBe(requests);

    const mine = await save(buyer, raise(r, 1.7, now + 7 * HOUR));
    expect(mine.data.outcome).toBe('supplier');
    expect((await detail(w.tok.finance01, mine.data.id)).code).toBe(Errors.NO_PERMISSION.code);
    // a buyer's scope is their own requests; their manager's the department's
    const other = await signIn(t.app, { username: 'purchase02', password: 'Purchase#2026' });
    expect((await detail(other, mine.data.id)).code).toBe(Errors.QM_SUPPLIER_QUOTE_NOT_FOUND.code);
    expect((await detail(manager, mine.data.id)).code).toBe(0);
    expect((await detail(buyer, 999_999)).code).toBe(Errors.QM_SUPPLIER_QUOTE_NOT_FOUND.code);
    const page = await call(other, '/v2/qm/supplier-quote/page', { current: 1, size: 50 });
    expect(page.code, JSON.stringify(page)).toBe(0);
    expect(page.data.records.some((x: { id: number }) => x.id === mine.data.id)).toBe(false);
    const own = await call(buyer, '/v2/qm/supplier-quote/page', { current: 1, size: 50, state: 'pending' });
    expect(own.data.records.some((x: { id: number }) => x.id === mine.data.id)).toBe(true);
  });

  it('has demo requests, pending and decided, the approved one in the book', () => {
    expect(new Set(seeded.map((x) => x.state))).toEqual(new Set(['pending', 'approved', 'rejected']));
    const approved = seeded.find((x) => x.state === 'approved')!;
    expect(approved.priceId).not.toBeNull();
    expect(seeded.every((x) => x.approvalId !== null && x.raise)).toBe(true);
    // routed channels first: the demo shows warned accounts
    expect(seeded.some((x) => x.affectedCount > 0)).toBe(true);
  });
});
