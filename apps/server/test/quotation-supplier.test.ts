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

describe('guarded price-list imports (decision 0103)', () => {
  const DAY = 24 * HOUR;
  const upload = async (channelId: number, csv: string) => {
    const boundary = '----qmguard';
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/qm/import/preview?channelId=${channelId}&product=sms`,
      headers: { ...bearer(buyer), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="deck.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        Buffer.from(csv),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    return res.json() as Answer;
  };
  const commit = (tok: Tokens, body: object) => call(tok, '/v2/qm/import/commit', body);
  const deck = (day: string, rows: [string, string][]) =>
    [
      'MCC,MNC,Price,Currency,Effective date',
      ...rows.map(([n, p]) => `${n.slice(0, 3)},${n.slice(3)},${p},USD,${day}`),
    ].join('\r\n');
  const requests = async () => (await t.p.db.select({ n: count() }).from(qmSupplierQuotes))[0]!.n;
  /** a live SMS channel with three USD network costs in force now that the tests above left alone */
  const book = async () => {
    const live = await t.p.db
      .select({ id: srmChannels.id })
      .from(srmChannels)
      .where(and(eq(srmChannels.state, 'live'), eq(srmChannels.product, 'sms')))
      .orderBy(srmChannels.id);
    for (const c of live) {
      const costs = await t.p.db
        .select({ dest: qmPrices.dest, unitPrice: qmPrices.unitPrice })
        .from(qmPrices)
        .where(
          and(
            eq(qmPrices.bookKind, 'channel'),
            eq(qmPrices.bookId, c.id),
            eq(qmPrices.product, 'sms'),
            eq(qmPrices.destKind, 'network'),
            eq(qmPrices.currency, 'USD'),
            isNull(qmPrices.effectiveUntil),
            lte(qmPrices.effectiveFrom, new Date(now)),
          ),
        )
        .orderBy(qmPrices.dest);
      const free = costs.filter((o) => !routed.some((x) => x.channelId === c.id && x.network === o.dest));
      if (free.length >= 3) return { channelId: c.id, x: free[0]!, y: free[1]!, z: free[2]! };
    }
    throw new Error('no live SMS channel with three network costs');
  };
  const cost = async (channelId: number, network: string, at: number) =>
    (await costAt(channelId, network, at))?.unitPrice ?? null;

  it('holds the raises in ONE request with its lines, saves the rest at once; approval writes every line', async () => {
    const { channelId, x, y, z } = await book();
    const at = now + 20 * DAY;
    const day = iso(at).slice(0, 10);
    const dayAt = new Date(`${day}T00:00:00Z`).getTime();
    const pre = await upload(
      channelId,
      deck(day, [
        [z.dest, new Q(z.unitPrice).mul(1.5).toFixed(6)],
        [x.dest, new Q(x.unitPrice).mul(1.3).toFixed(6)],
        [y.dest, '0.000001'],
        ['46011', '0.000002'],
      ]),
    );
    expect(pre.code, JSON.stringify(pre)).toBe(0);
    expect(pre.data.counts).toMatchObject({ increase: 2, decrease: 1, new: 1 });
    const res = await commit(buyer, { channelId, product: 'sms', rows: pre.data.rows });
    expect(res.code, JSON.stringify(res)).toBe(0);
    expect(res.data).toMatchObject({ saved: 2, held: 2, closed: 0 });
    expect(res.data.requestId).toBeGreaterThan(0);
    // the rows that need none are in the book; the held ones are not
    expect(await cost(channelId, y.dest, dayAt + HOUR)).toBe('0.000001');
    expect(await cost(channelId, '46011', dayAt + HOUR)).toBe('0.000002');
    expect(await cost(channelId, z.dest, dayAt + HOUR)).toBe(z.unitPrice);
    expect(await cost(channelId, x.dest, dayAt + HOUR)).toBe(x.unitPrice);

    const d = await detail(buyer, res.data.requestId);
    expect(d.code, JSON.stringify(d)).toBe(0);
    expect(d.data).toMatchObject({ lineCount: 2, state: 'pending', raise: true, approvalId: res.data.approvalId });
    expect(d.data.lines.map((l: { dest: string }) => l.dest)).toEqual([z.dest, x.dest]);
    expect(d.data.lines[0]).toMatchObject({
      row: 1,
      oldCost: z.unitPrice,
      unitPrice: new Q(z.unitPrice).mul(1.5).toFixed(6),
      raise: true,
      effectiveFrom: iso(dayAt),
      priceId: null,
    });
    const page = await call(buyer, '/v2/qm/supplier-quote/page', { current: 1, size: 50 });
    expect(page.data.records.find((q: { id: number }) => q.id === res.data.requestId)).toMatchObject({ lineCount: 2 });

    expect((await decide(res.data.approvalId, 'agree')).code).toBe(0);
    expect(await cost(channelId, z.dest, dayAt + HOUR)).toBe(new Q(z.unitPrice).mul(1.5).toFixed(6));
    expect(await cost(channelId, x.dest, dayAt + HOUR)).toBe(new Q(x.unitPrice).mul(1.3).toFixed(6));
    expect(await cost(channelId, x.dest, dayAt - HOUR)).toBe(x.unitPrice);
    const after = await detail(buyer, res.data.requestId);
    expect(after.data.state).toBe('approved');
    for (const l of after.data.lines) {
      const [row] = await t.p.db.select().from(qmPrices).where(eq(qmPrices.id, l.priceId));
      expect(row).toMatchObject({ source: 'approval', dest: l.dest, unitPrice: l.unitPrice });
      expect(row!.effectiveFrom.toISOString()).toBe(iso(dayAt));
    }
  });

  it('warns the owners of the accounts routed to a held line, once each, in both languages', async () => {
    const r = routed[2]!;
    const day = iso(now + 22 * DAY).slice(0, 10);
    const dayAt = new Date(`${day}T00:00:00Z`).getTime();
    const was = (await cost(r.channelId, r.network, dayAt))!;
    const notices = w.notices.length;
    const pre = await upload(r.channelId, deck(day, [[r.network, new Q(was).mul(1.5).toFixed(6)]]));
    const res = await commit(buyer, { channelId: r.channelId, product: 'sms', rows: pre.data.rows });
    expect(res.data, JSON.stringify(res)).toMatchObject({ saved: 0, held: 1 });
    const d = await detail(buyer, res.data.requestId);
    expect(d.data.lines[0].affected.length).toBeGreaterThan(0);
    expect(d.data.affected.map((a: { code: string }) => a.code)).toEqual(
      d.data.lines[0].affected.map((a: { code: string }) => a.code),
    );
    const owners = new Set(d.data.affected.map((a: { ownerId: number | null }) => a.ownerId).filter(Boolean));
    expect(owners.size).toBeGreaterThan(0);
    const warned = w.notices.slice(notices).filter((n) => n.template?.key === 'quotation.supplierQuoteImport');
    expect(new Set(warned.flatMap((n) => n.userIds))).toEqual(owners);
    expect(warned.length).toBe(owners.size);
    const en = renderMessage(warned[0]!.template!, 'en')!;
    const zh = renderMessage(warned[0]!.template!, 'zh-CN')!;
    expect(en.content).toContain(`${r.network} ${was} → ${new Q(was).mul(1.5).toFixed(6)} USD`);
    expect(zh.title).toContain(d.data.channelCode);
    expect(`${en.content}${zh.content}`).not.toMatch(/\{\w+\}/);
  });

  it('writes none of the lines on a rejection; a list with nothing to approve starts no request', async () => {
    const { channelId, x } = await book();
    const day = iso(now + 25 * DAY).slice(0, 10);
    const dayAt = new Date(`${day}T00:00:00Z`).getTime();
    const was = await cost(channelId, x.dest, dayAt + HOUR);
    const pre = await upload(channelId, deck(day, [[x.dest, new Q(was!).mul(2).toFixed(6)]]));
    const res = await commit(buyer, { channelId: channelId, product: 'sms', rows: pre.data.rows });
    expect(res.data).toMatchObject({ saved: 0, held: 1 });
    const rows = await rowsCount();
    expect((await decide(res.data.approvalId, 'reject')).code).toBe(0);
    expect(await requestOf(res.data.requestId)).toMatchObject({ state: 'rejected', lineCount: 1 });
    expect(await rowsCount()).toBe(rows);
    expect(await cost(channelId, x.dest, dayAt + HOUR)).toBe(was);

    const n = await requests();
    const down = await upload(channelId, deck(day, [[x.dest, '0.000003']]));
    const saved = await commit(buyer, { channelId: channelId, product: 'sms', rows: down.data.rows });
    expect(saved.data).toEqual({ saved: 1, closed: 0, held: 0, requestId: null, approvalId: null });
    expect(await requests()).toBe(n);
  });

  it('refuses bad input and callers without the key, and changes nothing', async () => {
    const { channelId, x, y } = await book();
    const day = iso(now + 30 * DAY).slice(0, 10);
    const pre = await upload(
      channelId,
      deck(day, [
        [x.dest, '9.000000'],
        [y.dest, '0.000004'],
      ]),
    );
    const rows = pre.data.rows;
    const [n, count0] = [await requests(), await rowsCount()];
    const body = { channelId: channelId, product: 'sms', rows };
    expect((await commit(w.tok.finance01, body)).code).toBe(Errors.NO_PERMISSION.code);
    expect((await commit(buyer, { ...body, channelId: 990_001 })).code).toBe(Errors.QM_BOOK_UNKNOWN.code);
    expect((await commit(buyer, { ...body, product: 'voice' })).code).toBe(Errors.QM_CHANNEL_PRODUCT.code);
    expect((await commit(buyer, { ...body, rows: [] })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await commit(buyer, { ...body, rows: [rows[0], { ...rows[0], row: 3 }] })).code).toBe(
      Errors.DUPLICATE.code,
    );
    // a held raise with a row of the list at a taken instant: all or none, no request
    const first = await commit(buyer, { ...body, rows: [rows[1]] });
    expect(first.data).toMatchObject({ saved: 1, held: 0 });
    expect((await commit(buyer, body)).code).toBe(Errors.QM_PRICE_SAME_TIME.code);
    expect(await requests()).toBe(n);
    expect(await rowsCount()).toBe(count0 + 1);
  });

  it('serialises two imports of one book at once: each judged under the lock, periods chained', async () => {
    const { channelId, x, y } = await book();
    const base = now + 40 * DAY;
    const list = async (h: number, factor: number) => {
      const at = iso(base + h * HOUR);
      const pre = await upload(
        channelId,
        deck(at.slice(0, 10), [
          [x.dest, new Q(x.unitPrice).mul(factor).toFixed(6)],
          [y.dest, `0.00000${3 - h}`], // decreases in either order
        ]),
      );
      return pre.data.rows.map((row: { effectiveFrom: string }) => ({ ...row, effectiveFrom: at }));
    };
    const [a, b] = [await list(1, 3), await list(2, 4)];
    const keyed = async (rows: object[]) => {
      const key = (
        await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(buyer) })
      ).json().data.key;
      return () =>
        t.app
          .inject({
            method: 'POST',
            url: '/v2/qm/import/commit',
            headers: { ...bearer(buyer), [IDEMPOTENCE_HEADER]: key },
            payload: { channelId: channelId, product: 'sms', rows },
          })
          .then((x) => x.json() as Answer);
    };
    const calls = [await keyed(a), await keyed(b)];
    const answers = await Promise.all(calls.map((c) => c()));
    expect(answers.map((x) => x.code)).toEqual([0, 0]);
    expect(answers.map((x) => [x.data.saved, x.data.held])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect(answers[0]!.data.requestId).not.toBe(answers[1]!.data.requestId);
    expect(await cost(channelId, y.dest, base + 1.5 * HOUR)).toBe('0.000002');
    expect(await cost(channelId, y.dest, base + 2.5 * HOUR)).toBe('0.000001');
    // the same list twice at once: one wins, the other finds its held instant reserved (0113)
    const c = await list(3, 5);
    const n = await requests();
    const again = [await keyed(c), await keyed(c)];
    const twice = await Promise.all(again.map((c) => c()));
    expect(twice.map((x) => x.code).sort()).toEqual([0, Errors.QM_PRICE_HELD.code].sort());
    expect(await requests()).toBe(n + 1);
    const [overlaps] = rowsOf<{ n: number }>(
      await t.p.db.execute(sql`
      select count(*)::int as n from qm_prices x join qm_prices y
        on x.book_kind = y.book_kind and x.book_id = y.book_id and x.product = y.product and x.dest = y.dest
       and x.category = y.category and x.id < y.id
       and tstzrange(x.effective_from, x.effective_until) && tstzrange(y.effective_from, y.effective_until)
     where x.book_kind = 'channel' and x.book_id = ${channelId}`),
    );
    expect(overlaps!.n).toBe(0);
    // both requests approved at once: the raises chain in the book
    const ids = answers.map((x) => x.data.approvalId as number);
    await Promise.all(ids.map((id) => decide(id, 'agree')));
    expect(await cost(channelId, x.dest, base + 1.5 * HOUR)).toBe(new Q(x.unitPrice).mul(3).toFixed(6));
    expect(await cost(channelId, x.dest, base + 2.5 * HOUR)).toBe(new Q(x.unitPrice).mul(4).toFixed(6));
  });
  it('reserves a held line’s instant: of two imports holding it at once the second is refused at import (0113)', async () => {
    const { channelId, x, y, z } = await book();
    const at = iso(now + 50 * DAY);
    const pre = async (rows: [string, string][]) =>
      (await upload(channelId, deck(at.slice(0, 10), rows))).data.rows.map((row: object) => ({
        ...row,
        effectiveFrom: at,
      }));
    // two lists raising x at the same instant (each with another destination of its own)
    const a = await pre([
      [x.dest, new Q(x.unitPrice).mul(3).toFixed(6)],
      [y.dest, new Q(y.unitPrice).mul(3).toFixed(6)],
    ]);
    const b = await pre([
      [x.dest, new Q(x.unitPrice).mul(4).toFixed(6)],
      [z.dest, '0.000001'],
    ]);
    const keyed = async (rows: object[]) => {
      const key = (
        await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(buyer) })
      ).json().data.key;
      return () =>
        t.app
          .inject({
            method: 'POST',
            url: '/v2/qm/import/commit',
            headers: { ...bearer(buyer), [IDEMPOTENCE_HEADER]: key },
            payload: { channelId, product: 'sms', rows },
          })
          .then((r) => r.json() as Answer);
    };
    const [n, rows0] = [await requests(), await rowsCount()];
    const calls = [await keyed(a), await keyed(b)];
    const answers = await Promise.all(calls.map((c) => c()));
    const won = answers.find((r) => r.code === 0)!;
    const lost = answers.find((r) => r.code !== 0)!;
    expect(lost, JSON.stringify(answers)).toBeDefined();
    expect(lost.code).toBe(Errors.QM_PRICE_HELD.code);
    expect(lost.msg).toContain(x.dest);
    expect(lost.msg).toContain(`#${won.data.requestId}`);
    // one request; the loser wrote nothing (its z decrease neither), the winner's decrease is the only row if any
    expect(await requests()).toBe(n + 1);
    expect(await rowsCount()).toBe(rows0 + won.data.saved);
    // a single cost at the held instant is refused too, whether it would be held or written at once
    const one = {
      bookKind: 'channel',
      bookId: channelId,
      product: 'sms',
      network: x.dest,
      currency: 'USD',
      effectiveFrom: at,
    };
    expect((await save(buyer, { ...one, unitPrice: new Q(x.unitPrice).mul(5).toFixed(6) })).code).toBe(
      Errors.QM_PRICE_HELD.code,
    );
    expect((await save(buyer, { ...one, unitPrice: '0.000001' })).code).toBe(Errors.QM_PRICE_HELD.code);
    // once the request is rejected its instant is free again: the loser's list goes in (a: two raises held)
    expect(await requests()).toBe(n + 1);
    expect((await decide(won.data.approvalId, 'reject')).code).toBe(0);
    const retry = await keyed(answers[0] === lost ? a : b);
    const again = await retry();
    expect(again.code).toBe(0);
    expect(again.data.held).toBe(answers[0] === lost ? 2 : 1);
  });
});
