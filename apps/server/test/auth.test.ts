import { Errors } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '../src/platform/access/schema.js';
import { sha256 } from '../src/platform/auth/crypto.js';
import { authSessions, captchas, loginAttempts } from '../src/platform/auth/schema.js';
import { sharedSecret } from '../src/platform/auth/secrets.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const TOKEN_URL = '/auth/oauth/token';
const USER_INFO = '/v2/sys/staff/overseas/getUserInfo';
const CLIENT = { client_id: 'staff-web', scope: 'staff' } as const;

const passwordBody = (username: string, password: string, extra: Record<string, string> = {}) => ({
  grant_type: 'password',
  username,
  password,
  ...CLIENT,
  ...extra,
});

/** Codes and data of an answer, for compact assertions. */
const answer = (res: LightMyRequestResponse) => {
  const body = res.json();
  return { http: res.statusCode, code: body.code as number, data: body.data, msg: body.msg as string };
};

describe('auth', () => {
  let t: TestApp;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    // a generous per-IP limit (the limit has its own app below), a short lock-out threshold
    t = await startTestApp({ env: { LOGIN_LOCK_AFTER: '5', LOGIN_RATE_PER_IP: '1000' } });
    for (const u of await t.p.db.select({ id: staffUsers.id, username: staffUsers.username }).from(staffUsers)) {
      ids.set(u.username, u.id);
    }
  });
  afterAll(async () => t?.close());

  const postToken = (payload: object) => t.app.inject({ method: 'POST', url: TOKEN_URL, payload });
  const userInfo = (tok: Tokens | string) => t.app.inject({ url: USER_INFO, headers: bearer(tok) });
  const refreshGet = (refreshToken: string, client: Record<string, string> = CLIENT) =>
    t.app.inject({
      url: `${TOKEN_URL}?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, ...client })}`,
    });
  const failuresOf = async (username: string) => {
    const [row] = await t.p.db.select().from(loginAttempts).where(eq(loginAttempts.username, username));
    return row?.failures ?? 0;
  };
  /** A real captcha issued by GET /dcode whose answer we set to a known value (the stored answer is hashed). */
  const knownCaptcha = async (answerText = 'k7pz') => {
    const res = await t.app.inject({ url: '/dcode' });
    const { uuid } = res.json().data as { uuid: string };
    const updated = await t.p.db
      .update(captchas)
      .set({ answerHash: sha256(answerText) })
      .where(eq(captchas.id, uuid))
      .returning({ id: captchas.id });
    expect(updated).toHaveLength(1);
    return { uuid, code: answerText };
  };
  const idempotenceKey = async (tok: Tokens) => {
    const res = await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) });
    return res.json().data.key as string;
  };
  const setStatus = async (admin: Tokens, id: number, status: 'active' | 'disabled') =>
    t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/user/status',
      headers: { ...bearer(admin), 'x-idempotence-key': await idempotenceKey(admin) },
      payload: { id, status },
    });

  describe('password sign-in', () => {
    it('signs in with a JSON body and answers the token payload', async () => {
      const res = await postToken(passwordBody(DEMO.admin.username, DEMO.admin.password));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(0);
      expect(Object.keys(body.data).sort()).toEqual(['expiresIn', 'refreshToken', 'token', 'tokenHead']);
      expect(body.data.tokenHead).toBe('Bearer ');
      expect(body.data.token.split('.')).toHaveLength(3);
      expect(body.data.expiresIn).toBe(900);
      expect(body.data.refreshToken.length).toBeGreaterThanOrEqual(32);
      expect(body.data.refreshToken).not.toBe(body.data.token);
      expect((await userInfo(body.data.token)).json().data.username).toBe('admin');
    });

    it('signs in with an application/x-www-form-urlencoded body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(passwordBody(DEMO.ops01.username, DEMO.ops01.password)).toString(),
      });
      expect(res.statusCode).toBe(200);
      const { code, data } = answer(res);
      expect(code).toBe(0);
      expect(data.tokenHead).toBe('Bearer ');
      expect((await userInfo(data.token)).json().data.username).toBe('ops01');
    });

    it('accepts the username in any case and with surrounding spaces', async () => {
      const res = await postToken(passwordBody('  ADMIN ', DEMO.admin.password));
      expect(answer(res).code).toBe(0);
    });

    it('refuses an unknown client_id or scope with 10010014', async () => {
      const wrongClient = await postToken({ ...passwordBody('admin', DEMO.admin.password), client_id: 'other-app' });
      expect(answer(wrongClient)).toMatchObject({ http: 400, code: Errors.BAD_CLIENT.code });
      const wrongScope = await postToken({ ...passwordBody('admin', DEMO.admin.password), scope: 'admin' });
      expect(answer(wrongScope)).toMatchObject({ http: 400, code: Errors.BAD_CLIENT.code });
      // a bad client is refused before the password is looked at: no failure is counted
      const badClientWrongPassword = await postToken({ ...passwordBody('finance03', 'nope-nope'), scope: 'x' });
      expect(answer(badClientWrongPassword).code).toBe(Errors.BAD_CLIENT.code);
      expect(await failuresOf('finance03')).toBe(0);
    });

    it('refuses a grant type other than password and refresh_token with 10010013', async () => {
      const clientCredentials = await postToken({
        ...passwordBody('admin', DEMO.admin.password),
        grant_type: 'client_credentials',
      });
      expect(answer(clientCredentials)).toMatchObject({ http: 400, code: Errors.UNSUPPORTED_GRANT.code });
      const res = await t.app.inject({
        method: 'GET',
        url: `${TOKEN_URL}?${new URLSearchParams({ grant_type: 'implicit', refresh_token: 'x', ...CLIENT })}`,
      });
      expect(answer(res)).toMatchObject({ http: 400, code: Errors.UNSUPPORTED_GRANT.code });
      // no grant type at all is a field error
      const { grant_type: _, ...noGrant } = passwordBody('admin', DEMO.admin.password);
      expect(answer(await postToken(noGrant)).code).toBe(Errors.VALIDATION_FAILED.code);
    });

    it('answers 10010001 for a wrong password and asks for the captcha from the third failure', async () => {
      const user = 'sales02';
      const seen: { http: number; code: number; captchaRequired: boolean }[] = [];
      for (let i = 0; i < 3; i++) {
        const a = answer(await postToken(passwordBody(user, 'Wrong#pass1')));
        seen.push({ http: a.http, code: a.code, captchaRequired: a.data.captchaRequired });
      }
      expect(seen).toEqual([
        { http: 401, code: Errors.BAD_CREDENTIALS.code, captchaRequired: false },
        { http: 401, code: Errors.BAD_CREDENTIALS.code, captchaRequired: false },
        { http: 401, code: Errors.BAD_CREDENTIALS.code, captchaRequired: true },
      ]);
      expect(await failuresOf(user)).toBe(3);

      // without a captcha now: 10010003, even with the right password, and it is not counted as a failure
      const noCaptcha = answer(await postToken(passwordBody(user, 'Sales#2026')));
      expect(noCaptcha).toMatchObject({
        http: 400,
        code: Errors.CAPTCHA_REQUIRED.code,
        data: { captchaRequired: true },
      });
      const onlyCode = answer(await postToken(passwordBody(user, 'Sales#2026', { code: 'abcd' })));
      expect(onlyCode.code).toBe(Errors.CAPTCHA_REQUIRED.code);
      expect(await failuresOf(user)).toBe(3);
    });

    it('GET /dcode tells whether the captcha is required and returns an SVG data URL', async () => {
      const user = 'sales03';
      const before = answer(await t.app.inject({ url: `/dcode?username=${user}` }));
      expect(before.code).toBe(0);
      expect(before.data.required).toBe(false);
      for (let i = 0; i < 3; i++) await postToken(passwordBody(user, 'Wrong#pass1'));

      const res = await t.app.inject({ url: `/dcode?username=${user.toUpperCase()}` });
      const { code, data } = answer(res);
      expect(code).toBe(0);
      expect(data.required).toBe(true);
      expect(data.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(data.img).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(data.img.slice('data:image/svg+xml;base64,'.length), 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
      // the captcha is stored (hashed, with an expiry) so it can be checked later
      const [row] = await t.p.db.select().from(captchas).where(eq(captchas.id, data.uuid));
      expect(row?.usedAt).toBeNull();
      expect(row!.expiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
      expect(row!.answerHash).toMatch(/^[0-9a-f]{64}$/);

      // no username: a captcha, but not required
      const anonymous = answer(await t.app.inject({ url: '/dcode' }));
      expect(anonymous.data.required).toBe(false);
      expect(anonymous.data.uuid).not.toBe(data.uuid);
    });

    it('refuses a wrong captcha with 10010004; a captcha is single use; the right one resets the counter', async () => {
      const user = 'sales04';
      for (let i = 0; i < 3; i++) await postToken(passwordBody(user, 'Wrong#pass1'));

      // wrong answer: 10010004, the captcha is consumed, no failure counted
      const c1 = await knownCaptcha('k7pz');
      const wrong = answer(await postToken(passwordBody(user, 'Sales#2026', { uuid: c1.uuid, code: 'zzzz' })));
      expect(wrong).toMatchObject({ http: 400, code: Errors.CAPTCHA_WRONG.code, data: { captchaRequired: true } });
      const reuse = answer(await postToken(passwordBody(user, 'Sales#2026', { uuid: c1.uuid, code: c1.code })));
      expect(reuse.code).toBe(Errors.CAPTCHA_WRONG.code);
      expect(await failuresOf(user)).toBe(3);

      // an unknown captcha id
      const unknown = await postToken(
        passwordBody(user, 'Sales#2026', { uuid: '00000000-0000-4000-8000-000000000000', code: 'k7pz' }),
      );
      expect(answer(unknown).code).toBe(Errors.CAPTCHA_WRONG.code);

      // right captcha (case does not matter) but wrong password: still a failed sign-in, and the captcha is gone
      const c2 = await knownCaptcha('m3xq');
      const wrongPw = answer(await postToken(passwordBody(user, 'Wrong#pass1', { uuid: c2.uuid, code: 'M3XQ' })));
      expect(wrongPw).toMatchObject({ code: Errors.BAD_CREDENTIALS.code, data: { captchaRequired: true } });
      expect(await failuresOf(user)).toBe(4);
      const c2again = answer(await postToken(passwordBody(user, 'Sales#2026', { uuid: c2.uuid, code: 'm3xq' })));
      expect(c2again.code).toBe(Errors.CAPTCHA_WRONG.code);

      // right captcha and right password: signed in, counter reset
      const c3 = await knownCaptcha('h8rw');
      const good = answer(await postToken(passwordBody(user, 'Sales#2026', { uuid: c3.uuid, code: c3.code })));
      expect(good.code).toBe(0);
      expect(typeof good.data.token).toBe('string');
      expect(await failuresOf(user)).toBe(0);
      expect(answer(await t.app.inject({ url: `/dcode?username=${user}` })).data.required).toBe(false);
      const afterReset = answer(await postToken(passwordBody(user, 'Wrong#pass1')));
      expect(afterReset).toMatchObject({ code: Errors.BAD_CREDENTIALS.code, data: { captchaRequired: false } });
      // back at 3 failures, the captcha that already signed in once is refused
      for (let i = 0; i < 2; i++) await postToken(passwordBody(user, 'Wrong#pass1'));
      const c3again = answer(await postToken(passwordBody(user, 'Sales#2026', { uuid: c3.uuid, code: c3.code })));
      expect(c3again.code).toBe(Errors.CAPTCHA_WRONG.code);
    });

    it('refuses an expired captcha', async () => {
      const user = 'sales05';
      for (let i = 0; i < 3; i++) await postToken(passwordBody(user, 'Wrong#pass1'));
      const c = await knownCaptcha('p4tn');
      t.clock.advance(5 * 60_000 + 1000); // a captcha lives five minutes
      const res = answer(await postToken(passwordBody(user, 'Sales#2026', { uuid: c.uuid, code: c.code })));
      expect(res.code).toBe(Errors.CAPTCHA_WRONG.code);
    });

    it('locks the account after LOGIN_LOCK_AFTER failures, even for the right password', async () => {
      const user = 'ops03';
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const captcha = i >= 3 ? await knownCaptcha(`w${i}ab`) : {};
        const a = answer(await postToken(passwordBody(user, 'Wrong#pass1', captcha)));
        codes.push(a.code);
        if (i === 4) expect(a.http).toBe(429);
      }
      expect(codes).toEqual([
        Errors.BAD_CREDENTIALS.code,
        Errors.BAD_CREDENTIALS.code,
        Errors.BAD_CREDENTIALS.code,
        Errors.BAD_CREDENTIALS.code,
        Errors.ACCOUNT_LOCKED.code,
      ]);

      const c = await knownCaptcha('r2d2');
      const right = answer(await postToken(passwordBody(user, 'Ops#2026', { uuid: c.uuid, code: c.code })));
      expect(right).toMatchObject({ http: 429, code: Errors.ACCOUNT_LOCKED.code });
      const noCaptcha = answer(await postToken(passwordBody(user, 'Ops#2026')));
      expect(noCaptcha.code).toBe(Errors.ACCOUNT_LOCKED.code);
      // the lock was checked first: the captcha was not even consumed
      const [cap] = await t.p.db.select().from(captchas).where(eq(captchas.id, c.uuid));
      expect(cap?.usedAt).toBeNull();
      const [row] = await t.p.db.select().from(loginAttempts).where(eq(loginAttempts.username, user));
      expect(row!.lockedUntil!.getTime()).toBeGreaterThan(
        t.clock.now().getTime() + (t.p.config.loginLockMinutes - 1) * 60_000,
      );
      t.clock.advance(t.p.config.loginLockMinutes * 60_000 - 5000);
      const early = await knownCaptcha('r2d4');
      expect(answer(await postToken(passwordBody(user, 'Ops#2026', early))).code).toBe(Errors.ACCOUNT_LOCKED.code);

      // when the lock has run out, the right password (with captcha) signs in
      t.clock.advance(6000);
      const c2 = await knownCaptcha('r2d3');
      const after = answer(await postToken(passwordBody(user, 'Ops#2026', { uuid: c2.uuid, code: c2.code })));
      expect(after.code).toBe(0);
    });

    it('treats an unknown username exactly like a wrong password', async () => {
      const ghost = 'no-such-user';
      const known = 'finance04';
      for (let i = 0; i < 3; i++) {
        const g = answer(await postToken(passwordBody(ghost, 'Wrong#pass1')));
        const k = answer(await postToken(passwordBody(known, 'Wrong#pass1')));
        expect(g).toEqual(k);
        expect(g.code).toBe(Errors.BAD_CREDENTIALS.code);
      }
      expect(answer(await t.app.inject({ url: `/dcode?username=${ghost}` })).data.required).toBe(true);
      const g = answer(await postToken(passwordBody(ghost, 'Wrong#pass1')));
      const k = answer(await postToken(passwordBody(known, 'Wrong#pass1')));
      expect(g).toEqual(k);
      expect(g.code).toBe(Errors.CAPTCHA_REQUIRED.code);
    });
  });

  describe('refresh tokens', () => {
    it('rotates on GET: a new refresh token, and the old one cannot be used again', async () => {
      const first = await signIn(t.app, DEMO.finance01);
      const res = await refreshGet(first.refreshToken);
      expect(res.statusCode).toBe(200);
      const next = answer(res);
      expect(next.code).toBe(0);
      expect(next.data.tokenHead).toBe('Bearer ');
      expect(next.data.refreshToken).not.toBe(first.refreshToken);
      expect((await userInfo(next.data.token)).json().data.username).toBe('finance01');
      expect(decodeJwt(next.data.token).sid).toBe(decodeJwt(first.token).sid);
    });

    it('refuses a refresh for a wrong client or scope, and an unknown refresh token', async () => {
      const s = await signIn(t.app, DEMO.finance01);
      const wrongClient = await refreshGet(s.refreshToken, { client_id: 'x', scope: 'staff' });
      expect(answer(wrongClient).code).toBe(Errors.BAD_CLIENT.code);
      const wrongScope = await refreshGet(s.refreshToken, { client_id: 'staff-web', scope: 'x' });
      expect(answer(wrongScope).code).toBe(Errors.BAD_CLIENT.code);
      // refused clients did not spend the token
      expect(answer(await refreshGet(s.refreshToken)).code).toBe(0);
      expect(answer(await refreshGet('A'.repeat(43)))).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
    });

    it('refreshes with a form-encoded POST too', async () => {
      const s = await signIn(t.app, DEMO.ops01);
      const res = await t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: s.refreshToken,
          ...CLIENT,
        }).toString(),
      });
      const a = answer(res);
      expect(a.code).toBe(0);
      expect(a.data.refreshToken).not.toBe(s.refreshToken);
      expect((await userInfo(a.data.token)).json().data.username).toBe('ops01');
      // the grace retry answers the same successor; the next replay is refused
      expect(answer(await refreshGet(s.refreshToken)).data.refreshToken).toBe(a.data.refreshToken);
      expect(answer(await refreshGet(s.refreshToken)).code).toBe(Errors.TOKEN_INVALID.code);
    });

    it('revokes the whole family when a used refresh token is presented again', async () => {
      const victim = await signIn(t.app, { username: 'ops02', password: 'Ops#2026' });
      const other = await signIn(t.app, { username: 'ops02', password: 'Ops#2026' });

      const rotated = answer(await refreshGet(victim.refreshToken)).data as Tokens;
      const rotatedAgain = answer(await refreshGet(rotated.refreshToken)).data as Tokens;
      // the latest access token works (and is now in the session cache)
      expect((await userInfo(rotatedAgain)).statusCode).toBe(200);
      expect((await userInfo(other)).statusCode).toBe(200);

      // replay of an already used token
      const replay = answer(await refreshGet(victim.refreshToken));
      expect(replay).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });

      const latestRefresh = answer(await refreshGet(rotatedAgain.refreshToken));
      expect(latestRefresh).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
      const latestAccess = answer(await userInfo(rotatedAgain));
      expect(latestAccess).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
      const sid = decodeJwt(victim.token).sid as string;
      const [session] = await t.p.db.select().from(authSessions).where(eq(authSessions.id, sid));
      expect(session?.revokedReason).toBe('refresh_token_reuse');

      // another session of the same user is untouched
      expect((await userInfo(other)).statusCode).toBe(200);
      expect(answer(await refreshGet(other.refreshToken)).code).toBe(0);
    });

    const reasonOf = async (t0: Tokens) => {
      const [row] = await t.p.db
        .select({ revokedReason: authSessions.revokedReason })
        .from(authSessions)
        .where(eq(authSessions.id, decodeJwt(t0.token).sid as string));
      return row?.revokedReason ?? null;
    };
    describe('grace window for a lost answer', () => {
      it('a retry of the just-used token answers the same successor once; a second retry revokes', async () => {
        const s = await signIn(t.app, DEMO.finance01);
        const first = answer(await refreshGet(s.refreshToken));
        expect(first.code).toBe(0);
        // the answer was lost (page reloaded): the page presents the old token again
        const retry = answer(await refreshGet(s.refreshToken));
        expect(retry.code).toBe(0);
        expect(retry.data.refreshToken).toBe(first.data.refreshToken);
        expect(decodeJwt(retry.data.token).sid).toBe(decodeJwt(s.token).sid);
        expect((await userInfo(retry.data.token)).statusCode).toBe(200);
        expect(await reasonOf(s)).toBeNull();

        const second = answer(await refreshGet(s.refreshToken));
        expect(second).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
        expect(await reasonOf(s)).toBe('refresh_token_reuse');
        expect(answer(await refreshGet(first.data.refreshToken)).code).toBe(Errors.TOKEN_INVALID.code);
        expect(answer(await userInfo(retry.data.token)).code).toBe(Errors.TOKEN_INVALID.code);
      });

      it('the successor of a retried token keeps rotating normally', async () => {
        const s = await signIn(t.app, DEMO.finance01);
        const first = answer(await refreshGet(s.refreshToken)).data as Tokens;
        const retry = answer(await refreshGet(s.refreshToken, CLIENT)).data as Tokens;
        expect(retry.refreshToken).toBe(first.refreshToken);
        const next = answer(await refreshGet(retry.refreshToken));
        expect(next.code).toBe(0);
        expect(next.data.refreshToken).not.toBe(retry.refreshToken);
        expect((await userInfo(next.data.token)).statusCode).toBe(200);
        expect(await reasonOf(s)).toBeNull();
      });

      it('reuse after the window revokes the family', async () => {
        const s = await signIn(t.app, DEMO.finance01);
        const first = answer(await refreshGet(s.refreshToken)).data as Tokens;
        t.clock.advance((t.p.config.refreshGraceSeconds + 1) * 1000);
        expect(answer(await refreshGet(s.refreshToken))).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
        expect(await reasonOf(s)).toBe('refresh_token_reuse');
        expect(answer(await refreshGet(first.refreshToken)).code).toBe(Errors.TOKEN_INVALID.code);
      });

      it('a retry after the successor was used revokes the family (the answer was not lost)', async () => {
        const s = await signIn(t.app, DEMO.finance01);
        const first = answer(await refreshGet(s.refreshToken)).data as Tokens;
        const second = answer(await refreshGet(first.refreshToken)).data as Tokens;
        expect(answer(await refreshGet(s.refreshToken)).code).toBe(Errors.TOKEN_INVALID.code);
        expect(await reasonOf(s)).toBe('refresh_token_reuse');
        expect(answer(await refreshGet(second.refreshToken)).code).toBe(Errors.TOKEN_INVALID.code);
      });

      it('two concurrent refreshes with one token both answer the same pair; a third revokes', async () => {
        const s = await signIn(t.app, DEMO.finance01);
        const two = (await Promise.all([refreshGet(s.refreshToken), refreshGet(s.refreshToken)])).map(answer);
        expect(two.map((a) => a.code)).toEqual([0, 0]);
        expect(two[0]!.data.refreshToken).toBe(two[1]!.data.refreshToken);
        expect(await reasonOf(s)).toBeNull();

        const s2 = await signIn(t.app, DEMO.finance01);
        const three = (await Promise.all([1, 2, 3].map(() => refreshGet(s2.refreshToken)))).map(answer);
        expect(three.map((a) => a.code).sort()).toEqual([0, 0, Errors.TOKEN_INVALID.code]);
        expect(await reasonOf(s2)).toBe('refresh_token_reuse');
        const successor = three.find((a) => a.code === 0)!.data.refreshToken as string;
        expect(answer(await refreshGet(successor)).code).toBe(Errors.TOKEN_INVALID.code);
      });
    });

    it('refuses an expired refresh token', async () => {
      const s = await signIn(t.app, DEMO.ops01);
      const kept = await signIn(t.app, DEMO.ops01);
      t.clock.advance(t.p.config.refreshTokenTtl * 1000 - 5000);
      expect(answer(await refreshGet(kept.refreshToken)).code).toBe(0);
      t.clock.advance(6000);
      expect(answer(await refreshGet(s.refreshToken))).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
    });
  });

  describe('access tokens', () => {
    const signWith = async (claims: { sub: string; sid: string }, expiresAt: number, secret?: string) => {
      const key = new TextEncoder().encode(secret ?? (await sharedSecret(t.p.db, 'jwt')));
      return new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt(expiresAt - 900)
        .setExpirationTime(expiresAt)
        .setAudience('staff')
        .sign(key);
    };

    it('refuses an expired access token of a live session with 10010002', async () => {
      const s = await signIn(t.app, DEMO.finance01);
      const claims = decodeJwt(s.token) as { sub: string; sid: string };
      // the session's own token: accepted until its lifetime has passed, refused after
      t.clock.advance((t.p.tokens.ttlSeconds - 5) * 1000);
      expect((await userInfo(s)).statusCode).toBe(200);
      t.clock.advance(6000);
      expect(answer(await userInfo(s))).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
      // control: the same claims signed at the clock's time are accepted, so only the expiry differed
      const now = Math.floor(t.clock.now().getTime() / 1000);
      expect((await userInfo(await signWith(claims, now + 60))).statusCode).toBe(200);
      // and a token signed with another key
      const forged = await signWith(claims, now + 60, 'x'.repeat(64));
      expect(answer(await userInfo(forged))).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
    });

    it.each([
      ['no header', undefined],
      ['garbage bearer', 'Bearer not-a-jwt'],
      ['empty bearer', 'Bearer '],
      ['wrong scheme', 'Basic YWRtaW46QWRtaW4jMjAyNg=='],
      ['unsigned JWT', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwic2lkIjoieCIsImF1ZCI6InN0YWZmIn0.'],
    ])('refuses %s with HTTP 401 and 10010002', async (_label, authorization) => {
      const res = await t.app.inject({ url: USER_INFO, headers: authorization ? { authorization } : {} });
      expect(answer(res)).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code, data: null });
    });
  });

  describe('sign-out', () => {
    it('revokes the session: the access token at once, and its refresh token', async () => {
      const s = await signIn(t.app, DEMO.finance01);
      const other = await signIn(t.app, DEMO.finance01);
      expect((await userInfo(s)).statusCode).toBe(200);
      const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/logout', headers: bearer(s) });
      expect(answer(res)).toMatchObject({ http: 200, code: 0, data: null });

      expect(answer(await userInfo(s))).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
      expect(answer(await refreshGet(s.refreshToken))).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
      const again = await t.app.inject({ method: 'POST', url: '/auth/oauth/logout', headers: bearer(s) });
      expect(answer(again)).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
      expect((await userInfo(other)).statusCode).toBe(200);
    });
  });

  describe('change password', () => {
    const change = (tok: Tokens, oldPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/user/changePassword',
        headers: bearer(tok),
        payload: { oldPassword, newPassword },
      });

    it('checks the old password and the strength of the new one', async () => {
      const user = { username: 'finance02', password: 'Finance#2026' };
      const s = await signIn(t.app, user);
      expect(answer(await change(s, 'Wrong#old1', 'Brand-new#2026'))).toMatchObject({
        http: 400,
        code: Errors.OLD_PASSWORD_WRONG.code,
      });
      // shorter than 8: refused by the request schema before the service
      const short = answer(await change(s, user.password, 'Ab#1'));
      expect(short).toMatchObject({ http: 400, code: Errors.VALIDATION_FAILED.code });
      expect(short.data).toEqual([expect.objectContaining({ field: 'body.newPassword' })]);
      // equal to the username (in any case): 10010010
      expect(answer(await change(s, user.password, 'FINANCE02'))).toMatchObject({
        http: 400,
        code: Errors.PASSWORD_WEAK.code,
      });
      // nothing changed: the old password still signs in
      expect((await signIn(t.app, user)).token).toBeTruthy();
    });

    it('changes the password, signs out the other sessions and keeps the current one', async () => {
      const user = { username: 'finance05', password: 'Finance#2026' };
      const current = await signIn(t.app, user);
      const other = await signIn(t.app, user);
      expect((await userInfo(other)).statusCode).toBe(200);

      const res = await change(current, user.password, 'Another#Pass2026');
      expect(answer(res)).toMatchObject({ http: 200, code: 0 });

      expect(answer(await userInfo(other))).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
      expect(answer(await refreshGet(other.refreshToken)).code).toBe(Errors.TOKEN_INVALID.code);
      expect((await userInfo(current)).statusCode).toBe(200);
      expect(answer(await refreshGet(current.refreshToken)).code).toBe(0);

      expect(answer(await postToken(passwordBody(user.username, user.password))).code).toBe(
        Errors.BAD_CREDENTIALS.code,
      );
      const fresh = answer(await postToken(passwordBody(user.username, 'Another#Pass2026')));
      expect(fresh.code).toBe(0);
      const [row] = await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, user.username));
      expect(row?.passwordChangedAt).toBeInstanceOf(Date);
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.passwordHash).not.toContain('Another#Pass2026');
    });

    it('needs a signed-in user', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/user/changePassword',
        payload: { oldPassword: 'x', newPassword: 'Whatever#2026' },
      });
      expect(answer(res)).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
    });
  });

  describe('disabled users', () => {
    it('refuses the existing token of a disabled user at once, and their sign-in with 10010006', async () => {
      const admin = await signIn(t.app, DEMO.admin);
      const who = { username: 'ops04', password: 'Ops#2026' };
      const victim = await signIn(t.app, who);
      expect((await userInfo(victim)).statusCode).toBe(200);

      expect(answer(await setStatus(admin, ids.get('ops04')!, 'disabled'))).toMatchObject({ http: 200, code: 0 });
      expect(answer(await userInfo(victim))).toMatchObject({ http: 401, code: Errors.TOKEN_INVALID.code });
      expect(answer(await refreshGet(victim.refreshToken)).code).toBe(Errors.TOKEN_INVALID.code);
      expect(answer(await postToken(passwordBody(who.username, who.password)))).toMatchObject({
        http: 403,
        code: Errors.ACCOUNT_DISABLED.code,
      });
      // a wrong password for a disabled account still reads as a wrong password
      expect(answer(await postToken(passwordBody(who.username, 'Wrong#pass1'))).code).toBe(Errors.BAD_CREDENTIALS.code);
      const sessions = await t.p.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.userId, ids.get('ops04')!));
      expect(sessions.map((s) => s.revokedReason)).toEqual(['user_disabled']);

      // enabled again: signs in; the old token stays revoked
      expect(answer(await setStatus(admin, ids.get('ops04')!, 'active')).code).toBe(0);
      expect((await signIn(t.app, who)).token).toBeTruthy();
      expect(answer(await userInfo(victim)).code).toBe(Errors.TOKEN_INVALID.code);
    });

    it('does not let the admin disable their own account', async () => {
      const admin = await signIn(t.app, DEMO.admin);
      const res = answer(await setStatus(admin, ids.get('admin')!, 'disabled'));
      expect(res).toMatchObject({ http: 400, code: Errors.CANNOT_DISABLE_SELF.code });
      expect((await userInfo(admin)).statusCode).toBe(200);
      const [row] = await t.p.db
        .select()
        .from(staffUsers)
        .where(eq(staffUsers.id, ids.get('admin')!));
      expect(row?.status).toBe('active');
    });
  });
});

