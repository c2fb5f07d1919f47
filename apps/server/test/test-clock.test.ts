import { Errors } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock, systemClock } from '../src/platform/clock.js';
import { serverClock, TEST_CLOCK_PATH } from '../src/platform/test-clock.js';
import { DEMO, signIn, type TestApp, type Tokens } from './harness.js';
import { keyedPost, startSignedIn } from './support/signed-in.js';

type Answer = { code: number; data: { now: string } | null };
const DAY = 86_400_000;

describe('the test clock (decision 0052)', () => {
  it('is real time unless APP_ENV=test, and a test server must listen on loopback', () => {
    expect(serverClock({ appEnv: 'local', host: '0.0.0.0' })).toBe(systemClock);
    expect(serverClock({ appEnv: 'production', host: '127.0.0.1' })).toBe(systemClock);
    expect(serverClock({ appEnv: 'test', host: '127.0.0.1' })).toBeInstanceOf(MovableClock);
    expect(serverClock({ appEnv: 'test', host: '::1' })).toBeInstanceOf(MovableClock);
    expect(() => serverClock({ appEnv: 'test', host: '0.0.0.0' })).toThrow(/loopback/);
    expect(() => serverClock({ appEnv: 'test', host: '10.0.0.5' })).toThrow(/loopback/);
  });

  describe('on a server that is not a test one', () => {
    let t: TestApp;
    let admin: Tokens;
    beforeAll(async () => {
      [t, admin] = await startSignedIn([DEMO.admin]);
    }, 60_000);
    afterAll(() => t?.close());

    it('refuses to move the clock, even for an administrator', async () => {
      const before = t.clock.now().getTime();
      const res = await keyedPost<Answer>(t, admin, TEST_CLOCK_PATH, { ms: DAY });
      expect(res.code).toBe(Errors.TEST_CLOCK_OFF.code);
      expect(t.clock.now().getTime() - before).toBeLessThan(DAY);
    });
  });

  describe('on a test server on loopback', () => {
    let t: TestApp;
    let admin: Tokens;
    let sales: Tokens;
    beforeAll(async () => {
      [t, admin, sales] = await startSignedIn([DEMO.admin, DEMO.sales01], {
        env: { APP_ENV: 'test', HOST: '127.0.0.1' },
      });
    }, 60_000);
    afterAll(() => t?.close());

    // (queueing a named job needs running workers: the open-sea e2e does it on the built server)
    it('lets an administrator move the clock the services read, forward only; an unknown job moves nothing', async () => {
      const before = t.clock.now().getTime();
      const res = await keyedPost<Answer>(t, admin, TEST_CLOCK_PATH, { ms: 3 * DAY });
      expect(res.code).toBe(0);
      expect(new Date(res.data!.now).getTime() - before).toBeGreaterThanOrEqual(3 * DAY);
      expect(t.p.clock.now().getTime() - before).toBeGreaterThanOrEqual(3 * DAY);
      // the tokens expired with the time that passed: sign in again
      [admin, sales] = await Promise.all([signIn(t.app, DEMO.admin), signIn(t.app, DEMO.sales01)]);
      expect((await keyedPost<Answer>(t, admin, TEST_CLOCK_PATH, { ms: -DAY })).code).toBe(
        Errors.VALIDATION_FAILED.code,
      );
      const unknown = await keyedPost<Answer>(t, admin, TEST_CLOCK_PATH, { ms: DAY, jobs: ['no.such-job'] });
      expect(unknown.code).toBe(Errors.VALIDATION_FAILED.code);
      expect(t.p.clock.now().getTime() - before).toBeLessThan(4 * DAY);
    });

    it('refuses anyone else', async () => {
      const res = await keyedPost<Answer>(t, sales, TEST_CLOCK_PATH, { ms: DAY });
      expect(res.code).toBe(Errors.NO_PERMISSION.code);
    });
  });
});
