import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestBatch } from '../src/modules/traffic/ingest.js';
import { fallbackId, runMinxFallbacks, sendMinxFallbacks } from '../src/modules/traffic/minx-job.js';
import { trafficMinxFallbacks as fb, trafficMinxPlans } from '../src/modules/traffic/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { type ConsumerAccountRef, portOf } from '../src/platform/ports.js';
import { bearer, clearOfMidnight, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const MIN = 60_000;
const DAY = 86_400_000;
const B = '/v2/traffic/minx-plans';

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
let finance: Tokens;
let account: ConsumerAccountRef;
let smsOnly: ConsumerAccountRef | undefined;

beforeAll(async () => {
  t = await startTestApp();
  clearOfMidnight(t.clock, 4);
  [admin, sales, finance] = await Promise.all([
    signIn(t.app, DEMO.admin),
    signIn(t.app, DEMO.sales01),
    signIn(t.app, DEMO.finance01),
  ]);
  const active = await portOf(t.p.db, 'accounts')!.active();
  const planned = new Set(
    (
      await t.p.db
        .select({ a: trafficMinxPlans.accountId })
        .from(trafficMinxPlans)
        .where(eq(trafficMinxPlans.state, 'active'))
    ).map((r) => r.a),
  );
  const carries = (a: ConsumerAccountRef, p: string) => (a.products as string[]).includes(p);
  account = active.find(
    (a) => !planned.has(a.id) && carries(a, 'sms') && carries(a, 'voice') && carries(a, 'whatsapp'),
  )!;
  smsOnly = active.find((a) => !planned.has(a.id) && a.id !== account.id && !carries(a, 'whatsapp'));
}, 300_000);
afterAll(async () => t?.close(), 120_000);

const now = () => t.clock.now();
const iso = (ms: number) => new Date(now().getTime() + ms).toISOString();
const range = () => ({ from: iso(-DAY), to: iso(DAY) });
const get = (tok: Tokens, url: string, query: Record<string, string | number> = {}) =>
  t.app
    .inject({
      url,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: bearer(tok),
    })
    .then((r) => r.json() as Answer);
const send = async (tok: Tokens, method: 'POST' | 'PUT', url: string, payload: object): Promise<Answer> => {
  const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) })).json()
    .data?.key;
  const res = await t.app.inject({ method, url, headers: { ...bearer(tok), [IDEMPOTENCE_HEADER]: key }, payload });
  return res.json();
};
const planCount = async () => Number((await t.p.db.select({ n: sql<string>`count(*)` }).from(trafficMinxPlans))[0]!.n);
const voiceThenWa = [
  { kind: 'voice', waitMinutes: 10 },
  { kind: 'whatsapp', waitMinutes: 5 },
];