describe('per-IP rate limit on the token route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, env: { LOGIN_RATE_PER_IP: '3' } });
  });
  afterAll(async () => t?.close());

  const attempt = (remoteAddress: string, username = 'ghost', forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: passwordBody(username, 'Wrong#pass1'),
    });

  it('answers 429 / 10000008 from the 4th request of an IP in a minute, before any password check', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push(answer(await attempt('198.51.100.7')).code);
    expect(codes).toEqual([Errors.BAD_CREDENTIALS.code, Errors.BAD_CREDENTIALS.code, Errors.BAD_CREDENTIALS.code]);

    const fourth = await attempt('198.51.100.7');
    expect(answer(fourth)).toMatchObject({ http: 429, code: Errors.RATE_LIMITED.code });
    // the handler never ran: no fourth failure was recorded for the username
    const [row] = await t.p.db.select().from(loginAttempts).where(eq(loginAttempts.username, 'ghost'));
    expect(row?.failures).toBe(3);

    // another address is not affected
    expect(answer(await attempt('198.51.100.8', 'ghost2')).code).toBe(Errors.BAD_CREDENTIALS.code);
  });

  it('refreshes by POST have their own allowance and leave the password attempts of the IP alone', async () => {
    const refresh = () =>
      t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        remoteAddress: '198.51.100.30',
        payload: { grant_type: 'refresh_token', refresh_token: 'A'.repeat(43), ...CLIENT },
      });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push(answer(await refresh()).code);
    expect(codes).toEqual(Array(5).fill(Errors.TOKEN_INVALID.code));
    expect(answer(await attempt('198.51.100.30', 'ghost6')).code).toBe(Errors.BAD_CREDENTIALS.code);
    // the refresh allowance is four times the sign-in one (as on GET), and is enforced
    for (let i = 0; i < 7; i++) await refresh();
    expect(answer(await refresh())).toMatchObject({ http: 429, code: Errors.RATE_LIMITED.code });
  });

  it('cannot be dodged by a client that makes up X-Forwarded-For headers', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push(answer(await attempt('198.51.100.20', 'ghost3', `192.0.2.${i + 1}`)).code);
    expect(codes).toEqual([
      Errors.BAD_CREDENTIALS.code,
      Errors.BAD_CREDENTIALS.code,
      Errors.BAD_CREDENTIALS.code,
      Errors.RATE_LIMITED.code,
    ]);
  });

  it('by default believes X-Forwarded-For only from loopback, not from a private-network peer', async () => {
    const codes: number[] = [];
    // a peer on the private network is not a trusted proxy unless TRUST_PROXY names it
    for (let i = 0; i < 4; i++) codes.push(answer(await attempt('10.1.2.3', 'ghost4', `203.0.113.${60 + i}`)).code);
    expect(codes).toEqual([
      Errors.BAD_CREDENTIALS.code,
      Errors.BAD_CREDENTIALS.code,
      Errors.BAD_CREDENTIALS.code,
      Errors.RATE_LIMITED.code,
    ]);
    // a proxy on this machine is: each client behind it has its own allowance
    for (let i = 0; i < 4; i++) {
      expect(answer(await attempt('127.0.0.1', `ghost6-${i}`, `203.0.113.${70 + i}`)).code).toBe(
        Errors.BAD_CREDENTIALS.code,
      );
    }
  });
});

describe('per-IP rate limit behind a configured proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, env: { LOGIN_RATE_PER_IP: '3', TRUST_PROXY: '10.1.2.0/24' } });
  });
  afterAll(async () => t?.close());

  it('counts the client behind the named proxy, not the proxy', async () => {
    const attempt = (username: string, forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: TOKEN_URL,
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: passwordBody(username, 'Wrong#pass1'),
      });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push(answer(await attempt('ghost4', '203.0.113.50')).code);
    expect(codes).toEqual([
      Errors.BAD_CREDENTIALS.code,
      Errors.BAD_CREDENTIALS.code,
      Errors.BAD_CREDENTIALS.code,
      Errors.RATE_LIMITED.code,
    ]);
    // another client through the same proxy has its own allowance
    expect(answer(await attempt('ghost5', '203.0.113.51')).code).toBe(Errors.BAD_CREDENTIALS.code);
  });
});
