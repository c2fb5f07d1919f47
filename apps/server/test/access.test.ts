import { Errors, Perm } from '@portal/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, resources, roleResources, roles, staffUsers } from '../src/platform/access/schema.js';
import { isPluginRoute } from '../src/platform/auth/guard.js';
import { Topics } from '../src/platform/events/topics.js';
import { LIVE_PATH } from '../src/platform/live/routes.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
interface ResourceNode {
  international: string;
  children: ResourceNode[];
}
interface MenuNode {
  id: number;
  parentId: number | null;
  international: string;
  router: string | null;
  children: MenuNode[];
}

const answer = (res: LightMyRequestResponse) => {
  const body = res.json();
  return { http: res.statusCode, code: body.code as number, data: body.data };
};
/** A concrete URL for a route pattern: path parameters and wildcards get dummy values. */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*/g, 'x');
const keysOf = (nodes: ResourceNode[]): string[] => nodes.flatMap((n) => [n.international, ...keysOf(n.children)]);
const findNode = (nodes: MenuNode[], key: string): MenuNode | undefined => {
  for (const n of nodes) {
    const hit = n.international === key ? n : findNode(n.children, key);
    if (hit) return hit;
  }
  return undefined;
};
/** Children hang under their own parent, and no node appears twice. */
const expectWholeTree = (tree: MenuNode[]) => {
  const seen = new Set<number>();
  const walk = (nodes: MenuNode[], parent: MenuNode | null) => {
    for (const n of nodes) {
      expect(seen.has(n.id), `node ${n.international} twice`).toBe(false);
      seen.add(n.id);
      if (parent) expect(n.parentId, n.international).toBe(parent.id);
      walk(n.children, n);
    }
  };
  walk(tree, null);
};

/** Only these prefixes may hold routes callable without a token (sign-in, single sign-on, captcha, health). */
// `/v2/files/:id/content` carries no token: its HMAC signature and expiry authorise it (files.test.ts
// proves forged and expired links are refused)
// plus the CRM promotion landing page and its visit / sign-up calls (decision 0035: rate limited, no data out)
const PUBLIC_PREFIXES = [
  '/auth/oauth/',
  '/sso-idp',
  '/dcode',
  '/healthz',
  '/v2/files/',
  '/promo/',
  '/v2/crm/promotion/visit',
  '/v2/crm/promotion/signup',
  // the messaging platform's machine client: a client-credentials token of its own, checked by the traffic room
  '/v2/traffic/oauth/token',
  '/v2/traffic/ingest',
  // the self-service (U) platform's payment notifications: HMAC-signed and fresh (finance-u-platform.test.ts refuses bad ones)
  '/v2/fc/u-platform/notify',
  // a sent quote opened by its HMAC-signed, expiring link (quotation-mail.test.ts refuses a changed or old token)
  '/v2/qm/public/quote',
  // a marketing mail's open pixel and click redirect, by HMAC-signed token (mail-marketing.test.ts refuses bad ones)
  '/v2/emailbox/marketing/t/',
];
// event streams never end under inject; live.test.ts covers them over real HTTP
const STREAMS = new Set([LIVE_PATH]);

const ZH = { 'accept-language': 'zh-CN' };

