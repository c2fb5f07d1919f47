import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/modules/traffic/clients.js';
import { ingestBatch } from '../src/modules/traffic/ingest.js';
import { trafficCc, trafficVoiceTasks } from '../src/modules/traffic/schema.js';
import { reportCampaigns, simulateVoice } from '../src/modules/traffic/voice-demo.js';
import { staffUsers } from '../src/platform/access/schema.js';
import type { ConsumerAccountRef } from '../src/platform/ports.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const REQUESTS = '/v2/traffic/ingest/outbox/voice-task-requests';

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
let machine: string;
let account: ConsumerAccountRef;
let other: ConsumerAccountRef;
const tag = Date.now().toString(36);

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t.app, DEMO.admin);
  sales = await signIn(t.app, DEMO.sales01);
  const voice = (await portOf(t.p.db, 'accounts')!.active()).filter((a) => a.products.includes('voice') && a.ownerId);
  const [me] = await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, 'sales01'));
  // an account of someone else's customer: sales01's data scope must hide its records
  account = voice.find((a) => a.ownerId !== me!.id)!;
  other = voice.find((a) => a.id !== account.id)!;
  const cred = await createClient(t.p.db, 'platform');
  machine = (
    await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: cred.clientId, client_secret: cred.clientSecret },
    })
  ).json().data.access_token;
}, 180_000);
afterAll(async () => t?.close());

const get = async (url: string, who: Tokens = admin) =>
  (await t.app.inject({ url, headers: bearer(who) })).json() as Answer;
const staff = async (url: string, payload: object, who: Tokens = admin): Promise<Answer> => {
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(who) })).json()
    .data?.key;
  return (
    await t.app.inject({ method: 'POST', url, headers: { ...bearer(who), [IDEMPOTENCE_HEADER]: key }, payload })
  ).json();
};
const ago = (ms: number) => new Date(t.clock.now().getTime() - ms).toISOString();
/** a time on the hour: the same in two reports made a moment apart */
const hourAgo = (hours: number) =>
  new Date(Math.floor(t.clock.now().getTime() / HOUR) * HOUR - hours * HOUR).toISOString();
const range = () => `from=${encodeURIComponent(ago(2 * DAY))}&to=${encodeURIComponent(ago(-HOUR))}`;

let seq = 0;
const cc = (over: Record<string, unknown> = {}) => ({
  type: 'cc',
  callId: `CC-${tag}-${++seq}`,
  account: account.code,
  direction: 'inbound',
  queue: `Q-${tag}`,
  seat: `S-${tag}`,
  agent: 'Lee',
  number: '85291230000',
  line: '85230001000',
  startAt: ago(HOUR),
  answerAt: ago(HOUR - 20_000),
  endAt: ago(HOUR - 200_000),
  waitSeconds: 20,
  talkSeconds: 180,
  result: 'answered',
  recording: `rec/${tag}/${seq}.wav`,
  ...over,
});
const task = (taskId: string, over: Record<string, unknown> = {}) => ({
  type: 'voicetask',
  taskId,
  account: account.code,
  name: 'Renewal reminder',
  caller: '85230001000',
  numbers: 1000,
  attempted: 100,
  answered: 60,
  startAt: hourAgo(3),
  endAt: hourAgo(-5),
  state: 'running',
  ...over,
});

