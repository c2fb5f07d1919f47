import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcMessages } from '../src/modules/messages/schema.js';
import { createClient } from '../src/modules/traffic/clients.js';
import { ingestBatch } from '../src/modules/traffic/ingest.js';
import { sendApprovedReplies, sendDueAppointments } from '../src/modules/traffic/outbox-demo.js';
import { runRecall } from '../src/modules/traffic/recall.js';
import {
  trafficAppointments,
  trafficRecalls,
  trafficSms,
  trafficTwoWayActions,
  trafficTwoWayTasks,
} from '../src/modules/traffic/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import type { ConsumerAccountRef } from '../src/platform/ports.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const OUT = '/v2/traffic/ingest/outbox/replies';
const FEED = '/v2/traffic/ingest/blacklist';

let t: TestApp;
let admin: Tokens;
let machine: string;
let account: ConsumerAccountRef;
let other: ConsumerAccountRef;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, DEMO.admin);
  const sms = (await portOf(t.p.db, 'accounts')!.active()).filter((a) => a.products.includes('sms') && a.ownerId);
  account = sms[1]!;
  other = sms[2]!;
  const cred = await createClient(t.p.db, 'platform');
  machine = (
    await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: cred.clientId, client_secret: cred.clientSecret },
    })
  ).json().data.access_token;
}, 120_000);
afterAll(async () => t?.close());

const call = async (method: 'GET' | 'POST', url: string, payload?: object, auth = `Bearer ${machine}`) =>
  (
    await t.app.inject({ method, url, headers: { authorization: auth }, ...(payload ? { payload } : {}) })
  ).json() as Answer;
const staff = async (url: string, payload: object): Promise<Answer> => {
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(admin) })).json()
    .data?.key;
  return (
    await t.app.inject({ method: 'POST', url, headers: { ...bearer(admin), [IDEMPOTENCE_HEADER]: key }, payload })
  ).json();
};
let seq = 0;
const mo = (handset: string, content: string, at = t.clock.now().getTime() - HOUR) => ({
  type: 'message' as const,
  kind: 'mo' as const,
  id: `OBX${++seq}x${Date.now().toString(36)}`,
  account: account.code,
  from: handset,
  to: 'INFO',
  country: 'HK',
  channelId: 7,
  at: new Date(at).toISOString(),
  content,
});
async function actionOf(moId: string) {
  const [row] = await t.p.db.select().from(trafficTwoWayActions).where(eq(trafficTwoWayActions.moId, moId));
  if (!row) throw new Error(`no action for ${moId}`);
  return row;
}

