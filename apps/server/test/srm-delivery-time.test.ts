import { Errors } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { srmChannelNetworks, srmChannels } from '../src/modules/srm/channels/schema.js';
import { ingestBatch } from '../src/modules/traffic/ingest.js';
import { dayOf } from '../src/modules/traffic/partitions.js';
import { rebuildDay, recomputeSql, rollUp, trafficPort } from '../src/modules/traffic/rollups.js';
import { rowsOf } from '../src/platform/db/index.js';
import { portOf } from '../src/platform/ports.js';
import { bearer, clearOfMidnight, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { networksOf, supplierOf } from './srm-channels-support.js';

// Average delivery time: the traffic rollups carry each delivered SMS part's submit → DLR time
// (dlr_ms, dlr_count), the traffic port sums them per channel, the channel's quality shows the mean.

let t: TestApp;
let admin: Tokens;
let account = '';
let channel = 0;
let partner = 0;
let nets: [string, string];
let seq = 0;

beforeAll(async () => {
  t = await startTestApp();
  clearOfMidnight(t.clock);
  admin = await signIn(t.app, DEMO.admin);
  // the demo's traffic is not this file's: the figures below are of its own records only
  await t.p.db.execute(
    sql`truncate traffic_sms, traffic_voice, traffic_messages, traffic_dlrs, traffic_keys, traffic_deltas, traffic_hourly, traffic_daily`,
  );
  account = (await portOf(t.p.db, 'accounts')!.active()).find((a) => a.products.includes('sms'))!.code;
  nets = (await networksOf(t, 'SG', 2)) as [string, string];
  // a SIM-farm partner (a TVS account) owns the channel
  partner = await supplierOf(t, true);
  await t.p.db.execute(sql`update srm_suppliers set type = 'sim_farm', code = 'SPTVS0001' where id = ${partner}`);
  const [c] = await t.p.db
    .insert(srmChannels)
    .values({
      code: 'CHDT0001',
      name: 'Delivery time',
      supplierId: partner,
      product: 'sms',
      protocol: 'smpp',
      host: 'smpp.example.net',
      port: 2775,
      capacity: 10,
      state: 'live',
    })
    .returning({ id: srmChannels.id });
  channel = c!.id;
  await t.p.db
    .insert(srmChannelNetworks)
    .values(nets.map((m) => ({ channelId: channel, mccmnc: m, country: 'SG', operatorName: m })));
}, 180_000);
afterAll(async () => t?.close());

const now = () => t.clock.now();
// the clock runs on: every time of a test is taken from one reading
let base = 0;
const at = (ms: number) => new Date(base + ms).toISOString();
const ingest = async (lines: object[]) => {
  const res = await ingestBatch(t.p.db, now(), lines);
  expect(res.lines.filter((l) => l.result === 'error')).toEqual([]);
};
const submit = (network: string, submitAt: string, part = 1, parts = 1, messageId = `DT${++seq}`) => ({
  type: 'submit',
  messageId,
  part,
  parts,
  account,
  number: '6591234567',
  country: 'SG',
  network,
  channelId: channel,
  submitAt,
});
const dlr = (messageId: string, state: string, dlrAt: string, part = 1) => ({
  type: 'dlr',
  messageId,
  part,
  state,
  dlrAt,
});

/** the delivered parts' delivery time per channel and network, straight from the raw records */
const rawLatency = async (from: Date, to: Date) =>
  rowsOf<{ channel_id: number; network: string; ms: string; n: string }>(
    await t.p.db.execute(sql`select channel_id, network,
        sum(extract(epoch from dlr_at - submit_at) * 1000)::bigint::text as ms, count(*)::text as n
      from traffic_sms where submit_at >= ${from} and submit_at < ${to}
        and submit_status = 'accepted' and dlr_state = 'delivered'
      group by channel_id, network order by channel_id, network`),
  ).map((r) => ({ channelId: Number(r.channel_id), network: r.network, dlrMs: Number(r.ms), dlrCount: Number(r.n) }));

describe('average delivery time', () => {
  it('rolls up each delivered part’s submit → DLR time, equal to a recomputation from the raw records', async () => {
    base = now().getTime();
    const [a, b] = nets;
    const s0 = -2 * 3_600_000; // two hours ago
    const one = submit(a, at(s0));
    const two = [submit(a, at(s0), 1, 2, 'DTLONG'), submit(a, at(s0), 2, 2, 'DTLONG')];
    const late = submit(a, at(s0));
    const failed = submit(b, at(s0));
    const moved = submit(b, at(s0));
    await ingest([one, ...two, late, failed, moved]);
    await ingest([
      dlr(one.messageId, 'delivered', at(s0 + 5_000)),
      dlr('DTLONG', 'delivered', at(s0 + 12_000), 1),
      dlr('DTLONG', 'delivered', at(s0 + 14_000), 2),
      dlr(failed.messageId, 'undeliverable', at(s0 + 30_000)),
      dlr(moved.messageId, 'enroute', at(s0 + 2_000)),
    ]);
    await rollUp(t.p.db, now());
    // an older report arriving late changes nothing; a final report moves the part out of enroute
    await ingest([dlr(one.messageId, 'enroute', at(s0 + 1_000)), dlr(moved.messageId, 'delivered', at(s0 + 40_000))]);
    // a report before its message (another batch): kept, matched by the rollup job
    await ingest([dlr(late.messageId, 'delivered', at(s0 + 9_000))]);
    await rollUp(t.p.db, now());

    const from = new Date(now().getTime() - 86_400_000);
    const to = new Date(now().getTime() + 3_600_000);
    const figures = await trafficPort(t.p.db).byChannel!({ from, to, channelIds: [channel], byNetwork: true });
    expect(figures.map((f) => ({ network: f.network, dlrMs: f.dlrMs, dlrCount: f.dlrCount }))).toEqual([
      { network: a, dlrMs: 5_000 + 12_000 + 14_000 + 9_000, dlrCount: 4 },
      { network: b, dlrMs: 40_000, dlrCount: 1 },
    ]);
    expect(figures.map(({ channelId, network, dlrMs, dlrCount }) => ({ channelId, network, dlrMs, dlrCount }))).toEqual(
      await rawLatency(from, to),
    );

    // hour by hour, the rollup equals the recomputation; a rebuilt day equals it too
    const measures = async (q: ReturnType<typeof sql>) =>
      rowsOf<Record<string, unknown>>(await t.p.db.execute(q))
        .filter((r) => Number(r.dlr_count) !== 0 || Number(r.segments) !== 0)
        .map((r) =>
          [new Date(String(r.hour)).toISOString(), r.network, r.status, r.segments, r.dlr_ms, r.dlr_count].join('|'),
        )
        .sort();
    const rolled = sql`select hour, network, status, segments::text, dlr_ms::text, dlr_count::text from traffic_hourly
      where hour >= ${from} and hour < ${to}`;
    const raw = sql`select hour, network, status, segments::text, dlr_ms::text, dlr_count::text
      from (${recomputeSql(from, to)}) r`;
    expect(await measures(rolled)).toEqual(await measures(raw));
    expect((await measures(rolled)).length).toBeGreaterThan(0);
    await t.p.db.execute(sql`update traffic_daily set dlr_ms = 0, dlr_count = 0`);
    await rebuildDay(t.p.db, dayOf(new Date(base + s0)));
    expect(await measures(rolled)).toEqual(await measures(raw));
    const again = await trafficPort(t.p.db).byChannel!({ from, to, channelIds: [channel], byNetwork: true });
    expect(again).toEqual(figures);

    // the channel's quality: the mean of the delivered parts, in total and per network
    const q = (await t.app.inject({ url: `/v2/srm/channel/quality?id=${channel}`, headers: bearer(admin) })).json();
    expect(q.code, q.msg).toBe(0);
    expect(q.data.total).toMatchObject({ product: 'sms', sample: 6, deliveryMs: 16_000 });
    expect(q.data.networks).toEqual([
      expect.objectContaining({ network: a, deliveryMs: 10_000 }),
      expect.objectContaining({ network: b, deliveryMs: 40_000 }),
    ]);
  });

  it('a part never delivered adds no delivery time', async () => {
    base = now().getTime();
    const { messageId } = submit(nets[0], at(-3_600_000));
    const lone = submit(nets[0], at(-3_600_000), 1, 1, messageId);
    await ingest([{ ...lone, channelId: channel + 100_000 }]);
    await ingest([dlr(messageId, 'rejected', at(-3_590_000))]);
    await rollUp(t.p.db, now());
    const [f] = await trafficPort(t.p.db).byChannel!({
      from: new Date(now().getTime() - 86_400_000),
      to: now(),
      channelIds: [channel + 100_000],
    });
    expect(f).toMatchObject({ segments: 1, delivered: 0, dlrMs: 0, dlrCount: 0 });
  });

  it('tvs/account-query lists the SIM-farm partners with their channels’ figures, pages, exports, and keeps to the scope', async () => {
    const page = (tok: Tokens, body: object) =>
      t.app
        .inject({ method: 'POST', url: '/v2/srm/tvs/account/page', headers: bearer(tok), payload: body })
        .then((r) => r.json());
    const res = await page(admin, { keyword: 'SPTVS0001', days: 7 });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ available: true, total: 1, page: 1 });
    expect(res.data.records).toEqual([
      expect.objectContaining({
        supplierId: partner,
        code: 'SPTVS0001',
        channels: 1,
        liveChannels: 1,
        smsParts: 6,
        delivered: 5,
        deliveryRate: '83.33',
        deliveryMs: 16_000,
        calls: 0,
        asr: null,
      }),
    ]);
    // only SIM farms: an aggregator's code finds nothing; the filters narrow
    const aggregator = await supplierOf(t, true);
    const [agg] = rowsOf<{ code: string }>(
      await t.p.db.execute(sql`select code from srm_suppliers where id = ${aggregator}`),
    );
    expect((await page(admin, { keyword: agg!.code })).data.total).toBe(0);
    expect((await page(admin, { keyword: 'SPTVS0001', state: 'sea' })).data.total).toBe(0);
    const all = await page(admin, { size: 5 });
    expect(all.data.records.length).toBeLessThanOrEqual(5);
    expect(all.data.total).toBeGreaterThanOrEqual(1);
    // bad input: a clear code, never a 500
    for (const days of [0, 93, 'x']) expect((await page(admin, { days })).code).toBe(Errors.VALIDATION_FAILED.code);

    // the file: the same rows in the caller's language
    const file = await t.app.inject({
      method: 'POST',
      url: '/v2/srm/tvs/account/export',
      headers: { ...bearer(admin), 'accept-language': 'en' },
      payload: { keyword: 'SPTVS0001', format: 'csv' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-export-rows']).toBe('1');
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Avg. delivery time (s)');
    expect(lines[1]).toContain('SPTVS0001');
    expect(lines[1]).toContain('83.33');
    expect(lines[1]).toContain(',16,');

    // permission and data scope: sales may not; the purchasing manager sees partners his department holds
    const sales = await signIn(t.app, DEMO.sales01);
    expect((await page(sales, {})).code).toBe(Errors.NO_PERMISSION.code);
    const mgr = await signIn(t.app, { username: 'purchasemgr', password: 'Purchase#2026' });
    expect((await page(mgr, { keyword: 'SPTVS0001' })).data.total).toBe(0);
    await t.p.db.execute(
      sql`update srm_suppliers set owner_id = (select id from staff_users where username = 'purchase01') where id = ${partner}`,
    );
    expect((await page(mgr, { keyword: 'SPTVS0001' })).data.total).toBe(1);
  });
});
