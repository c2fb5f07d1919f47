import { randomUUID } from 'node:crypto';
import { Errors } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/db/index.js';
import { idempotenceKeys } from '../src/platform/idempotence/schema.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const SAVE = '/v2/sys/staff/user/save';
/** Tables a bad request must never touch (the audit log does record the refused call, by design). */
const TABLES = ['staff_users', 'user_departments', 'user_roles', 'roles', 'role_resources', 'auth_sessions'] as const;

const answer = (res: LightMyRequestResponse) => {
  const body = res.json();
  return { http: res.statusCode, code: body.code as number, msg: body.msg as string, data: body.data };
};
const fieldsOf = (res: LightMyRequestResponse) =>
  (res.json().data as { field: string; message: string }[]).map((f) => f.field).sort();

const validUser = (n: string) => ({
  username: `val.${n}`,
  name: `Validation ${n}`,
  jobNumber: `V-${n}`,
  email: `val.${n}@portal.example`,
  password: 'Valid#Pass2026',
  departmentIds: [] as number[],
  roleIds: [] as number[],
});

describe('bad input', () => {
  let t: TestApp;
  let admin: Tokens;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(async () => t?.close());

  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const [row] = rowsOf<{ n: number }>(await t.p.db.execute(sql.raw(`select count(*)::int as n from ${table}`)));
      out[table] = Number(row!.n);
    }
    return out;
  };
  const keyState = async (key: string) => {
    const [row] = rowsOf<{ state: string }>(
      await t.p.db.execute(sql`select state from idempotence_keys where key = ${key}`),
    );
    return row?.state;
  };
  const newKey = async () => {
    const res = await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(admin) });
    if (!res.json().data) throw new Error(`idempotence key: ${res.payload}`);
    return res.json().data.key as string;
  };
  /** `n` unused idempotence keys of admin's, as the minting route would issue them. */
  const mintKeys = async (n: number) => {
    const [me] = rowsOf<{ id: number }>(await t.p.db.execute(sql`select id from staff_users where username = 'admin'`));
    const keys = Array.from({ length: n }, () => randomUUID());
    const expiresAt = new Date(t.clock.now().getTime() + 3_600_000);
    await t.p.db.insert(idempotenceKeys).values(keys.map((key) => ({ key, userId: me!.id, expiresAt })));
    return keys;
  };
  /** A user/save call with an idempotence key and a raw body. */
  const save = (key: string, payload: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: SAVE,
      headers: {
        ...bearer(admin),
        'x-idempotence-key': key,
        ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload,
    });

  describe('user/save with an idempotence key: refused, nothing written, the key still usable', () => {
    let key: string;
    let before: Record<string, number>;
    beforeAll(async () => {
      key = await newKey();
      before = await counts();
    });

    it('malformed JSON: 400 / 10000002', async () => {
      const res = await save(key, '{"username": "val.a", "name": ');
      expect(answer(res)).toMatchObject({ http: 400, code: Errors.MALFORMED_BODY.code, data: null });
      expect(await counts()).toEqual(before);
    });

    it('an empty JSON body: 400 / 10000002', async () => {
      const res = await save(key, '');
      expect(answer(res)).toMatchObject({ http: 400, code: Errors.MALFORMED_BODY.code });
      expect(await counts()).toEqual(before);
    });

    it('a prototype-poisoning body: 400, not processed', async () => {
      const res = await save(key, `{"__proto__": {"isAdmin": true}, "username": "val.proto"}`);
      expect(answer(res)).toMatchObject({ http: 400, code: Errors.MALFORMED_BODY.code });
      expect(await counts()).toEqual(before);
    });

    it('wrong types and missing fields: 400 / 10000001 with a message per field', async () => {
      const res = await save(key, { username: 42, password: 7, departmentIds: 'sales', email: 'not-an-e-mail' });
      const a = answer(res);
      expect(a).toMatchObject({ http: 400, code: Errors.VALIDATION_FAILED.code });
      expect(Array.isArray(a.data)).toBe(true);
      for (const f of a.data) {
        expect(Object.keys(f).sort()).toEqual(['field', 'message']);
        expect(typeof f.message).toBe('string');
        expect(f.message.length).toBeGreaterThan(0);
      }
      expect(fieldsOf(res)).toEqual(
        expect.arrayContaining([
          'body.username',
          'body.password',
          'body.departmentIds',
          'body.email',
          'body.name',
          'body.jobNumber',
        ]),
      );
      expect(await counts()).toEqual(before);
    });

    it('a rule broken inside a valid type (pattern, length, array items): 10000001 naming the field', async () => {
      const bad = { ...validUser('b'), username: '1starts-with-digit', password: 'short', roleIds: [1, -2] };
      const res = await save(key, bad);
      expect(answer(res)).toMatchObject({ http: 400, code: Errors.VALIDATION_FAILED.code });
      expect(fieldsOf(res)).toEqual(
        expect.arrayContaining(['body.username', 'body.password', expect.stringMatching(/^body\.roleIds/)]),
      );
      expect(await counts()).toEqual(before);
    });

    it('a body of the wrong shape (array, string, null): 400, never 500', async () => {
      for (const raw of ['[]', '"text"', '42', 'null', 'true']) {
        const res = await save(key, raw);
        expect(res.statusCode, raw).toBe(400);
        expect([Errors.VALIDATION_FAILED.code, Errors.MALFORMED_BODY.code], raw).toContain(res.json().code);
      }
      expect(await counts()).toEqual(before);
    });

    it('a body over 1 MiB: 413 / 10000003', async () => {
      const huge = JSON.stringify({ ...validUser('c'), name: 'x'.repeat(1024 * 1024) });
      const res = await save(key, huge);
      expect(answer(res)).toMatchObject({ http: 413, code: Errors.PAYLOAD_TOO_LARGE.code });
      expect(await counts()).toEqual(before);
    });

    it('an unsupported content type: 415 / 10000004 (text/plain is read as a string and fails validation)', async () => {
      for (const type of ['application/xml', 'multipart/form-data; boundary=x', 'image/png']) {
        const res = await save(key, '<user name="val.d"/>', { 'content-type': type });
        expect(answer(res), type).toMatchObject({ http: 415, code: Errors.UNSUPPORTED_MEDIA_TYPE.code });
      }
      const text = await save(key, 'username=val.d', { 'content-type': 'text/plain' });
      expect(answer(text)).toMatchObject({ http: 400, code: Errors.VALIDATION_FAILED.code });
      expect(await counts()).toEqual(before);
    });

    it('after all that the key was never claimed: a good request with it creates exactly one user', async () => {
      expect(await keyState(key)).toBe('issued');
      const [dept] = rowsOf<{ id: number }>(await t.p.db.execute(sql`select id from departments limit 1`));
      // the same department twice is one membership, not a 500
      const res = await save(key, { ...validUser('f'), departmentIds: [dept!.id, dept!.id] });
      expect(answer(res)).toMatchObject({ http: 200, code: 0 });
      const after = await counts();
      expect(after.staff_users).toBe(before.staff_users! + 1);
      expect(after.user_departments).toBe(before.user_departments! + 1);
      expect(await keyState(key)).toBe('done');
    });
  });

  describe('other routes', () => {
    it('a duplicate username answers 409 / 10000009 and writes nothing', async () => {
      const before = await counts();
      const res = await save(await newKey(), { ...validUser('g'), username: 'ADMIN' });
      expect(answer(res)).toMatchObject({ http: 409, code: Errors.DUPLICATE.code });
      expect(await counts()).toEqual(before);
    });

    it('unknown department or role ids: 400 / 10000001, no half-created user', async () => {
      const before = await counts();
      const res = await save(await newKey(), { ...validUser('e'), departmentIds: [987654], roleIds: [876543] });
      expect(answer(res)).toMatchObject({ http: 400, code: Errors.VALIDATION_FAILED.code });
      expect(fieldsOf(res)).toEqual(['body.departmentIds', 'body.roleIds']);
      const [dept] = rowsOf<{ id: number }>(await t.p.db.execute(sql`select id from departments limit 1`));
      const onlyRole = await save(await newKey(), { ...validUser('e'), departmentIds: [dept!.id], roleIds: [876543] });
      expect(fieldsOf(onlyRole)).toEqual(['body.roleIds']);
      expect(await counts()).toEqual(before);
    });

    it('an unknown enum value: 400 / 10000001 on body.status, nothing changes', async () => {
      const [victim] = rowsOf<{ id: number; status: string }>(
        await t.p.db.execute(sql`select id, status from staff_users where username = 'ops05'`),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/user/status',
        headers: { ...bearer(admin), 'x-idempotence-key': await newKey() },
        payload: { id: victim!.id, status: 'frozen' },
      });
      expect(answer(res)).toMatchObject({ http: 400, code: Errors.VALIDATION_FAILED.code });
      expect(fieldsOf(res)).toEqual(['body.status']);
      const [after] = rowsOf<{ status: string }>(
        await t.p.db.execute(sql`select status from staff_users where id = ${victim!.id}`),
      );
      expect(after?.status).toBe('active');
    });

    it('a status change for an unknown user: 404 / 10000006', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/user/status',
        headers: { ...bearer(admin), 'x-idempotence-key': await newKey() },
        payload: { id: 2_000_000_000, status: 'disabled' },
      });
      expect(answer(res)).toMatchObject({ http: 404, code: Errors.NOT_FOUND.code });
    });

    it('list paging out of range and bad sort order: 400 / 10000001', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/user/page',
        headers: bearer(admin),
        payload: { page: 0, size: 1000, sortOrder: 'sideways' },
      });
      expect(answer(res)).toMatchObject({ http: 400, code: Errors.VALIDATION_FAILED.code });
      expect(fieldsOf(res)).toEqual(['body.page', 'body.size', 'body.sortOrder']);
    });

    it('bad query strings: 400 / 10000001 naming the querystring field', async () => {
      const menu = await t.app.inject({
        url: '/v2/sys/staff/overseas/getResourceByMenu?mobileFlag=maybe',
        headers: bearer(admin),
      });
      expect(answer(menu)).toMatchObject({ http: 400, code: Errors.VALIDATION_FAILED.code });
      expect(fieldsOf(menu)).toEqual(['querystring.mobileFlag']);
      const dcode = await t.app.inject({ url: `/dcode?username=${'u'.repeat(65)}` });
      expect(answer(dcode)).toMatchObject({ http: 400, code: Errors.VALIDATION_FAILED.code });
      expect(fieldsOf(dcode)).toEqual(['querystring.username']);
    });

    it('an unknown grant type (10010013) or a sign-in without a password (10000001): 400, no session', async () => {
      const before = await counts();
      const grant = await t.app.inject({
        method: 'POST',
        url: '/auth/oauth/token',
        payload: { grant_type: 'client_credentials', client_id: 'staff-web', scope: 'staff' },
      });
      expect(answer(grant)).toMatchObject({ http: 400, code: Errors.UNSUPPORTED_GRANT.code });
      const noPassword = await t.app.inject({
        method: 'POST',
        url: '/auth/oauth/token',
        payload: { grant_type: 'password', username: 'admin', client_id: 'staff-web', scope: 'staff' },
      });
      expect(answer(noPassword)).toMatchObject({ http: 400, code: Errors.VALIDATION_FAILED.code });
      expect(fieldsOf(noPassword)).toEqual(['body.password']);
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/auth/oauth/token',
        headers: { 'content-type': 'application/json' },
        payload: '{"grant_type":',
      });
      expect(answer(malformed)).toMatchObject({ http: 400, code: Errors.MALFORMED_BODY.code });
      expect(await counts()).toEqual(before);
    });

    it('an unknown route: 404 / 10000005, with or without a token, for any method', async () => {
      const cases: [Method, string, boolean][] = [
        ['GET', '/v2/sys/staff/no-such-thing', false],
        ['GET', '/v2/sys/staff/no-such-thing', true],
        ['POST', '/kunlun/nothing/here', true],
        ['DELETE', SAVE, true],
        ['PUT', '/auth/oauth/token', false],
      ];
      for (const [method, url, withToken] of cases) {
        const res = await t.app.inject({ method, url, headers: withToken ? bearer(admin) : {} });
        expect(answer(res), `${method} ${url}`).toMatchObject({
          http: 404,
          code: Errors.ROUTE_NOT_FOUND.code,
          data: null,
        });
      }
    });

    it('garbage on every POST route never answers 500 and writes nothing', async () => {
      const before = await counts();
      const posts = t.app.routesList
        .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ method, url: r.url })))
        .filter((r) => r.method === 'POST' && r.url !== '/auth/oauth/logout' && !r.url.includes('*'))
        .map((r) => r.url.replace(/:[A-Za-z0-9_]+/g, 'x'));
      expect(posts).toEqual(expect.arrayContaining([SAVE, '/v2/sys/staff/user/status', '/auth/oauth/token']));
      const bodies = [
        '[]',
        '"x"',
        '-1',
        'null',
        '{"a":',
        `${'['.repeat(2000)}${']'.repeat(2000)}`,
        '{"id":1e999,"status":"active"}',
      ];
      const failures: string[] = [];
      // a fresh key per call, all minted in one insert: the minting route is not what this test is
      // about, and a call to it per garbage call doubled the walk's time
      const keys = await mintKeys(posts.length * bodies.length);
      // one at a time: side by side, one user's calls queue for their share of the pool and a
      // loaded machine can answer "busy", which is not what this test is about
      for (const url of posts) {
        for (const payload of bodies) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...bearer(admin), 'x-idempotence-key': keys.pop()!, 'content-type': 'application/json' },
            payload,
          });
          if (res.statusCode >= 500)
            failures.push(`${url} ${payload.slice(0, 20)} -> ${res.statusCode} ${res.payload.slice(0, 80)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await counts()).toEqual(before);
    }, 300_000); // one request per route and body: it grows with every room's routes
  });

  describe('messages follow the language of the request', () => {
    const invalid = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/user/page',
        headers: { ...bearer(admin), ...headers },
        payload: { size: 0 },
      });

    it('zh-CN and en for a validation failure', async () => {
      expect(answer(await invalid({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).msg).toBe('请求参数有误');
      expect(answer(await invalid({ 'accept-language': 'en-US,en;q=0.9' })).msg).toBe('The request has invalid fields');
      expect(answer(await invalid({ 'accept-language': 'zh-TW' })).msg).toBe('请求参数有误');
      // an explicit x-lang header wins over Accept-Language
      expect(answer(await invalid({ 'accept-language': 'zh-CN', 'x-lang': 'en' })).msg).toBe(
        'The request has invalid fields',
      );
    });

    it('zh-CN and en for unknown routes, missing tokens, malformed JSON', async () => {
      const notFound = (lang: string) => t.app.inject({ url: '/v2/none', headers: { 'accept-language': lang } });
      expect(answer(await notFound('zh-CN')).msg).toBe('接口不存在');
      expect(answer(await notFound('en')).msg).toBe('No such API route');
      const noToken = (lang: string) =>
        t.app.inject({ url: '/v2/sys/staff/overseas/getUserInfo', headers: { 'accept-language': lang } });
      expect(answer(await noToken('zh-CN')).msg).toBe('登录已失效，请重新登录');
      expect(answer(await noToken('en-GB')).msg).toBe('Your session has expired, please sign in again');
      const malformed = (lang: string) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/oauth/token',
          headers: { 'content-type': 'application/json', 'accept-language': lang },
          payload: '{',
        });
      expect(answer(await malformed('zh-CN')).msg).toBe('请求体不是有效的 JSON');
      expect(answer(await malformed('en')).msg).toBe('The request body is not valid JSON');
    });
  });
});
