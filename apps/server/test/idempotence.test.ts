import { randomUUID } from 'node:crypto';
import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/platform/auth/context.js';
import { rowsOf } from '../src/platform/db/index.js';
import { registerErrorHandling } from '../src/platform/http/envelope.js';
import '../src/platform/http/route-config.js';
import { idempotenceKeys } from '../src/platform/idempotence/schema.js';
import {
  MAX_ISSUED_KEYS_PER_USER,
  RUNNING_STALE_MS,
  registerIdempotence,
} from '../src/platform/idempotence/service.js';
import { bearer, DEMO, onPostgres, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const SAVE = '/v2/sys/staff/user/save';
let seq = 0;
const newUser = () => {
  seq++;
  const tag = `${Date.now().toString(36)}${seq}`;
  return { username: `idem${tag}`, name: `Idem ${seq}`, jobNumber: `I${tag}`, password: 'Passw0rd#2026' };
};

async function issue(t: TestApp, who: Tokens): Promise<string> {
  const res = await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(who) });
  expect(res.json().code).toBe(0);
  return res.json().data.key;
}

async function usersNamed(t: TestApp, username: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.p.db.execute(sql`select count(*)::int as n from staff_users where lower(username) = ${username}`),
  );
  return row!.n;
}

describe('idempotence (check-repeat) on POST /v2/sys/staff/user/save', () => {
  let t: TestApp & { url: string };
  let admin: Tokens;
  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(async () => t?.close());

  const save = (body: object, key?: string, who: Tokens = admin) =>
    t.app.inject({
      method: 'POST',
      url: SAVE,
      headers: { ...bearer(who), ...(key ? { [IDEMPOTENCE_HEADER]: key } : {}) },
      payload: body,
    });

  it('issues a fresh key per call', async () => {
    const a = await issue(t, admin);
    const b = await issue(t, admin);
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it('keeps at most MAX_ISSUED_KEYS_PER_USER unused keys per user: the oldest go, used ones stay', async () => {
    const ops = await signIn(t.app, DEMO.ops01);
    const [me] = rowsOf<{ id: number }>(await t.p.db.execute(sql`select id from staff_users where username = 'ops01'`));
    // a used key, and a full allowance of unused ones, all older than what comes next
    const used = await issue(t, ops);
    await t.p.db.update(idempotenceKeys).set({ state: 'done' }).where(eq(idempotenceKeys.key, used));
    await t.p.db.execute(sql`
      insert into idempotence_keys (key, user_id, expires_at, created_at)
      select gen_random_uuid(), ${me!.id}, now() + interval '1 hour', now() - make_interval(secs => g)
      from generate_series(1, ${MAX_ISSUED_KEYS_PER_USER}) g`);
    const [oldest] = await t.p.db
      .select({ key: idempotenceKeys.key })
      .from(idempotenceKeys)
      .where(sql`${idempotenceKeys.userId} = ${me!.id} and ${idempotenceKeys.state} = 'issued'`)
      .orderBy(idempotenceKeys.createdAt)
      .limit(1);
    const fresh = await issue(t, ops);
    const unused = await t.p.db
      .select({ key: idempotenceKeys.key })
      .from(idempotenceKeys)
      .where(sql`${idempotenceKeys.userId} = ${me!.id} and ${idempotenceKeys.state} = 'issued'`);
    expect(unused).toHaveLength(MAX_ISSUED_KEYS_PER_USER);
    const keys = unused.map((r) => r.key);
    expect(keys).toContain(fresh);
    expect(keys).not.toContain(oldest!.key);
    const [kept] = await t.p.db.select().from(idempotenceKeys).where(eq(idempotenceKeys.key, used));
    expect(kept?.state).toBe('done');
    // another user's keys are not touched
    expect(await issue(t, admin)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a missing key (10020001) and creates nothing', async () => {
    const body = newUser();
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(Errors.IDEMPOTENCE_KEY_MISSING.code);
    expect(await usersNamed(t, body.username)).toBe(0);
  });

  it('refuses an unknown or malformed key (10020002)', async () => {
    for (const key of [randomUUID(), 'not-a-key']) {
      const res = await save(newUser(), key);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(Errors.IDEMPOTENCE_KEY_UNKNOWN.code);
    }
  });

  it("refuses another user's key (10020002)", async () => {
    const sales = await signIn(t.app, DEMO.sales01);
    const theirs = await issue(t, sales);
    const body = newUser();
    const res = await save(body, theirs);
    expect(res.json().code).toBe(Errors.IDEMPOTENCE_KEY_UNKNOWN.code);
    expect(await usersNamed(t, body.username)).toBe(0);
  });

  it('a repeated key answers the first result without repeating the effect', async () => {
    const key = await issue(t, admin);
    const body = newUser();
    const first = await save(body, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().code).toBe(0);
    expect(first.headers['x-idempotent-replay']).toBeUndefined();
    const again = await save(body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['x-idempotent-replay']).toBe('true');
    expect(await usersNamed(t, body.username)).toBe(1);
  });

  it('the same key with a different payload is a clear error (10020003)', async () => {
    const key = await issue(t, admin);
    const body = newUser();
    expect((await save(body, key)).json().code).toBe(0);
    const other = await save({ ...body, name: 'Someone else' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe(Errors.IDEMPOTENCE_KEY_MISMATCH.code);
  });

  it('an invalid body does not use the key up; a business refusal is remembered like a success', async () => {
    const key = await issue(t, admin);
    const body = newUser();
    const invalid = await save({ ...body, password: 'short' }, key);
    expect(invalid.json().code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await save(body, key)).json().code).toBe(0);

    // a DUPLICATE (4xx) is the answer of that submission: repeating it gives the same answer
    const key2 = await issue(t, admin);
    const dupe = await save(body, key2);
    expect(dupe.statusCode).toBe(409);
    const dupeAgain = await save(body, key2);
    expect(dupeAgain.json()).toEqual(dupe.json());
    expect(dupeAgain.headers['x-idempotent-replay']).toBe('true');
  });

  const submitConcurrently = async (n: number) => {
    const key = await issue(t, admin);
    const body = newUser();
    const before = await usersNamed(t, body.username);
    const answers = await Promise.all(
      Array.from({ length: n }, () =>
        fetch(`${t.url}${SAVE}`, {
          method: 'POST',
          headers: { ...bearer(admin), [IDEMPOTENCE_HEADER]: key, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then(async (r) => ({
          status: r.status,
          replay: r.headers.get('x-idempotent-replay'),
          body: await r.text(),
        })),
      ),
    );
    expect(before).toBe(0);
    expect(await usersNamed(t, body.username)).toBe(1);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toBe(answers[0]!.body);
    }
    expect(JSON.parse(answers[0]!.body).code).toBe(0);
    expect(answers.filter((a) => a.replay !== 'true')).toHaveLength(1); // one ran, the others replayed
  };

  it.skipIf(!onPostgres)('two concurrent identical submits create exactly one user (real HTTP, PostgreSQL)', () =>
    submitConcurrently(2),
  );
  it.skipIf(!onPostgres)('ten concurrent identical submits create exactly one user (real HTTP, PostgreSQL)', () =>
    submitConcurrently(10),
  );
});

/**
 * A 5xx must release the key so the user can retry. No real route fails on purpose, so the
 * platform's idempotence hooks are mounted on a bare Fastify app with a route that fails once.
 */
describe('idempotence: a 5xx releases the key', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let calls = 0;
  let failNext = 0;
  let failDelayMs = 0;
  /** when set, the failing attempt waits for it instead of failDelayMs */
  let holdFailure: Promise<void> | null = null;
  /** runs before the idempotence hook's n-th read of a key row, when set */
  let beforeRead: ((n: number) => Promise<void>) | null = null;
  let reads = 0;
  const auth: AuthContext = {
    userId: 1,
    username: 'admin',
    sessionId: randomUUID(),
    perms: new Set(),
    scope: { kind: 'all', departmentIds: [] },
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    app = Fastify();
    registerErrorHandling(app);
    app.addHook('onRequest', async (req) => {
      req.auth = auth;
    });
    // the hook's reads of a key row go through here, so a test can land a release between a claim and its read
    const db = Object.create(t.p.db) as typeof t.p.db;
    db.select = (() => ({
      from: (table: typeof idempotenceKeys) => ({
        where: async (cond: SQL | undefined) => {
          reads++;
          if (beforeRead) await beforeRead(reads);
          return t.p.db.select().from(table).where(cond);
        },
      }),
    })) as unknown as typeof t.p.db.select;
    registerIdempotence(app, db);
    app.post('/flaky', { config: { access: 'authenticated', checkRepeat: true } }, async () => {
      calls++;
      if (failNext > 0) {
        failNext--;
        await (holdFailure ?? new Promise((r) => setTimeout(r, failDelayMs)));
        throw new Error('database went away');
      }
      return { code: 0, msg: 'success', data: { call: calls } };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const post = (key: string) =>
    app.inject({ method: 'POST', url: '/flaky', headers: { [IDEMPOTENCE_HEADER]: key }, payload: { a: 1 } });
  const keyFor = async () => {
    const { issueKey } = await import('../src/platform/idempotence/service.js');
    return issueKey(t.p.db, auth.userId);
  };

  it('a retry after a 5xx runs again and succeeds; then it replays', async () => {
    calls = 0;
    failNext = 1;
    failDelayMs = 0;
    const key = await keyFor();
    const first = await post(key);
    expect(first.statusCode).toBe(500);
    const retry = await post(key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.call).toBe(2);
    expect(retry.headers['x-idempotent-replay']).toBeUndefined();
    const again = await post(key);
    expect(again.json()).toEqual(retry.json());
    expect(again.headers['x-idempotent-replay']).toBe('true');
    expect(calls).toBe(2);
  });

  it('a repeat waiting on a first attempt that fails with a 5xx takes its turn instead of being refused', async () => {
    calls = 0;
    failNext = 1;
    failDelayMs = 300;
    const key = await keyFor();
    const first = post(key);
    await new Promise((r) => setTimeout(r, 100)); // the first holds the key
    const second = await post(key);
    expect((await first).statusCode).toBe(500);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.call).toBe(2);
  });

  it('a release landing between the claim and the read of a long-waiting repeat still gives it its turn', async () => {
    calls = 0;
    failNext = 1;
    let fail = () => {};
    holdFailure = new Promise<void>((r) => {
      fail = r;
    });
    const key = await keyFor();
    const first = post(key);
    while (calls === 0) await new Promise((r) => setTimeout(r, 10)); // the first holds the key
    reads = 0;
    beforeRead = async (n) => {
      if (n < 5) return; // the repeat has waited several rounds; its last claim failed (still running)
      beforeRead = null;
      fail();
      expect((await first).statusCode).toBe(500); // the first released the key before this read
    };
    try {
      const second = await post(key);
      expect(second.statusCode).toBe(200);
      expect(second.json().data.call).toBe(2);
    } finally {
      beforeRead = null;
      holdFailure = null;
    }
  });

  it('a repeat takes over a claim left running by a process that died, once it is stale', async () => {
    calls = 0;
    failNext = 0;
    failDelayMs = 0;
    const key = await keyFor();
    const first = await post(key);
    expect(first.statusCode).toBe(200);
    // as if the process had died after claiming: running, no result, claimed long ago
    const dead = (ms: number) =>
      t.p.db
        .update(idempotenceKeys)
        .set({ state: 'running', statusCode: null, response: null, claimedAt: new Date(Date.now() - ms) })
        .where(eq(idempotenceKeys.key, key));
    await dead(RUNNING_STALE_MS + 1000);
    // another payload never takes it over
    const other = await app.inject({
      method: 'POST',
      url: '/flaky',
      headers: { [IDEMPOTENCE_HEADER]: key },
      payload: { a: 2 },
    });
    expect(other.json().code).toBe(Errors.IDEMPOTENCE_KEY_MISMATCH.code);
    const retry = await post(key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.call).toBe(2);
    expect((await post(key)).headers['x-idempotent-replay']).toBe('true');
  });
});

/**
 * Crash consistency: the effect commits, then the process dies before it replies. The key's outcome
 * is committed with the effect, so a repeat (once the dead claim is stale) replays the first result
 * instead of running the command again. The platform's hooks on a bare app whose command inserts a
 * row in a transaction; the "death" is an onSend hook (ahead of the idempotence one) that never
 * lets the first reply out.
 */
describe('idempotence: a crash between commit and reply', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let freeze: Promise<void> | undefined;
  let thaw = () => {};
  let takeOver: string | undefined;
  const auth: AuthContext = {
    userId: 1,
    username: 'admin',
    sessionId: randomUUID(),
    perms: new Set(),
    scope: { kind: 'all', departmentIds: [] },
  };
  const effects = async () =>
    rowsOf<{ n: number }>(await t.p.db.execute(sql`select count(*)::int as n from idem_effects`))[0]!.n;

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    await t.p.db.execute(sql`create table idem_effects (id serial primary key, note text not null)`);
    app = Fastify();
    registerErrorHandling(app);
    app.addHook('onRequest', async (req) => {
      req.auth = auth;
    });
    app.addHook('onSend', async (_req, _reply, payload) => {
      const f = freeze;
      freeze = undefined;
      if (f) await f; // the process is gone: nothing after this point happens for this request
      return payload;
    });
    registerIdempotence(app, t.p.db);
    app.post<{ Body: { note: string } }>(
      '/effect',
      { config: { access: 'authenticated', checkRepeat: true } },
      async (req) => {
        if (takeOver) {
          // as if this attempt had stalled and a repeat had taken the key over meanwhile
          await t.p.db
            .update(idempotenceKeys)
            .set({ claimedAt: new Date(Date.now() + 1000) })
            .where(eq(idempotenceKeys.key, takeOver));
          takeOver = undefined;
        }
        const row = await t.p.db.transaction(async (tx) => {
          const [r] = rowsOf<{ id: number }>(
            await tx.execute(sql`insert into idem_effects (note) values (${req.body.note}) returning id`),
          );
          return { id: r!.id };
        });
        return { code: 0, msg: 'success', data: row };
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    thaw();
    await app?.close();
    await t?.close();
  });

  it('a repeat after the process died replays the committed result; the effect happened once', async () => {
    const { issueKey } = await import('../src/platform/idempotence/service.js');
    const key = await issueKey(t.p.db, auth.userId);
    freeze = new Promise<void>((r) => {
      thaw = r;
    });
    const post = () =>
      app.inject({ method: 'POST', url: '/effect', headers: { [IDEMPOTENCE_HEADER]: key }, payload: { note: 'x' } });
    const lost = post(); // its reply never comes while frozen
    for (let i = 0; i < 200 && (await effects()) === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await effects()).toBe(1);
    const [committed] = rowsOf<{ id: number }>(await t.p.db.execute(sql`select id from idem_effects`));
    // long enough ago that a repeat may take over a claim whose process died
    await t.p.db
      .update(idempotenceKeys)
      .set({ claimedAt: new Date(Date.now() - RUNNING_STALE_MS - 1000) })
      .where(eq(idempotenceKeys.key, key));

    const again = await post();
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-idempotent-replay']).toBe('true');
    expect(again.json()).toEqual({ code: 0, msg: 'success', data: { id: committed!.id } });
    expect(await effects()).toBe(1);

    thaw();
    expect((await lost).json()).toEqual(again.json());
    expect(await effects()).toBe(1);
  });

  it('an effect whose claim was taken over meanwhile rolls back (the claim fences the effect)', async () => {
    const { issueKey } = await import('../src/platform/idempotence/service.js');
    const key = await issueKey(t.p.db, auth.userId);
    const before = await effects();
    takeOver = key;
    const res = await app.inject({
      method: 'POST',
      url: '/effect',
      headers: { [IDEMPOTENCE_HEADER]: key },
      payload: { note: 'taken-over' },
    });
    expect(res.json().code).toBe(Errors.IDEMPOTENCE_IN_PROGRESS.code);
    expect(await effects()).toBe(before);
  });
});

/**
 * Real check-repeat routes: the reply recorded with the effect (what a repeat after a crash gets)
 * is the reply the client got; the idempotence service logs a warning when they differ.
 */
describe('idempotence: recorded outcomes of real check-repeat routes', () => {
  let t: TestApp;
  let admin: Tokens;
  const logs: string[] = [];
  beforeAll(async () => {
    t = await startTestApp({ logger: pino({ level: 'warn' }, { write: (line: string) => void logs.push(line) }) });
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(async () => t?.close());

  const command = async (url: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(admin), [IDEMPOTENCE_HEADER]: await issue(t, admin) },
      payload,
    });
    expect(res.json().code, res.body).toBe(0);
    return res.json().data;
  };

  it('records the very reply for user, feedback and workflow form commands', async () => {
    const user = await command(SAVE, newUser());
    await command('/v2/sys/staff/user/status', { id: user.id, status: 'disabled' });
    await command('/v2/sys/staff/feedback/questionList/update', {
      questions: [{ name: '功能建议' }, { name: '其他' }],
    });
    const form = await command('/v2/workflow/form/save', { name: 'Leave', code: `leave${seq}` });
    await command('/v2/workflow/form/field/save', {
      formId: form.id,
      key: 'days',
      label: '天数',
      labelEn: 'Days',
      type: 'number',
      required: true,
    });
    expect(logs.filter((l) => l.includes('check-repeat reply differs'))).toEqual([]);
  });
});
