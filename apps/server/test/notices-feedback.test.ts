import { Errors } from '@portal/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scores } from '../src/modules/feedback/schema.js';
import { resources } from '../src/platform/access/schema.js';
import { seedAll } from '../src/seed/index.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

describe('version popup and rating need', () => {
  let t: TestApp;
  let admin: Tokens;
  let sales: Tokens;
  let usersResource: number;
  beforeAll(async () => {
    t = await startTestApp();
    await seedAll(t.p.db, t.p.log); // a second run adds nothing
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
    expect((await post('/v2/sys/staff/version/popup/read', admin, { id: 999999 })).code).toBe(Errors.NOT_FOUND.code);
  });

  it('gives the seeded release notes in the reader’s language, never both in one text', async () => {
    const notes = async (lang: string) =>
      (
        await t.app.inject({
          url: '/v2/sys/staff/version/popup',
          headers: { ...bearer(sales), 'accept-language': lang },
        })
      ).json().data.versionDetail as { title: string; content: string };
    const zh = await notes('zh-CN');
    const en = await notes('en');
    expect(zh.title).toBe('门户 1.0 发布');
    expect(zh.content).toContain('## 门户 1.0 上线');
    expect(zh.content).not.toMatch(/Portal/);
    expect(en.title).toBe('Portal 1.0 released');
    expect(en.content).toContain('## Portal 1.0');
    expect(en.content).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('asks for a rating once per period for configured menu items only', async () => {
    const need = (await get(`/v2/sys/staff/feedback/needScore?resourceId=${usersResource}`, admin)).data;
    // the question in each language, not one bilingual string
    expect(need).toEqual({ need: true, question: '用户管理好用吗？', questionEn: 'How useful is user management?' });
    expect((await get(`/v2/sys/staff/feedback/needScore?resourceId=${usersResource + 1}`, admin)).data.need).toBe(
      false,
    );
    expect(
      (await post('/v2/sys/staff/feedback/commitScore', admin, { resourceId: usersResource, score: 6 })).code,
    ).toBe(Errors.VALIDATION_FAILED.code);
    expect(
      (await post('/v2/sys/staff/feedback/commitScore', admin, { resourceId: usersResource, score: 4, content: 'ok' }))
        .code,
    ).toBe(0);
    expect((await get(`/v2/sys/staff/feedback/needScore?resourceId=${usersResource}`, admin)).data.need).toBe(false);
    expect(
      (await post('/v2/sys/staff/feedback/commitScore', admin, { resourceId: usersResource, score: 5 })).code,
    ).toBe(Errors.CONFLICT.code);
    expect((await get(`/v2/sys/staff/feedback/needScore?resourceId=${usersResource}`, sales)).data.need).toBe(true);
  });

  it('records closing the question without rating, so it is not asked again within its period', async () => {
    const need = async () =>
      (await get(`/v2/sys/staff/feedback/needScore?resourceId=${usersResource}`, sales)).data.need as boolean;
    expect(await need()).toBe(true);
    expect((await post('/v2/sys/staff/feedback/dismissScore', sales, { resourceId: 0 })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect(await need()).toBe(true);
    expect((await post('/v2/sys/staff/feedback/dismissScore', sales, { resourceId: usersResource })).code).toBe(0);
    // a new session asks the server again: still not due
    const again = await signIn(t.app, DEMO.sales01);
    expect((await get(`/v2/sys/staff/feedback/needScore?resourceId=${usersResource}`, again)).data.need).toBe(false);
    // closing again is harmless and records nothing more
    expect((await post('/v2/sys/staff/feedback/dismissScore', sales, { resourceId: usersResource })).code).toBe(0);
    const rows = await t.p.db
      .select()
      .from(scores)
      .where(and(eq(scores.resourceId, usersResource), isNull(scores.score)));
    expect(rows).toHaveLength(1);
    // once the period has passed it is asked again
    await t.p.db
      .update(scores)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(scores.resourceId, usersResource));
    expect(await need()).toBe(true);
  });
});
