import { Errors } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

describe('home overview', () => {
  let t: TestApp;
  let sales: Tokens;
  let ops: Tokens;
  beforeAll(async () => {
    t = await startTestApp();
    [sales, ops] = await Promise.all([signIn(t.app, DEMO.sales01), signIn(t.app, DEMO.ops01)]);
  });
  afterAll(async () => t?.close());

  const get = (url: string, tok: Tokens) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json());
  const post = (url: string, tok: Tokens, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(tok), payload }).then((r) => r.json());

  it('reports the SIM-bank permission, the CRM figures to CRM users only, and leaves out figures of modules that do not exist', async () => {
    const s = (await get('/v2/sys/staff/home/summary', sales)).data;
    const o = (await get('/v2/sys/staff/home/summary', ops)).data;
    expect(s.isSimbank).toBe(false);
    expect(o.isSimbank).toBe(true);
    expect(s.myCustomer).toBeGreaterThan(0);
    expect(typeof s.todayCustomer).toBe('number');
    expect(o).not.toHaveProperty('myCustomer');
    expect(typeof s.todaySend).toBe('number'); // the traffic room's figure (sales hold sendRcdQuery)
    expect(s.quickAccess).toEqual([]);
  });

  it('saves quick entrances in order, keeping only paths the user may open', async () => {
    const menu = (await get('/v2/sys/staff/overseas/getResourceByMenu?mobileFlag=false', sales)).data;
    const routers: string[] = [];
    const walk = (ns: { router: string | null; children: unknown[] }[]) => {
      for (const n of ns) {
        if (n.router) routers.push(n.router);
        walk(n.children as never);
      }
    };
    walk(menu);
    expect(routers.length).toBeGreaterThan(1);
    const mine = [routers[1]!, routers[0]!];
    const res = await post('/v2/sys/staff/quickEntrance/patchSaveQuickEntrance', sales, {
      paths: [...mine, '/setModule/authManage/user'],
    });
    expect(res.code).toBe(0);
    expect(res.data.map((e: { path: string }) => e.path)).toEqual(mine);
    expect(
      (await get('/v2/sys/staff/home/summary', sales)).data.quickAccess.map((e: { path: string }) => e.path),
    ).toEqual(mine);
    const bad = await post('/v2/sys/staff/quickEntrance/patchSaveQuickEntrance', sales, { paths: ['not a path'] });
    expect(bad.code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get('/v2/sys/staff/quickEntrance/getUserQuickEntranceList', sales)).data).toHaveLength(2);
  });

  it('keeps personal settings per user and type', async () => {
    expect((await get('/v2/sys/staff/user/setting?type=guide', sales)).data).toBeNull();
    const saved = await post('/v2/sys/staff/user/setting', sales, {
      type: 'guide',
      remark: 'tour',
      content: { businessOperations: true },
    });
    expect(saved.code).toBe(0);
    expect((await get('/v2/sys/staff/user/setting?type=guide', sales)).data.content).toEqual({
      businessOperations: true,
    });
    expect((await get('/v2/sys/staff/user/setting?type=guide', ops)).data).toBeNull();
    expect((await get('/v2/sys/staff/user/setting?type=nope', sales)).code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('gives the promotion link only for the caller’s own job number', async () => {
    const info = (await get('/v2/sys/staff/overseas/getUserInfo', sales)).data;
    const own = await get(`/kunlun/crm/main/get/promotionLink?jobNumber=${info.jobNumber}`, sales);
    expect(own.code).toBe(0);
    // without PROMOTION_URL the link opens the portal's own landing page (crm-data.test counts its visits)
    expect(own.data.link).toMatch(new RegExp(`/promo/${info.jobNumber}$`));
    expect((await get('/kunlun/crm/main/get/promotionLink?jobNumber=E9999', sales)).code).toBe(
      Errors.NO_PERMISSION.code,
    );
  });

  it('has no sign-in prompt until one is configured', async () => {
    // ops01 holds no CRM screen, so no room has a prompt for them either
    expect((await get('/kunlun/crm/sysLoginPrompt/genQuery/one', ops)).data).toBeNull();
  });
});