describe('call-centre records (voiceCcRecord)', () => {
  it('are ingested once by call id over NDJSON, bad lines answered line by line', async () => {
    const a = cc();
    const b = cc({
      direction: 'outbound',
      result: 'no_answer',
      answerAt: undefined,
      talkSeconds: 0,
      recording: undefined,
    });
    const body = [
      a,
      b,
      { ...a }, // the same call again in the batch
      cc({ result: 'answered', seat: undefined }), // answered without a seat
      cc({ endAt: ago(2 * HOUR) }), // ends before it starts
      cc({ account: 'NO-SUCH-ACCOUNT' }),
      cc({ startAt: ago(400 * DAY), answerAt: undefined, endAt: ago(400 * DAY - 1000) }), // past retention
      '{not json',
    ]
      .map((l) => (typeof l === 'string' ? l : JSON.stringify(l)))
      .join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/ingest',
      headers: { authorization: `Bearer ${machine}`, 'content-type': 'application/x-ndjson' },
      payload: body,
    });
    const out = res.json().data;
    expect(out.lines.map((l: { result: string; code?: number }) => [l.result, l.code])).toEqual([
      ['stored', undefined],
      ['stored', undefined],
      ['duplicate', undefined],
      ['error', Errors.TRF_LINE_INVALID.code],
      ['error', Errors.TRF_LINE_INVALID.code],
      ['error', Errors.TRF_ACCOUNT_UNKNOWN.code],
      ['error', Errors.TRF_TIME_OUT_OF_WINDOW.code],
      ['error', Errors.TRF_LINE_MALFORMED.code],
    ]);
    // again, and again with another start time: the key table knows the call id
    const again = await ingestBatch(t.p.db, t.clock.now(), [a, { ...b, startAt: ago(3 * HOUR) }]);
    expect(again).toMatchObject({ stored: 0, duplicate: 2, errors: 0 });
    const rows = await t.p.db
      .select()
      .from(trafficCc)
      .where(eq(trafficCc.queue, `Q-${tag}`));
    expect(rows.map((r) => r.callId).sort()).toEqual([a.callId, b.callId].sort());
  });

  it('is a query view with a required range, filters and totals', async () => {
    expect((await get('/v2/traffic/cc/page')).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    const long = `from=${encodeURIComponent(ago(100 * DAY))}&to=${encodeURIComponent(ago(0))}`;
    expect((await get(`/v2/traffic/cc/page?${long}`)).code).toBe(Errors.TRF_RANGE_TOO_LONG.code);
    const inverted = `from=${encodeURIComponent(ago(0))}&to=${encodeURIComponent(ago(DAY))}`;
    expect((await get(`/v2/traffic/cc/page?${inverted}`)).code).toBe(Errors.TRF_RANGE_INVERTED.code);
    expect((await get(`/v2/traffic/cc/page?${range()}&result=hung_up`)).code).toBe(Errors.VALIDATION_FAILED.code);
    const page = await get(`/v2/traffic/cc/page?${range()}&queue=Q-${tag}&size=10`);
    expect(page.code).toBe(0);
    expect(page.data.total).toBe(2);
    expect(page.data.totals).toEqual({ calls: 2, answered: 1, waitSeconds: 40, talkSeconds: 180 });
    const answered = await get(`/v2/traffic/cc/page?${range()}&queue=Q-${tag}&result=answered`);
    expect(answered.data.records).toHaveLength(1);
    expect(answered.data.records[0]).toMatchObject({
      seat: `S-${tag}`,
      agent: 'Lee',
      waitSeconds: 20,
      talkSeconds: 180,
    });
    const byNumber = await get(`/v2/traffic/cc/page?${range()}&number=%2B85291230000&queue=Q-${tag}`);
    expect(byNumber.data.total).toBe(2);
  });

  it('shows a sales colleague only the calls of their own customers', async () => {
    const page = await get(`/v2/traffic/cc/page?${range()}&queue=Q-${tag}`, sales);
    expect(page.code).toBe(0);
    expect(page.data.total).toBe(0);
    expect((await get(`/v2/traffic/cc/page?${range()}&queue=Q-${tag}`)).data.total).toBe(2);
  });
});

