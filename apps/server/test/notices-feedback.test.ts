import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../src/platform/access/schema.js';
import { seedNoticesDemo } from '../src/seed/notices.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

describe('version popup and rating need', () => {
  let t: TestApp;
  let admin: Tokens;
  let sales: Tokens;
  let usersResource: number;
  beforeAll(async () => {
    t = await startTestApp();
    await seedNoticesDemo(t.p.db);
    [admin, sales] = await Promise.all([signIn(t.app, DEMO.admin), signIn(t.app, DEMO.sales01)]);
    const [row] = await t.p.db.select().from(resources).where(eq(resources.international, 'setModule:authManage:user'));
    usersResource = row!.id;
  });
  afterAll(async () => t?.close());

  const get = (url: string, tok: Tokens) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json());
  const post = (url: string, tok: Tokens, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(tok), payload }).then((r) => r.json());

  it('shows the release notes until the user closes them, per user', async () => {
    const first = (await get('/v2/sys/staff/version/popup', admin)).data;
    expect(first.popupState).toBe(1);
    expect(first.versionDetail.version).toBe('1.0.0');
    expect((await post('/v2/sys/staff/version/popup/read', admin, { id: first.versionDetail.id })).code).toBe(0);
    expect((await get('/v2/sys/staff/version/popup', admin)).data.popupState).toBe(0);
    expect((await get('/v2/sys/staff/version/popup', sales)).data.popupState).toBe(1);
    expect((await post('/v2/sys/staff/version/popup/read', admin, { id: 999999 })).code).toBe(10000006);
  });

  it('asks for a rating once per period for configured menu items only', async () => {
    const need = (await get(`/v2/sys/staff/feedback/needScore?resourceId=${usersResource}`, admin)).data;
    expect(need).toEqual({ need: true, question: expect.any(String) });
    expect((await get(`/v2/sys/staff/feedback/needScore?resourceId=${usersResource + 1}`, admin)).data.need).toBe(
      false,
    );
    expect(
      (await post('/v2/sys/staff/feedback/commitScore', admin, { resourceId: usersResource, score: 6 })).code,
    ).toBe(10000001);
    expect(
      (await post('/v2/sys/staff/feedback/commitScore', admin, { resourceId: usersResource, score: 4, content: 'ok' }))
        .code,
    ).toBe(0);
    expect((await get(`/v2/sys/staff/feedback/needScore?resourceId=${usersResource}`, admin)).data.need).toBe(false);
    expect(
      (await post('/v2/sys/staff/feedback/commitScore', admin, { resourceId: usersResource, score: 5 })).code,
    ).toBe(10000007);
    expect((await get(`/v2/sys/staff/feedback/needScore?resourceId=${usersResource}`, sales)).data.need).toBe(true);
  });
});
