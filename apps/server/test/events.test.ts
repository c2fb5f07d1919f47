import { Errors } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../src/platform/auth/schema.js';
import { BUS_RESYNC, type EventBus, LISTENER_APP_NAME, MAX_EVENT_PAYLOAD } from '../src/platform/events/bus.js';
import { Topics } from '../src/platform/events/topics.js';
import { bearer, DEMO, onPostgres, signIn, startTestApp, type TestApp } from './harness.js';

/** Resolves with the first id published on the topic, or rejects after the timeout. */
function nextEvent(bus: EventBus, topic: string, timeoutMs = 1000, match?: (id: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no ${topic} event within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = bus.subscribe(topic, (id) => {
      if (match && !match(id)) return;
      clearTimeout(timer);
      off();
      resolve(id);
    });
  });
}

const userInfo = (t: TestApp, token: string) =>
  t.app.inject({ url: '/v2/sys/staff/overseas/getUserInfo', headers: bearer(token) });

describe('event bus (both databases)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('delivers to subscribers of the topic only, asynchronously, with the id as a string', async () => {
    const seen: string[] = [];
    const offOther = t.p.bus.subscribe('test.other', (id) => seen.push(`other:${id}`));
    const got = nextEvent(t.p.bus, 'test.ping');
    await t.p.bus.publish('test.ping', 42);
    expect(await got).toBe('42');
    offOther();
    expect(seen).toEqual([]);
  });

  it('keeps delivering when one subscriber throws', async () => {
    const off = t.p.bus.subscribe('test.throwing', () => {
      throw new Error('subscriber bug');
    });
    const got = nextEvent(t.p.bus, 'test.throwing');
    await t.p.bus.publish('test.throwing', 'x1');
    expect(await got).toBe('x1');
    off();
  });

  it('refuses a payload over the NOTIFY limit: events carry ids, not records', async () => {
    const big = 'x'.repeat(MAX_EVENT_PAYLOAD);
    await expect(t.p.bus.publish('test.big', big)).rejects.toThrow(/too large/);
    // just under the limit still goes through
    const id = 'y'.repeat(MAX_EVENT_PAYLOAD - JSON.stringify({ t: 'test.big', id: '' }).length);
    const got = nextEvent(t.p.bus, 'test.big');
    await t.p.bus.publish('test.big', id);
    expect(await got).toHaveLength(id.length);
  });

  it('signing out drops the session cache at once (same process)', async () => {
    const tokens = await signIn(t.app, DEMO.sales01);
    expect((await userInfo(t, tokens.token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/auth/oauth/logout', headers: bearer(tokens) });
    expect(out.json().code).toBe(0);
    await new Promise((r) => setTimeout(r, 20));
    const res = await userInfo(t, tokens.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(Errors.TOKEN_INVALID.code);
  });
});

describe.skipIf(onPostgres)('event bus on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(async () => t?.close());

  it('is in-process: a publish reaches this process without any NOTIFY', async () => {
    expect(t.p.database.kind).toBe('pglite');
    const got = nextEvent(t.p.bus, 'test.local', 200);
    await t.p.bus.publish('test.local', 'abc');
    expect(await got).toBe('abc');
  });
});

describe.skipIf(!onPostgres)('event bus between two server processes on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({ databaseUrl: a.databaseUrl, seed: false });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('an event published on A reaches B within 1 s', async () => {
    const started = Date.now();
    const onB = nextEvent(b.p.bus, 'test.cross', 1000);
    const onA = nextEvent(a.p.bus, 'test.cross', 1000);
    await a.p.bus.publish('test.cross', 'order-17');
    expect(await onB).toBe('order-17');
    expect(await onA).toBe('order-17');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('signing out on A refuses the same access token on B at once, not after the cache TTL', async () => {
    const tokens = await signIn(a.app, DEMO.finance01);
    // B has seen the session live and cached it
    expect((await userInfo(b, tokens.token)).statusCode).toBe(200);
    const revokedOnB = nextEvent(b.p.bus, Topics.SESSION_REVOKED, 1000);
    const out = await a.app.inject({ method: 'POST', url: '/auth/oauth/logout', headers: bearer(tokens) });
    expect(out.json().code).toBe(0);
    await revokedOnB;
    const res = await userInfo(b, tokens.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(Errors.TOKEN_INVALID.code);
  });

  it('it is the event that does it: a revocation nobody announces stays cached on B', async () => {
    const tokens = await signIn(a.app, DEMO.ops01);
    expect((await userInfo(b, tokens.token)).statusCode).toBe(200);
    const claims = await a.p.tokens.verify(tokens.token);
    await a.p.db
      .update(authSessions)
      .set({ revokedAt: new Date(), revokedReason: 'test' })
      .where(eq(authSessions.id, claims!.sessionId));
    expect((await userInfo(b, tokens.token)).statusCode).toBe(200); // cached (30 s TTL)
    const revokedOnB = nextEvent(b.p.bus, Topics.SESSION_REVOKED, 1000);
    await a.p.bus.publish(Topics.SESSION_REVOKED, claims!.sessionId);
    await revokedOnB;
    expect((await userInfo(b, tokens.token)).statusCode).toBe(401);
  });

  it('reconnects after the listening connections are killed, and still delivers', async () => {
    const admin = new pg.Client({ connectionString: a.databaseUrl });
    await admin.connect();
    try {
      const resyncA = nextEvent(a.p.bus, BUS_RESYNC, 5000);
      const resyncB = nextEvent(b.p.bus, BUS_RESYNC, 5000);
      const killed = await admin.query(
        `select pg_terminate_backend(pid) as ok from pg_stat_activity
          where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
        [LISTENER_APP_NAME],
      );
      expect(killed.rowCount).toBe(2); // one listener per process
      await Promise.all([resyncA, resyncB]);
      const listeners = await admin.query(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
        [LISTENER_APP_NAME],
      );
      expect(listeners.rows[0].n).toBe(2);
      const onB = nextEvent(b.p.bus, 'test.after-reconnect', 1000);
      await a.p.bus.publish('test.after-reconnect', 'still-here');
      expect(await onB).toBe('still-here');
    } finally {
      await admin.end();
    }
  });

  it('keeps retrying while the database refuses connections, and recovers when it accepts them again', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const dbName = new URL(a.databaseUrl!).pathname.slice(1);
    try {
      const resyncB = nextEvent(b.p.bus, BUS_RESYNC, 10_000);
      await admin.query(`alter database ${dbName} with allow_connections false`);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2`,
        [dbName, LISTENER_APP_NAME],
      );
      await new Promise((r) => setTimeout(r, 1200)); // several reconnect attempts fail meanwhile
      await admin.query(`alter database ${dbName} with allow_connections true`);
      await resyncB;
      const onB = nextEvent(b.p.bus, 'test.after-outage', 1000);
      await a.p.bus.publish('test.after-outage', 'back');
      expect(await onB).toBe('back');
    } finally {
      await admin.query(`alter database ${dbName} with allow_connections true`).catch(() => {});
      await admin.end();
    }
  });

  it('after a reconnect B forgets cached sessions (revocations may have been missed)', async () => {
    const tokens = await signIn(a.app, DEMO.sales01);
    expect((await userInfo(b, tokens.token)).statusCode).toBe(200);
    const claims = await a.p.tokens.verify(tokens.token);
    // revoked while B's listener is down: the announcement is lost …
    const admin = new pg.Client({ connectionString: a.databaseUrl });
    await admin.connect();
    try {
      const resyncB = nextEvent(b.p.bus, BUS_RESYNC, 5000);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
        [LISTENER_APP_NAME],
      );
      await a.p.db
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: 'test' })
        .where(eq(authSessions.id, claims!.sessionId));
      // … but the resync after reconnecting drops the cache
      await resyncB;
      expect((await userInfo(b, tokens.token)).statusCode).toBe(401);
    } finally {
      await admin.end();
    }
  });
});
