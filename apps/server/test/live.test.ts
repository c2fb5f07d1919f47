import { Errors } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '../src/platform/access/schema.js';
import { bearer, DEMO, onPostgres, poll, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { openSse, type SseStream } from './live-client.js';

const LIVE = '/v2/sys/mc/sse/connection';
const SECRET = 'live-test-secret-0123456789abcdef-0123456789';
const streams: SseStream[] = [];
const open = async (url: string, token: string) => {
  const s = await openSse(url, token);
  streams.push(s);
  return s;
};
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

async function userId(t: TestApp, username: string) {
  const [u] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, username));
  return u!.id;
}

describe('live channel: one process (both databases)', () => {
  let t: TestApp & { url: string };
  let sales: Tokens;
  beforeAll(async () => {
    process.env.LIVE_HEARTBEAT_MS = '200';
    t = await startTestApp({ listen: true, env: { JWT_SECRET: SECRET } });
    delete process.env.LIVE_HEARTBEAT_MS;
    sales = await signIn(t.app, DEMO.sales01);
  });
  afterAll(async () => t?.close());

  it('refuses a request without a valid token', async () => {
    const res = await fetch(`${t.url}${LIVE}`);
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe(Errors.TOKEN_INVALID.code);
    const bad = await fetch(`${t.url}${LIVE}`, { headers: bearer('nope') });
    expect(bad.status).toBe(401);
  });

  it('acknowledges the connection, then beats', async () => {
    const s = await open(`${t.url}${LIVE}`, sales.token);
    expect(s.status).toBe(200);
    const ack = await s.next((e) => e.event === 'connection');
    expect(JSON.parse(ack.data)).toMatchObject({ heartbeatMs: 200 });
    await s.next((e) => e.event === 'heartbeat', 1500);
    expect(s.events[0]!.event).toBe('connection');
  });

  it('pushes a notification to every stream of its recipient only', async () => {
    const [a, b] = await Promise.all([open(`${t.url}${LIVE}`, sales.token), open(`${t.url}${LIVE}`, sales.token)]);
    const admin = await signIn(t.app, DEMO.admin);
    const other = await open(`${t.url}${LIVE}`, admin.token);
    await Promise.all([a, b, other].map((s) => s.next((e) => e.event === 'connection')));
    await t.p.notifier.send({
      userIds: [await userId(t, 'sales01')],
      type: 'system',
      title: 'hello',
      content: 'you have {newEmailNum} new mails',
      msgType: 2,
      vars: { newEmailNum: 3, emailboxType: 1 },
    } as Parameters<typeof t.p.notifier.send>[0]);
    const got = await Promise.all([a, b].map((s) => s.next((e) => e.event === 'message')));
    for (const m of got) {
      const body = JSON.parse(m.data);
      expect(body).toMatchObject({
        event: 'message',
        title: 'hello',
        msgType: 2,
        msgContentTemplate: 'you have {newEmailNum} new mails',
      });
      expect(JSON.parse(body.msgFillAfterVar)).toEqual([
        { key: '{newEmailNum}', showFieldName: '3' },
        { key: '{emailboxType}', showFieldName: '1' },
      ]);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(other.events.some((e) => e.event === 'message')).toBe(false);
  });

  it('closes a stream when its token expires', async () => {
    const claims = decodeJwt(sales.token);
    const shortLived = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .setAudience('staff')
      .sign(new TextEncoder().encode(SECRET));
    const s = await open(`${t.url}${LIVE}`, shortLived);
    await s.next((e) => e.event === 'connection');
    const started = Date.now();
    await s.ended;
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it('closes a stream when its session is signed out', async () => {
    const mine = await signIn(t.app, DEMO.sales01);
    const s = await open(`${t.url}${LIVE}`, mine.token);
    await s.next((e) => e.event === 'connection');
    const out = await t.app.inject({ method: 'POST', url: '/auth/oauth/logout', headers: bearer(mine), payload: {} });
    expect(out.statusCode).toBe(200);
    await Promise.race([s.ended, new Promise((_, rej) => setTimeout(() => rej(new Error('still open')), 2000))]);
  });
});

describe('live channel: caps on open streams per session and per user', () => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestApp({
      listen: true,
      env: { JWT_SECRET: SECRET, LIVE_MAX_STREAMS_PER_SESSION: '2', LIVE_MAX_STREAMS_PER_USER: '3' },
    });
  });
  afterAll(async () => t?.close());

  const refused = async (token: string) => {
    const res = await fetch(`${t.url}${LIVE}`, { headers: bearer(token) });
    return { status: res.status, code: (await res.json()).code as number };
  };

  it('refuses a stream beyond the session cap and the user cap with 429 / LIVE_STREAMS_LIMIT', async () => {
    const one = await signIn(t.app, DEMO.finance01);
    const two = await signIn(t.app, DEMO.finance01);
    const three = await signIn(t.app, DEMO.finance01);
    const a1 = await open(`${t.url}${LIVE}`, one.token);
    await open(`${t.url}${LIVE}`, one.token);
    expect(await refused(one.token)).toEqual({ status: 429, code: Errors.LIVE_STREAMS_LIMIT.code });

    // another session of the same user still gets one, up to the user's cap
    const b1 = await open(`${t.url}${LIVE}`, two.token);
    expect(b1.status).toBe(200);
    await b1.next((e) => e.event === 'connection');
    expect(await refused(three.token)).toEqual({ status: 429, code: Errors.LIVE_STREAMS_LIMIT.code });
    // other users are not affected
    const other = await open(`${t.url}${LIVE}`, (await signIn(t.app, DEMO.ops01)).token);
    expect(other.status).toBe(200);

    // the open streams kept working; closing one frees its slot
    await a1.next((e) => e.event === 'connection');
    a1.close();
    const again = await poll(
      async () => {
        const res = await fetch(`${t.url}${LIVE}`, { headers: bearer(three.token) });
        await res.body?.cancel();
        return res.status;
      },
      (status) => status === 200,
      5000,
    );
    expect(again).toBe(200);
  });
});

describe.runIf(onPostgres)('live channel across two processes (PostgreSQL)', () => {
  let a: TestApp & { url: string };
  let b: TestApp & { url: string };
  beforeAll(async () => {
    a = await startTestApp({ listen: true, env: { JWT_SECRET: SECRET } });
    b = await startTestApp({ listen: true, databaseUrl: a.databaseUrl, seed: false, env: { JWT_SECRET: SECRET } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a message stored on process A reaches a client of process B within 1 s', async () => {
    const sales = await signIn(a.app, DEMO.sales01);
    const s = await open(`${b.url}${LIVE}`, sales.token);
    await s.next((e) => e.event === 'connection');
    const started = Date.now();
    await a.p.notifier.send({
      userIds: [await userId(a, 'sales01')],
      type: 'system',
      title: 'cross',
      content: 'from A',
    });
    const m = await s.next((e) => e.event === 'message', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(JSON.parse(m.data).title).toBe('cross');
  });

  it('signing out on process A closes the stream held by process B', async () => {
    const sales = await signIn(a.app, DEMO.sales01);
    const s = await open(`${b.url}${LIVE}`, sales.token);
    await s.next((e) => e.event === 'connection');
    await a.app.inject({ method: 'POST', url: '/auth/oauth/logout', headers: bearer(sales), payload: {} });
    await Promise.race([s.ended, new Promise((_, rej) => setTimeout(() => rej(new Error('still open')), 2000))]);
  });
});
