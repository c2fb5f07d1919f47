import { CAPTCHA_AFTER_FAILURES, Errors } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/platform/auth/crypto.js';
import { captchas, loginAttempts } from '../src/platform/auth/schema.js';
import { onPostgres, startTestApp, type TestApp } from './harness.js';

/**
 * Captcha and lock-out under a burst of parallel guesses: the check and the increment of the
 * failure counter are one statement, so a burst gets exactly the guesses a sequence would.
 * Run it on PostgreSQL too (DATABASE_URL=…): there the requests really run in parallel.
 */
describe(`login attempts under a concurrent burst (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { LOGIN_RATE_PER_IP: '1000', LOGIN_LOCK_AFTER: '5' } });
  });
  afterAll(async () => t?.close());

  const guess = (username: string, password: string, extra: Record<string, string> = {}) =>
    t.app
      .inject({
        method: 'POST',
        url: '/auth/oauth/token',
        payload: { grant_type: 'password', username, password, client_id: 'staff-web', scope: 'staff', ...extra },
      })
      .then((res) => res.json().code as number);
  const failuresOf = async (username: string) => {
    const [row] = await t.p.db.select().from(loginAttempts).where(eq(loginAttempts.username, username));
    return row;
  };
  const tally = (codes: number[]) =>
    codes.reduce<Record<number, number>>((acc, c) => Object.assign(acc, { [c]: (acc[c] ?? 0) + 1 }), {});

  it('lets only CAPTCHA_AFTER_FAILURES guesses of a burst through without a captcha', async () => {
    const codes = await Promise.all(Array.from({ length: 12 }, () => guess('ops02', 'Wrong#pass1')));
    expect(tally(codes)).toEqual({
      [Errors.BAD_CREDENTIALS.code]: CAPTCHA_AFTER_FAILURES,
      [Errors.CAPTCHA_REQUIRED.code]: 12 - CAPTCHA_AFTER_FAILURES,
    });
    expect((await failuresOf('ops02'))?.failures).toBe(CAPTCHA_AFTER_FAILURES);
    expect((await failuresOf('ops02'))?.lockedUntil).toBeNull();
  });

  it('cannot lock an account faster than LOGIN_LOCK_AFTER solved captchas allow', async () => {
    const user = 'sales02';
    // at the captcha threshold already
    await t.p.db.insert(loginAttempts).values({ username: user, failures: CAPTCHA_AFTER_FAILURES });
    // one solved captcha sent by a burst of 5 requests: a captcha is single use, so one more
    // guess counts — one short of the lock (5)
    const ids = [crypto.randomUUID()];
    await t.p.db
      .insert(captchas)
      .values(ids.map((id) => ({ id, answerHash: sha256('k7pz'), expiresAt: new Date(Date.now() + 60_000) })));
    const codes = await Promise.all(
      ids.flatMap((uuid) => Array.from({ length: 5 }, () => guess(user, 'Wrong#pass1', { uuid, code: 'k7pz' }))),
    );
    expect(tally(codes)).toEqual({ [Errors.BAD_CREDENTIALS.code]: 1, [Errors.CAPTCHA_WRONG.code]: 4 });
    const row = await failuresOf(user);
    expect(row?.failures).toBe(CAPTCHA_AFTER_FAILURES + 1);
    expect(row?.lockedUntil).toBeNull();
  });

  it('locks at exactly LOGIN_LOCK_AFTER failures when a burst crosses it', async () => {
    const user = 'finance02';
    await t.p.db.insert(loginAttempts).values({ username: user, failures: 4 });
    const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
    await t.p.db
      .insert(captchas)
      .values(ids.map((id) => ({ id, answerHash: sha256('k7pz'), expiresAt: new Date(Date.now() + 60_000) })));
    const codes = await Promise.all(ids.map((uuid) => guess(user, 'Wrong#pass1', { uuid, code: 'k7pz' })));
    // one guess reaches the lock; every other one of the burst is refused as locked
    expect(tally(codes)).toEqual({ [Errors.ACCOUNT_LOCKED.code]: 6 });
    const row = await failuresOf(user);
    expect(row?.failures).toBe(5);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
  });
});
