import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestBatch } from '../src/modules/traffic/ingest.js';
import { trafficBlacklist, trafficTwoWayActions } from '../src/modules/traffic/schema.js';
import { twoWayReview } from '../src/modules/traffic/twoway-review.js';
import type { ConsumerAccountRef } from '../src/platform/ports.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
let account: ConsumerAccountRef;
let other: ConsumerAccountRef;

beforeAll(async () => {
  t = await startTestApp();
  [admin, sales] = await Promise.all([signIn(t.app, DEMO.admin), signIn(t.app, DEMO.sales01)]);
  const sms = (await portOf(t.p.db, 'accounts')!.active()).filter((a) => a.products.includes('sms'));
  account = sms[1]!;
  other = sms[2]!;
}, 120_000);
afterAll(async () => t?.close());

const post = async (url: string, payload: object, tok = admin): Promise<Answer> => {
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) })).json()
    .data?.key;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(tok), [IDEMPOTENCE_HEADER]: key },
    payload,
  });
  return res.json();
};
let seq = 0;
const mo = (handset: string, content: string | undefined, a = account) => ({
  type: 'message' as const,
  kind: 'mo' as const,
  id: `TWMO${++seq}x${Date.now().toString(36)}`,
  account: a.code,
  from: `+${handset}`,
  to: 'INFO',
  at: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
  ...(content === undefined ? {} : { content }),
});
const actionOf = async (moId: string) =>
  (await t.p.db.select().from(trafficTwoWayActions).where(eq(trafficTwoWayActions.moId, moId)))[0];
const blacklisted = async (accountId: number, number: string) =>
  t.p.db
    .select()
    .from(trafficBlacklist)
    .where(sql`${trafficBlacklist.accountId} = ${accountId} and ${trafficBlacklist.number} = ${number}`);

describe('two-way rules on incoming MO', () => {
  it('replies, opts out and forwards by the best matching rule, once per MO, with the rules as they are', async () => {
    const price = await post('/v2/traffic/two-way-rules/save', {
      keyword: 'price',
      match: 'contains',
      action: 'reply',
      replyText: 'Price list: example.com/p',
      accountId: account.id,
      enabled: true,
    });
    expect(price.code).toBe(0);
    const call = await post('/v2/traffic/two-way-rules/save', {
      keyword: 'call me',
      match: 'exact',
      action: 'forward',
      accountId: account.id,
      enabled: true,
    });
    expect(call.code).toBe(0);

    const asked = mo('85291000001', 'what is the Price?');
    // the account's own rule wins over the global HELP (prefix) the demo seeds
    const helpPrice = mo('85291000002', 'help price');
    const help = mo('85291000003', 'HELP me');
    const stop = mo('85291000004', ' stop ');
    const forward = mo('85291000005', 'Call me');
    const silent = mo('85291000006', undefined);
    const otherAccount = mo('85291000007', 'price', other);
    const res = await ingestBatch(t.p.db, t.clock.now(), [asked, helpPrice, help, stop, forward, silent, otherAccount]);
    expect(res.errors).toBe(0);
    expect(res.stored).toBe(7);

    expect(await actionOf(asked.id)).toMatchObject({
      ruleId: price.data.id,
      keyword: 'PRICE',
      action: 'reply',
      replyText: 'Price list: example.com/p',
      state: 'pending',
      handset: '85291000001',
      senderId: 'INFO',
      accountId: account.id,
    });
    expect((await actionOf(helpPrice.id))?.ruleId).toBe(price.data.id);
    expect(await actionOf(help.id)).toMatchObject({ keyword: 'HELP', action: 'reply', state: 'pending' });
    expect(await actionOf(stop.id)).toMatchObject({ keyword: 'STOP', action: 'optout', state: 'done' });
    expect(await blacklisted(account.id, '85291000004')).toHaveLength(1);
    expect(await blacklisted(other.id, '85291000004')).toHaveLength(0);
    expect(await actionOf(forward.id)).toMatchObject({
      action: 'forward',
      state: 'pending',
      forwardTo: account.ownerId ? account.ownerId : null,
    });
    expect(await actionOf(silent.id)).toBeUndefined();
    // the account's rule is not another account's
    expect(await actionOf(otherAccount.id)).toBeUndefined();

    // the same lines again: duplicates, nothing acts twice
    const again = await ingestBatch(t.p.db, t.clock.now(), [asked, stop, forward]);
    expect(again.duplicate).toBe(3);
    const [n] = await t.p.db
      .select({ n: sql<string>`count(*)` })
      .from(trafficTwoWayActions)
      .where(sql`${trafficTwoWayActions.moId} like 'TWMO%'`);
    expect(Number(n!.n)).toBe(5);
    expect(await blacklisted(account.id, '85291000004')).toHaveLength(1);

    // the rule changes between two MOs: the second acts as changed, the first keeps what it did
    const before = await post('/v2/traffic/two-way-rules/detail', { id: price.data.id });
    const changed = await post('/v2/traffic/two-way-rules/update', {
      id: price.data.id,
      version: before.data.version,
      replyText: 'New prices: example.com/n',
    });
    expect(changed.code).toBe(0);
    const second = mo('85291000001', 'price again');
    await ingestBatch(t.p.db, t.clock.now(), [second]);
    expect((await actionOf(second.id))?.replyText).toBe('New prices: example.com/n');
    expect((await actionOf(asked.id))?.replyText).toBe('Price list: example.com/p');

    // disabled: it no longer acts
    const current = await post('/v2/traffic/two-way-rules/detail', { id: price.data.id });
    expect(
      (
        await post('/v2/traffic/two-way-rules/update', {
          id: price.data.id,
          version: current.data.version,
          enabled: false,
        })
      ).code,
    ).toBe(0);
    const third = mo('85291000001', 'price?');
    await ingestBatch(t.p.db, t.clock.now(), [third]);
    expect(await actionOf(third.id)).toBeUndefined();
  });

  it('acts once when the same MO is ingested twice at once', async () => {
    const line = mo('85291000099', 'STOP');
    const results = await Promise.all([
      ingestBatch(t.p.db, t.clock.now(), [line]),
      ingestBatch(t.p.db, t.clock.now(), [line]),
      ingestBatch(t.p.db, t.clock.now(), [JSON.stringify(line)]),
    ]);
    expect(results.map((r) => r.stored).sort()).toEqual([0, 0, 1]);
    expect(results.reduce((s, r) => s + r.duplicate, 0)).toBe(2);
    expect(await actionOf(line.id)).toMatchObject({ action: 'optout' });
    expect(await blacklisted(account.id, '85291000099')).toHaveLength(1);
  });
});

