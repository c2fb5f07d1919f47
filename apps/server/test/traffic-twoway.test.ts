import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestBatch } from '../src/modules/traffic/ingest.js';
import { recallId, resendRecalls, runQueuedRecalls, runRecall } from '../src/modules/traffic/recall.js';
import { trafficRecalls, trafficSms, trafficTwoWayRules } from '../src/modules/traffic/schema.js';
import { twoWayRules } from '../src/modules/traffic/twoway-rules.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, clearOfMidnight, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
let finance: Tokens;

beforeAll(async () => {
  t = await startTestApp();
  clearOfMidnight(t.clock, 4);
  [admin, sales, finance] = await Promise.all([
    signIn(t.app, DEMO.admin),
    signIn(t.app, DEMO.sales01),
    signIn(t.app, DEMO.finance01),
  ]);
}, 120_000);
afterAll(async () => t?.close());

const now = () => t.clock.now();
const iso = (ms: number) => new Date(now().getTime() + ms).toISOString();
const get = (tok: Tokens, url: string, query: Record<string, string | number> = {}) =>
  t.app
    .inject({
      url,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: bearer(tok),
    })
    .then((r) => r.json() as Answer);
const post = async (tok: Tokens, url: string, payload?: object): Promise<Answer> => {
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) })).json()
    .data?.key;
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(tok), [IDEMPOTENCE_HEADER]: key },
    ...(payload ? { payload } : {}),
  });
  return res.json();
};
const around = () => ({ from: iso(-4 * DAY), to: iso(4 * DAY) });

