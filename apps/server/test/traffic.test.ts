import { Errors } from '@portal/contracts';
import { Decimal } from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/modules/traffic/clients.js';
import { ingestBatch } from '../src/modules/traffic/ingest.js';
import {
  dayOf,
  ensurePartitions,
  forgetPartitions,
  listPartitions,
  maintainPartitions,
} from '../src/modules/traffic/partitions.js';
import { smsRecords, smsWhere } from '../src/modules/traffic/queries.js';
import { blockOf, coverOf } from '../src/modules/traffic/report-sums.js';
import { postConsumption, rebuildDay, recomputeSql, rollUp, trafficPort } from '../src/modules/traffic/rollups.js';
import { trafficDlrs, trafficSms } from '../src/modules/traffic/schema.js';
import { otpRecomputeSql, senderRecomputeSql, waRecomputeSql } from '../src/modules/traffic/side-rollups.js';
import { staffUsers } from '../src/platform/access/schema.js';
import type { AuthContext } from '../src/platform/auth/context.js';
import { rowsOf } from '../src/platform/db/index.js';
import { type ConsumerAccountRef, definePorts, type LedgerPort, type RatingPort } from '../src/platform/ports.js';
import { bearer, clearOfMidnight, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };
const DAY = 86_400_000;
/** an administrator's reading context (every record) for the query functions called directly */
const everything = {
  userId: 0,
  username: 'test',
  sessionId: 't',
  perms: new Set<string>(),
  scope: { kind: 'all' as const, departmentIds: [] },
} as unknown as AuthContext;

let t: TestApp;
let admin: Tokens;
let sales: Tokens;
let salesId: number;
let otherOwner: number;
let token: string;
let cred: { clientId: string; clientSecret: string };
let reseller: number | undefined;

// test doubles of finance's accounts / ledger and quotation's rating ports (the real rooms are built elsewhere)
const accounts = new Map<string, ConsumerAccountRef>();
const ledgerPosts: { accountId: number; day: string; amount: string; currency: string; key: string }[] = [];
const ledgerKeys = new Set<string>();
const accountsPort = () => ({
  byCodes: async (codes: string[]) => new Map([...accounts].filter(([c]) => codes.includes(c))),
  byIds: async (ids: number[]) =>
    new Map([...accounts.values()].filter((a) => ids.includes(a.id)).map((a) => [a.id, a])),
  active: async () => [...accounts.values()],
});
const ratingPort = (): RatingPort => ({
  priceFor: async (q) =>
    q.product === 'sms'
      ? {
          amount: new Decimal('0.012').times(q.units).toFixed(6),
          currency: 'USD',
          unitPrice: '0.012',
          billedUnits: q.units,
          rowId: 1,
        }
      : {
          amount: new Decimal('0.03').times(Math.ceil(q.units / 60)).toFixed(6),
          currency: 'USD',
          unitPrice: '0.03',
          billedUnits: Math.ceil(q.units / 60) * 60,
          rowId: 2,
        },
  costFor: async (q) => ({
    amount: new Decimal('0.007').times(q.units).toFixed(6),
    currency: 'EUR',
    unitPrice: '0.007',
    billedUnits: q.units,
    rowId: 3,
  }),
});
const ledgerPort = (): LedgerPort => ({
  postConsumption: async (e) => {
    if (ledgerKeys.has(e.key)) return { posted: false };
    ledgerKeys.add(e.key);
    ledgerPosts.push(e);
    return { posted: true };
  },
  balanceOf: async () => null,
});

beforeAll(async () => {
  t = await startTestApp();
  clearOfMidnight(t.clock);
  // the demo seed's traffic (on finance's real accounts) is not this file's: it proves the mechanics on its own
  // doubles of the ports, whose account ids the seed's accounts share
  await t.p.db.execute(
    sql`truncate traffic_sms, traffic_voice, traffic_messages, traffic_dlrs, traffic_keys, traffic_deltas, traffic_hourly, traffic_daily, traffic_wa_daily, traffic_otp_daily, traffic_sender_daily`,
  );
  await t.p.db.execute(sql`delete from traffic_state where key = 'seeded'`);
  [admin, sales] = await Promise.all([signIn(t.app, DEMO.admin), signIn(t.app, DEMO.sales01)]);
  const ids = await t.p.db.select({ id: staffUsers.id, u: staffUsers.username }).from(staffUsers);
  salesId = ids.find((x) => x.u === 'sales01')!.id;
  otherOwner = ids.find((x) => x.u === 'admin')!.id;
  const acc = (id: number, code: string, customerId: number, ownerId: number | null): ConsumerAccountRef => ({
    id,
    code,
    customerId,
    ownerId,
    currency: 'USD',
    billing: 'prepaid',
    state: 'active',
    products: ['sms', 'voice'],
  });
  // CRM's customers of each type (direct C-end, reseller R-end): the daily results views filter by it
  const typed = async (type: 'C' | 'R') =>
    rowsOf<{ id: number }>(
      await t.p.db.execute(sql`select id from crm_customers where type = ${type} order by id limit 2`),
    ).map((r) => Number(r.id));
  const [direct1, direct2] = await typed('C');
  [reseller] = await typed('R');
  accounts.set('ACC1', acc(11, 'ACC1', direct1!, salesId));
  accounts.set('ACC2', acc(12, 'ACC2', direct2!, otherOwner));
  definePorts({ accounts: accountsPort, rating: ratingPort, ledger: ledgerPort });
  cred = await createClient(t.p.db, 'platform');
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/traffic/oauth/token',
    payload: { grant_type: 'client_credentials', client_id: cred.clientId, client_secret: cred.clientSecret },
  });
  token = res.json().data.access_token;
}, 60_000);
afterAll(async () => t?.close());

const now = () => t.clock.now();
const ago = (ms: number) => new Date(now().getTime() - ms).toISOString();
const ndjson = (lines: (object | string)[]) =>
  lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');
const ingest = async (lines: (object | string)[], tok = token): Promise<Answer> =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/ingest',
      headers: { authorization: `Bearer ${tok}`, 'content-type': 'application/x-ndjson' },
      payload: ndjson(lines),
    })
  ).json();
const get = (tok: Tokens, url: string) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json() as Answer);
let seq = 0;
const mid = () => `M${Date.now().toString(36)}${++seq}`;
const submit = (over: object = {}) => ({
  type: 'submit',
  messageId: mid(),
  account: 'ACC1',
  number: '8613800138000',
  country: 'CN',
  network: '46000',
  content: 'Your code is 1234',
  channelId: 7,
  submitAt: ago(3_600_000),
  ...over,
});
const recordOf = async (messageId: string, part = 1) =>
  (await t.p.db.select().from(trafficSms).where(eq(trafficSms.messageId, messageId))).find((r) => r.part === part);