describe('voice campaigns (voiceTaskManagement)', () => {
  it('follow the platform reports: counts never go back, a finished task stays finished', async () => {
    const id = `VT-${tag}-1`;
    expect(await ingestBatch(t.p.db, t.clock.now(), [task(id)])).toMatchObject({ stored: 1 });
    expect(await ingestBatch(t.p.db, t.clock.now(), [task(id)])).toMatchObject({ stored: 0, duplicate: 1 });
    // a stale report (fewer calls) changes nothing
    expect(await ingestBatch(t.p.db, t.clock.now(), [task(id, { attempted: 50, answered: 20 })])).toMatchObject({
      duplicate: 1,
    });
    expect(await ingestBatch(t.p.db, t.clock.now(), [task(id, { attempted: 400, answered: 250 })])).toMatchObject({
      stored: 1,
    });
    const bad = await ingestBatch(t.p.db, t.clock.now(), [
      task(id, { account: other.code }),
      task(`VT-${tag}-x`, { answered: 200, attempted: 100 }),
      task(`VT-${tag}-y`, { endAt: hourAgo(4) }),
      task(`VT-${tag}-z`, { state: 'stopped' }),
    ]);
    expect(bad.lines.map((l) => l.code)).toEqual(Array(4).fill(Errors.TRF_LINE_INVALID.code));
    expect(
      await ingestBatch(t.p.db, t.clock.now(), [task(id, { attempted: 1000, answered: 700, state: 'finished' })]),
    ).toMatchObject({ stored: 1 });
    expect(await ingestBatch(t.p.db, t.clock.now(), [task(id, { attempted: 1000, answered: 700 })])).toMatchObject({
      duplicate: 1,
    });
    const [row] = await t.p.db.select().from(trafficVoiceTasks).where(eq(trafficVoiceTasks.platformId, id));
    expect(row).toMatchObject({ state: 'finished', attempted: 1000, answered: 700, accountId: account.id });
  });

  it('takes staff requests the platform reads back and carries out', async () => {
    const id = `VT-${tag}-2`;
    await ingestBatch(t.p.db, t.clock.now(), [task(id)]);
    const listed = await get(`/v2/traffic/voice-tasks/page?${range()}&taskId=${id}`);
    expect(listed.data.total).toBe(1);
    const row = listed.data.records[0];
    expect(row).toMatchObject({ state: 'running', attempted: 100, answered: 60, request: null, requestPending: false });
    expect((await get('/v2/traffic/voice-tasks/page')).code).toBe(Errors.TRF_RANGE_REQUIRED.code);

    const start = await t.app.inject({ url: REQUESTS, headers: { authorization: `Bearer ${machine}` } });
    const before = start.json().data.next as string | null;

    const url = `/v2/traffic/voice-tasks/${row.id}/request`;
    expect((await staff(url, { request: 'resume' })).code).toBe(Errors.TRF_VOICE_TASK_STATE.code);
    expect((await staff(url, { request: 'stop' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await staff('/v2/traffic/voice-tasks/999999999/request', { request: 'pause' })).code).toBe(
      Errors.NOT_FOUND.code,
    );
    const paused = await staff(url, { request: 'pause' });
    expect(paused.data).toMatchObject({ request: 'pause', requestPending: true, state: 'running' });
    expect((await staff(url, { request: 'pause' })).code).toBe(Errors.TRF_VOICE_TASK_STATE.code);

    const feed = async (after: string | null) =>
      (
        await t.app.inject({
          url: `${REQUESTS}${after ? `?after=${after}` : ''}`,
          headers: { authorization: `Bearer ${machine}` },
        })
      ).json().data as { rows: { taskId: string; request: string; account: string }[]; next: string };
    const read = await feed(before);
    expect(read.rows).toEqual([
      { taskId: id, account: account.code, request: 'pause', requestedAt: expect.any(String) },
    ]);
    expect((await feed(read.next)).rows).toEqual([]);
    expect((await t.app.inject({ url: REQUESTS, headers: bearer(admin) })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `${REQUESTS}?after=zz`, headers: { authorization: `Bearer ${machine}` } })).json()
        .code,
    ).toBe(Errors.TRF_FEED_CURSOR.code);

    // the platform paused it: the request is carried out; then staff cancel
    await ingestBatch(t.p.db, t.clock.now(), [task(id, { state: 'paused', attempted: 120, stateAt: ago(0) })]);
    const after = (await get(`/v2/traffic/voice-tasks/page?${range()}&taskId=${id}`)).data.records[0];
    expect(after).toMatchObject({ state: 'paused', attempted: 120, request: 'pause', requestPending: false });
    expect((await staff(url, { request: 'cancel' })).data).toMatchObject({ request: 'cancel', requestPending: true });
    expect((await feed(read.next)).rows.map((r) => [r.taskId, r.request])).toEqual([[id, 'cancel']]);
    await ingestBatch(t.p.db, t.clock.now(), [task(id, { state: 'cancelled', attempted: 120 })]);
    expect((await staff(url, { request: 'resume' })).code).toBe(Errors.TRF_VOICE_TASK_STATE.code);
  });

  it('stores a new campaign once when two batches report it at the same time', async () => {
    const id = `VT-${tag}-3`;
    const answers = await Promise.all([0, 1, 2].map(() => ingestBatch(t.p.db, t.clock.now(), [task(id)])));
    expect(answers.map((a) => a.stored).sort()).toEqual([0, 0, 1]);
    expect(answers.map((a) => a.duplicate).sort()).toEqual([0, 1, 1]);
  });
});