describe('minxSolution plans', () => {
  it('an account with sms, voice and WhatsApp exists in the demo', () => {
    expect(account).toBeTruthy();
  });

  it('refuses bad plans with their codes and writes nothing', async () => {
    const before = await planCount();
    const body = { accountId: account.id, name: 'Fallback', steps: voiceThenWa };
    const bad: [object, number][] = [
      [{ steps: [] }, Errors.VALIDATION_FAILED.code],
      [{ steps: [...voiceThenWa, ...voiceThenWa] }, Errors.VALIDATION_FAILED.code],
      [{ steps: [{ kind: 'voice', waitMinutes: 0 }] }, Errors.VALIDATION_FAILED.code],
      [{ steps: [{ kind: 'voice', waitMinutes: 1441 }] }, Errors.VALIDATION_FAILED.code],
      [{ steps: [{ kind: 'sms', waitMinutes: 5 }] }, Errors.VALIDATION_FAILED.code],
      [{ name: '   ' }, Errors.VALIDATION_FAILED.code],
      [{ steps: [voiceThenWa[0], voiceThenWa[0]] }, Errors.TRF_MINX_STEP_REPEATED.code],
      [{ accountId: 999_999 }, Errors.TRF_ACCOUNT_UNKNOWN.code],
    ];
    if (smsOnly)
      bad.push([
        { accountId: smsOnly.id, steps: [{ kind: 'whatsapp', waitMinutes: 5 }] },
        Errors.TRF_MINX_PRODUCT.code,
      ]);
    for (const [over, code] of bad) expect((await send(admin, 'POST', B, { ...body, ...over })).code).toBe(code);
    // sales read the screen but do not edit plans; finance does not see it
    expect((await send(sales, 'POST', B, body)).code).toBe(Errors.NO_PERMISSION.code);
    expect((await get(finance, `${B}/page`, range())).code).toBe(Errors.NO_PERMISSION.code);
    expect(await planCount()).toBe(before);
  }, 300_000);

  it('creates, edits, pauses and resumes a plan, one active an account, all in its history', async () => {
    const created = await send(admin, 'POST', B, { accountId: account.id, name: 'Fallback', steps: voiceThenWa });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ state: 'active', version: 1, steps: voiceThenWa, accountId: account.id });
    expect(created.data.results.map((r: { fellBack: number }) => r.fellBack)).toEqual([0, 0]);
    const id = created.data.id;
    expect((await send(admin, 'POST', B, { accountId: account.id, name: 'Two', steps: voiceThenWa })).code).toBe(
      Errors.TRF_MINX_ACTIVE_EXISTS.code,
    );
    const steps = [{ kind: 'voice', waitMinutes: 15 }];
    const edited = await send(admin, 'PUT', B, { id, version: 1, name: 'Voice only', steps });
    expect(edited.data).toMatchObject({ version: 2, name: 'Voice only', steps });
    expect((await send(admin, 'PUT', B, { id, version: 1, name: 'Stale', steps })).code).toBe(Errors.CONFLICT.code);
    expect((await send(admin, 'PUT', B, { id, version: 2, name: 'x', steps: [steps[0], steps[0]] })).code).toBe(
      Errors.TRF_MINX_STEP_REPEATED.code,
    );
    expect((await send(admin, 'PUT', B, { id: 999_999, version: 1, name: 'x', steps })).code).toBe(
      Errors.NOT_FOUND.code,
    );
    expect((await send(admin, 'POST', `${B}/state`, { id, version: 2, state: 'active' })).code).toBe(
      Errors.TRF_MINX_STATE.code,
    );
    const paused = await send(admin, 'POST', `${B}/state`, { id, version: 2, state: 'paused' });
    expect(paused.data).toMatchObject({ state: 'paused', version: 3 });
    // while paused another plan may be active; then the first cannot come back
    const second = await send(admin, 'POST', B, { accountId: account.id, name: 'Second', steps: voiceThenWa });
    expect(second.code).toBe(0);
    expect((await send(admin, 'POST', `${B}/state`, { id, version: 3, state: 'active' })).code).toBe(
      Errors.TRF_MINX_ACTIVE_EXISTS.code,
    );
    await send(admin, 'POST', `${B}/state`, { id: second.data.id, version: 1, state: 'paused' });
    const resumed = await send(admin, 'POST', `${B}/state`, { id, version: 3, state: 'active' });
    expect(resumed.data).toMatchObject({ state: 'active', version: 4 });
    const timeline = await get(admin, `${B}/timeline`, { id, limit: 20 });
    expect(timeline.code).toBe(0);
    expect(timeline.data.records.map((e: { kind: string }) => e.kind).reverse()).toEqual([
      'created',
      'updated',
      'state',
      'state',
    ]);
    // the list: range required, filters, the new plans listed
    expect((await get(admin, `${B}/page`)).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    expect((await get(admin, `${B}/page`, { from: iso(0), to: iso(-MIN) })).code).toBe(Errors.TRF_RANGE_INVERTED.code);
    const listed = await get(admin, `${B}/page`, { ...range(), accountId: account.id, size: 50 });
    expect(listed.data.records.map((r: { id: number }) => r.id)).toEqual([second.data.id, id]);
    const active = await get(admin, `${B}/page`, { ...range(), accountId: account.id, state: 'active' });
    expect(active.data.total).toBe(1);
    // put the account back to the two-step plan for the job's test
    await send(admin, 'PUT', B, { id, version: 4, name: 'Fallback', steps: voiceThenWa });
  }, 300_000);
});

