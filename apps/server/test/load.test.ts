import http from 'node:http';
import { Errors } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/index.js';
import { runInDbScope, stopReasonOf } from '../src/platform/db/scope.js';
import { bearer, DEMO, onPostgres, poll, signIn, startTestApp, type TestApp } from './harness.js';

const LIST = '/v2/sys/mc/message/query/center/message/list';

/** A fresh request-like database scope (what platform/http/request-scope.ts gives every request). */
const scope = (owner?: string) => {
  const ctl = new AbortController();
  return { ctl, scope: { signal: ctl.signal, owner, held: new Set<pg.PoolClient>() } };
};

/** Holds an ACCESS EXCLUSIVE lock on mc_messages from another connection until release(). */
async function lockMessages(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('begin');
  await c.query('lock table mc_messages in access exclusive mode');
  return {
    /** statements of the test database other than ours that touch mc_messages */
    async others(): Promise<{ pid: number; wait: string | null }[]> {
      // inside a transaction pg_stat_activity is a snapshot taken at its first read: refresh it
      await c.query('select pg_stat_clear_snapshot()');
      const r = await c.query(
        `select pid, wait_event_type as wait from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
           and query ilike '%mc_messages%'`,
      );
      return r.rows;
    },
    async release() {
      await c.query('rollback');
      await c.end();
    },
  };
}

describe('capped counts: a list counts at most LIST_COUNT_CAP rows, then says "at least"', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { LIST_COUNT_CAP: '100' } });
  });
  afterAll(() => t.close());

  it('answers total = cap with totalCapped beyond the cap, the exact total below it', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const sales = await signIn(t.app, DEMO.sales01);
    const [u] = rowsOf<{ id: number }>(await t.p.db.execute(sql`select id from staff_users where username = 'admin'`));
    await t.p.db.execute(
      sql`insert into mc_messages (user_id, type, title, content)
          select ${u!.id}, case when g <= 30 then 'approval' else 'system' end, 'Load ' || g, 'x'
          from generate_series(1, 150) g`,
    );
    const list = async (who: typeof admin, body: object) =>
      (await t.app.inject({ method: 'POST', url: LIST, headers: bearer(who), payload: body })).json();

    const many = await list(admin, { page: 1, size: 20 });
    expect(many.code).toBe(0);
    expect(many.data.records).toHaveLength(20);
    expect(many.data).toMatchObject({ total: 100, totalCapped: true });

    // a filter below the cap: the exact count, no flag
    const few = await list(admin, { page: 1, size: 20, type: 'approval' });
    expect(few.data.total).toBeGreaterThanOrEqual(30);
    expect(few.data.total).toBeLessThan(100);
    expect(few.data.totalCapped).toBeUndefined();

    const other = await list(sales, { page: 1, size: 20 });
    expect(other.data.total).toBe(other.data.records.length);
    expect(other.data.totalCapped).toBeUndefined();
  });
});

/*
 * Timeouts and cancellation need PostgreSQL. PGlite runs every query in WebAssembly on the server's
 * own thread: there is no second backend to send a cancel to, and it ignores statement_timeout
 * (`set statement_timeout = 100; select pg_sleep(1)` returns after a second). There a request's
 * scope still refuses to start new statements once aborted, but a running one finishes.
 */
