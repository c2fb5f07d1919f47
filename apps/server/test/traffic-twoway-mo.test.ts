import { IDEMPOTENCE_HEADER } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestBatch } from '../src/modules/traffic/ingest.js';
import { trafficBlacklist, trafficTwoWayActions } from '../src/modules/traffic/schema.js';
import type { ConsumerAccountRef } from '../src/platform/ports.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

let t: TestApp;
let admin: Tokens;
let account: ConsumerAccountRef;
let other: ConsumerAccountRef;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, DEMO.admin);
  const sms = (await portOf(t.p.db, 'accounts')!.active()).filter((a) => a.products.includes('sms'));
  account = sms[1]!;
  other = sms[2]!;
}, 120_000);
afterAll(async () => t?.close());

const post = async (url: string, payload: object): Promise<Answer> => {
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(admin) })).json()
    .data?.key;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(admin), [IDEMPOTENCE_HEADER]: key },
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
      state: 'queued',
      handset: '85291000001',
      senderId: 'INFO',
      accountId: account.id,
    });
    expect((await actionOf(helpPrice.id))?.ruleId).toBe(price.data.id);
    expect(await actionOf(help.id)).toMatchObject({ keyword: 'HELP', action: 'reply', state: 'queued' });
    expect(await actionOf(stop.id)).toMatchObject({ keyword: 'STOP', action: 'optout', state: 'done' });
    expect(await blacklisted(account.id, '85291000004')).toHaveLength(1);
    expect(await blacklisted(other.id, '85291000004')).toHaveLength(0);
    expect(await actionOf(forward.id)).toMatchObject({
      action: 'forward',
      state: 'queued',
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