describe('the fallback job', () => {
  it('links each undelivered message once per step, even with two runs at once, and the results equal the linked records', async () => {
    const [plan] = await t.p.db
      .select()
      .from(trafficMinxPlans)
      .where(sql`${trafficMinxPlans.accountId} = ${account.id} and ${trafficMinxPlans.state} = 'active'`);
    expect(plan).toBeTruthy();
    t.clock.advance(MIN);
    const tag = now().getTime().toString(36);
    const ids = Array.from({ length: 30 }, (_, i) => `MINX${i}x${tag}`);
    const submitAt = iso(0);
    const lines = ids.flatMap((id, i) => [
      {
        type: 'submit' as const,
        messageId: id,
        part: 1,
        parts: 1,
        account: account.code,
        senderId: 'INFO',
        number: `852910${String(i).padStart(5, '0')}`,
        submitAt,
      },
      // a third delivered, a third failed, a third without a report
      ...(i % 3 === 2
        ? []
        : [
            {
              type: 'dlr' as const,
              messageId: id,
              part: 1,
              state: i % 3 === 0 ? ('delivered' as const) : ('undeliverable' as const),
              dlrAt: iso(20_000),
            },
          ]),
    ]);
    expect((await ingestBatch(t.p.db, now(), lines)).errors).toBe(0);
    // before the wait nothing falls back
    await runMinxFallbacks(t.p.db, now());
    expect((await t.p.db.select().from(fb).where(inArray(fb.messageId, ids))).length).toBe(0);
    t.clock.advance(11 * MIN);
    await Promise.all([
      runMinxFallbacks(t.p.db, now()),
      runMinxFallbacks(t.p.db, now()),
      runMinxFallbacks(t.p.db, now()),
    ]);
    await runMinxFallbacks(t.p.db, now());
    const step1 = await t.p.db.select().from(fb).where(inArray(fb.messageId, ids));
    const undelivered = ids.filter((_, i) => i % 3 !== 0);
    expect(step1.map((r) => r.messageId).sort()).toEqual([...undelivered].sort());
    expect(step1.every((r) => r.step === 1 && r.kind === 'voice' && r.newId === fallbackId(r.messageId, 1))).toBe(true);
    // the platform calls them (through the ingestion path); the unanswered go on to WhatsApp after 5 minutes
    while ((await sendMinxFallbacks(t.p.db, now())) > 0);
    t.clock.advance(6 * MIN);
    await Promise.all([runMinxFallbacks(t.p.db, now()), runMinxFallbacks(t.p.db, now())]);
    while ((await sendMinxFallbacks(t.p.db, now())) > 0);
    const all = await t.p.db.select().from(fb).where(inArray(fb.messageId, ids));
    const step2 = all.filter((r) => r.step === 2);
    const calls = rowsOf<{ call_id: string; answered: boolean; price: string }>(
      await t.p.db.execute(sql`select call_id, answer_at is not null as answered, price::text from traffic_voice
        where call_id in (${sql.join(
          step1.map((r) => sql`${r.newId}`),
          sql`, `,
        )})`),
    );
    expect(calls.length).toBe(step1.length);
    const unanswered = new Set(calls.filter((c) => !c.answered).map((c) => c.call_id));
    expect(unanswered.size).toBeGreaterThan(0);
    expect(step2.map((r) => r.messageId).sort()).toEqual(
      step1
        .filter((r) => unanswered.has(r.newId))
        .map((r) => r.messageId)
        .sort(),
    );
    const was = rowsOf<{ delivered: boolean; price: string }>(
      await t.p.db.execute(sql`select state in ('delivered', 'read') as delivered, price::text from traffic_messages
        where kind = 'whatsapp' and record_id in (${sql.join(
          step2.map((r) => sql`${r.newId}`),
          sql`, `,
        )})`),
    );
    expect(was.length).toBe(step2.length);
    // the screen's figures are those records (a new sign-in: the clock moved past the access token's life)
    admin = await signIn(t.app, DEMO.admin);
    const page = await get(admin, `${B}/page`, { ...range(), accountId: account.id, state: 'active' });
    const [row] = page.data.records;
    expect(row.id).toBe(plan!.id);
    const sum = (xs: { price: string }[]) => xs.reduce((a, x) => a + Number(x.price), 0);
    const [r1, r2] = row.results;
    expect(r1).toMatchObject({
      step: 1,
      kind: 'voice',
      fellBack: step1.length,
      sent: calls.length,
      delivered: calls.length - unanswered.size,
    });
    expect(Number(r1.cost)).toBeCloseTo(sum(calls), 6);
    expect(r2).toMatchObject({
      step: 2,
      kind: 'whatsapp',
      fellBack: step2.length,
      sent: was.length,
      delivered: was.filter((w) => w.delivered).length,
    });
    expect(Number(r2.cost)).toBeCloseTo(sum(was), 6);
    expect(r1.rate).toBe((((calls.length - unanswered.size) * 100) / calls.length).toFixed(2));
    // a run later links nothing new
    expect(await runMinxFallbacks(t.p.db, now())).toBe(0);
    // the export lists one row per step with the same figures
    const res = await t.app.inject({
      method: 'POST',
      url: `${B}/export`,
      headers: bearer(admin),
      payload: { ...range(), accountId: account.id, state: 'active', format: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe('2');
    expect(res.body).toContain(`${r1.fellBack},${r1.sent},${r1.delivered}`);
    expect(
      (
        await t.app.inject({ method: 'POST', url: `${B}/export`, headers: bearer(admin), payload: { format: 'csv' } })
      ).json().code,
    ).toBe(Errors.TRF_RANGE_REQUIRED.code);
  }, 300_000);

  it('a paused plan links nothing', async () => {
    const page = await get(admin, `${B}/page`, { ...range(), accountId: account.id, state: 'active' });
    const plan = page.data.records[0];
    await send(admin, 'POST', `${B}/state`, { id: plan.id, version: plan.version, state: 'paused' });
    const tag = now().getTime().toString(36);
    await ingestBatch(t.p.db, now(), [
      {
        type: 'submit',
        messageId: `MINXP${tag}`,
        account: account.code,
        number: '85291099999',
        submitAt: iso(0),
        part: 1,
        parts: 1,
        status: 'accepted',
      },
    ]);
    t.clock.advance(20 * MIN);
    await runMinxFallbacks(t.p.db, now());
    expect(
      (
        await t.p.db
          .select()
          .from(fb)
          .where(eq(fb.messageId, `MINXP${tag}`))
      ).length,
    ).toBe(0);
  }, 300_000);
});
