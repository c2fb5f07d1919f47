import { Writable } from 'node:stream';
import { Errors } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/index.js';
import { DEMO, onPostgres, startTestApp, type TestApp } from './harness.js';

/** A pino logger whose JSON lines land in an array (and a hook per line). */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const waiters: { match: (l: Record<string, unknown>) => boolean; resolve: () => void }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const text of String(chunk).split('\n')) {
        if (!text) continue;
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        for (const w of [...waiters]) {
          if (w.match(line)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
        }
      }
      done();
    },
  });
  const logger = pino({ level: 'info' }, stream);
  const waitFor = (match: (l: Record<string, unknown>) => boolean) =>
    new Promise<void>((resolve) => {
      if (lines.some(match)) resolve();
      else waiters.push({ match, resolve });
    });
  return { logger, lines, waitFor };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('request ids, structured logs and the health check', () => {
  let t: TestApp & { url: string };
  const log = capturingLogger();
  beforeAll(async () => {
    t = await startTestApp({ logger: log.logger });
  });
  afterAll(async () => t?.close());

  it('echoes an incoming x-request-id and logs every line of the request with it', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-trace-0042' } });
    expect(res.headers['x-request-id']).toBe('lb-trace-0042');
    const mine = log.lines.filter((l) => l.reqId === 'lb-trace-0042');
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(mine.every((l) => typeof l.time === 'number' && typeof l.level === 'number')).toBe(true);
  });

  it('makes up a request id when none came in, and caps a long one', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const long = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'x'.repeat(500) } });
    expect(long.headers['x-request-id']).toBe('x'.repeat(64));
  });

  it('carries the request id on error answers too, and never logs the password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/oauth/token',
      headers: { 'x-request-id': 'bad-signin-1' },
      payload: {
        grant_type: 'password',
        username: 'admin',
        password: 'Wrong#1',
        client_id: 'staff-web',
        scope: 'staff',
      },
    });
    expect(res.json().code).toBe(Errors.BAD_CREDENTIALS.code);
    expect(res.headers['x-request-id']).toBe('bad-signin-1');
    expect(JSON.stringify(log.lines)).not.toContain('Wrong#1');
  });

  it('GET /healthz answers {status: ok, database} for load balancers, without a token', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: onPostgres ? 'postgres' : 'pglite' });
  });
});

describe('graceful shutdown', () => {
  const log = capturingLogger();
  let t: TestApp & { url: string };
  let started = 0;
  let finished = 0;
  let observer: TestApp | undefined;

  beforeAll(async () => {
    t = await startTestApp({
      listen: true,
      jobs: true,
      logger: log.logger,
      defineJobs: (p) =>
        p.jobs.define(
          'test.slow',
          async () => {
            started = Date.now();
            await sleep(1500);
            finished = Date.now();
          },
          { retryLimit: 0, pollingIntervalSeconds: 0.5 },
        ),
    });
    // on PostgreSQL a second process stays up to read the job's final state afterwards
    if (onPostgres) observer = await startTestApp({ databaseUrl: t.databaseUrl, seed: false });
  });
  afterAll(async () => {
    await observer?.close();
    await t?.close();
  });

  it('finishes the in-flight request and the running job before shutdown returns', async () => {
    const id = await t.p.jobs.send('test.slow', {});
    while (!started) await sleep(20);

    // a sign-in (argon2, tens of ms) is in flight when the server starts closing
    const signIn = fetch(`${t.url}/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'in-flight-1' },
      body: JSON.stringify({ grant_type: 'password', ...DEMO.admin, client_id: 'staff-web', scope: 'staff' }),
    });
    await log.waitFor((l) => l.reqId === 'in-flight-1' && l.msg === 'incoming request');
    const completedEarly = log.lines.some((l) => l.reqId === 'in-flight-1' && l.msg === 'request completed');

    const closing = Date.now();
    await t.app.close(); // what SIGTERM does in main.ts: stop accepting, finish in-flight requests …
    const res = await signIn;
    expect(res.status).toBe(200);
    expect((await res.json()).code).toBe(0);
    expect(completedEarly).toBe(false);

    await t.p.shutdown(); // … then let running jobs finish and close the database
    const returned = Date.now();
    expect(finished).toBeGreaterThan(0);
    expect(finished).toBeLessThanOrEqual(returned);
    expect(finished - started).toBeGreaterThanOrEqual(1400);
    expect(returned - closing).toBeLessThan(8000);

    if (observer) {
      const [job] = rowsOf<{ state: string }>(
        await observer.p.db.execute(sql`select state::text as state from pgboss.job where id = ${id}::uuid`),
      );
      expect(job?.state).toBe('completed');
    }
  });

  it('refuses new connections once closed', async () => {
    await expect(fetch(`${t.url}/healthz`)).rejects.toThrow();
  });
});

describe.skipIf(!onPostgres)('shutdown leaves no connection behind', () => {
  it('closes the pool, the event listener and pg-boss', async () => {
    const t = await startTestApp({ jobs: true, seed: false });
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    const count = async () =>
      (
        await admin.query(
          'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows[0].n as number;
    try {
      expect(await count()).toBeGreaterThan(0);
      await t.app.close();
      await t.p.shutdown();
      for (let i = 0; i < 20 && (await count()) > 0; i++) await sleep(50);
      expect(await count()).toBe(0);
    } finally {
      await admin.end();
      await t.close();
    }
  });
});
