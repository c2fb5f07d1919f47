import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO, signIn, startTestApp, type TestApp } from './harness.js';

describe('platform smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('signs in and reads the user info', async () => {
    const tokens = await signIn(t.app, DEMO.admin);
    const res = await t.app.inject({ url: '/v2/sys/staff/overseas/getUserInfo', headers: bearer(tokens) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.jobNumber).toBe('E1001');
  });
});