describe('range rule of the three query views', () => {
  it('refuses a missing, inverted or too long range with the TRF_ codes', async () => {
    for (const path of ['appointments/page', 'twoway-tasks/page', 'recall-tasks/page']) {
      const url = `/v2/traffic/${path}`;
      expect((await get(admin, url)).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
      expect((await get(admin, url, { from: iso(0), to: iso(-HOUR) })).code).toBe(Errors.TRF_RANGE_INVERTED.code);
      expect((await get(admin, url, { from: iso(-100 * DAY), to: iso(0) })).code).toBe(Errors.TRF_RANGE_TOO_LONG.code);
      expect((await get(admin, url, { ...around(), size: 100_000 })).code).toBe(Errors.VALIDATION_FAILED.code);
      expect((await get(finance, url, around())).code).toBe(Errors.NO_PERMISSION.code);
    }
  });
});

describe('exports of the three query views', () => {
  const exportOf = (tok: Tokens, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/v2/traffic/${path}/export`, headers: bearer(tok), payload });
  it('export what the screen lists: same range, filters and data scope; a missing range or key is refused', async () => {
    const views = [
      { path: 'appointments', filter: { state: 'waiting' }, id: (r: { batchId: string }) => r.batchId },
      { path: 'twoway-tasks', filter: { state: 'finished' }, id: (r: { name: string }) => r.name },
      { path: 'recall-tasks', filter: { state: 'done' }, id: (r: { id: number }) => String(r.id) },
    ];
    for (const v of views) {
      for (const [tok, filter] of [
        [admin, {}],
        [sales, {}],
        [admin, v.filter],
      ] as const) {
        const page = await get(tok, `/v2/traffic/${v.path}/page`, { ...around(), ...filter, size: 200 });
        expect(page.code).toBe(0);
        const file = await exportOf(tok, v.path, { ...around(), ...filter, format: 'csv' });
        expect(file.statusCode).toBe(200);
        expect(file.headers['x-export-rows'], `${v.path} ${JSON.stringify(filter)}`).toBe(String(page.data.total));
        for (const r of page.data.records.slice(0, 3)) expect(file.body).toContain(v.id(r));
      }
      const all = await get(admin, `/v2/traffic/${v.path}/page`, { ...around(), size: 1 });
      const own = await get(sales, `/v2/traffic/${v.path}/page`, { ...around(), size: 1 });
      expect(all.data.total).toBeGreaterThan(0);
      expect(own.data.total).toBeLessThan(all.data.total);
      expect((await exportOf(admin, v.path, { format: 'csv' })).json().code).toBe(Errors.TRF_RANGE_REQUIRED.code);
      expect((await exportOf(finance, v.path, { ...around(), format: 'csv' })).json().code).toBe(
        Errors.NO_PERMISSION.code,
      );
    }
  });
});

describe('sms-appointment-record', () => {
  it('lists the demo scheduled sends on both sides of now, filtered and scoped', async () => {
    const all = await get(admin, '/v2/traffic/appointments/page', { ...around(), size: 200 });
    expect(all.code).toBe(0);
    expect(all.data.total).toBeGreaterThan(0);
    const states = new Set(all.data.records.map((r: { state: string }) => r.state));
    expect(states.has('waiting') && states.has('sent')).toBe(true);
    const waiting = await get(admin, '/v2/traffic/appointments/page', { ...around(), state: 'waiting', size: 200 });
    expect(waiting.data.records.every((r: { state: string }) => r.state === 'waiting')).toBe(true);
    // sales01 sees the sends of its own customers only
    const mine = await get(sales, '/v2/traffic/appointments/page', { ...around(), size: 200 });
    expect(mine.code).toBe(0);
    const [me] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'));
    expect(mine.data.records.every((r: { ownerId: number }) => r.ownerId === me!.id)).toBe(true);
    expect(mine.data.total).toBeLessThanOrEqual(all.data.total);
  });

  it('cancels a waiting send once; a sent one, an unknown one and one outside my scope are refused', async () => {
    const page = await get(admin, '/v2/traffic/appointments/page', { ...around(), state: 'waiting', size: 200 });
    const salesOwn = await get(sales, '/v2/traffic/appointments/page', { ...around(), size: 200 });
    const ownIds = new Set(salesOwn.data.records.map((r: { id: number }) => r.id));
    const target = page.data.records.find(
      (r: { id: number; scheduledAt: string }) => !ownIds.has(r.id) && Date.parse(r.scheduledAt) > now().getTime(),
    );
    expect(target).toBeTruthy();
    // not mine: as if it did not exist, and nothing changes
    const foreign = await post(sales, `/v2/traffic/appointments/${target.id}/cancel`);
    expect(foreign.code).toBe(Errors.NOT_FOUND.code);
    expect((await post(finance, `/v2/traffic/appointments/${target.id}/cancel`)).code).toBe(Errors.NO_PERMISSION.code);
    const done = await post(admin, `/v2/traffic/appointments/${target.id}/cancel`);
    expect(done.code).toBe(0);
    expect(done.data).toMatchObject({ id: target.id, state: 'cancelled' });
    expect(done.data.cancelledAt).toBeTruthy();
    const again = await post(admin, `/v2/traffic/appointments/${target.id}/cancel`);
    expect(again.code).toBe(Errors.TRF_APPOINTMENT_NOT_WAITING.code);
    const sent = (await get(admin, '/v2/traffic/appointments/page', { ...around(), state: 'sent' })).data.records[0];
    expect((await post(admin, `/v2/traffic/appointments/${sent.id}/cancel`)).code).toBe(
      Errors.TRF_APPOINTMENT_NOT_WAITING.code,
    );
    expect((await post(admin, '/v2/traffic/appointments/99999999/cancel')).code).toBe(Errors.NOT_FOUND.code);
    expect((await post(admin, '/v2/traffic/appointments/abc/cancel')).code).toBe(Errors.VALIDATION_FAILED.code);
  });
});

describe('twowaytask', () => {
  it('answers tasks with numbers, replies and rate equal to the records, and the replies themselves', async () => {
    const page = await get(admin, '/v2/traffic/twoway-tasks/page', { from: iso(-2 * DAY), to: iso(DAY), size: 50 });
    expect(page.code).toBe(0);
    expect(page.data.total).toBeGreaterThan(0);
    const task = page.data.records.find((r: { numbers: number }) => r.numbers > 0);
    expect(task).toBeTruthy();
    const [figures] = rowsOf<{ numbers: string }>(
      await t.p.db.execute(sql`select count(distinct number)::text as numbers from traffic_sms
        where account_id = ${task.accountId} and sender_id = ${task.senderId}
          and submit_at >= ${task.startAt} and submit_at < ${task.endAt}`),
    );
    expect(task.numbers).toBe(Number(figures!.numbers));
    const detail = await get(admin, `/v2/traffic/twoway-tasks/${task.id}`);
    expect(detail.data).toMatchObject({ id: task.id, numbers: task.numbers, replies: task.replies });
    const replies = await get(admin, `/v2/traffic/twoway-tasks/${task.id}/replies`, { size: 100 });
    expect(replies.code).toBe(0);
    expect(replies.data.total).toBe(task.replies);
    expect(
      replies.data.records.every((r: { kind: string; to: string }) => r.kind === 'mo' && r.to === task.senderId),
    ).toBe(true);
    expect((await get(admin, '/v2/traffic/twoway-tasks/99999999')).code).toBe(Errors.NOT_FOUND.code);
    // another owner's task is not found for sales01
    const foreign = page.data.records.find((r: { ownerId: number }) => r.ownerId !== task.ownerId) ?? task;
    const seen = await get(sales, '/v2/traffic/twoway-tasks/page', { from: iso(-2 * DAY), to: iso(DAY), size: 50 });
    const seenIds = new Set(seen.data.records.map((r: { id: number }) => r.id));
    const hidden = page.data.records.find((r: { id: number }) => !seenIds.has(r.id)) ?? foreign;
    if (!seenIds.has(hidden.id))
      expect((await get(sales, `/v2/traffic/twoway-tasks/${hidden.id}/replies`)).code).toBe(Errors.NOT_FOUND.code);
  });
});

describe('operate-set/two-way rules', () => {
  it('keeps keyword rules on the kernel: upper-cased keyword, a reply needs its text, one per keyword and account', async () => {
    const page = await post(admin, '/v2/traffic/two-way-rules/page', { size: 50 });
    expect(page.code).toBe(0);
    expect(page.data.total).toBeGreaterThan(0);
    const noText = await post(admin, '/v2/traffic/two-way-rules/save', {
      keyword: 'info',
      match: 'exact',
      action: 'reply',
      enabled: true,
    });
    expect(noText.code).toBe(Errors.TRF_RULE_REPLY_REQUIRED.code);
    const made = await post(admin, '/v2/traffic/two-way-rules/save', {
      keyword: ' info ',
      match: 'prefix',
      action: 'reply',
      replyText: 'Visit example.com',
      enabled: true,
    });
    expect(made.code).toBe(0);
    const detail = await post(admin, '/v2/traffic/two-way-rules/detail', { id: made.data.id });
    expect(detail.data.keyword).toBe('INFO');
    const dup = await post(admin, '/v2/traffic/two-way-rules/save', {
      keyword: 'INFO',
      match: 'exact',
      action: 'optout',
      enabled: true,
    });
    expect(dup.code).toBe(Errors.DUPLICATE.code);
    // the same keyword for one account is its own rule
    const forAccount = await post(admin, '/v2/traffic/two-way-rules/save', {
      keyword: 'INFO',
      match: 'exact',
      action: 'optout',
      accountId: 1,
      enabled: true,
    });
    expect(forAccount.code).toBe(0);
    // an opt-out turned into a reply without a text is refused, and stays as it was
    const optout = await post(admin, '/v2/traffic/two-way-rules/detail', { id: forAccount.data.id });
    const turn = await post(admin, '/v2/traffic/two-way-rules/update', {
      id: forAccount.data.id,
      version: optout.data.version,
      action: 'reply',
    });
    expect(turn.code).toBe(Errors.TRF_RULE_REPLY_REQUIRED.code);
    expect((await post(admin, '/v2/traffic/two-way-rules/detail', { id: forAccount.data.id })).data.action).toBe(
      'optout',
    );
    expect((await post(sales, '/v2/traffic/two-way-rules/page', {})).code).toBe(Errors.NO_PERMISSION.code);
  });
});

describe('auto-recall-task', () => {
  it('refuses a bad window, an unknown account or channel, and creates nothing', async () => {
    const accounts = await portOf(t.p.db, 'accounts')!.active();
    const account = accounts.find((a) => a.products.includes('sms'))!;
    const [channel] = await portOf(t.p.db, 'channels')!.live('sms');
    const body = { accountId: account.id, from: iso(-3 * HOUR), to: iso(-HOUR), channelId: channel!.id };
    const before = await get(admin, '/v2/traffic/recall-tasks/page', { from: iso(-DAY), to: iso(DAY) });
    for (const [over, code] of [
      [{ to: iso(HOUR) }, Errors.TRF_RECALL_WINDOW.code],
      [{ from: iso(-9 * DAY) }, Errors.TRF_RECALL_WINDOW.code],
      [{ from: iso(-HOUR), to: iso(-3 * HOUR) }, Errors.TRF_RECALL_WINDOW.code],
      [{ accountId: 999_999 }, Errors.TRF_ACCOUNT_UNKNOWN.code],
      [{ channelId: 999_999 }, Errors.TRF_RECALL_CHANNEL_UNKNOWN.code],
      [{ states: [] }, Errors.VALIDATION_FAILED.code],
      [{ states: ['delivered'] }, Errors.VALIDATION_FAILED.code],
    ] as const)
      expect((await post(admin, '/v2/traffic/recall-tasks', { ...body, ...over })).code).toBe(code);
    expect((await post(sales, '/v2/traffic/recall-tasks', body)).code).toBe(Errors.NO_PERMISSION.code);
    const after = await get(admin, '/v2/traffic/recall-tasks/page', { from: iso(-DAY), to: iso(DAY) });
    expect(after.data.total).toBe(before.data.total);
  });

  it('recalls each failed message once however many runs go at once, then counts resends and deliveries', async () => {
    const accounts = await portOf(t.p.db, 'accounts')!.active();
    const account = accounts.find((a) => a.products.includes('sms'))!;
    const live = await portOf(t.p.db, 'channels')!.live('sms');
    const target = live[0]!.id;
    const other = live.find((c) => c.id !== target)?.id ?? target + 1_000;
    // a window of our own: failed messages of two parts, one delivered, one failed by the target channel
    const base = now().getTime() - 30 * DAY + 7 * HOUR;
    const window = { from: new Date(base).toISOString(), to: new Date(base + HOUR).toISOString() };
    const submitAt = new Date(base + 10 * 60_000).toISOString();
    const dlrAt = new Date(base + 11 * 60_000).toISOString();
    const ids = Array.from({ length: 40 }, (_, i) => `TWR${i}x${base.toString(36)}`);
    const line = (messageId: string, part: number, channelId: number) => ({
      type: 'submit' as const,
      messageId,
      part,
      parts: 2,
      account: account.code,
      senderId: 'INFO',
      number: `852900${String(ids.indexOf(messageId)).padStart(5, '0')}`,
      channelId,
      submitAt,
    });
    const lines = ids.flatMap((id, i) => [
      line(id, 1, i === 39 ? target : other),
      line(id, 2, i === 39 ? target : other),
      { type: 'dlr' as const, messageId: id, part: 1, state: 'delivered' as const, dlrAt },
      {
        type: 'dlr' as const,
        messageId: id,
        part: 2,
        state: i === 0 ? ('delivered' as const) : (['undeliverable', 'expired', 'rejected'] as const)[i % 3]!,
        dlrAt,
      },
    ]);
    const res = await ingestBatch(t.p.db, now(), lines);
    expect(res.errors).toBe(0);
    // what the window holds besides ours (nothing at that hour a month back, but counted, not assumed)
    const [expected] = rowsOf<{ n: string }>(
      await t.p.db.execute(sql`select count(distinct message_id)::text as n from traffic_sms
        where account_id = ${account.id} and submit_at >= ${window.from} and submit_at < ${window.to}
          and submit_status = 'accepted' and dlr_state in ('undeliverable', 'expired', 'rejected') and channel_id <> ${target}`),
    );
    const n = Number(expected!.n);
    expect(n).toBeGreaterThanOrEqual(38);
    const body = { accountId: account.id, ...window, channelId: target };
    const a = await post(admin, '/v2/traffic/recall-tasks', body);
    const b = await post(admin, '/v2/traffic/recall-tasks', body);
    expect(a.code).toBe(0);
    expect(a.data).toMatchObject({ state: 'queued', found: 0, recalled: 0 });
    // two tasks over the same window, the first run twice, and the job's claim, all at once
    await Promise.all([
      runRecall(t.p.db, a.data.id, now()),
      runRecall(t.p.db, b.data.id, now()),
      runRecall(t.p.db, a.data.id, now()),
      runQueuedRecalls(t.p.db, now()),
    ]);
    const recalls = await t.p.db.select().from(trafficRecalls).where(inArray(trafficRecalls.messageId, ids));
    expect(recalls.length).toBe(38);
    expect(new Set(recalls.map((r) => r.messageId)).size).toBe(38);
    expect(recalls.some((r) => r.messageId === ids[0] || r.messageId === ids[39])).toBe(false);
    const [ta, tb] = await Promise.all([
      get(admin, `/v2/traffic/recall-tasks/${a.data.id}`),
      get(admin, `/v2/traffic/recall-tasks/${b.data.id}`),
    ]);
    expect(ta.data).toMatchObject({ state: 'done', progress: 100, found: n });
    expect(tb.data).toMatchObject({ state: 'done', found: n });
    expect(ta.data.recalled + tb.data.recalled).toBe(n);
    // a third task later finds them all again and recalls none
    const c = await post(admin, '/v2/traffic/recall-tasks', body);
    await runQueuedRecalls(t.p.db, now());
    expect((await get(admin, `/v2/traffic/recall-tasks/${c.data.id}`)).data).toMatchObject({
      state: 'done',
      found: n,
      recalled: 0,
    });
    // the platform resends them by the target channel; the deliveries are counted from the resends' records
    while ((await resendRecalls(t.p.db, now())) > 0);
    const resends = await t.p.db
      .select()
      .from(trafficSms)
      .where(inArray(trafficSms.messageId, ids.map(recallId)));
    expect(resends.length).toBe(76);
    expect(resends.every((r) => r.channelId === target)).toBe(true);
    const deliveredIds = new Set(
      ids.filter((id) => {
        const parts = resends.filter((r) => r.messageId === recallId(id));
        return parts.length > 0 && parts.some((r) => r.dlrState === 'delivered');
      }),
    );
    const [fa, fb] = await Promise.all([
      get(admin, `/v2/traffic/recall-tasks/${a.data.id}`),
      get(admin, `/v2/traffic/recall-tasks/${b.data.id}`),
    ]);
    expect(fa.data.resent + fb.data.resent).toBe(n);
    expect(fa.data.delivered + fb.data.delivered).toBe(deliveredIds.size);
    const listed = await get(admin, '/v2/traffic/recall-tasks/page', { from: iso(-DAY), to: iso(DAY), size: 100 });
    expect(listed.data.records.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([a.data.id, b.data.id, c.data.id]),
    );
  });
});

let ruleSeq = 0;
describeResource(twoWayRules, {
  app: () => t,
  sample: (n) => ({ keyword: `SUITE${n}`, match: 'exact', action: 'reply', replyText: `Thanks ${n}`, enabled: true }),
  update: { replyText: 'changed by the suite' },
  filters: { keyword: 'SUITEKW', action: 'optout', accountId: 1 },
  ownedRecord: async () => {
    const n = ++ruleSeq;
    const [r] = await t.p.db
      .insert(trafficTwoWayRules)
      .values([
        { keyword: `OWN${n}`, match: 'prefix', action: 'forward' },
        ...(n === 1
          ? [
              { keyword: 'SUITEKW', match: 'exact' as const, action: 'optout' as const, accountId: 1 },
              { keyword: 'SUITEKW2', match: 'exact' as const, action: 'optout' as const },
            ]
          : []),
      ])
      .returning({ id: trafficTwoWayRules.id });
    return r!.id;
  },
});