describe('the outbox of approved auto replies', () => {
  it('is read and acknowledged by the machine client only', async () => {
    for (const auth of ['', `Bearer ${admin.token}`, 'Bearer nonsense']) {
      const res = await t.app.inject({ method: 'GET', url: OUT, headers: auth ? { authorization: auth } : {} });
      expect(res.statusCode, auth).toBe(401);
    }
    expect((await call('POST', `${OUT}/ack`, { items: [] })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await call('GET', `${OUT}?limit=0`)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await call('GET', `${FEED}?limit=9000`)).code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('lists an approved reply until the platform acknowledges it, once; a forward tells the owner', async () => {
    await staff('/v2/traffic/two-way-rules/save', {
      keyword: 'menu',
      match: 'exact',
      action: 'reply',
      replyText: 'Menu: example.com/m',
      accountId: account.id,
      enabled: true,
    });
    await staff('/v2/traffic/two-way-rules/save', {
      keyword: 'agent',
      match: 'exact',
      action: 'forward',
      accountId: account.id,
      enabled: true,
    });
    const asked = mo('85292000001', 'MENU');
    const waiting = mo('85292000002', 'menu');
    const refused = mo('85292000003', 'menu');
    const forward = mo('85292000004', 'agent');
    expect((await ingestBatch(t.p.db, t.clock.now(), [asked, waiting, refused, forward])).errors).toBe(0);
    const [a, w, r, f] = [
      await actionOf(asked.id),
      await actionOf(waiting.id),
      await actionOf(refused.id),
      await actionOf(forward.id),
    ];
    expect(a).toMatchObject({ action: 'reply', state: 'pending', channelId: 7, country: 'HK' });

    const listed = async () => ((await call('GET', `${OUT}?limit=1000`)).data as { id: number }[]).map((x) => x.id);
    expect(await listed()).not.toContain(a.id);
    expect((await staff('/v2/traffic/two-way-review/approve', { id: a.id })).code).toBe(0);
    expect((await staff('/v2/traffic/two-way-review/reject', { id: r.id, reason: 'not now' })).code).toBe(0);
    const out = (await call('GET', `${OUT}?limit=1000`)).data as { id: number }[];
    expect(out.find((x) => x.id === a.id)).toEqual({
      id: a.id,
      moId: asked.id,
      account: account.code,
      number: '85292000001',
      senderId: 'INFO',
      channelId: 7,
      country: 'HK',
      text: 'Menu: example.com/m',
      approvedAt: expect.any(String),
    });
    // neither the pending nor the rejected one is handed out
    expect(out.map((x) => x.id)).not.toContain(w.id);
    expect(out.map((x) => x.id)).not.toContain(r.id);

    // acknowledged: sent with the message id, gone from the outbox; again with the same id: a duplicate
    const ack = await call('POST', `${OUT}/ack`, {
      items: [
        { id: a.id, messageId: 'PLAT-1' },
        { id: w.id, messageId: 'PLAT-2' },
        { id: r.id, messageId: 'PLAT-3' },
        { id: 2_000_000_000, messageId: 'PLAT-4' },
      ],
    });
    expect(ack.code).toBe(0);
    expect(ack.data).toMatchObject({ sent: 1, duplicate: 0, errors: 3 });
    expect(ack.data.items.map((i: { result: string; code?: number }) => [i.result, i.code])).toEqual([
      ['sent', undefined],
      ['error', Errors.TRF_OUTBOX_NOT_APPROVED.code],
      ['error', Errors.TRF_OUTBOX_NOT_APPROVED.code],
      ['error', Errors.NOT_FOUND.code],
    ]);
    expect(await actionOf(asked.id)).toMatchObject({ state: 'sent', sentMessageId: 'PLAT-1' });
    expect(await actionOf(waiting.id)).toMatchObject({ state: 'pending', sentMessageId: null });
    expect(await actionOf(refused.id)).toMatchObject({ state: 'rejected', sentMessageId: null });
    expect(await listed()).not.toContain(a.id);
    const again = await call('POST', `${OUT}/ack`, {
      items: [
        { id: a.id, messageId: 'PLAT-1' },
        { id: a.id, messageId: 'PLAT-9' },
      ],
    });
    expect(again.data).toMatchObject({ sent: 0, duplicate: 1, errors: 1 });
    expect((await actionOf(asked.id)).sentMessageId).toBe('PLAT-1');
    // the review list shows it sent, and a sent one is not decided again
    const page = await staff('/v2/traffic/two-way-review/page', { handset: '85292000001', size: 10 });
    expect(page.data.records.find((x: { id: number }) => x.id === a.id)).toMatchObject({
      state: 'sent',
      sentMessageId: 'PLAT-1',
    });
    expect((await staff('/v2/traffic/two-way-review/reject', { id: a.id, reason: 'late' })).code).toBe(
      Errors.TRF_REVIEW_NOT_PENDING.code,
    );

    // a forward is the portal's own: approved, the owner is told and it is done
    expect((await staff('/v2/traffic/two-way-review/approve', { id: f.id })).code).toBe(0);
    expect(await actionOf(forward.id)).toMatchObject({ state: 'done' });
    expect(await listed()).not.toContain(f.id);
    const told = await t.p.db
      .select()
      .from(mcMessages)
      .where(and(eq(mcMessages.sourceKind, 'traffic.twoWayAction'), eq(mcMessages.sourceId, String(f.id))));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ userId: account.ownerId, templateKey: 'traffic.twoWayForward' });
    expect(told[0]!.content).toContain('85292000004');
  });

  it('moves a reply to sent once when two acknowledgements race', async () => {
    const m = mo('85292000011', 'menu');
    await ingestBatch(t.p.db, t.clock.now(), [m]);
    const a = await actionOf(m.id);
    expect((await staff('/v2/traffic/two-way-review/approve', { id: a.id })).code).toBe(0);
    const answers = await Promise.all(
      ['RACE-1', 'RACE-2', 'RACE-3'].map((messageId) =>
        call('POST', `${OUT}/ack`, { items: [{ id: a.id, messageId }] }),
      ),
    );
    expect(answers.map((x) => x.data.sent).reduce((s, n) => s + n, 0)).toBe(1);
    expect(answers.map((x) => x.data.errors).reduce((s, n) => s + n, 0)).toBe(2);
    const won = answers.findIndex((x) => x.data.sent === 1);
    expect((await actionOf(m.id)).sentMessageId).toBe(`RACE-${won + 1}`);
  });

  it('is sent by the demo platform through the ingestion path and acknowledged', async () => {
    const m = mo('85292000021', 'menu');
    await ingestBatch(t.p.db, t.clock.now(), [m]);
    const a = await actionOf(m.id);
    expect((await staff('/v2/traffic/two-way-review/approve', { id: a.id })).code).toBe(0);
    expect(await sendApprovedReplies(t.p.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    const sent = await actionOf(m.id);
    expect(sent.state).toBe('sent');
    const [record] = await t.p.db
      .select()
      .from(trafficSms)
      .where(
        and(
          eq(trafficSms.messageId, sent.sentMessageId!),
          sql`${trafficSms.submitAt} > ${new Date(t.clock.now().getTime() - HOUR)}`,
        ),
      );
    expect(record).toMatchObject({
      accountId: account.id,
      number: '85292000021',
      senderId: 'INFO',
      dlrState: 'delivered',
    });
    // nothing is left to send: a second step sends nothing again
    expect((await call('GET', `${OUT}?limit=1000`)).data.map((x: { id: number }) => x.id)).not.toContain(a.id);
  });
});

describe('the opt-out blacklist', () => {
  it('is a feed the platform reads on from its cursor, in the order numbers were added', async () => {
    const all: { account: string; number: string }[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 100; guard++) {
      const page = await call('GET', `${FEED}?limit=50${after ? `&after=${after}` : ''}`);
      expect(page.code).toBe(0);
      all.push(...page.data.rows);
      if (page.data.rows.length === 0) {
        expect(page.data.next).toBe(after ?? null);
        break;
      }
      after = page.data.next;
    }
    const [count] = rowsOf<{ n: string }>(await t.p.db.execute(sql`select count(*)::text as n from traffic_blacklist`));
    expect(all).toHaveLength(Number(count!.n));
    // one new opt-out: the next read from the cursor holds only it
    const stop = mo('85292000031', 'STOP');
    await ingestBatch(t.p.db, t.clock.now(), [stop]);
    const next = await call('GET', `${FEED}?after=${after ?? ''}`);
    expect(next.data.rows).toEqual([
      {
        account: account.code,
        number: '85292000031',
        addedAt: expect.any(String),
        state: 'listed',
        changedAt: expect.any(String),
      },
    ]);
    // the same cursor again answers the same; a made-up one is refused
    expect((await call('GET', `${FEED}?after=${after ?? ''}`)).data.rows).toHaveLength(1);
    for (const bad of ['nonsense', Buffer.from('[1,2]').toString('base64url')]) {
      const res = await call('GET', `${FEED}?after=${bad}`);
      expect(res.code, bad).toBe(Errors.TRF_FEED_CURSOR.code);
    }
  });

  it('takes a number off when the handset opts back in: a removal in the feed; STOP again lists it anew', async () => {
    const start = await call('GET', `${FEED}?limit=5000`);
    let after: string = start.data.next;
    for (let page = start; page.data.rows.length === 5000; after = page.data.next)
      page = await call('GET', `${FEED}?limit=5000&after=${after}`);
    const n = '85292000032';
    const stopAt = t.clock.now().getTime() - 2 * HOUR;
    // STOP, then START (exact, the demo's global opt-in rule) an hour later, in one batch
    const stop = mo(n, 'STOP', stopAt);
    const optIn = mo(n, ' start ', stopAt + HOUR);
    expect((await ingestBatch(t.p.db, t.clock.now(), [stop, optIn])).stored).toBe(2);
    expect(await actionOf(optIn.id)).toMatchObject({ action: 'optin', keyword: 'START', state: 'done' });
    // the opt-out it answers shows reversed in two-way-review
    expect((await actionOf(stop.id)).state).toBe('reversed');
    const [row] = await t.p.db
      .execute(sql`select removed_at, removed_by, removed_mo_id, removed_reason
      from traffic_blacklist where account_id = ${account.id} and number = ${n}`)
      .then(rowsOf<Record<string, unknown>>);
    expect(row).toMatchObject({ removed_by: null, removed_mo_id: optIn.id, removed_reason: 'START' });
    expect(row!.removed_at).not.toBeNull();
    const removed = await call('GET', `${FEED}?after=${after}`);
    expect(removed.data.rows).toEqual([
      expect.objectContaining({ account: account.code, number: n, state: 'removed' }),
    ]);
    // a START of a number never listed, or listed for another account, changes nothing
    const stranger = mo('85292000033', 'START');
    await ingestBatch(t.p.db, t.clock.now(), [stranger]);
    expect((await call('GET', `${FEED}?after=${removed.data.next}`)).data.rows).toEqual([]);
    // STOP again: listed anew, a fresh entry of the feed with its new time
    const again = mo(n, 'STOP', t.clock.now().getTime() - 30 * 60_000);
    await ingestBatch(t.p.db, t.clock.now(), [again]);
    const relisted = await call('GET', `${FEED}?after=${removed.data.next}`);
    expect(relisted.data.rows).toEqual([expect.objectContaining({ number: n, state: 'listed' })]);
    expect(relisted.data.rows[0].addedAt).not.toBe(removed.data.rows[0].addedAt);
    expect((await actionOf(again.id)).state).toBe('done');
    // the earlier opt-out stays reversed: it was answered
    expect((await actionOf(stop.id)).state).toBe('reversed');
  });

  it('keeps a recall from sending again to a number that opted out', async () => {
    const channels = await portOf(t.p.db, 'channels')!.live('sms');
    const target = channels[0]!.id;
    const other = channels.find((c) => c.id !== target)?.id ?? target + 1_000;
    const base = t.clock.now().getTime() - 20 * 24 * HOUR + 3 * HOUR;
    const submitAt = new Date(base + 60_000).toISOString();
    const dlrAt = new Date(base + 120_000).toISOString();
    const ids = ['OBR1', 'OBR2', 'OBR3'].map((x) => `${x}${base.toString(36)}`);
    const numbers = ['85292000041', '85292000042', '85292000043'];
    await ingestBatch(
      t.p.db,
      t.clock.now(),
      ids.flatMap((messageId, i) => [
        {
          type: 'submit' as const,
          messageId,
          account: account.code,
          senderId: 'INFO',
          number: numbers[i]!,
          channelId: other,
          submitAt,
        },
        { type: 'dlr' as const, messageId, part: 1, state: 'undeliverable' as const, dlrAt },
      ]),
    );
    // the second number answers STOP: it goes on the account's blacklist
    await ingestBatch(t.p.db, t.clock.now(), [mo(numbers[1]!, 'STOP', base + 30 * 60_000)]);
    const task = await staff('/v2/traffic/recall-tasks', {
      accountId: account.id,
      from: new Date(base).toISOString(),
      to: new Date(base + HOUR).toISOString(),
      channelId: target,
    });
    expect(task.code).toBe(0);
    await runRecall(t.p.db, task.data.id, t.clock.now());
    const recalled = await t.p.db.select().from(trafficRecalls).where(inArray(trafficRecalls.messageId, ids));
    expect(recalled.map((r) => r.messageId).sort()).toEqual([ids[0], ids[2]].sort());
  });
});

describe('scheduled sends and two-way tasks from the platform (decision 0124)', () => {
  const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
  const schedule = (batchId: string, over: object = {}) => ({
    type: 'schedule' as const,
    batchId,
    account: account.code,
    senderId: 'NOTICE',
    numbers: 1200,
    segments: 2,
    scheduledAt: at(5 * HOUR),
    ...over,
  });
  const booked = async (batchId: string) =>
    (await t.p.db.select().from(trafficAppointments).where(eq(trafficAppointments.batchId, batchId)))[0];

  it('books, sends and cancels batches by their id; a state moves on from waiting only; bad lines are answered', async () => {
    const id = `PB${Date.now().toString(36)}`;
    const res = await ingestBatch(t.p.db, t.clock.now(), [
      schedule(`${id}-1`),
      schedule(`${id}-2`),
      schedule(`${id}-3`, { state: 'sent', scheduledAt: at(-HOUR) }),
      schedule(`${id}-4`, { scheduledAt: at(200 * 24 * HOUR) }),
      schedule(`${id}-5`, { account: 'NO-SUCH-ACCOUNT' }),
      schedule(`${id}-6`, { numbers: 0 }),
    ]);
    expect(res.lines.map((l) => [l.line, l.result, l.code])).toEqual([
      [1, 'stored', undefined],
      [2, 'stored', undefined],
      [3, 'stored', undefined],
      [4, 'error', Errors.TRF_LINE_INVALID.code],
      [5, 'error', Errors.TRF_ACCOUNT_UNKNOWN.code],
      [6, 'error', Errors.TRF_LINE_INVALID.code],
    ]);
    expect(await booked(`${id}-1`)).toMatchObject({
      state: 'waiting',
      accountId: account.id,
      numbers: 1200,
      segments: 2,
    });
    expect(await booked(`${id}-3`)).toMatchObject({ state: 'sent' });
    expect((await booked(`${id}-3`))!.sentAt!.toISOString()).toBe((await booked(`${id}-3`))!.scheduledAt.toISOString());
    expect(await booked(`${id}-4`)).toBeUndefined();

    // later reports: 1 is sent; 2 cancelled by the platform; 3 back to waiting is a duplicate; 1 again too
    const later = await ingestBatch(t.p.db, t.clock.now(), [
      schedule(`${id}-1`, { state: 'sent', stateAt: at(-60_000) }),
      schedule(`${id}-2`, { state: 'cancelled' }),
      schedule(`${id}-3`, { state: 'waiting' }),
      schedule(`${id}-1`, { state: 'cancelled' }),
      schedule(`${id}-2`, { account: other.code }),
    ]);
    expect(later.lines.map((l) => l.result)).toEqual(['stored', 'stored', 'duplicate', 'duplicate', 'error']);
    expect(await booked(`${id}-1`)).toMatchObject({ state: 'sent' });
    expect(await booked(`${id}-2`)).toMatchObject({ state: 'cancelled', cancelledBy: null });
    expect(await booked(`${id}-3`)).toMatchObject({ state: 'sent' });
  });

  it('hands staff cancellations to the platform as a feed; a send reported after one was too late and counts', async () => {
    const id = `PC${Date.now().toString(36)}`;
    await ingestBatch(t.p.db, t.clock.now(), [schedule(`${id}-1`), schedule(`${id}-2`), schedule(`${id}-3`)]);
    const first = await call('GET', '/v2/traffic/ingest/outbox/cancellations?limit=5000');
    expect(first.code).toBe(0);
    const cursor = first.data.next as string | null;
    for (const n of [1, 2]) {
      const b = (await booked(`${id}-${n}`))!;
      expect((await staff(`/v2/traffic/appointments/${b.id}/cancel`, {})).code).toBe(0);
    }
    const feed = await call('GET', `/v2/traffic/ingest/outbox/cancellations${cursor ? `?after=${cursor}` : ''}`);
    expect(feed.data.rows.map((r: { batchId: string }) => r.batchId)).toEqual([`${id}-1`, `${id}-2`]);
    expect(feed.data.rows[0]).toMatchObject({ account: account.code, cancelledAt: expect.any(String) });
    // read on from the new cursor: nothing new; a made-up cursor is refused
    const again = await call('GET', `/v2/traffic/ingest/outbox/cancellations?after=${feed.data.next}`);
    expect(again.data).toEqual({ rows: [], next: feed.data.next });
    expect((await call('GET', '/v2/traffic/ingest/outbox/cancellations?after=xyz')).code).toBe(
      Errors.TRF_FEED_CURSOR.code,
    );
    // the platform confirms the first and had sent the second already
    const res = await ingestBatch(t.p.db, t.clock.now(), [
      schedule(`${id}-1`, { state: 'cancelled' }),
      schedule(`${id}-2`, { state: 'sent', stateAt: at(-1000) }),
    ]);
    expect(res.lines.map((l) => l.result)).toEqual(['duplicate', 'stored']);
    expect(await booked(`${id}-1`)).toMatchObject({ state: 'cancelled' });
    expect(await booked(`${id}-2`)).toMatchObject({ state: 'sent' });
  });

  it('sends what fell due in the demo platform through the same lines; a cancelled one stays', async () => {
    const id = `PD${Date.now().toString(36)}`;
    await ingestBatch(t.p.db, t.clock.now(), [
      schedule(`${id}-1`, { scheduledAt: at(-2 * 60_000) }),
      schedule(`${id}-2`, { scheduledAt: at(-2 * 60_000), state: 'cancelled' }),
      schedule(`${id}-3`, { scheduledAt: at(HOUR) }),
    ]);
    expect(await sendDueAppointments(t.p.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await booked(`${id}-1`)).toMatchObject({ state: 'sent' });
    expect(await booked(`${id}-2`)).toMatchObject({ state: 'cancelled' });
    expect(await booked(`${id}-3`)).toMatchObject({ state: 'waiting' });
    // the batch's messages carry its id: sendRcdQuery finds them by it (1200 numbers of 2 parts)
    const records = async (q: Record<string, string>) =>
      (
        await t.app.inject({
          url: '/v2/traffic/sms/page',
          query: { from: at(-DAY), to: at(HOUR), size: '5', ...q },
          headers: bearer(admin),
        })
      ).json() as Answer;
    const page = await records({ batchId: `${id}-1` });
    expect(page.code).toBe(0);
    expect(page.data.totals.records).toBe(2400);
    expect(page.data.records.every((r: { batchId: string }) => r.batchId === `${id}-1`)).toBe(true);
    expect((await records({ batchId: `${id}-2` })).data.totals.records).toBe(0);
    expect((await records({ batchId: 'x'.repeat(65) })).code).toBe(Errors.VALIDATION_FAILED.code);
    // the same batch again (a retried step) sends nothing twice
    await t.p.db
      .update(trafficAppointments)
      .set({ state: 'waiting' })
      .where(eq(trafficAppointments.batchId, `${id}-1`));
    await sendDueAppointments(t.p.db, t.clock.now());
    expect((await records({ batchId: `${id}-1` })).data.totals.records).toBe(2400);
  });

  it('sends due batches within a step’s line budget, oldest first; the rest wait for the next step', async () => {
    const id = `PL${Date.now().toString(36)}`;
    await ingestBatch(t.p.db, t.clock.now(), [
      schedule(`${id}-1`, { scheduledAt: at(-3 * 60_000), numbers: 30, segments: 1 }),
      schedule(`${id}-2`, { scheduledAt: at(-2 * 60_000), numbers: 30, segments: 1 }),
    ]);
    // a budget of one line: the oldest batch goes out whole, the next one waits
    expect(await sendDueAppointments(t.p.db, t.clock.now(), 1)).toBe(1);
    expect(await booked(`${id}-1`)).toMatchObject({ state: 'sent' });
    expect(await booked(`${id}-2`)).toMatchObject({ state: 'waiting' });
    expect(await sendDueAppointments(t.p.db, t.clock.now(), 1)).toBe(1);
    expect(await booked(`${id}-2`)).toMatchObject({ state: 'sent' });
    const [sent] = await t.p.db
      .select({ n: sql<number>`count(*)::int` })
      .from(trafficSms)
      .where(inArray(trafficSms.batchId, [`${id}-1`, `${id}-2`]));
    expect(sent!.n).toBe(60);
  });

  it('keeps the batch id a submit line carries; a bad one is refused on its line', async () => {
    const id = `PI${Date.now().toString(36)}`;
    const submit = (messageId: string, batchId: unknown) => ({
      type: 'submit' as const,
      messageId,
      account: account.code,
      number: '85292000071',
      submitAt: at(-HOUR),
      batchId,
    });
    const res = await ingestBatch(t.p.db, t.clock.now(), [
      submit(`${id}a`, `${id}-B`),
      submit(`${id}b`, ''),
      submit(`${id}c`, 'y'.repeat(65)),
    ]);
    expect(res.lines.map((l) => l.result)).toEqual(['stored', 'error', 'error']);
    const [row] = await t.p.db
      .select()
      .from(trafficSms)
      .where(eq(trafficSms.messageId, `${id}a`));
    expect(row?.batchId).toBe(`${id}-B`);
  });

  it('keeps a two-way task by the platform id: new, changed, the same again; a window that ends first is refused', async () => {
    const id = `PT${Date.now().toString(36)}`;
    // the window read once: two reads a millisecond apart would be two different definitions
    const [startAt, endAt] = [at(-HOUR), at(HOUR)];
    const task = (over: object = {}) => ({
      type: 'task' as const,
      taskId: id,
      name: 'Survey YES/NO',
      account: account.code,
      senderId: 'INFO',
      startAt,
      endAt,
      ...over,
    });
    const res = await ingestBatch(t.p.db, t.clock.now(), [
      task(),
      task(),
      task({ name: 'Survey YES/NO (longer)', endAt: at(3 * HOUR) }),
      task({ taskId: `${id}-bad`, endAt: at(-2 * HOUR) }),
      task({ account: other.code }),
    ]);
    expect(res.lines.map((l) => l.result)).toEqual(['stored', 'duplicate', 'stored', 'error', 'error']);
    const rows = await t.p.db.select().from(trafficTwoWayTasks).where(eq(trafficTwoWayTasks.platformId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Survey YES/NO (longer)', accountId: account.id, senderId: 'INFO' });
    // the screen lists it with its figures
    const page = await t.app.inject({
      url: '/v2/traffic/twoway-tasks/page',
      query: { from: at(-2 * HOUR), to: at(2 * HOUR), accountId: String(account.id) },
      headers: bearer(admin),
    });
    expect(page.json().data.records.map((r: { name: string }) => r.name)).toContain('Survey YES/NO (longer)');
  });

  it('stores a batch reported twice at once once', async () => {
    const id = `PR${Date.now().toString(36)}`;
    const answers = await Promise.all([0, 1, 2].map(() => ingestBatch(t.p.db, t.clock.now(), [schedule(id)])));
    expect(answers.map((a) => a.stored).reduce((s, n) => s + n, 0)).toBe(1);
    expect(answers.map((a) => a.duplicate).reduce((s, n) => s + n, 0)).toBe(2);
    const rows = await t.p.db.select().from(trafficAppointments).where(eq(trafficAppointments.batchId, id));
    expect(rows).toHaveLength(1);
  });
});
