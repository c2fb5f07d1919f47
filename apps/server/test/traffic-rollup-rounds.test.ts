import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLLUP_JOB } from '../src/modules/traffic/index.js';
import { rollUpAlone, rollupRounds } from '../src/modules/traffic/rollup-rounds.js';
import { rollUp } from '../src/modules/traffic/rollups.js';
import { trafficDeltas } from '../src/modules/traffic/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { TEST_CLOCK_PATH } from '../src/platform/test-clock.js';
import { DEMO, signIn, startTestApp, type TestApp } from './harness.js';
import { keyedPost } from './support/signed-in.js';

// decision 0156: the rollup loops within its job's minute, one process at a time, and stops at once with the queue

const HOUR = new Date('2026-01-05T10:00:00Z');
let channel = 900_000;

/** one SMS delta of a channel of its own (so its hourly row is its own), and what the hourly rollup holds of it */
async function addDelta(t: TestApp, count = 1) {
  const channelId = channel++;
  await t.p.db.insert(trafficDeltas).values({
    hour: HOUR,
    product: 'sms',
    accountId: 1,
    customerId: 1,
    ownerId: 1,
    channelId,
    country: 'CN',
    network: '46000',
    status: 'delivered',
    currency: 'USD',
    costCurrency: 'USD',
    count,
    segments: count,
    delivered: count,
  });
  return async () => {
    const [r] = rowsOf<{ n: string | null; waiting: number }>(
      await t.p.db.execute(sql`select (select sum(count) from traffic_hourly where channel_id = ${channelId})::text as n,
        (select count(*)::int from traffic_deltas where channel_id = ${channelId}) as waiting`),
    );
    return { hourly: Number(r?.n ?? 0), waiting: Number(r?.waiting) };
  };
}

async function until(what: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

describe('rollup rounds, called directly', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    await rollUp(t.p.db, t.clock.now());
  }, 180_000);
  afterAll(async () => t?.close());

  it('takes nothing while another process holds the rollup, then all of it', async () => {
    const database = t.p.database;
    const read = await addDelta(t, 3);
    if (database.kind === 'postgres') {
      const other = await database.pool.connect();
      try {
        await other.query(`select pg_advisory_lock(hashtext('traffic'), hashtext('rollup'))`);
        expect(await rollUpAlone(database, t.clock.now())).toBeUndefined();
        expect(await read()).toEqual({ hourly: 0, waiting: 1 });
        await other.query(`select pg_advisory_unlock(hashtext('traffic'), hashtext('rollup'))`);
      } finally {
        other.release();
      }
      expect(await rollUpAlone(database, t.clock.now())).toBe(1);
    } else {
      // one process: two rounds at once run one after the other, the delta counted once
      const taken = await Promise.all([rollUpAlone(database, t.clock.now()), rollUpAlone(database, t.clock.now())]);
      expect(taken).toEqual([1, 0]);
    }
    expect(await read()).toEqual({ hourly: 3, waiting: 0 });
  });

  it('rolls up what came after a round at the next round, without being called again', async () => {
    const stop = new AbortController();
    const rounds: number[] = [];
    const first = await addDelta(t);
    const running = rollupRounds(t.p.database, () => t.clock.now(), {
      intervalMs: 200,
      until: Date.now() + 20_000,
      signal: stop.signal,
      onRound: (r) => void rounds.push(r.deltas),
    });
    expect(await until(async () => rounds.length >= 1, 5000)).toBe(true);
    expect(await first()).toEqual({ hourly: 1, waiting: 0 });
    const second = await addDelta(t, 2);
    expect(await until(async () => (await second()).hourly === 2, 5000)).toBe(true);
    stop.abort();
    const done = await running;
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(done.reduce((s, r) => s + r.deltas, 0)).toBe(2);
  });

  it('ends its wait at once when stopped, and does not wait past its end', async () => {
    const stop = new AbortController();
    const running = rollupRounds(t.p.database, () => t.clock.now(), {
      intervalMs: 60_000,
      until: Date.now() + 120_000,
      signal: stop.signal,
    });
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    stop.abort();
    expect((await running).length).toBe(1);
    expect(Date.now() - t0).toBeLessThan(1000);
    // the next wait would pass `until`: one round, no wait
    const t1 = Date.now();
    const once = await rollupRounds(t.p.database, () => t.clock.now(), {
      intervalMs: 60_000,
      until: Date.now() + 1000,
      signal: new AbortController().signal,
    });
    expect(once.length).toBe(1);
    expect(Date.now() - t1).toBeLessThan(5000);
  });
});

describe('the rollup job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      jobs: true,
      env: { APP_ENV: 'test', HOST: '127.0.0.1', TRAFFIC_ROLLUP_SECONDS: '1', TRAFFIC_SIMULATOR: 'false' },
    });
  }, 180_000);
  afterAll(async () => t?.close());

  it('queued on the test clock, keeps rolling up every TRAFFIC_ROLLUP_SECONDS; shutdown does not wait for it', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const moved = await keyedPost<{ code: number }>(t, admin, TEST_CLOCK_PATH, { ms: 60_000, jobs: [ROLLUP_JOB] });
    expect(moved.code).toBe(0);
    const first = await addDelta(t, 4);
    expect(await until(async () => (await first()).hourly === 4, 15_000)).toBe(true);
    // the same job's next round, a second or so later (no second job: the cron's next is up to a minute away)
    const second = await addDelta(t, 5);
    expect(await until(async () => (await second()).hourly === 5, 4000)).toBe(true);
    const t0 = Date.now();
    await t.close();
    t = undefined as unknown as TestApp;
    expect(Date.now() - t0).toBeLessThan(5000);
  }, 60_000);
});
