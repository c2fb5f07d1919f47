import { Writable } from 'node:stream';
import type { JobRow } from '@portal/contracts';
import { Errors } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booted } from '../src/platform/boot.js';
import { rowsOf } from '../src/platform/db/index.js';
import { JobQueue } from '../src/platform/jobs/queue.js';
import { bearer, DEMO, onPostgres, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const FLAKY = 'test.flaky';
const DOOMED = 'test.doomed';
const PROMPT = 'test.prompt';

/** Waits until the job reaches a final state (completed, failed, cancelled). */
async function settled(p: Booted, name: string, id: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await p.jobs.getJob(name, id);
    if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job;
    if (Date.now() > until) throw new Error(`job ${name} ${id} still ${job?.state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('jobs (pg-boss) on this database', () => {
  let t: TestApp;
  let admin: Tokens;
  const attempts = new Map<string, number>();
  const logLines: { msg?: string; job?: { name: string; id: string } }[] = [];

  beforeAll(async () => {
    t = await startTestApp({
      jobs: true,
      logger: pino(
        { level: 'warn' },
        new Writable({
          write(chunk, _enc, done) {
            for (const line of String(chunk).split('\n')) if (line) logLines.push(JSON.parse(line));
            done();
          },
        }),
      ),
      defineJobs: (p) => {
        // throws on its first two attempts, then succeeds
        p.jobs.define<{ n: number }>(
          FLAKY,
          async (_data, job) => {
            const n = (attempts.get(job.id) ?? 0) + 1;
            attempts.set(job.id, n);
            if (n <= 2) throw new Error(`flaky attempt ${n}`);
          },
          { retryLimit: 3, retryDelay: 0, retryBackoff: false, pollingIntervalSeconds: 0.5 },
        );
        // always fails: must end visible in state 'failed' with its error
        p.jobs.define(
          DOOMED,
          async () => {
            throw new Error('carrier rejected the batch');
          },
          { retryLimit: 1, retryDelay: 0, retryBackoff: false, pollingIntervalSeconds: 0.5 },
        );
        // its idle worker looks only every 30 s: a sent job is run at once only because it wakes the worker
        p.jobs.define(PROMPT, async () => {}, { pollingIntervalSeconds: 30 });
      },
    });
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(async () => t?.close());

  it('runs a sent job at once, not at the next poll of its idle worker (decision 0165)', async () => {
    // the worker's first look after the start is past: it idles until a notification or 30 s
    await new Promise((r) => setTimeout(r, 1_500));
    const sent = Date.now();
    const id = await t.p.jobs.send(PROMPT, {});
    expect((await settled(t.p, PROMPT, id!, 5_000)).state).toBe('completed');
    expect(Date.now() - sent).toBeLessThan(5_000);
  });

  it('retries a job that throws twice, then it completes (retries visible)', async () => {
    const id = await t.p.jobs.send(FLAKY, { n: 1 });
    expect(id).toBeTruthy();
    const job = await settled(t.p, FLAKY, id!);
    expect(job.state).toBe('completed');
    expect(job.retryCount).toBe(2);
    expect(attempts.get(id!)).toBe(3);
  });

  it('a job that always fails ends in state failed with its error stored, never silently lost', async () => {
    const id = await t.p.jobs.send(DOOMED, {});
    const job = await settled(t.p, DOOMED, id!);
    expect(job.state).toBe('failed');
    expect(job.retryCount).toBe(1);
    expect(JSON.stringify(job.output)).toContain('carrier rejected the batch');
    const logged = logLines.filter((l) => l.job?.id === id).map((l) => l.msg);
    expect(logged).toEqual(['job failed; it will be retried', 'job failed for good']);
  });

  it('GET /v2/sys/staff/jobs lists jobs with state, retries and the error of failed ones', async () => {
    const failed = await t.app.inject({
      url: `/v2/sys/staff/jobs?name=${DOOMED}&state=failed&page=1&size=10`,
      headers: bearer(admin),
    });
    expect(failed.statusCode).toBe(200);
    const body = failed.json();
    expect(body.code).toBe(0);
    expect(body.data.total).toBe(1);
    const row: JobRow = body.data.records[0];
    expect(row).toMatchObject({ name: DOOMED, state: 'failed', retryCount: 1, output: 'carrier rejected the batch' });
    expect(Date.parse(row.createdOn)).not.toBeNaN();
    expect(row.completedOn).not.toBeNull();

    const done = await t.app.inject({ url: `/v2/sys/staff/jobs?name=${FLAKY}`, headers: bearer(admin) });
    expect(done.json().data.records[0]).toMatchObject({ name: FLAKY, state: 'completed', retryCount: 2, output: null });

    const all = await t.app.inject({ url: '/v2/sys/staff/jobs?page=1&size=1', headers: bearer(admin) });
    const page = all.json().data;
    expect(page.records).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page).toMatchObject({ page: 1, size: 1 });
    // newest first; pg-boss's own bookkeeping queues are not listed
    const every = await t.app.inject({ url: '/v2/sys/staff/jobs?size=200', headers: bearer(admin) });
    const names: string[] = every.json().data.records.map((r: JobRow) => r.name);
    expect(names.indexOf(DOOMED)).toBeLessThan(names.indexOf(FLAKY)); // DOOMED was sent later
    expect(names.some((n) => n.startsWith('__pgboss__'))).toBe(false);
  });

  it('the jobs list needs the system-log permission and a valid filter', async () => {
    const sales = await signIn(t.app, DEMO.sales01);
    const denied = await t.app.inject({ url: '/v2/sys/staff/jobs', headers: bearer(sales) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(Errors.NO_PERMISSION.code);
    const anonymous = await t.app.inject({ url: '/v2/sys/staff/jobs' });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/v2/sys/staff/jobs?state=exploded', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('refuses to declare a job kind once the queue runs (it would never get a worker)', () => {
    expect(() => t.p.jobs.define('test.late', async () => {})).toThrow(/after the queue started/);
  });
});

describe('jobs list without running workers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ jobs: false });
  });
  afterAll(async () => t?.close());

  it('answers an empty page when pg-boss was never started on this database', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const res = await t.app.inject({ url: '/v2/sys/staff/jobs', headers: bearer(admin) });
    expect(res.json()).toMatchObject({ code: 0, data: { records: [], total: 0, page: 1, size: 20 } });
  });
});

describe('queue rules across boots', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const boot = async (retryLimit: number, cron = '7 * * * *', data: object = { a: 1, b: 2 }) => {
    const q = new JobQueue(t.p.database, (err) => {
      throw err;
    });
    q.define('test.rules', async () => {}, { retryLimit, pollingIntervalSeconds: 30 });
    await q.start();
    await q.schedule('test.rules', cron, data);
    await q.stop();
  };
  const schedule = async () => {
    const [row] = rowsOf<{ cron: string; data: object; updatedOn: string }>(
      await t.p.db.execute(
        sql`select cron, data, updated_on::text as "updatedOn" from pgboss.schedule where name = 'test.rules'`,
      ),
    );
    return row!;
  };
  const queue = async () => {
    const [row] = rowsOf<{ retryLimit: number; updatedOn: string }>(
      await t.p.db.execute(
        sql`select retry_limit as "retryLimit", updated_on::text as "updatedOn" from pgboss.queue where name = 'test.rules'`,
      ),
    );
    return row!;
  };

  it('a boot creates a missing queue, carries changed rules over and leaves unchanged ones alone', async () => {
    await boot(1);
    expect((await queue()).retryLimit).toBe(1);
    await boot(4);
    const changed = await queue();
    expect(changed.retryLimit).toBe(4);
    await boot(4);
    expect(await queue()).toEqual(changed); // not rewritten: updated_on stands
  });

  it('a boot writes a schedule only when its cron or data changed', async () => {
    await boot(4, '7 * * * *', { a: 1, b: 2 });
    const first = await schedule();
    expect(first).toMatchObject({ cron: '7 * * * *', data: { a: 1, b: 2 } });
    await boot(4, '7 * * * *', { b: 2, a: 1 });
    expect(await schedule()).toEqual(first);
    await boot(4, '9 * * * *', { a: 1, b: 2 });
    expect((await schedule()).cron).toBe('9 * * * *');
    await boot(4, '9 * * * *', { a: 1, b: 3 });
    expect((await schedule()).data).toEqual({ a: 1, b: 3 });
  });

  it('a process that changes a schedule and changes it back writes both times', async () => {
    await boot(4, '11 * * * *', {});
    const q = new JobQueue(t.p.database, (err) => {
      throw err;
    });
    q.define('test.rules', async () => {}, { retryLimit: 4, pollingIntervalSeconds: 30 });
    await q.start();
    try {
      await q.schedule('test.rules', '12 * * * *');
      expect((await schedule()).cron).toBe('12 * * * *');
      await q.schedule('test.rules', '11 * * * *');
      expect((await schedule()).cron).toBe('11 * * * *');
    } finally {
      await q.stop();
    }
  });
});

describe.skipIf(!onPostgres)('two server processes share one queue on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  const runs: { process: string; id: string }[] = [];
  const shared = (process: string) => (p: Booted) =>
    p.jobs.define(
      'test.shared',
      async (_data, job) => {
        runs.push({ process, id: job.id });
        await new Promise((r) => setTimeout(r, 150));
      },
      { retryLimit: 0, pollingIntervalSeconds: 0.5 },
    );
  beforeAll(async () => {
    a = await startTestApp({ jobs: true, seed: false, defineJobs: shared('A') });
    b = await startTestApp({
      jobs: true,
      seed: false,
      databaseUrl: a.databaseUrl,
      defineJobs: (p) => {
        shared('B')(p);
        // only B works this kind, and its idle worker looks only every 30 s
        p.jobs.define('test.remote', async () => {}, { retryLimit: 0, pollingIntervalSeconds: 30 });
      },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('each job runs exactly once, and both processes take a share', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await a.p.jobs.send('test.shared', { i }))!);
    for (const id of ids) expect((await settled(a.p, 'test.shared', id)).state).toBe('completed');
    expect(runs.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(new Set(runs.map((r) => r.process))).toEqual(new Set(['A', 'B']));
  });

  it("a job sent on one process wakes the other's idle worker at once (LISTEN/NOTIFY, decision 0165)", async () => {
    await new Promise((r) => setTimeout(r, 1_500));
    const id = await a.p.jobs.pgBoss.send('test.remote', {});
    expect((await settled(b.p, 'test.remote', id!, 5_000)).state).toBe('completed');
  });
});