describe('the demo platform (simulator)', () => {
  it('makes call-centre calls and campaigns that obey the requests staff make', async () => {
    const now = t.clock.now();
    await simulateVoice(t.p.db, now, new Date(now.getTime() - HOUR), now);
    const calls = await get(`/v2/traffic/cc/page?${range()}&size=5`);
    expect(calls.data.total).toBeGreaterThan(0);
    const tasks = (await get(`/v2/traffic/voice-tasks/page?${range()}&size=100`)).data.records as {
      id: number;
      taskId: string;
      state: string;
      attempted: number;
    }[];
    // one of the demo's own campaigns (VT-<account code>-<day>), not a task the tests above ingested
    const running = tasks.find((x) => /^VT-CA\d+-\d{8}$/.test(x.taskId) && x.state === 'running');
    if (!running) return; // before 01:00 UTC today's campaigns have not started
    expect((await staff(`/v2/traffic/voice-tasks/${running.id}/request`, { request: 'pause' })).code).toBe(0);
    await reportCampaigns(t.p.db, new Date(now.getTime() + 5 * 60_000));
    const [paused] = await t.p.db.select().from(trafficVoiceTasks).where(eq(trafficVoiceTasks.id, running.id));
    expect(paused).toMatchObject({ state: 'paused', request: 'pause' });
    await reportCampaigns(t.p.db, new Date(now.getTime() + 30 * 60_000));
    const [still] = await t.p.db.select().from(trafficVoiceTasks).where(eq(trafficVoiceTasks.id, running.id));
    expect(still).toMatchObject({ state: 'paused', attempted: paused!.attempted });
  });
});

describe('VOS voice accounts (vos-voice-account)', () => {
  it('lists the voice accounts with the ledger balance now, in the data scope', async () => {
    const all = await get('/v2/traffic/vos-accounts/page?size=100');
    expect(all.code).toBe(0);
    const rows = all.data.records as { accountId: number; balance: string; available: string; ownerId: number }[];
    expect(rows.map((r) => r.accountId)).toContain(account.id);
    const held = await portOf(t.p.db, 'ledger')!.balanceOf(account.id);
    const mine = rows.find((r) => r.accountId === account.id)!;
    expect(Number(mine.balance)).toBe(Number(held!.balance));
    expect(Number(mine.available)).toBe(Number(held!.balance) + Number(held!.creditLine));
    const [me] = await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, 'sales01'));
    const theirs = await get('/v2/traffic/vos-accounts/page?size=100', sales);
    expect(theirs.code).toBe(0);
    expect(theirs.data.records.every((r: { ownerId: number }) => r.ownerId === me!.id)).toBe(true);
    expect(theirs.data.records.map((r: { accountId: number }) => r.accountId)).not.toContain(account.id);
    expect((await get('/v2/traffic/vos-accounts/page?billing=weekly')).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get('/v2/traffic/vos-accounts/page?low=no')).code).toBe(Errors.VALIDATION_FAILED.code);
    const one = await get(`/v2/traffic/vos-accounts/page?accountId=${account.id}`);
    expect(one.data.total).toBe(1);
  });

  it('exports every account of the filter, named, in the data scope; bad input refused', async () => {
    const file = (payload: object, who: Tokens = admin) =>
      t.app.inject({ method: 'POST', url: '/v2/traffic/vos-accounts/export', headers: bearer(who), payload });
    const res = await file({ format: 'csv' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const lines = res.body.trim().split('\n');
    const all = await get('/v2/traffic/vos-accounts/page?size=200');
    expect(lines.length).toBe(all.data.total + 1);
    expect(lines[0]).toContain('Account');
    const line = lines.find((l) => l.includes(account.code))!;
    expect(line).toBeDefined();
    // the customer by code and name, not its id
    expect(line).not.toMatch(new RegExp(`,#${account.customerId},`));
    const theirs = await file({ format: 'csv' }, sales);
    const mine = await get('/v2/traffic/vos-accounts/page?size=200', sales);
    expect(theirs.body.trim().split('\n').length).toBe(mine.data.total + 1);
    expect(theirs.body).not.toContain(account.code);
    const one = await file({ format: 'csv', accountId: account.id });
    expect(one.body.trim().split('\n').length).toBe(2);
    expect((await file({ format: 'csv', low: 'no' })).json().code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await file({ format: 'pdf' })).json().code).toBe(Errors.VALIDATION_FAILED.code);
  });
});