describe('machine client authentication', () => {
  it('issues a short-lived token for the client credentials and refuses wrong ones or staff tokens', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: cred.clientId, client_secret: 'nope' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe(Errors.TRF_CLIENT_INVALID.code);
    expect((await ingest([submit()], admin.token)).code).toBe(Errors.TRF_TOKEN_INVALID.code);
    expect((await ingest([submit()], `${token}x`)).code).toBe(Errors.TRF_TOKEN_INVALID.code);
    // form-encoded as OAuth clients send it
    const form = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${cred.clientId}&client_secret=${cred.clientSecret}`,
    });
    expect(form.json().data.expires_in).toBe(300);
    t.clock.advance(301_000);
    expect((await ingest([submit()], form.json().data.access_token)).code).toBe(Errors.TRF_TOKEN_INVALID.code);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: cred.clientId, client_secret: cred.clientSecret },
    });
    token = res.json().data.access_token;
  });

  it('refuses records with a clear code while the accounts port is absent', async () => {
    definePorts({ accounts: undefined });
    try {
      const res = await ingest([submit()]);
      expect(res.code).toBe(Errors.TRF_ACCOUNTS_UNAVAILABLE.code);
    } finally {
      definePorts({ accounts: accountsPort });
    }
  });
});

describe('ingestion', () => {
  it('stores a batch once: the same message id + part again is a duplicate and changes nothing', async () => {
    const a = submit({ parts: 2, part: 1 });
    const b = { ...a, part: 2 };
    const first = await ingest([a, b]);
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ stored: 2, duplicate: 0, errors: 0 });
    const again = await ingest([b, a, a]);
    expect(again.data).toMatchObject({ stored: 0, duplicate: 3 });
    const rows = await t.p.db.select().from(trafficSms).where(eq(trafficSms.messageId, a.messageId));
    expect(rows).toHaveLength(2);
    const r = rows[0]!;
    // rated through the rating port (price per segment) and costed by the channel
    expect(r).toMatchObject({
      encoding: 'GSM-7',
      price: '0.012000',
      cost: '0.007000',
      currency: 'USD',
      costCurrency: 'EUR',
      rated: true,
    });
    expect(r.ownerId).toBe(salesId);
    expect(r.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes the country from the number when the platform sends none, and keeps the one it sends', async () => {
    const bare = submit({ number: '85290001742', country: undefined, network: undefined });
    const told = submit({ number: '85290001743', country: 'CN' });
    const unknown = submit({ number: '999123456', country: undefined });
    expect((await ingest([bare, told, unknown])).data).toMatchObject({ stored: 3, errors: 0 });
    expect((await recordOf(bare.messageId))!).toMatchObject({ country: 'HK', network: '' });
    expect((await recordOf(told.messageId))!.country).toBe('CN');
    expect((await recordOf(unknown.messageId))!.country).toBe('');
  });

  it('computes UCS-2 segments from the content', async () => {
    const text = '您好'.repeat(40); // 80 UCS-2 units: 2 segments of 67
    const m = submit({ content: text });
    await ingest([m]);
    expect(await recordOf(m.messageId)).toMatchObject({ encoding: 'UCS-2', segments: 2, length: 80 });
  });

  it('answers bad lines one by one and keeps the good lines of the batch', async () => {
    const good = submit();
    const res = await ingest([
      good,
      '{not json',
      { ...submit(), number: 'abc' },
      { ...submit(), account: 'NOPE' },
      { ...submit(), submitAt: ago(400 * DAY) },
      { type: 'what' },
      { ...submit(), part: 3, parts: 2 },
    ]);
    expect(res.code).toBe(0);
    const byLine = Object.fromEntries(res.data.lines.map((l: { line: number }) => [l.line, l]));
    expect(byLine[1].result).toBe('stored');
    expect(byLine[2].code).toBe(Errors.TRF_LINE_MALFORMED.code);
    expect(byLine[3].code).toBe(Errors.TRF_LINE_INVALID.code);
    expect(byLine[3].msg).toContain('number');
    expect(byLine[4].code).toBe(Errors.TRF_ACCOUNT_UNKNOWN.code);
    expect(byLine[5].code).toBe(Errors.TRF_TIME_OUT_OF_WINDOW.code);
    expect(byLine[6].code).toBe(Errors.TRF_LINE_INVALID.code);
    expect(byLine[7].code).toBe(Errors.TRF_LINE_INVALID.code);
    expect(res.data).toMatchObject({ stored: 1, errors: 6 });
    expect(await recordOf(good.messageId)).toBeDefined();
    // an empty batch, and an unknown content type
    expect((await ingest([''])).code).toBe(Errors.TRF_BATCH_EMPTY.code);
  });
});

describe('DLR matching', () => {
  it('matches by our id + part, per part, and keeps duplicates out', async () => {
    const a = submit({ parts: 2, part: 1, supplierMessageId: '0x1F' });
    await ingest([a, { ...a, part: 2 }]);
    const dlr = {
      type: 'dlr',
      messageId: a.messageId,
      part: 2,
      state: 'delivered',
      dlrAt: ago(3_500_000),
      supplierMessageId: '31',
    };
    const res = await ingest([dlr, dlr]);
    expect(res.data.lines.map((l: { result: string }) => l.result)).toEqual(['stored', 'duplicate']);
    expect((await recordOf(a.messageId, 2))?.dlrState).toBe('delivered');
    expect((await recordOf(a.messageId, 1))?.dlrState).toBeNull();
    // the supplier's id of the DLR (decimal) does not matter; ours kept its own
    expect((await recordOf(a.messageId, 2))?.supplierMessageId).toBe('0x1F');
    expect((await ingest([dlr])).data.duplicate).toBe(1);
  });

  it('resolves out-of-order reports by DLR time: an older report arriving late does not overwrite', async () => {
    const a = submit();
    await ingest([a]);
    await ingest([
      { type: 'dlr', messageId: a.messageId, state: 'undeliverable', error: '001', dlrAt: ago(3_000_000) },
    ]);
    const late = await ingest([{ type: 'dlr', messageId: a.messageId, state: 'enroute', dlrAt: ago(3_550_000) }]);
    expect(late.data.stored).toBe(1);
    expect(await recordOf(a.messageId)).toMatchObject({ dlrState: 'undeliverable', dlrError: '001' });
    // the timeline shows every report, the overtaken one as not applied
    const day = now().getTime();
    const tl = await get(
      admin,
      `/v2/traffic/sms/timeline?messageId=${a.messageId}&from=${new Date(day - 2 * DAY).toISOString()}&to=${new Date(day + DAY).toISOString()}`,
    );
    expect(tl.data.map((e: { kind: string; state: string; applied: boolean }) => [e.kind, e.state, e.applied])).toEqual(
      [
        ['submit', 'accepted', true],
        ['dlr', 'enroute', false],
        ['dlr', 'undeliverable', true],
      ],
    );
  });

  it('keeps an unknown DLR, lists it, and applies it when its message comes', async () => {
    const a = submit();
    const early = await ingest([{ type: 'dlr', messageId: a.messageId, state: 'delivered', dlrAt: ago(3_000_000) }]);
    expect(early.data.unmatched).toBe(1);
    const range = `from=${ago(DAY)}&to=${new Date(now().getTime() + 60_000).toISOString()}`;
    const list = await get(admin, `/v2/traffic/dlr/unmatched?${range}&size=200`);
    expect(list.data.records.map((r: { messageId: string }) => r.messageId)).toContain(a.messageId);
    await ingest([a]);
    expect((await recordOf(a.messageId))?.dlrState).toBe('delivered');
    const [d] = await t.p.db.select().from(trafficDlrs).where(eq(trafficDlrs.messageId, a.messageId));
    expect(d?.matched).toBe(true);
    const after = await get(admin, `/v2/traffic/dlr/unmatched?${range}&size=200`);
    expect(after.data.records.map((r: { messageId: string }) => r.messageId)).not.toContain(a.messageId);
    // sales have no ingestion administration
    expect((await get(sales, `/v2/traffic/dlr/unmatched?${range}`)).code).toBe(Errors.NO_PERMISSION.code);
  });
});

describe('DLR matching within one batch (decision 0097)', () => {
  /** one scenario's lines: a two-part message, a one-part one, reports out of order, a tie, a repeat */
  const scenario = () => {
    const a = submit({ parts: 2, part: 1 });
    const b = submit();
    const dlr = (m: { messageId: string }, part: number, state: string, ms: number, more: object = {}) => ({
      type: 'dlr',
      messageId: m.messageId,
      part,
      state,
      dlrAt: ago(ms),
      ...more,
    });
    // one line sent twice (the clock may tick between two calls of `ago`)
    const bDelivered = dlr(b, 1, 'delivered', 3_540_000, { supplierMessageId: 'S9' });
    return {
      a,
      b,
      submits: [a, { ...a, part: 2 }, b],
      reports: [
        dlr(a, 1, 'delivered', 3_500_000),
        dlr(a, 1, 'enroute', 3_550_000),
        dlr(a, 2, 'expired', 3_500_000, { error: 'E1' }),
        dlr(a, 2, 'undeliverable', 3_500_000, { error: '001' }),
        bDelivered,
        { ...bDelivered },
      ],
    };
  };
  const stateOf = async (messageId: string, part = 1) => {
    const r = await recordOf(messageId, part);
    return r && { state: r.dlrState, error: r.dlrError, supplier: r.supplierMessageId };
  };

  it("gives a batch's new parts the state later batches would: latest by DLR time, ties to the later line", async () => {
    const one = scenario();
    const res = await ingest([...one.submits, ...one.reports]);
    expect(res.data.lines.map((l: { result: string }) => l.result)).toEqual([
      ...['stored', 'stored', 'stored'],
      ...['stored', 'stored', 'stored', 'stored', 'stored', 'duplicate'],
    ]);
    // the same lines in two batches, submits first: the match in the database
    const two = scenario();
    await ingest(two.submits);
    await ingest(two.reports);
    for (const [x, y, part] of [
      [one.a, two.a, 1],
      [one.a, two.a, 2],
      [one.b, two.b, 1],
    ] as const)
      expect(await stateOf(x.messageId, part)).toEqual(await stateOf(y.messageId, part));
    expect(await stateOf(one.a.messageId, 2)).toMatchObject({ state: 'undeliverable', error: '001' });
    expect((await recordOf(one.a.messageId, 1))?.dlrAt?.toISOString()).toBe(one.reports[0]!.dlrAt);
    expect(await stateOf(one.b.messageId)).toMatchObject({ state: 'delivered', supplier: 'S9' });
    const reports = await t.p.db.select().from(trafficDlrs).where(eq(trafficDlrs.messageId, one.a.messageId));
    expect(reports.map((d) => d.matched)).toEqual([true, true, true, true]);
    // reports of parts stored in an earlier batch are stored matched (decision 0156)
    const later = await t.p.db.select().from(trafficDlrs).where(eq(trafficDlrs.messageId, two.a.messageId));
    expect(later.map((d) => d.matched)).toEqual([true, true, true, true]);
  });

  it('a report left unmatched beside its message is matched by the rollup, not by a later report', async () => {
    const e = submit();
    await ingest([e]);
    // as a batch committed beside the submit's leaves it: stored, not matched, the record not moved
    await t.p.db.insert(trafficDlrs).values({
      messageId: e.messageId,
      part: 1,
      state: 'delivered',
      dlrAt: new Date(ago(3_300_000)),
      receivedAt: new Date(),
    });
    const res = await ingest([{ type: 'dlr', messageId: e.messageId, state: 'enroute', dlrAt: ago(3_350_000) }]);
    expect(res.data.lines.map((l: { result: string }) => l.result)).toEqual(['stored']);
    // the newest report (the leftover) is applied now; the leftover itself is marked by the rollup's rematch
    expect(await stateOf(e.messageId)).toMatchObject({ state: 'delivered' });
    const matched = async () =>
      (await t.p.db.select().from(trafficDlrs).where(eq(trafficDlrs.messageId, e.messageId)))
        .sort((x, y) => x.dlrAt.getTime() - y.dlrAt.getTime())
        .map((d) => d.matched);
    expect(await matched()).toEqual([true, false]);
    await rollUp(t.p.db, t.clock.now());
    expect(await matched()).toEqual([true, true]);
    expect(await stateOf(e.messageId)).toMatchObject({ state: 'delivered' });
  });

  it("a new part with a report from an earlier batch takes the latest of the earlier and the batch's own", async () => {
    const c = submit();
    const delivered = { type: 'dlr', messageId: c.messageId, state: 'delivered', dlrAt: ago(3_400_000) };
    const early = await ingest([delivered]);
    expect(early.data.unmatched).toBe(1);
    const res = await ingest([
      c,
      { type: 'dlr', messageId: c.messageId, state: 'enroute', dlrAt: ago(3_450_000) },
      delivered,
    ]);
    expect(res.data.lines.map((l: { result: string }) => l.result)).toEqual(['stored', 'stored', 'duplicate']);
    expect(await stateOf(c.messageId)).toMatchObject({ state: 'delivered' });
    const reports = await t.p.db.select().from(trafficDlrs).where(eq(trafficDlrs.messageId, c.messageId));
    expect(reports.every((d) => d.matched)).toBe(true);
  });
});

describe('rollups', () => {
  const compare = async (from: Date, to: Date) => {
    const norm = (rows: Record<string, unknown>[]) =>
      rows
        .filter(
          (r) =>
            ['count', 'segments', 'delivered', 'answered', 'seconds'].some((k) => Number(r[k]) !== 0) ||
            !new Decimal(String(r.revenue)).isZero(),
        )
        .map((r) =>
          [
            new Date(String(r.hour)).toISOString(),
            r.product,
            r.account_id,
            r.customer_id,
            r.owner_id,
            r.channel_id,
            r.country,
            r.network,
            r.status,
            r.currency,
            r.cost_currency,
            Number(r.count),
            Number(r.segments),
            Number(r.delivered),
            new Decimal(String(r.revenue)).toFixed(6),
            new Decimal(String(r.cost)).toFixed(6),
            Number(r.answered),
            Number(r.seconds),
            Number(r.pdd_ms),
            Number(r.pdd_count),
          ].join('|'),
        )
        .sort();
    const rolled = rowsOf<Record<string, unknown>>(
      await t.p.db.execute(sql`select * from traffic_hourly where hour >= ${from} and hour < ${to}`),
    );
    const raw = rowsOf<Record<string, unknown>>(await t.p.db.execute(recomputeSql(from, to)));
    expect(norm(rolled).length).toBeGreaterThan(0);
    expect(norm(rolled)).toEqual(norm(raw));
    await compareNarrow(from, to);
    await compareSide(from, to);
  };
  // the WhatsApp-by-category and OTP rollups (decision 0094) against their recomputation, whole days;
  // answers how many rows the recomputation holds
  const compareSide = async (from: Date, to: Date) => {
    const start = new Date(`${dayOf(from)}T00:00:00Z`);
    const end = new Date(new Date(`${dayOf(to)}T00:00:00Z`).getTime() + DAY);
    const held: Record<string, number> = {};
    for (const [table, recompute, cols] of [
      [
        'traffic_wa_daily',
        waRecomputeSql,
        'day, product, account_id, customer_id, owner_id, country, category, currency, cost_currency, count, delivered, read, sessions, revenue::numeric(20,6), cost::numeric(20,6)',
      ],
      [
        'traffic_otp_daily',
        otpRecomputeSql,
        'day, product, account_id, customer_id, owner_id, channel_id, country, network, currency, cost_currency, count, delivered, dlr_ms, dlr_count, revenue::numeric(20,6), cost::numeric(20,6)',
      ],
      // the sender rollup of numberPerformance (decision 0137)
      [
        'traffic_sender_daily',
        senderRecomputeSql,
        'day, product, account_id, customer_id, owner_id, sender, currency, cost_currency, count, delivered, answered, seconds, revenue::numeric(20,6), cost::numeric(20,6)',
      ],
    ] as const) {
      const c = sql.raw(cols);
      const moved = sql.raw(
        `(count <> 0 or delivered <> 0 or revenue <> 0 or ${table === 'traffic_wa_daily' ? 'sessions <> 0 or read <> 0' : table === 'traffic_otp_daily' ? 'dlr_count <> 0' : 'answered <> 0 or seconds <> 0 or cost <> 0'})`,
      );
      const rolled = sql`select ${c} from ${sql.raw(table)} where day >= ${dayOf(start)} and day < ${dayOf(end)} and ${moved}`;
      const raw = sql`select ${c} from (${recompute(start, end)}) r where ${moved}`;
      const [diff] = rowsOf<{ a: number; b: number; n: number }>(
        await t.p.db.execute(sql`select (select count(*) from ((${rolled}) except (${raw})) x)::int as a,
          (select count(*) from ((${raw}) except (${rolled})) y)::int as b,
          (select count(*) from (${raw}) z)::int as n`),
      );
      expect({ table, a: diff!.a, b: diff!.b }).toEqual({ table, a: 0, b: 0 });
      held[table] = diff!.n;
    }
    return held;
  };
  // the reports' narrow rollups (decision 0087): the raw records' sums by their dimensions, day by day
  const compareNarrow = async (from: Date, to: Date) => {
    const start = new Date(`${dayOf(from)}T00:00:00Z`);
    const end = new Date(new Date(`${dayOf(to)}T00:00:00Z`).getTime() + DAY);
    const measures = sql.raw(
      'sum(count)::bigint, sum(delivered)::bigint, sum(answered)::bigint, sum(revenue)::numeric(20,6), sum(cost)::numeric(20,6), sum(seconds)::bigint',
    );
    const moved = sql.raw(
      'having sum(count) <> 0 or sum(delivered) <> 0 or sum(answered) <> 0 or sum(revenue) <> 0 or sum(cost) <> 0 or sum(seconds) <> 0',
    );
    // the ten-day blocks (decision 0090) hold whole blocks: compared over the blocks around the days
    const blockStart = new Date(`${blockOf(dayOf(start))}T00:00:00Z`);
    const lastBlock = new Date(`${blockOf(dayOf(new Date(end.getTime() - DAY)))}T00:00:00Z`);
    // the next block's first day: eleven days after a block's start always falls in the next block
    const blockEnd = new Date(`${blockOf(dayOf(new Date(lastBlock.getTime() + 11 * DAY)))}T00:00:00Z`);
    const tenday = "date_trunc('month', day::timestamp)::date + least(extract(day from day)::int - 1, 20) / 10 * 10";
    // each keeps the cost currency (decision 0109): cost is never summed across currencies
    const customer = 'product, account_id, customer_id, owner_id, country, currency, cost_currency';
    const route = 'product, owner_id, channel_id, country, network, currency, cost_currency';
    const account = 'product, account_id, customer_id, owner_id, currency, cost_currency';
    for (const [table, dims, blocks] of [
      ['traffic_report_daily', customer, false],
      ['traffic_route_daily', route, false],
      ['traffic_account_daily', account, false],
      ['traffic_owner_daily', 'product, owner_id, currency, cost_currency', false],
      ['traffic_report_tenday', customer, true],
      ['traffic_route_tenday', route, true],
      ['traffic_account_tenday', account, true],
    ] as const) {
      const [a, b] = blocks ? [blockStart, blockEnd] : [start, end];
      const day = sql.raw(blocks ? tenday : 'day');
      const narrow = sql`select day, ${sql.raw(dims)}, ${measures} from ${sql.raw(table)}
        where day >= ${dayOf(a)} and day < ${dayOf(b)} group by day, ${sql.raw(dims)} ${moved}`;
      const raw = sql`select ${day} as day, ${sql.raw(dims)}, ${measures}
        from (select (hour at time zone 'UTC')::date as day, * from (${recomputeSql(a, b)}) h) r
        group by 1, ${sql.raw(dims)} ${moved}`;
      const [diff] = rowsOf<{ a: number; b: number; n: number }>(
        await t.p.db.execute(sql`select (select count(*) from ((${narrow}) except (${raw})) x)::int as a,
          (select count(*) from ((${raw}) except (${narrow})) y)::int as b,
          (select count(*) from (${raw}) z)::int as n`),
      );
      expect({ table, ...diff, n: diff!.n > 0 }).toEqual({ table, a: 0, b: 0, n: true });
    }
  };

  it('equal a recomputation from the raw records, incrementally and after a rebuild of one day', async () => {
    // voice too: one answered call rated by billed minute, one failed
    const setup = new Date(now().getTime() - 2 * 3_600_000);
    const calls = await ingest([
      {
        type: 'cdr',
        callId: `C${mid()}`,
        account: 'ACC2',
        caller: '85212345678',
        callee: '447700900123',
        country: 'GB',
        channelId: 9,
        setupAt: setup.toISOString(),
        answerAt: new Date(setup.getTime() + 3000).toISOString(),
        endAt: new Date(setup.getTime() + 3000 + 61_000).toISOString(),
        sipCode: 200,
        pddMs: 2500,
      },
      {
        type: 'cdr',
        callId: `C${mid()}`,
        account: 'ACC2',
        caller: '1',
        callee: '447700900124',
        setupAt: setup.toISOString(),
        sipCode: 486,
        pddMs: 1800,
      },
    ]);
    expect(calls.data.stored).toBe(2);
    // a message on another day, then its report: the status moves between rollup rows
    const y = submit({ account: 'ACC2', submitAt: ago(DAY + 3_600_000) });
    await ingest([y]);
    await rollUp(t.p.db, now());
    await ingest([{ type: 'dlr', messageId: y.messageId, state: 'expired', dlrAt: ago(DAY) }]);
    await rollUp(t.p.db, now());
    const from = new Date(now().getTime() - 3 * DAY);
    const to = new Date(now().getTime() + DAY);
    await compare(from, to);
    const day = dayOf(new Date(now().getTime() - DAY - 3_600_000));
    // damage the rollup of that day, rebuild it, compare again
    await t.p.db.execute(sql`update traffic_daily set count = count + 5 where day = ${day}`);
    // the narrow rollups follow whatever happens to the daily one (here: the damage)
    await expect(compareNarrow(from, to)).rejects.toThrow();
    await t.p.db.execute(
      sql`delete from traffic_hourly where hour >= ${new Date(`${day}T00:00:00Z`)} and hour < ${new Date(`${day}T23:59:59Z`)}`,
    );
    expect(await rebuildDay(t.p.db, day)).toBeGreaterThan(0);
    await compare(from, to);
    // the daily rollup is the sum of the hourly one
    const [mismatch] = rowsOf<{ n: number }>(
      await t.p.db.execute(sql`select count(*)::int as n from (
        select (hour at time zone 'UTC')::date as day, product, account_id, status, sum(count) c, sum(revenue) r from traffic_hourly group by 1, 2, 3, 4
        except select day, product, account_id, status, sum(count), sum(revenue) from traffic_daily group by 1, 2, 3, 4) x`),
    );
    expect(mismatch?.n).toBe(0);
    // voice figures on the performance screen: ASR 50 %, billed 120 s, PDD average
    const perf = await get(
      admin,
      `/v2/traffic/sms-performance?product=voice&groupBy=account&from=${from.toISOString()}&to=${to.toISOString()}`,
    );
    const row = perf.data.rows.find((r: { key: string }) => r.key === '12');
    expect(row).toMatchObject({
      count: 2,
      answered: 1,
      minutes: '2.00',
      asr: '50.00',
      acd: '120.0',
      pdd: '2150',
      revenue: '0.060000',
    });
    // bad day
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/traffic/rollup/rebuild',
          headers: bearer(admin),
          payload: { day: '2026-02-30' },
        })
      ).json().code,
    ).not.toBe(0);
  });

  it('the traffic port answers day figures from the daily rollup; consumption goes to the ledger once', async () => {
    await rollUp(t.p.db, now());
    const figures = await trafficPort(t.p.db).byDay({
      from: new Date(now().getTime() - 3 * DAY),
      to: now(),
      accountIds: [11],
    });
    expect(figures.length).toBeGreaterThan(0);
    expect(figures.every((f) => f.accountId === 11 && f.ownerId === salesId)).toBe(true);
    const [raw] = rowsOf<{ n: string; r: string }>(
      await t.p.db.execute(
        sql`select count(*) filter (where part = 1)::text as n, sum(price)::text as r from traffic_sms where account_id = 11`,
      ),
    );
    expect(figures.filter((f) => f.product === 'sms').reduce((s, f) => s + f.count, 0)).toBe(Number(raw?.n));
    const day = dayOf(now());
    const log = { info: () => {}, warn: () => {} };
    const first = await postConsumption(t.p.db, day, log);
    expect(first.posted).toBeGreaterThan(0);
    expect(ledgerPosts.find((e) => e.key === `consumption:11:${day}`)?.amount).toBe(
      new Decimal(figures.filter((f) => f.day === day).reduce((s, f) => s.plus(f.revenue), new Decimal(0))).toFixed(6),
    );
    expect((await postConsumption(t.p.db, day, log)).posted).toBe(0);
    definePorts({ ledger: undefined });
    try {
      expect(await postConsumption(t.p.db, day, log)).toEqual({ posted: 0, skipped: true, refused: 0 });
    } finally {
      definePorts({ ledger: ledgerPort });
    }
  });

  it('WhatsApp, mail and MO records roll up as products whatsapp / email / mo, equal to a recomputation', async () => {
    const message = (kind: string, account: string, state: string, price: string, over: object = {}) => ({
      type: 'message',
      kind,
      id: mid(),
      account,
      from: kind === 'mail' ? 'news@acme.test' : '6560001111',
      to: kind === 'mail' ? 'someone@example.test' : '6582224444',
      country: 'SG',
      channelId: 21,
      at: ago(90 * 60_000),
      state,
      price,
      cost: '0.001000',
      currency: 'USD',
      costCurrency: 'EUR',
      ...over,
    });
    const res = await ingest([
      message('whatsapp', 'ACC1', 'delivered', '0.010000', { category: 'utility' }),
      message('whatsapp', 'ACC1', 'read', '0.010000', { category: 'marketing' }),
      message('whatsapp', 'ACC1', 'failed', '0.000000'),
      message('mail', 'ACC2', 'opened', '0.000500'),
      message('mail', 'ACC2', 'bounced', '0.000500', { at: ago(DAY + 3_600_000) }),
      message('mo', 'ACC1', 'received', '0.002000', { to: 'SHOP' }),
    ]);
    expect(res.data.stored).toBe(6);
    await rollUp(t.p.db, now());
    const from = new Date(now().getTime() - 3 * DAY);
    const to = new Date(now().getTime() + DAY);
    await compare(from, to);
    const byProduct = async () =>
      rowsOf<{ product: string; count: number; segments: number; delivered: number; revenue: string }>(
        await t.p.db.execute(sql`select product, sum(count)::int as count, sum(segments)::int as segments,
            sum(delivered)::int as delivered, sum(revenue)::text as revenue from traffic_daily
          where product in ('whatsapp', 'email', 'mo') group by product order by product`),
      ).map((r) => ({ ...r, revenue: new Decimal(r.revenue).toFixed(6) }));
    const expected = [
      { product: 'email', count: 2, segments: 2, delivered: 1, revenue: '0.001000' },
      { product: 'mo', count: 1, segments: 1, delivered: 1, revenue: '0.002000' },
      { product: 'whatsapp', count: 3, segments: 3, delivered: 2, revenue: '0.020000' },
    ];
    expect(await byProduct()).toEqual(expected);
    // a rebuilt day recomputes these kinds from their raw records too
    const day = dayOf(now());
    await t.p.db.execute(sql`update traffic_daily set count = count + 7 where day = ${day} and product = 'whatsapp'`);
    expect(await rebuildDay(t.p.db, day)).toBeGreaterThan(0);
    await compare(from, to);
    expect(await byProduct()).toEqual(expected);
    // the performance screen answers each product; the port answers what was sent, MO only when asked
    const range = `from=${from.toISOString()}&to=${to.toISOString()}`;
    const wa = await get(admin, `/v2/traffic/sms-performance?product=whatsapp&groupBy=account&${range}`);
    expect(wa.data.rows).toEqual([
      // priced in USD, costed in EUR: the cost in its own currency, no profit (decision 0105)
      expect.objectContaining({
        key: '11',
        count: 3,
        delivered: 2,
        revenue: '0.020000',
        costs: [{ currency: 'EUR', amount: '0.003000' }],
        cost: null,
        profit: null,
      }),
    ]);
    const mail = await get(admin, `/v2/traffic/sms-performance?product=email&groupBy=day&${range}`);
    expect(mail.data.rows.map((r: { count: number }) => r.count)).toEqual([1, 1]);
    expect((await get(admin, `/v2/traffic/sms-performance?product=fax&${range}`)).code).not.toBe(0);
    // resultsQuery/wa and mailPerformance answer their product whatever is asked; sales see their customers'
    const waScreen = await get(admin, `/v2/traffic/whatsapp-results?product=sms&groupBy=account&${range}`);
    expect(waScreen.data.rows).toEqual(wa.data.rows);
    const mailScreen = await get(admin, `/v2/traffic/mail-performance?product=voice&groupBy=day&${range}`);
    expect(mailScreen.data.rows).toEqual(mail.data.rows);
    expect((await get(sales, `/v2/traffic/whatsapp-results?groupBy=account&${range}`)).data.rows).toEqual(wa.data.rows);
    expect((await get(sales, `/v2/traffic/mail-performance?groupBy=day&${range}`)).data.rows).toEqual([]);
    const port = trafficPort(t.p.db);
    const sent = await port.byDay({ from, to, accountIds: [11, 12] });
    expect(new Set(sent.map((f) => f.product))).toEqual(new Set(['sms', 'voice', 'whatsapp', 'email']));
    const mo = await port.byDay({ from, to, products: ['mo'] });
    expect(mo.map((f) => [f.accountId, f.count, f.revenue])).toEqual([[11, 1, '0.002000']]);
  });

  it('state updates move stored WhatsApp messages and mails by state time, in the rollups too', async () => {
    const at = new Date(now().getTime() - 2 * 3_600_000);
    const plus = (s: number) => new Date(at.getTime() + s * 1000).toISOString();
    const message = (kind: 'whatsapp' | 'mail', over: object = {}) => ({
      type: 'message',
      kind,
      id: mid(),
      account: 'ACC1',
      from: kind === 'mail' ? 'alerts@acme.test' : '6560001111',
      to: kind === 'mail' ? 'reader@example.test' : '6582225555',
      country: 'SG',
      channelId: 22,
      at: at.toISOString(),
      state: 'sent',
      price: '0.010000',
      cost: '0.004000',
      currency: 'USD',
      costCurrency: 'EUR',
      ...over,
    });
    const update = (kind: string, id: string, state: string, s: number, over: object = {}) => ({
      type: 'state',
      kind,
      id,
      state,
      stateAt: plus(s),
      ...over,
    });
    const wa = message('whatsapp');
    const mail = message('mail');
    expect((await ingest([wa, mail])).data.stored).toBe(2);
    const early = mid(); // its updates come before the message itself
    const res = await ingest([
      update('whatsapp', wa.id, 'delivered', 5),
      update('whatsapp', wa.id, 'read', 60),
      update('whatsapp', wa.id, 'delivered', 5), // the same update twice
      update('mail', mail.id, 'opened', 600),
      update('mail', mail.id, 'delivered', 3), // older than the open, arriving after it: kept, not applied
      update('whatsapp', early, 'failed', 8, { error: '131026' }),
      update('whatsapp', wa.id, 'opened', 70), // not a WhatsApp state
      update('mail', mail.id, 'read', 70), // not a mail state
      update('mo', wa.id, 'read', 70), // an MO has no updates
      update('whatsapp', wa.id, 'read', (2 * DAY) / 1000 + 7200), // too far ahead of the server's clock
    ]);
    expect(res.data.lines.map((l: { result: string }) => l.result)).toEqual([
      'stored',
      'stored',
      'duplicate',
      'stored',
      'stored',
      'unmatched',
      'error',
      'error',
      'error',
      'error',
    ]);
    expect(res.data.lines[6].code).toBe(Errors.TRF_LINE_INVALID.code);
    expect(res.data.lines[9].code).toBe(Errors.TRF_TIME_OUT_OF_WINDOW.code);
    // the message itself now: it takes up the update that came first
    expect((await ingest([message('whatsapp', { id: early })])).data.stored).toBe(1);
    const stateOf = async (id: string) =>
      rowsOf<{ state: string; state_at: Date | string | null; error: string | null }>(
        await t.p.db.execute(sql`select state, state_at, error from traffic_messages where record_id = ${id}`),
      ).map((r) => [r.state, r.state_at && new Date(r.state_at).toISOString(), r.error])[0];
    expect(await stateOf(wa.id)).toEqual(['read', plus(60), null]);
    expect(await stateOf(mail.id)).toEqual(['opened', plus(600), null]);
    expect(await stateOf(early)).toEqual(['failed', plus(8), '131026']);
    // an update kept unmatched while its message committed beside it is applied by the rollup job
    const side = message('mail');
    await ingest([side]);
    await t.p.db.execute(sql`insert into traffic_message_states (kind, record_id, state, state_at, received_at)
      values ('mail', ${side.id}, 'bounced', ${plus(30)}, ${now()})`);
    await rollUp(t.p.db, now());
    expect(await stateOf(side.id)).toEqual(['bounced', plus(30), null]);
    // the rollups moved with each update: equal to a recomputation, delivered counted once per message
    const from = new Date(at.getTime() - 3_600_000);
    const to = new Date(at.getTime() + 3_600_000);
    await compare(from, to);
    const byStatus = rowsOf<{ product: string; status: string; count: number; delivered: number }>(
      await t.p.db.execute(sql`select product, status, sum(count)::int as count, sum(delivered)::int as delivered
        from traffic_hourly where channel_id = 22 and hour >= ${from} and hour < ${to}
        group by 1, 2 having sum(count) <> 0 order by 1, 2`),
    );
    expect(byStatus).toEqual([
      { product: 'email', status: 'bounced', count: 1, delivered: 0 },
      { product: 'email', status: 'opened', count: 1, delivered: 1 },
      { product: 'whatsapp', status: 'failed', count: 1, delivered: 0 },
      { product: 'whatsapp', status: 'read', count: 1, delivered: 1 },
    ]);
    // a repeat of the whole batch changes nothing
    const again = await ingest([update('whatsapp', wa.id, 'read', 60), update('mail', mail.id, 'opened', 600)]);
    expect(again.data.duplicate).toBe(2);
  });

  it('WhatsApp sessions by category and the OTP SMS roll up equal to a recomputation, late firsts and rebuilds too', async () => {
    // three days back, in a country of its own: the other tests' WhatsApp figures and ranges stay apart
    const at = new Date(now().getTime() - 3 * DAY - 5 * 3_600_000);
    const min = (m: number) => new Date(at.getTime() + m * 60_000).toISOString();
    const conv = (c: string) => `${c}-${mid()}`;
    const [a, b, c] = [conv('A'), conv('B'), conv('C')];
    const wa = (over: object) => ({
      type: 'message',
      kind: 'whatsapp',
      id: mid(),
      account: 'ACC1',
      from: '6560001111',
      to: '60122226666',
      country: 'MY',
      channelId: 23,
      state: 'delivered',
      price: '0.020000',
      cost: '0.010000',
      currency: 'USD',
      costCurrency: 'USD',
      ...over,
    });
    const late = wa({ conversationId: b, category: 'authentication', at: min(5), account: 'ACC2' });
    const first = await ingest([
      wa({ conversationId: a, category: 'marketing', at: min(0) }),
      wa({ conversationId: a, category: 'marketing', at: min(1), state: 'read' }),
      wa({ conversationId: b, category: 'utility', at: min(10) }),
      wa({ category: 'service', at: min(12) }), // no conversation: a message, no session
    ]);
    expect(first.data.stored).toBe(4);
    await rollUp(t.p.db, now());
    // an earlier message of conversation B arrives later, on another account and category: the session moves to it
    const opener = wa({ conversationId: c, category: 'utility', at: min(20) });
    expect(
      (await ingest([late, opener, wa({ conversationId: c, category: 'utility', at: min(21) })])).data.stored,
    ).toBe(3);
    await ingest([{ type: 'state', kind: 'whatsapp', id: opener.id, state: 'read', stateAt: min(30) }]);
    // OTP: marked by the line, classified from the content, or neither
    const otp = submit({ otp: true, content: 'Hello there', submitAt: min(0) });
    const code = submit({ content: '您的验证码是 482913，5 分钟内有效', submitAt: min(0) });
    const plain = submit({ content: 'Sale ends 2026, shop now', submitAt: min(0) });
    const notOtp = submit({ otp: false, submitAt: min(0) });
    expect((await ingest([otp, code, plain, notOtp])).data.stored).toBe(4);
    await ingest([
      { type: 'dlr', messageId: otp.messageId, state: 'delivered', dlrAt: min(0.1) },
      { type: 'dlr', messageId: code.messageId, state: 'delivered', dlrAt: min(0.5) },
      { type: 'dlr', messageId: plain.messageId, state: 'delivered', dlrAt: min(1) },
    ]);
    await rollUp(t.p.db, now());
    const marks = await Promise.all([otp, code, plain, notOtp].map(async (m) => (await recordOf(m.messageId))!.otp));
    expect(marks).toEqual([true, true, false, false]);
    const from = new Date(at.getTime() - 3_600_000);
    const to = new Date(at.getTime() + 3_600_000);
    const held = await compareSide(from, to);
    expect(held.traffic_wa_daily).toBeGreaterThan(0);
    expect(held.traffic_otp_daily).toBeGreaterThan(0);
    expect(held.traffic_sender_daily).toBeGreaterThan(0);
    const sessions = rowsOf<{ category: string; account_id: number; sessions: number; count: number; read: number }>(
      await t.p.db.execute(sql`select category, account_id, sum(sessions)::int as sessions, sum(count)::int as count,
          sum(read)::int as read from traffic_wa_daily where day = ${dayOf(at)} and country = 'MY'
        group by 1, 2 having sum(count) <> 0 or sum(sessions) <> 0 order by 1, 2`),
    ).map((r) => ({ ...r, account_id: Number(r.account_id) }));
    expect(sessions).toEqual([
      { category: 'authentication', account_id: 12, sessions: 1, count: 1, read: 0 },
      { category: 'marketing', account_id: 11, sessions: 1, count: 2, read: 1 },
      { category: 'service', account_id: 11, sessions: 0, count: 1, read: 0 },
      { category: 'utility', account_id: 11, sessions: 1, count: 3, read: 1 },
    ]);
    const [o] = rowsOf<{ count: number; delivered: number; dlr_ms: number; dlr_count: number }>(
      await t.p.db.execute(sql`select sum(count)::int as count, sum(delivered)::int as delivered, sum(dlr_ms)::int as dlr_ms,
          sum(dlr_count)::int as dlr_count from traffic_otp_daily where day = ${dayOf(at)} and channel_id = 7
          and account_id = 11`),
    );
    // 6 s and 30 s to the report; earlier tests' OTP-looking submits fall on other hours of the table
    expect(o!.dlr_count).toBeGreaterThanOrEqual(2);
    const [mine] = rowsOf<{ n: number; ms: number }>(
      await t.p.db.execute(sql`select count(*)::int as n, sum(extract(epoch from dlr_at - submit_at) * 1000)::int as ms
        from traffic_sms where otp and dlr_state = 'delivered' and account_id = 11 and channel_id = 7
          and (submit_at at time zone 'UTC')::date = ${dayOf(at)}`),
    );
    expect([o!.dlr_count, o!.dlr_ms]).toEqual([mine!.n, mine!.ms]);
    // damage both side rollups of the day; a rebuild recomputes them from the raw records
    await t.p.db.execute(sql`update traffic_wa_daily set sessions = sessions + 3 where day = ${dayOf(at)}`);
    await t.p.db.execute(sql`update traffic_otp_daily set count = count + 2 where day = ${dayOf(at)}`);
    await expect(compareSide(from, to)).rejects.toThrow();
    await rebuildDay(t.p.db, dayOf(at));
    await compareSide(from, to);
    // the sender rollup alone damaged: caught, and rebuilt with the day
    await t.p.db.execute(sql`update traffic_sender_daily set delivered = delivered + 1 where day = ${dayOf(at)}`);
    await expect(compareSide(from, to)).rejects.toThrow();
    await rebuildDay(t.p.db, dayOf(at));
    await compareSide(from, to);
  });
});

describe('query screens', () => {
  it('refuse a missing, inverted or too long range with a clear code', async () => {
    const n = now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    expect((await get(admin, '/v2/traffic/sms/page')).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    expect((await get(admin, `/v2/traffic/sms/page?from=${iso(n)}`)).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    expect((await get(admin, `/v2/traffic/sms/page?from=${iso(n)}&to=${iso(n - 1000)}`)).code).toBe(
      Errors.TRF_RANGE_INVERTED.code,
    );
    expect((await get(admin, `/v2/traffic/sms/page?from=${iso(n - 94 * DAY)}&to=${iso(n)}`)).code).toBe(
      Errors.TRF_RANGE_TOO_LONG.code,
    );
    expect((await get(admin, `/v2/traffic/voice/page?from=${iso(n - 94 * DAY)}&to=${iso(n)}`)).code).toBe(
      Errors.TRF_RANGE_TOO_LONG.code,
    );
    expect((await get(admin, `/v2/traffic/sms-performance?to=${iso(n)}`)).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    expect((await get(admin, `/v2/traffic/sms/page?from=yesterday&to=${iso(n)}`)).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await get(admin, `/v2/traffic/sms/page?from=${iso(n - 93 * DAY)}&to=${iso(n)}`)).code).toBe(0);
  });

  it('page records with totals, filter by number and message id, and keep sales to their customers', async () => {
    const number = '6591234567';
    // one sent on an SRM channel (named "code name"), one on an id SRM does not know (no name)
    const [srm] = rowsOf<{ id: number; code: string; name: string }>(
      await t.p.db.execute(sql`select id, code, name from srm_channels where product = 'sms' order by id limit 1`),
    );
    const mine = submit({ number, country: 'SG', network: '52501', channelId: srm!.id });
    const theirs = submit({ number, account: 'ACC2', country: 'SG', network: '52501', channelId: 987_654 });
    await ingest([mine, theirs]);
    const range = `from=${ago(2 * DAY)}&to=${new Date(now().getTime() + 60_000).toISOString()}`;
    const all = await get(admin, `/v2/traffic/sms/page?${range}&number=%2B${number}`);
    expect(all.data.records.map((r: { messageId: string }) => r.messageId).sort()).toEqual(
      [mine.messageId, theirs.messageId].sort(),
    );
    expect(all.data.totals).toMatchObject({ records: 2, revenue: '0.024000' });
    const names = Object.fromEntries(
      all.data.records.map((r: { messageId: string; channelName: string | null }) => [r.messageId, r.channelName]),
    );
    expect(names).toEqual({ [mine.messageId]: `${srm!.code} ${srm!.name}`, [theirs.messageId]: null });
    const own = await get(sales, `/v2/traffic/sms/page?${range}&number=${number}`);
    expect(own.data.records.map((r: { messageId: string }) => r.messageId)).toEqual([mine.messageId]);
    const one = await get(admin, `/v2/traffic/sms/page?${range}&messageId=${theirs.messageId}`);
    expect(one.data.total).toBe(1);
    // the timeline of a message outside my scope is not found
    expect((await get(sales, `/v2/traffic/sms/timeline?messageId=${theirs.messageId}&${range}`)).code).toBe(
      Errors.NOT_FOUND.code,
    );
    const paged = await get(admin, `/v2/traffic/sms/page?${range}&size=2&page=2`);
    expect(paged.data.records).toHaveLength(2);
    expect(paged.data.total).toBeGreaterThan(4);
    // sales' performance only holds their own customers
    await rollUp(t.p.db, now());
    const perf = await get(sales, `/v2/traffic/results/day?groupBy=owner&${range}`);
    expect(perf.data.rows.map((r: { key: string }) => r.key)).toEqual([String(salesId)]);
    expect((await get(sales, `/v2/traffic/sms/page?${range}&status=bogus`)).code).toBe(Errors.VALIDATION_FAILED.code);
    // home's todaySend: sales count what their customers sent today (SMS messages, WhatsApp messages and
    // mail sends; an MO is received, not sent), from the rollup
    const midnight = new Date(`${dayOf(now())}T00:00:00Z`);
    const [mineToday] = rowsOf<{ n: number }>(
      await t.p.db.execute(
        sql`select (select count(*) from traffic_sms where part = 1 and owner_id = ${salesId} and submit_at >= ${midnight})::int
          + (select count(*) from traffic_messages where kind <> 'mo' and owner_id = ${salesId} and at >= ${midnight})::int as n`,
      ),
    );
    const home = await get(sales, '/v2/sys/staff/home/summary');
    expect(home.data.todaySend).toBe(mineToday!.n);
    expect(mineToday!.n).toBeGreaterThan(0);
  });

  it('daily results C-end and R-end keep the direct and the reseller customers apart (CRM type)', async () => {
    expect(reseller).toBeDefined();
    accounts.set('ACC3', { ...accounts.get('ACC1')!, id: 13, code: 'ACC3', customerId: reseller! });
    try {
      const t0 = now().getTime();
      await ingest([submit({ account: 'ACC3', parts: 2, part: 1 }), submit({ account: 'ACC3' }), submit()]);
      await rollUp(t.p.db, now());
      const range = `from=${new Date(t0 - 2 * DAY).toISOString()}&to=${new Date(t0 + 60_000).toISOString()}`;
      const keys = (a: Answer) => a.data.rows.map((r: { key: string }) => r.key);
      const direct = await get(sales, `/v2/traffic/results/day?groupBy=customer&${range}`);
      expect(keys(direct)).toContain(String(accounts.get('ACC1')!.customerId));
      expect(keys(direct)).not.toContain(String(reseller));
      const resold = await get(sales, `/v2/traffic/results/day/r-end?groupBy=customer&${range}`);
      expect(resold.code, resold.msg).toBe(0);
      expect(resold.data.rows).toEqual([
        expect.objectContaining({ key: String(reseller), count: 2, segments: 2, revenue: '0.024000' }),
      ]);
      // by sales: the same figures, under the account's owner
      const owners = await get(admin, `/v2/traffic/results/day/r-end?groupBy=owner&${range}`);
      expect(owners.data.rows.map((r: { key: string; count: number }) => [r.key, r.count])).toEqual([
        [String(salesId), 2],
      ]);
      // each group named for the reader: the sales owner by name, the customer by code and name
      const [owner] = await t.p.db.select().from(staffUsers).where(eq(staffUsers.id, salesId));
      expect(owners.data.rows[0].label).toBe(owner!.nameEn || owner!.name);
      const [facts] = rowsOf<{ code: string; name: string }>(
        await t.p.db.execute(sql`select code, name from crm_customers where id = ${reseller}`),
      );
      expect(resold.data.rows[0].label).toBe(`${facts!.code} ${facts!.name}`);
      // the view's file: a line per row, the group by its name
      const file = await t.app.inject({
        method: 'POST',
        url: '/v2/traffic/results/day/r-end/export',
        headers: bearer(admin),
        payload: { ...Object.fromEntries(new URLSearchParams(range)), groupBy: 'owner', format: 'csv' },
      });
      expect(file.statusCode, file.body.slice(0, 300)).toBe(200);
      const lines = file.body.trim().split('\n');
      expect(lines).toHaveLength(owners.data.rows.length + 1);
      expect(lines[0]).toContain('Sales');
      expect(lines[1]).toContain(owners.data.rows[0].label);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/v2/traffic/results/day/r-end/export',
        headers: bearer(admin),
        payload: { groupBy: 'owner', format: 'csv' },
      });
      expect(refused.json().code).toBe(Errors.TRF_RANGE_REQUIRED.code);
      const byDay = await get(admin, `/v2/traffic/results/day/r-end?groupBy=day&${range}`);
      expect(byDay.data.rows.every((r: { label: string | null }) => r.label === null)).toBe(true);
      expect((await get(admin, '/v2/traffic/results/day/r-end')).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
      expect((await get(admin, `/v2/traffic/results/day/r-end?groupBy=planet&${range}`)).code).toBe(
        Errors.VALIDATION_FAILED.code,
      );
    } finally {
      accounts.delete('ACC3');
    }
  });

  it('the C-end and R-end previews equal the sums of the records in scope, by product and by sales', async () => {
    accounts.set('ACC3', { ...accounts.get('ACC1')!, id: 13, code: 'ACC3', customerId: reseller! });
    try {
      const setup = new Date(now().getTime() - 2 * 3_600_000);
      const two = submit({ parts: 2, part: 1 });
      await ingest([
        two,
        { ...two, part: 2 },
        submit(),
        submit({ account: 'ACC2' }),
        submit({ account: 'ACC3' }),
        {
          type: 'cdr',
          callId: `C${mid()}`,
          account: 'ACC1',
          caller: '85212345678',
          callee: '447700900123',
          setupAt: setup.toISOString(),
          answerAt: new Date(setup.getTime() + 2000).toISOString(),
          endAt: new Date(setup.getTime() + 62_000).toISOString(),
          sipCode: 200,
        },
        { type: 'dlr', messageId: two.messageId, part: 1, state: 'delivered', dlrAt: ago(3_000_000) },
      ]);
      await rollUp(t.p.db, now());
      const from = new Date(now().getTime() - 2 * DAY);
      const to = new Date(now().getTime() + 60_000);
      const range = `from=${from.toISOString()}&to=${to.toISOString()}`;
      // the raw records of the range's whole UTC days, of the owner's customers of one CRM type (an SMS counts once, its parts are priced)
      const raw = async (type: 'C' | 'R', ownerId?: number) => {
        const lo = `${dayOf(from)}T00:00:00Z`;
        const hi = new Date(new Date(`${dayOf(to)}T00:00:00Z`).getTime() + DAY).toISOString();
        const owner = ownerId === undefined ? sql`true` : sql`owner_id = ${ownerId}`;
        const typed = sql`customer_id in (select id from crm_customers where type = ${type})`;
        const split = rowsOf<{ currency: string; cost_currency: string; count: string; revenue: string; cost: string }>(
          await t.p.db.execute(sql`select currency, cost_currency, sum(n)::text as count, sum(price)::text as revenue,
              sum(cost)::text as cost from (
              select (part = 1)::int as n, currency, cost_currency, price, cost, customer_id, owner_id from traffic_sms
                where submit_at >= ${lo} and submit_at < ${hi}
              union all select 1, currency, cost_currency, price, cost, customer_id, owner_id from traffic_voice
                where setup_at >= ${lo} and setup_at < ${hi}
              union all select 1, currency, cost_currency, price, cost, customer_id, owner_id from traffic_messages
                where at >= ${lo} and at < ${hi}) r
            where ${typed} and ${owner} group by currency, cost_currency order by currency, cost_currency`),
        );
        const customers = rowsOf<{ currency: string; n: string }>(
          await t.p.db.execute(sql`select currency, count(distinct customer_id)::text as n from (
              select currency, customer_id, owner_id from traffic_sms where submit_at >= ${lo} and submit_at < ${hi}
              union all select currency, customer_id, owner_id from traffic_voice where setup_at >= ${lo} and setup_at < ${hi}
              union all select currency, customer_id, owner_id from traffic_messages where at >= ${lo} and at < ${hi}) r
            where ${typed} and ${owner} group by currency`),
        );
        // per price currency: the cost per currency, never netted against revenue in another (decision 0105)
        return [...new Set(split.map((x) => x.currency))].map((currency) => {
          const mine = split.filter((x) => x.currency === currency);
          const costs = mine
            .filter((x) => !new Decimal(x.cost).isZero())
            .map((x) => ({ currency: x.cost_currency, amount: new Decimal(x.cost).toFixed(6) }));
          const revenue = mine.reduce((a, x) => a.plus(x.revenue), new Decimal(0));
          const own = costs.every((c) => c.currency === currency);
          const cost = new Decimal(costs.find((c) => c.currency === currency)?.amount ?? 0);
          return {
            currency,
            count: mine.reduce((a, x) => a + Number(x.count), 0),
            revenue: revenue.toFixed(6),
            costs,
            cost: own ? cost.toFixed(6) : null,
            profit: own ? revenue.minus(cost).toFixed(6) : null,
            customers: Number(customers.find((x) => x.currency === currency)?.n ?? 0),
          };
        });
      };
      const pick = (rows: Record<string, unknown>[]) =>
        rows.map(({ currency, count, revenue, costs, cost, profit, customers }) => ({
          currency,
          count,
          revenue,
          costs,
          cost,
          profit,
          customers,
        }));

      const mine = await get(sales, `/v2/traffic/results/day/preview?${range}`);
      expect(mine.code, mine.msg).toBe(0);
      expect(mine.data.totals.length).toBeGreaterThan(0);
      expect(pick(mine.data.totals)).toEqual(await raw('C', salesId));
      // a sales person sees their own customers only, under their name (a row per price and cost currency)
      expect([
        ...new Set(mine.data.sales.map((x: { ownerId: number; name: string }) => `${x.ownerId}:${x.name}`)),
      ]).toEqual([expect.stringMatching(new RegExp(`^${salesId}:.+`))]);
      expect(mine.data.products.map((x: { product: string }) => x.product)).toEqual(
        expect.arrayContaining(['sms', 'voice']),
      );
      const sumOf = (rows: { revenue: string }[]) =>
        rows.reduce((a, x) => a.plus(x.revenue), new Decimal(0)).toFixed(6);
      for (const part of ['products', 'sales', 'days'] as const)
        expect(sumOf(mine.data[part]), part).toBe(sumOf(mine.data.totals));

      const all = await get(admin, `/v2/traffic/results/day/preview?${range}`);
      expect(pick(all.data.totals)).toEqual(await raw('C'));
      expect(all.data.sales.map((x: { ownerId: number }) => x.ownerId)).toEqual(
        expect.arrayContaining([salesId, otherOwner]),
      );
      const resold = await get(admin, `/v2/traffic/results/day/r-end/preview?${range}`);
      expect(pick(resold.data.totals)).toEqual(await raw('R'));
      expect(resold.data.totals[0].customers).toBe(1);

      expect((await get(sales, '/v2/traffic/results/day/preview')).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
      const long = `from=${new Date(now().getTime() - 100 * DAY).toISOString()}&to=${now().toISOString()}`;
      expect((await get(sales, `/v2/traffic/results/day/preview?${long}`)).code).toBe(Errors.TRF_RANGE_TOO_LONG.code);
      expect((await get(sales, `/v2/traffic/results/day/preview?${range}&accountId=x`)).code).toBe(
        Errors.VALIDATION_FAILED.code,
      );
    } finally {
      accounts.delete('ACC3');
    }
  });
});

describe('cost in its own currency (decision 0105)', () => {
  it('a record priced in USD and costed in EUR is never netted: its cost in EUR beside the revenue, no profit', async () => {
    accounts.set('ACC5', { ...accounts.get('ACC1')!, id: 15, code: 'ACC5' });
    accounts.set('ACC6', { ...accounts.get('ACC2')!, id: 16, code: 'ACC6' });
    accounts.set('ACC7', { ...accounts.get('ACC1')!, id: 17, code: 'ACC7' });
    try {
      const priced = { price: '0.050000', currency: 'USD' };
      const eur = { ...priced, cost: '0.030000', costCurrency: 'EUR' };
      const usd = { ...priced, cost: '0.020000', costCurrency: 'USD' };
      await ingest([
        submit({ ...eur, account: 'ACC5' }),
        submit({ ...eur, account: 'ACC5' }),
        submit({ ...usd, account: 'ACC5' }),
        submit({ ...eur, account: 'ACC6' }),
        submit({ ...usd, account: 'ACC7' }),
      ]);
      await rollUp(t.p.db, now());
      const span = `from=${ago(2 * DAY)}&to=${new Date(now().getTime() + 60_000).toISOString()}`;
      // USD revenue with cost in EUR and in USD: each cost in its own currency, no cost and no profit in USD
      const mixed = {
        currency: 'USD',
        revenue: '0.150000',
        costs: [
          { currency: 'EUR', amount: '0.060000' },
          { currency: 'USD', amount: '0.020000' },
        ],
        cost: null,
        profit: null,
      };
      // USD revenue, USD cost: profit and margin
      const own = {
        currency: 'USD',
        revenue: '0.050000',
        costs: [{ currency: 'USD', amount: '0.020000' }],
        cost: '0.020000',
        profit: '0.030000',
      };

      for (const path of ['results/day', 'sms-performance']) {
        const perf = await get(sales, `/v2/traffic/${path}?groupBy=account&${span}&accountId=15`);
        expect(perf.code, perf.msg).toBe(0);
        expect(perf.data.rows).toEqual([expect.objectContaining({ key: '15', count: 3, segments: 3, ...mixed })]);
        const mine = await get(sales, `/v2/traffic/${path}?groupBy=day&${span}&accountId=17`);
        expect(mine.data.rows).toEqual([expect.objectContaining({ count: 1, ...own })]);
      }

      const preview = await get(sales, `/v2/traffic/results/day/preview?${span}&accountId=15`);
      expect(preview.code, preview.msg).toBe(0);
      // no EUR rate: the converted margin says so (decision 0129)
      const noRate = { cost: null, profit: null, margin: null, rates: [], missing: ['EUR'] };
      expect(preview.data.totals).toEqual([
        { ...mixed, count: 3, delivered: 0, margin: null, customers: 1, converted: noRate },
      ]);
      for (const part of ['products', 'sales', 'days'] as const)
        expect(preview.data[part], part).toEqual([expect.objectContaining({ ...mixed, count: 3 })]);
      const single = await get(sales, `/v2/traffic/results/day/preview?${span}&accountId=17`);
      expect(single.data.totals).toEqual([
        { ...own, count: 1, delivered: 0, margin: '60.00', customers: 1, converted: null },
      ]);

      // another owner's account stays out of the sales person's views (scope); its owner sees it
      const other = `${span}&accountId=16`;
      expect((await get(sales, `/v2/traffic/results/day/preview?${other}`)).data.totals).toEqual([]);
      expect((await get(sales, `/v2/traffic/results/day?groupBy=account&${other}`)).data.rows).toEqual([]);
      expect((await get(admin, `/v2/traffic/results/day/preview?${other}`)).data.totals).toEqual([
        expect.objectContaining({ currency: 'USD', costs: [{ currency: 'EUR', amount: '0.030000' }], profit: null }),
      ]);
      // bad input: a clear code
      expect((await get(sales, `/v2/traffic/results/day/preview?${span}&ownerId=x`)).code).toBe(
        Errors.VALIDATION_FAILED.code,
      );
      expect((await get(sales, `/v2/traffic/sms-performance?${span}&groupBy=currency`)).code).toBe(
        Errors.VALIDATION_FAILED.code,
      );
    } finally {
      for (const code of ['ACC5', 'ACC6', 'ACC7']) accounts.delete(code);
    }
  });
});

describe('message timelines and unmatched updates', () => {
  it('a WhatsApp message or mail shows its send and every update by time, within the scope', async () => {
    const at = new Date(now().getTime() - 3_600_000);
    const plus = (sec: number) => new Date(at.getTime() + sec * 1000).toISOString();
    const message = (kind: 'whatsapp' | 'mail', over: object = {}) => ({
      type: 'message',
      kind,
      id: mid(),
      account: 'ACC1',
      from: kind === 'mail' ? 'alerts@acme.test' : '6560001111',
      to: kind === 'mail' ? 'reader@example.test' : '6582226666',
      at: at.toISOString(),
      state: 'sent',
      currency: 'USD',
      ...over,
    });
    const wa = message('whatsapp');
    const theirs = message('whatsapp', { account: 'ACC2' });
    const mail = message('mail', { state: 'delivered', stateAt: plus(10) });
    const state = (id: string, s: string, sec: number) => ({
      type: 'state',
      kind: 'whatsapp',
      id,
      state: s,
      stateAt: plus(sec),
    });
    const res = await ingest([wa, theirs, mail, state(wa.id, 'read', 60), state(wa.id, 'delivered', 5)]);
    expect(res.data.stored).toBe(5);
    const range = `from=${ago(DAY)}&to=${new Date(now().getTime() + 60_000).toISOString()}`;
    const steps = (a: Answer) =>
      a.data.map((e: { kind: string; state: string; current: boolean }) => [e.kind, e.state, e.current]);
    const line = await get(sales, `/v2/traffic/whatsapp/timeline?id=${wa.id}&${range}`);
    expect(line.code, line.msg).toBe(0);
    expect(steps(line)).toEqual([
      ['send', 'sent', false],
      ['state', 'delivered', false],
      ['state', 'read', true],
    ]);
    expect(line.data[2].at).toBe(plus(60));
    // a state carried by the message line itself (no update) is its own entry
    expect(steps(await get(sales, `/v2/traffic/mail/timeline?id=${mail.id}&${range}`))).toEqual([
      ['send', 'sent', false],
      ['state', 'delivered', true],
    ]);
    // outside my data scope, of another kind, or out of the range: not found; no range: refused
    expect((await get(sales, `/v2/traffic/whatsapp/timeline?id=${theirs.id}&${range}`)).code).toBe(
      Errors.NOT_FOUND.code,
    );
    expect((await get(admin, `/v2/traffic/whatsapp/timeline?id=${theirs.id}&${range}`)).code).toBe(0);
    expect((await get(admin, `/v2/traffic/mail/timeline?id=${wa.id}&${range}`)).code).toBe(Errors.NOT_FOUND.code);
    const before = `from=${ago(3 * DAY)}&to=${ago(2 * DAY)}`;
    expect((await get(admin, `/v2/traffic/whatsapp/timeline?id=${wa.id}&${before}`)).code).toBe(Errors.NOT_FOUND.code);
    expect((await get(admin, `/v2/traffic/whatsapp/timeline?id=${wa.id}`)).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
  });

  it('lists the DLRs and state lines that matched no message, with filters and an export', async () => {
    const sms = mid();
    const wa = mid();
    const mail = mid();
    const res = await ingest([
      {
        type: 'dlr',
        messageId: sms,
        part: 2,
        state: 'undeliverable',
        error: '001',
        dlrAt: ago(60_000),
        supplierMessageId: '0xA1',
      },
      { type: 'state', kind: 'whatsapp', id: wa, state: 'failed', error: '131026', stateAt: ago(50_000) },
      { type: 'state', kind: 'mail', id: mail, state: 'bounced', stateAt: ago(40_000) },
    ]);
    expect(res.data.unmatched).toBe(3);
    const range = `from=${ago(DAY)}&to=${new Date(now().getTime() + 60_000).toISOString()}`;
    const ids = (a: Answer) =>
      a.data.records.map((r: { kind: string; messageId: string }) => `${r.kind}:${r.messageId}`);
    const all = await get(admin, `/v2/traffic/dlr/unmatched?${range}&size=200`);
    expect(all.code, all.msg).toBe(0);
    expect(ids(all)).toEqual(expect.arrayContaining([`sms:${sms}`, `whatsapp:${wa}`, `mail:${mail}`]));
    expect(all.data.total).toBe(all.data.records.length);
    const one = await get(admin, `/v2/traffic/dlr/unmatched?${range}&id=${sms}`);
    expect(one.data.records).toEqual([
      expect.objectContaining({
        kind: 'sms',
        part: 2,
        state: 'undeliverable',
        error: '001',
        supplierMessageId: '0xA1',
      }),
    ]);
    expect(ids(await get(admin, `/v2/traffic/dlr/unmatched?${range}&kind=whatsapp&id=${wa}`))).toEqual([
      `whatsapp:${wa}`,
    ]);
    expect(ids(await get(admin, `/v2/traffic/dlr/unmatched?${range}&kind=sms&id=${wa}`))).toEqual([]);
    const bounced = await get(admin, `/v2/traffic/dlr/unmatched?${range}&state=bounced&size=200`);
    expect(ids(bounced)).toContain(`mail:${mail}`);
    expect(bounced.data.records.every((r: { state: string }) => r.state === 'bounced')).toBe(true);
    expect((await get(admin, `/v2/traffic/dlr/unmatched?${range}&kind=fax`)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get(admin, '/v2/traffic/dlr/unmatched')).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    const file = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/dlr/unmatched/export',
      headers: bearer(admin),
      payload: {
        from: ago(DAY),
        to: new Date(now().getTime() + 60_000).toISOString(),
        kind: 'whatsapp',
        id: wa,
        format: 'csv',
      },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-export-rows']).toBe('1');
    expect(file.body).toContain(wa);
    expect(file.body).toContain('131026');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/dlr/unmatched/export',
      headers: bearer(sales),
      payload: { from: ago(DAY), to: now().toISOString(), format: 'csv' },
    });
    expect(refused.json().code).toBe(Errors.NO_PERMISSION.code);
    // the message comes: its update is applied and leaves the list
    await ingest([
      {
        type: 'message',
        kind: 'whatsapp',
        id: wa,
        account: 'ACC1',
        from: '6560001111',
        to: '6582227777',
        at: ago(70_000),
        state: 'sent',
        currency: 'USD',
      },
    ]);
    expect(ids(await get(admin, `/v2/traffic/dlr/unmatched?${range}&id=${wa}`))).toEqual([]);
  });
});

describe('partitions', () => {
  it('prune by day in EXPLAIN and drop whole days past retention', async () => {
    const n = now();
    await ingest([submit({ submitAt: new Date(n.getTime() - 5 * DAY).toISOString() })]);
    const parts = await listPartitions(t.p.db, 'traffic_sms');
    expect(parts.length).toBeGreaterThanOrEqual(3);
    const day = dayOf(n);
    const plan = rowsOf<Record<string, string>>(
      await t.p.db.execute(
        sql`explain select * from traffic_sms where submit_at >= ${new Date(`${day}T00:00:00Z`)} and submit_at < ${new Date(`${day}T12:00:00Z`)} and number = '1'`,
      ),
    )
      .map((r) => Object.values(r)[0])
      .join('\n');
    const touched = parts.filter((p) => plan.includes(p));
    expect(touched).toEqual([`traffic_sms_p${day.replaceAll('-', '')}`]);
    // by message id over the whole range (no message-id index, decision 0156): only the message's day is read
    const one = submit({ submitAt: new Date(n.getTime() - 5 * DAY).toISOString(), parts: 2 });
    await ingest([one, { ...one, part: 2 }]);
    const byMessage = t.p.db
      .select()
      .from(trafficSms)
      .where(
        smsWhere(everything, {
          page: 1,
          size: 20,
          messageId: one.messageId,
          from: new Date(n.getTime() - 7 * DAY).toISOString(),
          to: n.toISOString(),
        }),
      )
      .toSQL();
    const text = `explain (analyze, costs off, timing off, summary off) ${byMessage.sql}`;
    const database = t.p.database;
    const analyzed = (
      database.kind === 'postgres'
        ? await database.pool.query(text, byMessage.params)
        : await database.client.query(text, byMessage.params)
    ).rows
      .map((r) => Object.values(r as object)[0] as string)
      .join('\n');
    const read = analyzed.split('\n').filter((l) => /traffic_sms_p\d{8}/.test(l) && !l.includes('never executed'));
    const oneDay = `traffic_sms_p${dayOf(new Date(n.getTime() - 5 * DAY)).replaceAll('-', '')}`;
    expect(read.length, analyzed).toBe(1);
    expect(read[0]).toContain(oneDay);
    expect(
      (
        await smsRecords(t.p.db, everything, {
          page: 1,
          size: 20,
          messageId: one.messageId,
          from: new Date(n.getTime() - 7 * DAY).toISOString(),
          to: n.toISOString(),
        })
      ).records
        .map((r: { part: number }) => r.part)
        .sort(),
    ).toEqual([1, 2]);
    // retention of 2 days: the partition of 5 days ago goes, today's stays
    const old = `traffic_sms_p${dayOf(new Date(n.getTime() - 5 * DAY)).replaceAll('-', '')}`;
    expect(parts).toContain(old);
    const cutoffAt = new Date(Date.parse(`${dayOf(new Date(n.getTime() - 2 * DAY))}T00:00:00Z`));
    const keysOf = async () =>
      rowsOf<{ old: number; kept: number }>(
        await t.p.db.execute(
          sql`select count(*) filter (where at < ${cutoffAt})::int as old, count(*) filter (where at >= ${cutoffAt})::int as kept from traffic_keys`,
        ),
      )[0]!;
    const keysBefore = await keysOf();
    expect(keysBefore.old).toBeGreaterThan(0);
    // the retention deletes can read their BRIN indexes (decision 0164; with a seq scan allowed, tables this small scan)
    const plans = await t.p.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = async (q: ReturnType<typeof sql>) =>
        rowsOf<Record<string, string>>(await tx.execute(sql`explain ${q}`))
          .map((r) => Object.values(r)[0])
          .join('\n');
      return [
        await plan(sql`delete from traffic_keys where at < ${cutoffAt}`),
        await plan(sql`delete from traffic_dlrs where received_at < ${cutoffAt}`),
      ];
    });
    expect(plans[0]).toContain('traffic_keys_at_brin');
    expect(plans[1]).toContain('traffic_dlrs_received_brin');
    const res = await maintainPartitions(t.p.db, n, { ahead: 2, retentionDays: 2 });
    expect(res.dropped).toContain(old);
    expect(await keysOf()).toEqual({ old: 0, kept: keysBefore.kept });
    const left = await listPartitions(t.p.db, 'traffic_sms');
    expect(left).not.toContain(old);
    expect(left).toContain(`traffic_sms_p${day.replaceAll('-', '')}`);
    expect(left).toContain(`traffic_sms_p${dayOf(new Date(n.getTime() + 2 * DAY)).replaceAll('-', '')}`);
    forgetPartitions();
    // rollups are kept after the raw records are gone
    const [kept] = rowsOf<{ n: number }>(await t.p.db.execute(sql`select count(*)::int as n from traffic_daily`));
    expect(kept?.n).toBeGreaterThan(0);
  });

  it('opens a new day side by side: batches creating the same partitions at once all go on', async () => {
    // days no test ingests into; each call thinks it is the first (nothing known in this process)
    const days = ['2031-03-01', '2031-03-02', '2031-03-03'];
    for (let round = 0; round < 3; round++) {
      forgetPartitions();
      await Promise.all(Array.from({ length: 6 }, () => ensurePartitions(t.p.db, days)));
    }
    const made = await listPartitions(t.p.db, 'traffic_sms');
    for (const d of days) expect(made).toContain(`traffic_sms_p${d.replaceAll('-', '')}`);
    // an SMS day leaves room on its pages for the reports' updates (decision 0161); the others are not updated so
    const options = rowsOf<{ name: string; options: string[] | null }>(
      await t.p.db.execute(
        sql`select relname as name, reloptions as options from pg_class where relname in ('traffic_sms_p20310301', 'traffic_voice_p20310301')`,
      ),
    );
    expect(Object.fromEntries(options.map((o) => [o.name, o.options]))).toEqual({
      traffic_sms_p20310301: ['fillfactor=85'],
      traffic_voice_p20310301: null,
    });
    for (const d of days)
      for (const table of ['traffic_sms', 'traffic_voice', 'traffic_messages', 'traffic_cc'])
        await t.p.db.execute(sql.raw(`drop table "${table}_p${d.replaceAll('-', '')}"`));
    forgetPartitions();
  });

  it('ingestion straight through ingestBatch (the simulator path) is idempotent under concurrency', async () => {
    const lines = Array.from({ length: 50 }, () => submit());
    const [a, b] = await Promise.all([ingestBatch(t.p.db, now(), lines), ingestBatch(t.p.db, now(), lines)]);
    expect(a.stored + b.stored).toBe(50);
    expect(a.duplicate + b.duplicate).toBe(50);
    const [c] = rowsOf<{ n: number }>(
      await t.p.db.execute(
        sql`select count(*)::int as n from traffic_sms where message_id in (${sql.join(
          lines.map((l) => sql`${l.messageId}`),
          sql`, `,
        )})`,
      ),
    );
    expect(c?.n).toBe(50);
  });
});

describe('export', () => {
  it('exports the records of the screen with its filters and scope, and refuses a missing range', async () => {
    const number = '6598765432';
    await ingest([submit({ number }), submit({ number, account: 'ACC2' })]);
    const body = { from: ago(DAY), to: new Date(now().getTime() + 60_000).toISOString(), number, format: 'csv' };
    const all = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/sms/export',
      headers: bearer(admin),
      payload: body,
    });
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-export-rows']).toBe('2');
    expect(all.body).toContain(number);
    const own = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/sms/export',
      headers: bearer(sales),
      payload: body,
    });
    expect(own.headers['x-export-rows']).toBe('1');
    const none = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/sms/export',
      headers: bearer(admin),
      payload: { number, format: 'csv' },
    });
    expect(none.json().code).toBe(Errors.TRF_RANGE_REQUIRED.code);
  });
});

describe('voice inquiry screens and API queues', () => {
  const cdr = (over: object = {}) => ({
    type: 'cdr',
    callId: mid(),
    account: 'ACC1',
    caller: '861012345',
    callee: '6581110000',
    country: 'SG',
    network: '52501',
    channelId: 9301,
    setupAt: ago(3_600_000),
    sipCode: 486,
    pddMs: 2000,
    ...over,
  });
  const answered = (over: object = {}) => {
    const setup = new Date(now().getTime() - 3_600_000);
    return cdr({
      sipCode: 200,
      pddMs: 1000,
      answerAt: new Date(setup.getTime() + 3000).toISOString(),
      endAt: new Date(setup.getTime() + 93_000).toISOString(),
      setupAt: setup.toISOString(),
      ...over,
    });
  };
  const range = () => `from=${ago(DAY)}&to=${new Date(now().getTime() + 60_000).toISOString()}`;

  it('voiceSipRecord counts the calls by SIP code within the filter and the data scope; records drill by code', async () => {
    const callee = '6581112222';
    const res = await ingest([
      answered({ callee }),
      answered({ callee }),
      cdr({ callee }),
      cdr({ callee, sipCode: 503, pddMs: 4000 }),
      cdr({ callee, account: 'ACC2' }),
    ]);
    expect(res.data.stored).toBe(5);
    const all = await get(admin, `/v2/traffic/voice/sip?${range()}&callee=${callee}`);
    expect(all.code, all.msg).toBe(0);
    expect(all.data.calls).toBe(5);
    expect(all.data.rows.map((r: { sipCode: number; calls: number }) => [r.sipCode, r.calls])).toEqual([
      [200, 2],
      [486, 2],
      [503, 1],
    ]);
    expect(all.data.rows[0]).toMatchObject({ share: '40.00', pdd: '1000' });
    const own = await get(sales, `/v2/traffic/voice/sip?${range()}&callee=${callee}`);
    expect(own.data.calls).toBe(4);
    expect(own.data.rows.find((r: { sipCode: number }) => r.sipCode === 486).calls).toBe(1);
    const drill = await get(admin, `/v2/traffic/voice/page?${range()}&callee=${callee}&sipCode=503`);
    expect(drill.data.total).toBe(1);
    expect(drill.data.records[0].sipCode).toBe(503);
    // bad input: no range, a code that is no number
    expect((await get(admin, `/v2/traffic/voice/sip?callee=${callee}`)).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    expect((await get(admin, `/v2/traffic/voice/page?${range()}&sipCode=abc`)).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    // voice export: the same filter and scope
    const body = { from: ago(DAY), to: new Date(now().getTime() + 60_000).toISOString(), callee, format: 'csv' };
    const file = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/voice/export',
      headers: bearer(admin),
      payload: body,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-export-rows']).toBe('5');
    const ownFile = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/voice/export',
      headers: bearer(sales),
      payload: body,
    });
    expect(ownFile.headers['x-export-rows']).toBe('4');
    const noRange = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/voice/export',
      headers: bearer(admin),
      payload: { callee, format: 'csv' },
    });
    expect(noRange.json().code).toBe(Errors.TRF_RANGE_REQUIRED.code);
  });

  it('voicePerformance and channelVoiceQuery answer voice from the rollup, whatever product is asked', async () => {
    const channelId = 9302;
    // one of SRM's channels: its group is named by code and name (the ids above are no channel and keep their id)
    const [srm] = rowsOf<{ id: number; code: string; name: string }>(
      await t.p.db.execute(sql`select id, code, name from srm_channels where product = 'voice' order by id limit 1`),
    );
    await ingest([
      answered({ channelId }),
      cdr({ channelId }),
      cdr({ channelId, pddMs: 4000 }),
      answered({ channelId: 9303 }),
      answered({ channelId: srm!.id }),
    ]);
    await rollUp(t.p.db, now());
    const ch = await get(admin, `/v2/traffic/voice-channels?${range()}&product=sms&groupBy=day`);
    expect(ch.code, ch.msg).toBe(0);
    const row = ch.data.rows.find((r: { key: string }) => r.key === String(channelId));
    expect(row).toMatchObject({ count: 3, answered: 1, asr: '33.33', pdd: '2333' });
    expect(ch.data.rows.some((r: { key: string }) => r.key === '9303')).toBe(true);
    expect(row.label).toBeNull();
    const named = ch.data.rows.find((r: { key: string }) => r.key === String(srm!.id));
    expect(named).toMatchObject({ count: 1, label: `${srm!.code} ${srm!.name}` });
    const perf = await get(admin, `/v2/traffic/voice-performance?${range()}&product=sms&groupBy=channel`);
    expect(perf.data.rows.find((r: { key: string }) => r.key === String(channelId))).toMatchObject({ count: 3 });
    expect((await get(admin, `/v2/traffic/voice-channels?to=${now().toISOString()}`)).code).toBe(
      Errors.TRF_RANGE_REQUIRED.code,
    );
    expect((await get(admin, `/v2/traffic/voice-performance?${range()}&groupBy=planet`)).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    // sales hold voicePerformance (their customers only), not the channel screen
    const own = await get(sales, `/v2/traffic/voice-performance?${range()}&groupBy=owner`);
    expect(own.data.rows.map((r: { key: string }) => r.key)).toEqual([String(salesId)]);
    expect((await get(sales, `/v2/traffic/voice-channels?${range()}`)).code).toBe(Errors.NO_PERMISSION.code);
  });

  it('apiQueueManage shows per account and channel the parts waiting for a final DLR, the rate and the oldest', async () => {
    const channelId = 9304;
    const old = submit({ channelId, submitAt: ago(3 * 3_600_000) });
    const recent = Array.from({ length: 3 }, () => submit({ channelId, submitAt: ago(60_000) }));
    const done = submit({ channelId, submitAt: ago(2 * 60_000) });
    const enroute = submit({ channelId, submitAt: ago(30 * 60_000) });
    const stale = submit({ channelId, submitAt: ago(30 * 3_600_000) }); // outside the 24-hour window
    const theirs = submit({ channelId, account: 'ACC2', submitAt: ago(60_000) });
    await ingest([old, ...recent, done, enroute, stale, theirs]);
    await ingest([
      { type: 'dlr', messageId: done.messageId, state: 'delivered', dlrAt: ago(60_000) },
      { type: 'dlr', messageId: enroute.messageId, state: 'enroute', dlrAt: ago(20 * 60_000) },
    ]);
    const q = await get(admin, `/v2/traffic/queues?channelId=${channelId}`);
    expect(q.code, q.msg).toBe(0);
    const [a1, a2] = [11, 12].map((id) => q.data.rows.find((r: { accountId: number }) => r.accountId === id));
    // waiting: old, 3 recent, enroute (done has its final report, stale is older than the window)
    expect(a1).toMatchObject({
      channelId,
      backlog: 5,
      lastFive: 4,
      rate: '0.8',
      oldestAt: old.submitAt,
    });
    // the clock runs on between the submit and the look-up: the age is three hours and the seconds since
    expect(a1.oldestAge).toBeGreaterThanOrEqual(3 * 3600);
    expect(a1.oldestAge).toBeLessThan(3 * 3600 + 600);
    expect(a2).toMatchObject({ backlog: 1, lastFive: 1 });
    const own = await get(sales, `/v2/traffic/queues?channelId=${channelId}`);
    expect(own.data.rows.map((r: { accountId: number }) => r.accountId)).toEqual([11]);
    expect((await get(admin, '/v2/traffic/queues?channelId=x')).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get(sales, '/v2/traffic/queues?accountId=12')).data.rows).toEqual([]);
  });
});

describe('WhatsApp, mail and two-way records', () => {
  const range = () => `from=${ago(DAY)}&to=${new Date(now().getTime() + 60_000).toISOString()}`;

  it('stores each kind once, links an MO to the message it answers, and lists each kind within the scope', async () => {
    const number = '6582223333';
    const mt = submit({ number, senderId: 'SHOP', submitAt: ago(2 * 3_600_000) });
    const older = submit({ number, submitAt: ago(5 * 3_600_000) });
    await ingest([mt, older]);
    const conv = mid();
    const wa = {
      type: 'message',
      kind: 'whatsapp',
      id: mid(),
      account: 'ACC1',
      from: '6560001111',
      to: number,
      country: 'SG',
      at: ago(3_600_000),
      state: 'read',
      stateAt: ago(3_500_000),
      conversationId: conv,
      category: 'utility',
      price: '0.010000',
      currency: 'USD',
    };
    const mail = {
      type: 'message',
      kind: 'mail',
      id: mid(),
      account: 'ACC2',
      from: 'news@acme.test',
      to: 'someone@example.test',
      at: ago(3_600_000),
      state: 'bounced',
      error: '550 5.1.1',
      subject: 'November offers',
    };
    const mo = {
      type: 'message',
      kind: 'mo',
      id: mid(),
      account: 'ACC1',
      from: `+${number}`,
      to: 'SHOP',
      at: ago(3_000_000),
      content: 'STOP',
    };
    const named = { ...mo, id: mid(), replyTo: older.messageId, content: 'Yes' };
    const res = await ingest([
      wa,
      mail,
      mo,
      named,
      wa,
      { ...mail, kind: 'fax' },
      { ...mo, id: mid(), account: 'NOPE' },
    ]);
    expect(res.data.lines.map((l: { result: string }) => l.result)).toEqual([
      'stored',
      'stored',
      'stored',
      'stored',
      'duplicate',
      'error',
      'error',
    ]);
    expect(res.data.lines[5].code).toBe(Errors.TRF_LINE_INVALID.code);
    expect(res.data.lines[6].code).toBe(Errors.TRF_ACCOUNT_UNKNOWN.code);
    // the same batch again changes nothing
    expect((await ingest([wa, mail, mo])).data.duplicate).toBe(3);

    const was = await get(admin, `/v2/traffic/whatsapp/page?${range()}&conversationId=${conv}`);
    expect(was.code, was.msg).toBe(0);
    expect(was.data.records).toHaveLength(1);
    expect(was.data.records[0]).toMatchObject({
      id: wa.id,
      state: 'read',
      category: 'utility',
      to: number,
      price: '0.010000',
    });
    expect(was.data.totals).toMatchObject({ records: 1, revenue: '0.010000' });
    const mos = await get(admin, `/v2/traffic/mo/page?${range()}&party=${number}`);
    const byId = new Map(mos.data.records.map((r: { id: string }) => [r.id, r]));
    // without replyTo: the latest message to that handset; with it: the one named
    expect(byId.get(mo.id)).toMatchObject({
      replyTo: mt.messageId,
      replyToAt: mt.submitAt,
      state: 'received',
      length: 4,
    });
    expect(byId.get(named.id)).toMatchObject({ replyTo: older.messageId, replyToAt: older.submitAt });
    expect((await get(admin, `/v2/traffic/mo/page?${range()}&replyTo=${mt.messageId}`)).data.total).toBe(1);
    // scope: the mail went out on the other owner's account
    const m = await get(admin, `/v2/traffic/mail/page?${range()}&party=news@acme.test`);
    expect(m.data.records[0]).toMatchObject({
      id: mail.id,
      state: 'bounced',
      error: '550 5.1.1',
      subject: 'November offers',
    });
    expect((await get(sales, `/v2/traffic/mail/page?${range()}&party=news@acme.test`)).data.total).toBe(0);
    expect((await get(sales, `/v2/traffic/whatsapp/page?${range()}&conversationId=${conv}`)).data.total).toBe(1);
    // bad input
    expect((await get(admin, '/v2/traffic/mo/page')).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    expect((await get(admin, `/v2/traffic/whatsapp/page?${range()}&category=spam`)).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    // a day partition of its own, pruned like the SMS records
    const day = dayOf(now());
    expect(await listPartitions(t.p.db, 'traffic_messages')).toContain(`traffic_messages_p${day.replaceAll('-', '')}`);
    const plan = rowsOf<Record<string, string>>(
      await t.p.db.execute(
        sql`explain select * from traffic_messages where kind = 'mo' and at >= ${new Date(`${day}T00:00:00Z`)} and at < ${new Date(`${day}T12:00:00Z`)}`,
      ),
    )
      .map((r) => Object.values(r)[0])
      .join('\n');
    const parts = await listPartitions(t.p.db, 'traffic_messages');
    expect(parts.filter((p) => plan.includes(p))).toEqual([`traffic_messages_p${day.replaceAll('-', '')}`]);
  });

  it('wa-session-record lists the WhatsApp conversations of a range with their figures, within the scope, and exports them', async () => {
    const conv = mid();
    const t0 = now().getTime();
    const before = (ms: number) => new Date(t0 - ms).toISOString();
    const wa = (over: object) => ({
      type: 'message',
      kind: 'whatsapp',
      id: mid(),
      account: 'ACC1',
      from: '6560007777',
      to: '6582227777',
      country: 'SG',
      at: before(3 * 3_600_000),
      state: 'delivered',
      conversationId: conv,
      category: 'marketing',
      price: '0.025000',
      cost: '0.017500',
      currency: 'USD',
      ...over,
    });
    const other = mid();
    const res = await ingest([
      wa({}),
      wa({ at: before(2 * 3_600_000), state: 'read', category: 'utility' }),
      wa({ at: before(3_600_000), state: 'failed', price: '0.000000', cost: '0.000000' }),
      wa({ account: 'ACC2', conversationId: other, from: '6560008888', to: '6582228888' }),
      wa({ conversationId: undefined, to: '6582229999' }), // no conversation: not a session
    ]);
    expect(res.data.stored).toBe(5);
    const query = `${range()}&party=%2B6582227777`;
    const page = await get(admin, `/v2/traffic/whatsapp/sessions?${query}`);
    expect(page.code, page.msg).toBe(0);
    expect(page.data.records).toEqual([
      expect.objectContaining({
        conversationId: conv,
        accountId: 11,
        from: '6560007777',
        to: '6582227777',
        category: 'marketing',
        firstAt: before(3 * 3_600_000),
        lastAt: before(3_600_000),
        messages: 3,
        delivered: 2,
        read: 1,
        failed: 1,
        revenue: '0.050000',
        cost: '0.035000',
      }),
    ]);
    expect(page.data.totals).toEqual({ sessions: 1, messages: 3, revenue: '0.050000', cost: '0.035000' });
    // sales see their own customers' conversations only; filters by conversation and category
    const both = `${range()}&accountId=12`;
    expect((await get(admin, `/v2/traffic/whatsapp/sessions?${both}`)).data.total).toBe(1);
    expect((await get(sales, `/v2/traffic/whatsapp/sessions?${both}`)).data.total).toBe(0);
    const byConv = await get(sales, `/v2/traffic/whatsapp/sessions?${range()}&conversationId=${conv}&category=utility`);
    expect(byConv.data.records.map((r: { messages: number }) => r.messages)).toEqual([1]);
    // bad input: no range, a range too long, an unknown category
    expect((await get(admin, '/v2/traffic/whatsapp/sessions')).code).toBe(Errors.TRF_RANGE_REQUIRED.code);
    const long = `from=${before(100 * DAY)}&to=${now().toISOString()}`;
    expect((await get(admin, `/v2/traffic/whatsapp/sessions?${long}`)).code).toBe(Errors.TRF_RANGE_TOO_LONG.code);
    expect((await get(admin, `/v2/traffic/whatsapp/sessions?${range()}&category=spam`)).code).not.toBe(0);
    // the export: the screen's filter and scope
    const body = {
      from: before(DAY),
      to: new Date(now().getTime() + 60_000).toISOString(),
      party: '6582227777',
      format: 'csv',
    };
    const file = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/whatsapp/sessions/export',
      headers: bearer(admin),
      payload: body,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-export-rows']).toBe('1');
    expect(file.body).toContain(conv);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/v2/traffic/whatsapp/sessions/export',
      headers: bearer(sales),
      payload: { ...body, party: '6582228888' },
    });
    expect(theirs.headers['x-export-rows']).toBe('0');
  });
});

describe('simulator and demo history', () => {
  it('sends shaped traffic with DLRs through the ingestion path on the clock, and can be switched off', async () => {
    const { simulateStep, setSimulator } = await import('../src/modules/traffic/simulator.js');
    // traffic follows the hour of day in China: the steps run at the last weekday 10:00 there
    // (peak hour) before now, not at whatever hour the suite happens to run
    const base = new Date(now().getTime() - 3 * DAY);
    base.setUTCHours(2, 0, 0, 0); // 10:00 UTC+8
    while ([0, 6].includes(new Date(base.getTime() + 8 * 3_600_000).getUTCDay())) base.setTime(base.getTime() - DAY);
    const first = await simulateStep(t.p.db, base);
    expect(first.lines).toBe(0); // the first step only marks where it starts
    const [before] = rowsOf<{ n: number }>(await t.p.db.execute(sql`select count(*)::int as n from traffic_sms`));
    const step = await simulateStep(t.p.db, new Date(base.getTime() + 15 * 60_000));
    expect(step.lines).toBeGreaterThan(0);
    const [after] = rowsOf<{ n: number; d: number }>(
      await t.p.db.execute(sql`select count(*)::int as n, count(dlr_state)::int as d from traffic_sms`),
    );
    expect(after!.n).toBeGreaterThan(before!.n);
    expect(after!.d).toBeGreaterThan(0);
    await setSimulator(t.p.db, false);
    t.clock.advance(2 * 60_000);
    expect(await simulateStep(t.p.db, now())).toEqual({ lines: 0, skipped: 'switched off' });
    await setSimulator(t.p.db, true);
  });

  it('plans WhatsApp, mail and MO answers for accounts holding those products, stored through the ingestion path', async () => {
    const { planTraffic } = await import('../src/modules/traffic/simulator.js');
    const { seededRng } = await import('../src/platform/seed/rng.js');
    // a pinned weekday peak hour (10:00 China time), one hour of traffic at six times the demo rate
    const base = new Date(now().getTime() - 2 * DAY);
    base.setUTCHours(2, 0, 0, 0);
    while ([0, 6].includes(new Date(base.getTime() + 8 * 3_600_000).getUTCDay())) base.setTime(base.getTime() - DAY);
    const rich = { ...accounts.get('ACC1')!, products: ['sms', 'whatsapp', 'email'] as ConsumerAccountRef['products'] };
    const plan = planTraffic(seededRng(11), [rich], base, new Date(base.getTime() + 3_600_000), 6);
    const kinds = (k: string) => plan.lines.filter((l) => l.type === 'message' && l.kind === k);
    expect(kinds('whatsapp').length).toBeGreaterThan(0);
    expect(kinds('mail').length).toBeGreaterThan(0);
    expect(kinds('mo').length).toBeGreaterThan(0);
    // WhatsApp messages and mails go out `sent`; their states follow as state lines, read / opened after delivered
    expect([...kinds('whatsapp'), ...kinds('mail')].every((l) => l.type === 'message' && l.state === 'sent')).toBe(
      true,
    );
    type StateLine = Extract<(typeof plan.lines)[number], { type: 'state' }>;
    const states = [...plan.lines, ...plan.later.map((l) => l.line)].filter((l): l is StateLine => l.type === 'state');
    expect(new Set(states.map((l) => l.state))).toEqual(new Set(['delivered', 'read', 'opened', 'failed', 'bounced']));
    for (const r of states.filter((l) => l.state === 'read' || l.state === 'opened'))
      expect(states.some((d) => d.id === r.id && d.state === 'delivered' && d.stateAt < r.stateAt)).toBe(true);
    // slow SMS reports are preceded by an intermediate `enroute`
    expect(plan.lines.some((l) => l.type === 'dlr' && l.state === 'enroute')).toBe(true);
    for (let i = 0; i < plan.lines.length; i += 5000)
      expect((await ingestBatch(t.p.db, now(), plan.lines.slice(i, i + 5000))).errors).toBe(0);
    // every update that fell due is applied: the message holds its latest state line
    const latest = new Map<string, StateLine>();
    for (const l of plan.lines)
      if (l.type === 'state' && (latest.get(l.id)?.stateAt ?? '') < l.stateAt) latest.set(l.id, l);
    const held = rowsOf<{ record_id: string; state: string }>(
      await t.p.db.execute(sql`select record_id, state from traffic_messages
        where record_id in (${sql.join(
          [...latest.keys()].map((id) => sql`${id}`),
          sql`, `,
        )})`),
    );
    expect(held.length).toBe(latest.size);
    for (const h of held) expect(h.state).toBe(latest.get(h.record_id)!.state);
    const mo = kinds('mo')[0] as { id: string; replyTo: string };
    const [row] = rowsOf<{ reply_to: string; reply_to_at: Date | null }>(
      await t.p.db.execute(
        sql`select reply_to, reply_to_at from traffic_messages where kind = 'mo' and record_id = ${mo.id}`,
      ),
    );
    expect(row?.reply_to).toBe(mo.replyTo);
    expect(row?.reply_to_at).not.toBeNull();
  });

  it('seeds 90 days of rollup history and a day of raw records once', async () => {
    const { seedTraffic } = await import('../src/modules/traffic/simulator.js');
    const { seedContext } = await import('../src/platform/seed/context.js');
    const { seededRng } = await import('../src/platform/seed/rng.js');
    const ctx = seedContext(t.p.db, { info: () => {} }, { scale: 'demo' }, seededRng(7));
    // one account sends WhatsApp, mail and calls as well: the history has them, and the MO answers to its SMS
    const plain = accounts.get('ACC2')!;
    accounts.set('ACC2', { ...plain, products: ['sms', 'whatsapp', 'email', 'voice'] });
    const started = Date.now();
    await seedTraffic(ctx, now()).finally(() => accounts.set('ACC2', plain));
    expect(Date.now() - started).toBeLessThan(20_000);
    const history = rowsOf<{ product: string; days: number; delivered: number; count: number; seconds: number }>(
      await t.p.db.execute(sql`select product, count(distinct day)::int as days,
          sum(case when product = 'voice' then answered else delivered end)::int as delivered,
          sum(count)::int as count, sum(seconds)::int as seconds from traffic_daily
        where day < ${dayOf(new Date(now().getTime() - DAY))} and product in ('whatsapp', 'email', 'mo', 'voice')
        group by product order by product`),
    );
    expect(history.map((h) => h.product)).toEqual(['email', 'mo', 'voice', 'whatsapp']);
    // calls: answered ones with billed seconds, failed ones without
    expect(history.find((h) => h.product === 'voice')!.seconds).toBeGreaterThan(0);
    for (const h of history) {
      expect(h.days).toBeGreaterThanOrEqual(89);
      expect(h.delivered).toBeGreaterThan(0);
      if (h.product !== 'mo') expect(h.delivered).toBeLessThan(h.count);
    }
    const [d] = rowsOf<{ days: number }>(
      await t.p.db.execute(
        sql`select count(distinct day)::int as days from traffic_daily where day < ${dayOf(new Date(now().getTime() - DAY))}`,
      ),
    );
    expect(d!.days).toBeGreaterThanOrEqual(89);
    const [n1] = rowsOf<{ n: number }>(await t.p.db.execute(sql`select count(*)::int as n from traffic_daily`));
    await seedTraffic(ctx, now());
    const [n2] = rowsOf<{ n: number }>(await t.p.db.execute(sql`select count(*)::int as n from traffic_daily`));
    expect(n2!.n).toBe(n1!.n);
    const perf = await get(
      sales,
      `/v2/traffic/sms-performance?groupBy=day&from=${ago(90 * DAY)}&to=${now().toISOString()}`,
    );
    expect(perf.code, perf.msg).toBe(0);
    expect(perf.data.rows.length).toBeGreaterThanOrEqual(89);
  });

  it('routes demo traffic by the live channels of the channels port: network, else country, else none', async () => {
    const { channelPicker, planTraffic } = await import('../src/modules/traffic/simulator.js');
    const { seededRng } = await import('../src/platform/seed/rng.js');
    const { srmModule } = await import('../src/modules/srm/index.js');
    const live = {
      sms: [
        { id: 11, product: 'sms' as const, networks: ['46000'], countries: ['CN'] },
        { id: 12, product: 'sms' as const, networks: ['46000', '46001'], countries: ['CN'] },
        { id: 13, product: 'sms' as const, networks: ['23410'], countries: ['GB'] },
      ],
      voice: [{ id: 21, product: 'voice' as const, networks: [], countries: [] }],
      whatsapp: [
        { id: 31, product: 'whatsapp' as const, networks: ['46000'], countries: ['CN'] },
        { id: 32, product: 'whatsapp' as const, networks: ['40410'], countries: ['IN'] },
      ],
      email: [{ id: 41, product: 'email' as const, networks: [], countries: [] }],
    };
    definePorts({ channels: () => ({ live: async (product) => live[product] }) });
    try {
      const pick = await channelPicker(t.p.db);
      expect([pick('sms', 2, 'CN', '46000'), pick('sms', 3, 'CN', '46000')]).toEqual([11, 12]); // by account
      expect(pick('sms', 1, 'CN', '46001')).toBe(12);
      expect(pick('sms', 1, 'GB', '23415')).toBe(13); // no channel covers the network: one of its country
      expect(pick('sms', 1, 'US', '310260')).toBe(0);
      expect(pick('voice', 1, 'US', '310260')).toBe(21);
      expect(pick('whatsapp', 1, 'IN', '40411')).toBe(32); // the country's
      expect(pick('whatsapp', 1, 'US', '310260')).toBe(32); // a global service: any, by account
      expect(pick('whatsapp', 2, 'US', '310260')).toBe(31);
      expect(pick('email', 7, '', '')).toBe(41);
      const senders = [...accounts.values()].filter((a) => a.products.includes('sms'));
      expect(senders.length).toBeGreaterThan(0);
      const from = new Date(Date.UTC(2026, 0, 7, 2)); // a Wednesday, 10:00 in China
      const plan = planTraffic(seededRng(5), senders, from, new Date(from.getTime() + 30 * 60_000), 1, () => 42);
      const submits = plan.lines.filter((l) => l.type === 'submit');
      expect(submits.length).toBeGreaterThan(0);
      expect(submits.every((l) => l.type === 'submit' && l.channelId === 42)).toBe(true);
      // WhatsApp, mail and the handsets' answers (MO) go by channels too
      const messages = plan.lines.filter((l) => l.type === 'message');
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.every((l) => l.type === 'message' && l.channelId === 42)).toBe(true);
    } finally {
      definePorts({ channels: srmModule.ports?.channels });
    }
  });
});

describe('ten-day blocks of the report sums (decision 0090)', () => {
  it('cover a range with the blocks inside it and the edge days, every day once', () => {
    expect(coverOf('2026-06-03', '2026-08-31')).toEqual({
      blocks: [
        '2026-06-11',
        '2026-06-21',
        '2026-07-01',
        '2026-07-11',
        '2026-07-21',
        '2026-08-01',
        '2026-08-11',
        '2026-08-21',
      ],
      days: [['2026-06-03', '2026-06-10']],
    });
    expect(coverOf('2024-02-21', '2024-03-05')).toEqual({
      blocks: ['2024-02-21'],
      days: [['2024-03-01', '2024-03-05']],
    });
    expect(coverOf('2026-11-05', '2026-11-07')).toEqual({ blocks: [], days: [['2026-11-05', '2026-11-07']] });
    const D = 86_400_000;
    const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);
    for (let i = 0; i < 200; i++) {
      const a = Date.UTC(2023, 0, 1) + ((i * 7919) % 900) * D;
      const b = a + ((i * 104729) % 120) * D;
      const { blocks, days } = coverOf(ymd(a), ymd(b));
      const seen: string[] = [];
      for (const s of blocks) {
        expect(blockOf(s)).toBe(s);
        for (let d = Date.parse(s); blockOf(ymd(d)) === s; d += D) seen.push(ymd(d));
      }
      for (const [x, y] of days) for (let d = Date.parse(x); d <= Date.parse(y); d += D) seen.push(ymd(d));
      const want: string[] = [];
      for (let d = a; d <= b; d += D) want.push(ymd(d));
      expect(seen.sort()).toEqual(want);
    }
  });
});