describe('access', () => {
  let t: TestApp;
  let admin: Tokens;
  let noRoles: Tokens;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    t = await startTestApp();
    for (const u of await t.p.db.select({ id: staffUsers.id, username: staffUsers.username }).from(staffUsers)) {
      ids.set(u.username, u.id);
    }
    admin = await signIn(t.app, DEMO.admin);
    noRoles = await signIn(t.app, { username: 'staff01', password: 'Staff#2026' });
  });
  afterAll(async () => t?.close());

  /** Every registered API route, one entry per method, without plugin routes and HEAD twins. */
  const apiRoutes = () =>
    t.app.routesList
      .filter((r) => !isPluginRoute(r.url))
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ ...r, method })))
      .filter((r) => r.method !== 'HEAD');

  const call = (method: string, url: string, tok?: Tokens) =>
    t.app.inject({
      method: method as Method,
      url,
      headers: tok ? bearer(tok) : {},
      ...(method === 'GET' || method === 'OPTIONS' ? {} : { payload: {} }),
    });

  /** the user list, read in Chinese (names of departments and roles follow the reader's language) */
  const page = (tok: Tokens, body: object = {}) =>
    t.app.inject({ method: 'POST', url: '/v2/sys/staff/user/page', headers: { ...bearer(tok), ...ZH }, payload: body });

  describe('the route walk', () => {
    it('the user without roles really holds no permission key', async () => {
      const access = await t.p.access.get(ids.get('staff01')!);
      expect(access?.status).toBe('active');
      expect(access?.perms.size).toBe(0);
    });

    it('answers 403 / 10010012 on every permission route for a signed-in user without that key', async () => {
      const visited: string[] = [];
      const failures: string[] = [];
      for (const r of apiRoutes()) {
        if (typeof r.access !== 'object' || r.access === null) continue;
        const res = await call(r.method, concrete(r.url), noRoles);
        visited.push(`${r.method} ${r.url}`);
        const body = res.json();
        if (res.statusCode !== 403 || body.code !== Errors.NO_PERMISSION.code) {
          failures.push(`${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(visited).toEqual(
        expect.arrayContaining([
          'POST /v2/sys/staff/user/page',
          'POST /v2/sys/staff/user/status',
          'POST /v2/sys/staff/user/save',
        ]),
      );
    });

    it('answers 401 / 10010002 on every non-public route without a token', async () => {
      const visited: string[] = [];
      const failures: string[] = [];
      for (const r of apiRoutes()) {
        if (r.access === 'public') continue;
        const res = await call(r.method, concrete(r.url));
        visited.push(`${r.method} ${r.url}`);
        const body = res.json();
        if (res.statusCode !== 401 || body.code !== Errors.TOKEN_INVALID.code) {
          failures.push(`${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(visited).toEqual(
        expect.arrayContaining([
          'GET /v2/sys/staff/overseas/getUserInfo',
          'GET /v2/sys/staff/overseas/getResourceByMenu',
          'GET /v2/sys/staff/overseas/getResourceByBtn',
          'GET /v2/sys/staff/common/request/idempotence',
          'POST /auth/oauth/logout',
          'POST /v2/sys/staff/user/changePassword',
          'POST /v2/sys/staff/user/page',
          'POST /v2/sys/staff/user/status',
          'POST /v2/sys/staff/user/save',
        ]),
      );
    });

    it('every route declares its access, and only sign-in, SSO, captcha and health routes are public', () => {
      const routes = apiRoutes();
      expect(routes.length).toBeGreaterThanOrEqual(12);
      for (const r of routes) {
        const ok =
          r.access === 'public' ||
          r.access === 'authenticated' ||
          (typeof r.access === 'object' &&
            r.access !== null &&
            typeof (r.access as { perm: unknown }).perm === 'string');
        expect(ok, `${r.method} ${r.url} declares ${JSON.stringify(r.access)}`).toBe(true);
      }
      const publicUrls = routes.filter((r) => r.access === 'public').map((r) => r.url);
      expect(publicUrls).toEqual(expect.arrayContaining(['/auth/oauth/token', '/dcode', '/healthz']));
      expect(publicUrls.filter((u) => !PUBLIC_PREFIXES.some((p) => u.startsWith(p)))).toEqual([]);
    });

    it('every permission key a route asks for exists, and the administrator holds it', async () => {
      const wanted = [
        ...new Set(
          apiRoutes()
            .map((r) => r.access)
            .filter((a): a is { perm: string } => typeof a === 'object' && a !== null)
            .map((a) => a.perm),
        ),
      ];
      expect(wanted.length).toBeGreaterThanOrEqual(2);
      const rows = await t.p.db
        .select({ key: resources.international })
        .from(resources)
        .where(inArray(resources.international, wanted));
      expect(rows.map((r) => r.key).sort()).toEqual([...wanted].sort());
      const adminAccess = await t.p.access.get(ids.get('admin')!);
      for (const key of wanted) expect(adminAccess?.perms.has(key), key).toBe(true);
    });

    it('lets a signed-in user without roles read every GET route that needs no key', async () => {
      const failures: string[] = [];
      let n = 0;
      for (const r of apiRoutes()) {
        if (r.access !== 'authenticated' || r.method !== 'GET' || STREAMS.has(r.url)) continue;
        n++;
        const res = await call('GET', concrete(r.url), noRoles);
        if ([401, 403].includes(res.statusCode) || res.statusCode >= 500) {
          failures.push(`${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      expect(n).toBeGreaterThanOrEqual(4);
      expect(failures).toEqual([]);
    });
  });

  describe('user info and resources', () => {
    it('getUserInfo answers the signed-in user', async () => {
      const res = await t.app.inject({
        url: '/v2/sys/staff/overseas/getUserInfo',
        headers: { ...bearer(admin), ...ZH },
      });
      expect(answer(res)).toMatchObject({ http: 200, code: 0 });
      expect(res.json().data).toEqual({
        avatar: null,
        jobNumber: 'E1001',
        name: '系统管理员',
        userId: ids.get('admin'),
        staffId: 'SE1001',
        jobTime: '2018-01-10',
        deptNames: ['行政部'],
        username: 'admin',
      });
      const sales = await signIn(t.app, DEMO.sales01);
      const other = await t.app.inject({
        url: '/v2/sys/staff/overseas/getUserInfo',
        headers: { ...bearer(sales), ...ZH },
      });
      expect(other.json().data).toMatchObject({ username: 'sales01', deptNames: ['销售一组'], jobNumber: 'E1002' });
      const english = await t.app.inject({
        url: '/v2/sys/staff/overseas/getUserInfo',
        headers: { ...bearer(sales), 'accept-language': 'en' },
      });
      expect(english.json().data).toMatchObject({ username: 'sales01', deptNames: ['Sales team 1'] });
    });

    it('getUserInfo is cached per user and follows a change once access.changed is published', async () => {
      const sales = await signIn(t.app, DEMO.sales01);
      const info = async () =>
        (await t.app.inject({ url: '/v2/sys/staff/overseas/getUserInfo', headers: bearer(sales) })).json().data;
      expect((await info()).name).not.toBe('Renamed Sales');
      const id = ids.get('sales01')!;
      const [before] = await t.p.db.select({ name: staffUsers.name }).from(staffUsers).where(sql`id = ${id}`);
      await t.p.db.update(staffUsers).set({ name: 'Renamed Sales' }).where(sql`id = ${id}`);
      try {
        // no event yet: the cached answer stands (proof that it is served from the cache)
        expect((await info()).name).toBe(before!.name);
        const delivered = new Promise<void>((resolve) => {
          const off = t.p.bus.subscribe(Topics.ACCESS_CHANGED, (got) => {
            if (got === String(id)) {
              off();
              resolve();
            }
          });
        });
        await t.p.bus.publish(Topics.ACCESS_CHANGED, id);
        await delivered;
        expect((await info()).name).toBe('Renamed Sales');
      } finally {
        await t.p.db.update(staffUsers).set({ name: before!.name }).where(sql`id = ${id}`);
        await t.p.bus.publish(Topics.ACCESS_CHANGED, id);
      }
    });

    it('getResourceByMenu gives sales01 the CRM and quotation menus and no system settings', async () => {
      const sales = await signIn(t.app, DEMO.sales01);
      const res = await t.app.inject({ url: '/v2/sys/staff/overseas/getResourceByMenu', headers: bearer(sales) });
      expect(answer(res)).toMatchObject({ http: 200, code: 0 });
      const tree = res.json().data as MenuNode[];
      const roots = tree.map((n) => n.international);
      expect(roots).toEqual(expect.arrayContaining(['crm', 'offerManage']));
      expect(roots).not.toContain('setModule');
      // finance's consumer accounts of their own customers (the CRM customer's accounts tab) and nothing else of finance
      const finance = tree.find((n) => n.international === 'financial');
      expect(keysOf(finance ? [finance] : []).filter((k) => k.includes('recharge'))).toEqual([]);
      const keys = keysOf(tree);
      expect(keys).not.toContain(Perm.SYS_USER_LIST);
      expect(keys.some((k) => k.startsWith('setModule'))).toBe(false);
      // the CRM menu comes with the screens below it
      const crm = tree.find((n) => n.international === 'crm')!;
      expect(crm.children.length).toBeGreaterThan(0);
      expect(keysOf(crm.children).length).toBeGreaterThan(0);
      // buttons are not menu nodes
      expect(keys).not.toContain(Perm.AI_CHAT);
      expectWholeTree(tree);
    });

    it('getResourceByMenu gives the administrator system settings with nested children', async () => {
      const res = await t.app.inject({ url: '/v2/sys/staff/overseas/getResourceByMenu', headers: bearer(admin) });
      const tree = res.json().data as MenuNode[];
      expect(tree.map((n) => n.international)).toEqual(
        expect.arrayContaining(['crm', 'offerManage', 'financial', 'businessOperations', 'setModule']),
      );
      const set = tree.find((n) => n.international === 'setModule')!;
      expect(set.parentId).toBeNull();
      expect(set.children.length).toBeGreaterThan(0);
      // the user screen sits at least two levels below the system settings root
      const userScreen = findNode(
        set.children.flatMap((c) => c.children),
        Perm.SYS_USER_LIST,
      );
      expect(userScreen?.router).toMatch(/^\//);
      expect(keysOf(set.children)).toEqual(
        expect.arrayContaining([Perm.SYS_USER_LIST, Perm.SYS_ROLE_LIST, Perm.SYS_MENU_LIST]),
      );
      expect(keysOf(tree)).not.toContain(Perm.SYS_USER_EDIT);
      expectWholeTree(tree);
      // a superset of any other role's menu
      const sales = await signIn(t.app, DEMO.sales01);
      const salesRes = await t.app.inject({ url: '/v2/sys/staff/overseas/getResourceByMenu', headers: bearer(sales) });
      const adminKeys = new Set(keysOf(tree));
      expect(keysOf(salesRes.json().data).filter((k) => !adminKeys.has(k))).toEqual([]);
    });

    it('getResourceByBtn lists button keys per role', async () => {
      const keys = async (tok: Tokens) => {
        const res = await t.app.inject({ url: '/v2/sys/staff/overseas/getResourceByBtn', headers: bearer(tok) });
        expect(res.statusCode).toBe(200);
        return (res.json().data as ResourceNode[]).map((n) => n.international);
      };
      const adminKeys = await keys(admin);
      expect(adminKeys).toEqual(expect.arrayContaining(['ai:chat', 'setModule:authManage:user:edit', 'simbank']));
      expect(adminKeys).not.toContain('crm');
      const ops = await keys(await signIn(t.app, DEMO.ops01));
      expect(ops).toContain('simbank');
      expect(ops).not.toContain('ai:chat');
      expect(ops).not.toContain('setModule:authManage:user:edit');
      expect(await keys(noRoles)).toEqual([]);
    });

    it('refuses sales01 the user list with 403 / 10010012', async () => {
      const sales = await signIn(t.app, DEMO.sales01);
      expect(answer(await page(sales))).toMatchObject({ http: 403, code: Errors.NO_PERMISSION.code, data: null });
    });
  });

  describe('the user list', () => {
    const all = async (body: object) => {
      const res = await page(admin, body);
      expect(res.statusCode).toBe(200);
      return res.json().data as {
        records: { id: number; username: string; jobNumber: string; deptNames: string[]; roleNames: string[] }[];
        total: number;
        page: number;
        size: number;
      };
    };

    it('shows the administrator every user, with departments and roles', async () => {
      const d = await all({});
      expect(d.total).toBe(ids.size);
      expect(d).toMatchObject({ page: 1, size: 20 });
      expect(d.records).toHaveLength(20);
      const full = await all({ size: 200 });
      const adminRow = full.records.find((r) => r.username === 'admin')!;
      expect(adminRow).toMatchObject({ jobNumber: 'E1001', deptNames: ['行政部'], roleNames: ['系统管理员'] });
      const mgr = full.records.find((r) => r.username === 'salesmgr')!;
      expect(mgr.roleNames.sort()).toEqual(['销售', '销售经理']);
      expect(full.records.find((r) => r.username === 'staff01')!.roleNames).toEqual([]);
    });

    it('pages without gaps or repeats and sorts on the server', async () => {
      const seen: string[] = [];
      const pages = Math.ceil(ids.size / 7);
      for (let p = 1; p <= pages; p++) {
        const d = await all({ page: p, size: 7, sortField: 'username', sortOrder: 'ascend' });
        expect(d).toMatchObject({ total: ids.size, page: p, size: 7 });
        expect(d.records).toHaveLength(p < pages ? 7 : ids.size - 7 * (pages - 1));
        seen.push(...d.records.map((r) => r.username));
      }
      expect(new Set(seen).size).toBe(ids.size);
      expect(seen).toEqual([...seen].sort());
      expect(seen[0]).toBe('admin');

      const desc = await all({ size: 200, sortField: 'username', sortOrder: 'descend' });
      expect(desc.records.map((r) => r.username)).toEqual([...seen].reverse());
      const byJob = await all({ size: 3, sortField: 'jobNumber', sortOrder: 'ascend' });
      expect(byJob.records.map((r) => r.jobNumber)).toEqual(['E1001', 'E1002', 'E1003']);
      const byJobDesc = await all({ size: 1, sortField: 'jobNumber', sortOrder: 'descend' });
      expect(byJobDesc.records[0]!.jobNumber).toBe(`E${1000 + ids.size}`);

      const beyond = await all({ page: 9, size: 20 });
      expect(beyond).toMatchObject({ total: ids.size, page: 9, records: [] });
      // an unknown sort field falls back to the default order instead of reaching SQL
      const odd = await all({ sortField: 'password_hash; drop table staff_users', size: 200 });
      expect(odd.total).toBe(ids.size);
    });

    it('filters by keyword (username, name, job number; wildcards are literal)', async () => {
      const sales = await all({ keyword: 'sales', size: 200 });
      expect(sales.total).toBe(15);
      expect(sales.records.every((r) => r.username.includes('sales'))).toBe(true);
      expect((await all({ keyword: 'SALESMGR' })).records.map((r) => r.username)).toEqual(['salesmgr']);
      expect((await all({ keyword: '系统管理' })).records.map((r) => r.username)).toEqual(['admin']);
      expect((await all({ keyword: 'E1030' })).total).toBe(1);
      expect((await all({ keyword: '%' })).total).toBe(0);
      expect((await all({ keyword: '_' })).total).toBe(0);
      expect((await all({ keyword: '  ops0 ' })).total).toBe(7);
    });

    it('filters by department', async () => {
      const [finance] = await t.p.db
        .select({ id: departments.id })
        .from(departments)
        .where(sql`${departments.code} = 'finance'`);
      const d = await all({ departmentId: finance!.id, size: 200 });
      expect(d.records.map((r) => r.username).sort()).toEqual([
        'finance01',
        'finance02',
        'finance03',
        'finance04',
        'finance05',
      ]);
    });

    it('filters by status', async () => {
      const keyRes = await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(admin) });
      const disable = await t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/user/status',
        headers: { ...bearer(admin), 'x-idempotence-key': keyRes.json().data.key },
        payload: { id: ids.get('staff02'), status: 'disabled' },
      });
      expect(answer(disable).code).toBe(0);
      const disabled = await all({ status: 'disabled' });
      expect(disabled.records.map((r) => r.username)).toEqual(['staff02']);
      expect((await all({ status: 'active' })).total).toBe(ids.size - 1);
      expect((await all({ status: 'disabled', keyword: 'admin' })).total).toBe(0);
    });
  });

  describe('data scope', () => {
    /** Grants the user-list key to roles in the database and tells every cache, waiting for the event. */
    const grantUserList = async (roleCodes: string[]) => {
      const [res] = await t.p.db
        .select({ id: resources.id })
        .from(resources)
        .where(sql`${resources.international} = 'setModule:authManage:user'`);
      const roleRows = await t.p.db.select({ id: roles.id }).from(roles).where(inArray(roles.code, roleCodes));
      expect(roleRows).toHaveLength(roleCodes.length);
      await t.p.db
        .insert(roleResources)
        .values(roleRows.map((r) => ({ roleId: r.id, resourceId: res!.id })))
        .onConflictDoNothing();
      const delivered = new Promise<void>((resolve) => {
        const off = t.p.bus.subscribe(Topics.ACCESS_CHANGED, (id) => {
          if (id === '*') {
            off();
            resolve();
          }
        });
      });
      await t.p.bus.publish(Topics.ACCESS_CHANGED, '*');
      await delivered;
    };

    it('limits each user to their data scope: dept_tree, dept, own; the administrator sees all', async () => {
      const mgr = await signIn(t.app, { username: 'salesmgr', password: 'Sales#2026' });
      const finance = await signIn(t.app, DEMO.finance01);
      const sales = await signIn(t.app, DEMO.sales01);
      // before the grant (and now cached): refused
      expect(answer(await page(mgr)).code).toBe(Errors.NO_PERMISSION.code);
      expect(answer(await page(finance)).code).toBe(Errors.NO_PERMISSION.code);

      await grantUserList(['sales_manager', 'finance', 'sales']);

      const names = async (tok: Tokens) => {
        const res = await page(tok, { size: 200 });
        expect(res.statusCode).toBe(200);
        const d = res.json().data as { total: number; records: { username: string }[] };
        expect(d.total).toBe(d.records.length);
        return d.records.map((r) => r.username).sort();
      };
      // sales manager: dept_tree over Sales and its two teams
      const salesTree = [
        'salesmgr',
        ...Array.from({ length: 14 }, (_, i) => `sales${String(i + 1).padStart(2, '0')}`),
      ].sort();
      expect(await names(mgr)).toEqual(salesTree);
      // finance: dept, their own department only
      expect(await names(finance)).toEqual(['finance01', 'finance02', 'finance03', 'finance04', 'finance05']);
      // sales: own, only themselves
      expect(await names(sales)).toEqual(['sales01']);
      // the scope applies to the filters as well
      const kw = await page(mgr, { keyword: 'finance' });
      expect(kw.json().data.total).toBe(0);
      expect((await names(admin)).length).toBe(ids.size);
    });
  });
});