describe.skipIf(!onPostgres)('statement timeout and fair share of the pool (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { DB_STATEMENT_TIMEOUT_MS: '300', DB_POOL_SIZE: '4', DB_POOL_WAIT_MS: '400', DB_USER_SHARE: '0.25' },
    });
  });
  afterAll(() => t.close());

  it('a statement past DB_STATEMENT_TIMEOUT_MS is cancelled and answers QUERY_TIMEOUT, not 500', async () => {
    const s = scope();
    const err = await runInDbScope(s.scope, async () => await t.p.db.execute(sql`select pg_sleep(5)`)).catch((e) => e);
    expect(stopReasonOf(err, s.scope)).toBe('statement');

    const admin = await signIn(t.app, DEMO.admin);
    const lock = await lockMessages(t.databaseUrl!);
    try {
      const started = Date.now();
      const res = await t.app.inject({ method: 'POST', url: LIST, headers: bearer(admin), payload: { page: 1 } });
      expect(res.statusCode).toBe(Errors.QUERY_TIMEOUT.http);
      expect(res.json().code).toBe(Errors.QUERY_TIMEOUT.code);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await lock.release();
    }
  });

  it("one user's requests hold at most their share of the pool; others still get a connection", async () => {
    // pool 4 × share 0.25 = one connection per user at a time
    const a1 = scope('a');
    const a2 = scope('a');
    const b = scope('b');
    const ends: Record<string, number> = {};
    const run = (name: string, s: ReturnType<typeof scope>, q: ReturnType<typeof sql>) =>
      // drizzle's query is lazy: await it inside the scope, where it starts
      runInDbScope(s.scope, async () => await t.p.db.execute(q)).then(
        () => {
          ends[name] = Date.now();
        },
        (e) => {
          ends[name] = Date.now();
          return stopReasonOf(e, s.scope);
        },
      );
    const first = run('a1', a1, sql`select pg_sleep(0.2)`);
    const second = run('a2', a2, sql`select 2`);
    const other = run('b', b, sql`select 3`);
    const [, a2Stop, bStop] = await Promise.all([first, second, other]);
    expect(bStop).toBeUndefined();
    expect(a2Stop).toBeUndefined();
    // b did not wait behind a; a's second statement waited for a's first
    expect(ends.b!).toBeLessThan(ends.a1!);
    expect(ends.a2!).toBeGreaterThanOrEqual(ends.a1!);

    // waiting longer than DB_POOL_WAIT_MS (400 ms) for the share answers "busy": a's transaction
    // holds a's one connection for 800 ms (idle in transaction, so no statement timeout applies)
    const holder = runInDbScope(scope('a').scope, () =>
      t.p.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise((r) => setTimeout(r, 800));
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    const busy = await run('a3', scope('a'), sql`select 3`);
    expect(busy).toBe('busy');
    await holder;
  });

  it('a full pool answers SERVER_BUSY after DB_POOL_WAIT_MS, inside a request or not', async () => {
    if (t.p.database.kind !== 'postgres') return;
    const held = await Promise.all([1, 2, 3, 4].map(() => (t.p.database as { pool: pg.Pool }).pool.connect()));
    try {
      const err = await t.p.db.execute(sql`select 1`).then(
        () => undefined,
        (e) => e,
      );
      expect(stopReasonOf(err, undefined)).toBe('busy');
      // sign-in needs the database too: refused with the catalogue code, not 500
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/oauth/token',
        payload: { grant_type: 'password', ...DEMO.admin, client_id: 'staff-web', scope: 'staff' },
      });
      expect(res.statusCode).toBe(Errors.SERVER_BUSY.http);
      expect(res.json().code).toBe(Errors.SERVER_BUSY.code);
    } finally {
      for (const c of held) c.release();
    }
  });
});

describe.skipIf(!onPostgres)('request timeout and cancel on client close (PostgreSQL)', () => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestApp({ listen: true, env: { REQUEST_TIMEOUT_MS: '3000', DB_STATEMENT_TIMEOUT_MS: '0' } });
  });
  afterAll(() => t.close());

  it('a request past REQUEST_TIMEOUT_MS has its statement cancelled and answers REQUEST_TIMEOUT', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const lock = await lockMessages(t.databaseUrl!);
    try {
      const res = await t.app.inject({ method: 'POST', url: LIST, headers: bearer(admin), payload: { page: 1 } });
      expect(res.statusCode).toBe(Errors.REQUEST_TIMEOUT.http);
      expect(res.json().code).toBe(Errors.REQUEST_TIMEOUT.code);
      // no statement timeout is set and the lock is still held: only a cancel ends the statement
      expect(
        await poll(
          () => lock.others(),
          (rows) => rows.length === 0,
          1000,
        ),
      ).toEqual([]);
    } finally {
      await lock.release();
    }
  });

  it('a request whose client goes away has its running statement cancelled (pg_stat_activity)', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const lock = await lockMessages(t.databaseUrl!);
    try {
      const t0 = Date.now();
      const port = new URL(t.url).port;
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: LIST,
        headers: { ...bearer(admin), 'content-type': 'application/json' },
      });
      req.on('error', () => {});
      req.end(JSON.stringify({ page: 1, size: 20 }));
      // the list's statement waits on our lock
      const waiting = await poll(
        () => lock.others(),
        (rows) => rows.length > 0,
        3000,
      );
      expect(waiting.length).toBeGreaterThan(0);
      req.destroy();
      // the lock is still held and no statement timeout is set: only a cancel ends the statement,
      // and it ends before the request timeout (3 s) could have cancelled it
      const after = await poll(
        () => lock.others(),
        (rows) => rows.length === 0,
        1000,
      );
      expect(after).toEqual([]);
      expect(Date.now() - t0).toBeLessThan(3000);
    } finally {
      await lock.release();
    }
  });
});
