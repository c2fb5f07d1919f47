import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { type MinxStep, minxStepFields } from '@portal/contracts/traffic';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finAccounts } from '../src/modules/finance/schema.js';
import { ingestBatch } from '../src/modules/traffic/ingest.js';
import { fallbackId, runMinxFallbacks, sendMinxFallbacks } from '../src/modules/traffic/minx-job.js';
import { minxPlans } from '../src/modules/traffic/minx-plans.js';
import { trafficMinxFallbacks as fb, trafficMinxPlans } from '../src/modules/traffic/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { type ConsumerAccountRef, portOf } from '../src/platform/ports.js';
import { bearer, clearOfMidnight, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { describeResource } from './support/describe-resource.js';
import { testAccount } from './support/finance-fixture.js';

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
/** accounts of the conformance suite's plans: one active plan an account, so one account a sample */
const spare: number[] = [];

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
  const [me] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin'));
  const tag = { customer: 'MINXC', name: 'Minx conformance', alias: 'minxc', account: 'MINXA' };
  for (let i = 0; i < 12; i++) spare.push(await testAccount(t.p.db, me!.id, tag));
  await t.p.db
    .update(finAccounts)
    .set({ products: ['sms', 'voice', 'whatsapp'] })
    .where(inArray(finAccounts.id, spare));
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
const post = (tok: Tokens, url: string, payload: object) => send(tok, 'POST', url, payload);
/** a plan's body: its steps as the definition's step fields (a create leaves the missing ones out) */
const plan = (v: { accountId?: number; name?: string; steps?: MinxStep[] }) => {
  const { steps, ...rest } = v;
  return {
    ...rest,
    ...(steps ? Object.fromEntries(Object.entries(minxStepFields(steps)).filter(([, x]) => x !== null)) : {}),
  };
};
const create = (tok: Tokens, v: { accountId: number; name: string; steps: MinxStep[] }, over: object = {}) =>
  post(tok, `${B}/save`, { ...plan(v), ...over });
const update = (tok: Tokens, id: number, version: number, v: { name: string; steps: MinxStep[] }) =>
  post(tok, `${B}/update`, { id, version, name: v.name, ...minxStepFields(v.steps) });
const detail = async (id: number) => (await post(admin, `${B}/detail`, { id })).data;
const planCount = async () => Number((await t.p.db.select({ n: sql<string>`count(*)` }).from(trafficMinxPlans))[0]!.n);
const voiceThenWa: MinxStep[] = [
  { kind: 'voice', waitMinutes: 10 },
  { kind: 'whatsapp', waitMinutes: 5 },
];

describe('minxSolution plans', () => {
  it('an account with sms, voice and WhatsApp exists in the demo', () => {
    expect(account).toBeTruthy();
  });

  it('refuses bad plans with their codes and writes nothing', async () => {
    const before = await planCount();
    const body = plan({ accountId: account.id, name: 'Fallback', steps: voiceThenWa });
    const noSteps = { accountId: account.id, name: 'Fallback' };
    const bad: [object, number][] = [
      [noSteps, Errors.VALIDATION_FAILED.code],
      [{ ...noSteps, step1Kind: 'voice' }, Errors.VALIDATION_FAILED.code],
      [{ ...body, step2Kind: null, step3Kind: 'whatsapp', step3Wait: 5 }, Errors.VALIDATION_FAILED.code],
      [{ ...body, step2Kind: null }, Errors.VALIDATION_FAILED.code],
      [{ ...body, step1Wait: 0 }, Errors.VALIDATION_FAILED.code],
      [{ ...body, step1Wait: 1441 }, Errors.VALIDATION_FAILED.code],
      [{ ...body, step1Wait: 2.5 }, Errors.VALIDATION_FAILED.code],
      [{ ...body, step1Kind: 'sms' }, Errors.VALIDATION_FAILED.code],
      [{ ...body, name: '   ' }, Errors.VALIDATION_FAILED.code],
      [{ ...body, accountId: 1.5 }, Errors.VALIDATION_FAILED.code],
      [{ ...body, step2Kind: 'voice' }, Errors.TRF_MINX_STEP_REPEATED.code],
      [{ ...body, accountId: 999_999 }, Errors.TRF_ACCOUNT_UNKNOWN.code],
    ];
    if (smsOnly)
      bad.push([
        plan({ accountId: smsOnly.id, name: 'x', steps: [{ kind: 'whatsapp', waitMinutes: 5 }] }),
        Errors.TRF_MINX_PRODUCT.code,
      ]);
    for (const [over, code] of bad)
      expect((await post(admin, `${B}/save`, over)).code, JSON.stringify(over)).toBe(code);
    // sales read the screen but do not edit plans; finance does not see it
    expect((await post(sales, `${B}/save`, body)).code).toBe(Errors.NO_PERMISSION.code);
    expect((await post(finance, `${B}/page`, {})).code).toBe(Errors.NO_PERMISSION.code);
    expect((await post(finance, `${B}/results`, { ids: [1], ...range() })).code).toBe(Errors.NO_PERMISSION.code);
    expect(await planCount()).toBe(before);
  }, 300_000);

  it('creates, edits, pauses and resumes a plan, one active an account, all in its history', async () => {
    const created = await create(admin, { accountId: account.id, name: 'Fallback', steps: voiceThenWa });
    expect(created.code).toBe(0);
    const id = created.data.id;
    expect(await detail(id)).toMatchObject({
      state: 'active',
      version: 1,
      accountId: account.id,
      customerId: account.customerId,
      ...minxStepFields(voiceThenWa),
    });
    expect((await create(admin, { accountId: account.id, name: 'Two', steps: voiceThenWa })).code).toBe(
      Errors.TRF_MINX_ACTIVE_EXISTS.code,
    );
    const steps: MinxStep[] = [{ kind: 'voice', waitMinutes: 15 }];
    expect((await update(admin, id, 1, { name: 'Voice only', steps })).data).toMatchObject({ version: 2 });
    expect(await detail(id)).toMatchObject({ name: 'Voice only', ...minxStepFields(steps) });
    expect((await update(admin, id, 1, { name: 'Stale', steps })).code).toBe(Errors.CONFLICT.code);
    expect((await update(admin, id, 2, { name: 'x', steps: [steps[0]!, steps[0]!] })).code).toBe(
      Errors.TRF_MINX_STEP_REPEATED.code,
    );
    // a name alone keeps the steps; the steps are checked against the account on every change of them
    expect((await post(admin, `${B}/update`, { id, version: 2, step2Kind: 'whatsapp' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await update(admin, 999_999, 1, { name: 'x', steps })).code).toBe(Errors.NOT_FOUND.code);
    expect((await post(admin, `${B}/resume`, { id })).code).toBe(Errors.TRF_MINX_STATE.code);
    expect((await post(admin, `${B}/pause`, { id })).code).toBe(0);
    expect(await detail(id)).toMatchObject({ state: 'paused', version: 3 });
    // while paused another plan may be active; then the first cannot come back
    const second = await create(admin, { accountId: account.id, name: 'Second', steps: voiceThenWa });
    expect(second.code).toBe(0);
    expect((await post(admin, `${B}/resume`, { id })).code).toBe(Errors.TRF_MINX_ACTIVE_EXISTS.code);
    expect((await post(admin, `${B}/pause`, { id: second.data.id })).code).toBe(0);
    expect((await post(admin, `${B}/resume`, { id })).code).toBe(0);
    expect(await detail(id)).toMatchObject({ state: 'active', version: 4 });
    const timeline = await get(admin, `${B}/timeline`, { id, limit: 20 });
    expect(timeline.code).toBe(0);
    expect(timeline.data.records.map((e: { kind: string }) => e.kind).reverse()).toEqual([
      'created',
      'updated',
      'command',
      'command',
    ]);
    // the list: filters, the new plans listed; their results need a range
    const listed = await post(admin, `${B}/page`, { accountId: account.id, size: 50 });
    expect(listed.data.records.map((r: { id: number }) => r.id)).toEqual([second.data.id, id]);
    const active = await post(admin, `${B}/page`, { accountId: account.id, state: 'active' });
    expect(active.data.total).toBe(1);
    const results = await post(admin, `${B}/results`, { ids: [id, second.data.id], ...range() });
    expect(results.data.map((r: { id: number; results: { fellBack: number }[] }) => [r.id, r.results.length])).toEqual([
      [id, 1],
      [second.data.id, 2],
    ]);
    expect((await post(admin, `${B}/results`, { ids: [id], from: iso(0), to: iso(-MIN) })).code).toBe(
      Errors.TRF_RANGE_INVERTED.code,
    );
    expect((await post(admin, `${B}/results`, { ids: [id] })).code).toBe(Errors.VALIDATION_FAILED.code);
    // outside my scope: sales see no results of the admin's test account
    expect((await post(sales, `${B}/results`, { ids: [id], ...range() })).data).toEqual([]);
    // put the account back to the two-step plan for the job's test
    expect((await update(admin, id, 4, { name: 'Fallback', steps: voiceThenWa })).code).toBe(0);
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
    const page = await post(admin, `${B}/page`, { accountId: account.id, state: 'active' });
    expect(page.data.records.map((r: { id: number }) => r.id)).toEqual([plan!.id]);
    const [row] = (await post(admin, `${B}/results`, { ids: [plan!.id], ...range() })).data;
    expect(row.currency).toBe(account.currency);
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
      url: `${B}/results/export`,
      headers: bearer(admin),
      payload: { ...range(), accountId: account.id, state: 'active', format: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe('2');
    expect(res.body).toContain(`${r1.fellBack},${r1.sent},${r1.delivered}`);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${B}/results/export`,
          headers: bearer(admin),
          payload: { format: 'csv' },
        })
      ).json().code,
    ).toBe(Errors.TRF_RANGE_REQUIRED.code);
  }, 300_000);

  it('a paused plan links nothing', async () => {
    const page = await post(admin, `${B}/page`, { accountId: account.id, state: 'active' });
    expect((await post(admin, `${B}/pause`, { id: page.data.records[0].id })).code).toBe(0);
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

/** the conformance suite of every resource (paging, filters, scope, 403, 404, version, history, export) */
describeResource(minxPlans, {
  app: () => t,
  sample: (n) => plan({ accountId: spare[n - 1]!, name: `Conf plan ${n}`, steps: voiceThenWa }),
  update: { name: 'Renamed plan', step1Wait: 20 },
  filters: {
    accountId: () => spare[0],
    customerId: async () => (await detailOf(spare[0]!)).customerId,
    state: 'paused',
  },
  ownedRecord: async (_t, userId) => {
    const at = t.clock.now();
    const [row] = await t.p.db
      .insert(trafficMinxPlans)
      .values({
        accountId: spare[11]!,
        customerId: 0,
        ownerId: userId,
        name: 'Owned plan',
        steps: [{ kind: 'voice', waitMinutes: 15 }],
        state: 'paused',
        activeFrom: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: trafficMinxPlans.id });
    return row!.id;
  },
  commands: { pause: {}, resume: {} },
});

/** an account's customer, for the customer filter */
const detailOf = async (accountId: number) => (await portOf(t.p.db, 'accounts')!.byIds([accountId])).get(accountId)!;