describe('two-way-review', () => {
  const R = '/v2/traffic/two-way-review';
  it('lists the pending replies and forwards; approve and reject decide a pending one once, with history', async () => {
    const pendingPage = await post(`${R}/page`, { state: 'pending', size: 100 });
    expect(pendingPage.code).toBe(0);
    expect(pendingPage.data.total).toBeGreaterThan(0);
    expect(pendingPage.data.records.every((r: { state: string }) => r.state === 'pending')).toBe(true);
    const help = mo('85291000201', 'HELP');
    const fwd = mo('85291000202', 'YES', account);
    const stop = mo('85291000203', 'STOP');
    await post('/v2/traffic/two-way-rules/save', {
      keyword: 'YES',
      match: 'exact',
      action: 'forward',
      accountId: account.id,
      enabled: true,
    });
    await ingestBatch(t.p.db, t.clock.now(), [help, fwd, stop]);
    const [a, b, c] = [await actionOf(help.id), await actionOf(fwd.id), await actionOf(stop.id)];
    expect([a?.state, b?.state, c?.state]).toEqual(['pending', 'pending', 'done']);

    const ok = await post(`${R}/approve`, { id: a!.id });
    expect(ok.code).toBe(0);
    const approved = await actionOf(help.id);
    expect(approved).toMatchObject({ state: 'approved' });
    expect(approved?.reviewedBy).toBeGreaterThan(0);
    expect((await post(`${R}/approve`, { id: a!.id })).code).toBe(Errors.TRF_REVIEW_NOT_PENDING.code);
    expect((await post(`${R}/reject`, { id: a!.id, reason: 'too late' })).code).toBe(
      Errors.TRF_REVIEW_NOT_PENDING.code,
    );
    // an opt-out needs no review
    expect((await post(`${R}/approve`, { id: c!.id })).code).toBe(Errors.TRF_REVIEW_NOT_PENDING.code);
    // a reject needs its reason; refused, nothing changes
    expect((await post(`${R}/reject`, { id: b!.id })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await actionOf(fwd.id))?.state).toBe('pending');
    expect((await post(`${R}/reject`, { id: b!.id, reason: 'Customer asked not to be called' })).code).toBe(0);
    expect(await actionOf(fwd.id)).toMatchObject({
      state: 'rejected',
      rejectReason: 'Customer asked not to be called',
    });
    expect((await post(`${R}/approve`, { id: 2_000_000_000 })).code).toBe(Errors.NOT_FOUND.code);

    const tl = await t.app.inject({ url: `${R}/timeline`, query: { id: String(b!.id) }, headers: bearer(admin) });
    const changes = (tl.json().data.records as { changes?: { field: string; to: unknown }[] }[]).flatMap(
      (e) => e.changes ?? [],
    );
    expect(changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'state', to: 'rejected' })]));
  });

  it('opts a number back in by staff: off the blacklist with who and why, once; bad input changes nothing', async () => {
    const n = '85291000301';
    const stop = mo(n, 'STOP');
    const help = mo('85291000302', 'HELP');
    await ingestBatch(t.p.db, t.clock.now(), [stop, help]);
    const [out, reply] = [await actionOf(stop.id), await actionOf(help.id)];
    expect(out?.state).toBe('done');
    const listedBefore = (await blacklisted(account.id, n))[0]!;
    expect(listedBefore.removedAt).toBeNull();

    // a reason is required; only an opt-out is reversed; neither changes anything
    expect((await post(`${R}/optIn`, { id: out!.id })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await post(`${R}/optIn`, { id: out!.id, reason: 'x' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await post(`${R}/optIn`, { id: reply!.id, reason: 'asked by phone' })).code).toBe(
      Errors.TRF_OPTIN_NOT_OPTOUT.code,
    );
    expect((await actionOf(help.id))?.state).toBe('pending');
    expect((await blacklisted(account.id, n))[0]!.removedAt).toBeNull();

    const done = await post(`${R}/optIn`, { id: out!.id, reason: 'Customer called to subscribe again' });
    expect(done.code).toBe(0);
    expect(await actionOf(stop.id)).toMatchObject({
      state: 'reversed',
      reversalReason: 'Customer called to subscribe again',
    });
    const [entry] = await blacklisted(account.id, n);
    expect(entry).toMatchObject({ removedReason: 'Customer called to subscribe again', removedMoId: null });
    expect(entry!.removedBy).toBeGreaterThan(0);
    expect(entry!.removedAt).not.toBeNull();
    expect(entry!.changedAt.getTime()).toBeGreaterThanOrEqual(listedBefore.changedAt.getTime());
    // once: a second time is refused and the entry stays as the first made it
    expect((await post(`${R}/optIn`, { id: out!.id, reason: 'again' })).code).toBe(Errors.TRF_OPTIN_NOT_LISTED.code);
    expect((await blacklisted(account.id, n))[0]!.removedReason).toBe('Customer called to subscribe again');

    // the history says who did it and why
    const tl = await t.app.inject({ url: `${R}/timeline`, query: { id: String(out!.id) }, headers: bearer(admin) });
    const events = tl.json().data.records as {
      kind: string;
      actorId?: number;
      data?: { command?: string; input?: { reason?: string } };
      changes?: { field: string; to: unknown }[];
    }[];
    const ev = events.find((e) => e.data?.command === 'optIn');
    expect(ev?.data?.input?.reason).toBe('Customer called to subscribe again');
    expect(ev?.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'state', to: 'reversed' })]));
  });

  it("keeps to the data scope: sales see and decide their customers' answers only", async () => {
    const mine = await post(`${R}/page`, { size: 100 }, sales);
    const all = await post(`${R}/page`, { size: 100 });
    // sales01 holds no review key by default: refused, or answered within scope
    if (mine.code === Errors.NO_PERMISSION.code) return;
    expect(mine.code).toBe(0);
    expect(mine.data.total).toBeLessThan(all.data.total);
  });
});

describeResource(twoWayReview, {
  app: () => t,
  filters: {
    state: 'pending',
    action: 'reply',
    accountId: async () => (await t.p.db.select().from(trafficTwoWayActions).limit(1))[0]!.accountId,
    handset: async () => (await t.p.db.select().from(trafficTwoWayActions).limit(1))[0]!.handset,
    moAt: async () => [
      new Date(t.clock.now().getTime() - 3 * 86_400_000).toISOString(),
      new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    ],
  },
  ownedRecord: async (_t, userId) => {
    const n = ++seq;
    const [r] = await t.p.db
      .insert(trafficTwoWayActions)
      .values({
        moId: `SUITE-MO-${n}-${userId}`,
        moAt: t.clock.now(),
        accountId: account.id,
        customerId: account.customerId,
        ownerId: userId,
        handset: '85291009999',
        senderId: 'INFO',
        ruleId: 1,
        keyword: 'HELP',
        action: 'reply',
        replyText: 'Reply STOP to opt out',
        state: 'pending',
        createdAt: t.clock.now(),
      })
      .returning({ id: trafficTwoWayActions.id });
    return r!.id;
  },
  commands: { approve: {}, reject: { reason: 'not allowed' }, optIn: { reason: 'asked by phone' } },
});
