import { Errors, Perm } from '@portal/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, resources, roleResources, roles, staffUsers } from '../src/platform/access/schema.js';
import {
  accessChanged,
  bearer,
  DEMO,
  poll,
  signIn,
  startTestApp,
  type TestApp,
  type Tokens,
  xlsxSheets,
} from './harness.js';

interface Node {
  id: number;
  parentId: number | null;
  name: string;
  international?: string;
  code?: string;
  children: Node[];
}
const find = (nodes: Node[], hit: (n: Node) => boolean): Node | undefined => {
  for (const n of nodes) {
    const found = hit(n) ? n : find(n.children, hit);
    if (found) return found;
  }
  return undefined;
};

describe('system settings: menus, roles, departments, system log', () => {
  let t: TestApp;
  let admin: Tokens;
  let sales: Tokens;
  let finance: Tokens;
  const deptId = new Map<string, number>();
  const userId = new Map<string, number>();

  beforeAll(async () => {
    t = await startTestApp();
    admin = await signIn(t.app, DEMO.admin);
    sales = await signIn(t.app, DEMO.sales01);
    finance = await signIn(t.app, DEMO.finance01);
    for (const d of await t.p.db.select().from(departments)) deptId.set(d.code, d.id);
    for (const u of await t.p.db.select().from(staffUsers)) userId.set(u.username, u.id);
  });
  afterAll(() => t?.close());

  const key = async (who: Tokens) =>
    (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(who) })).json().data
      .key as string;
  /** a read (no submission id) */
  const read = async (who: Tokens, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: bearer(who), payload });
    return { http: res.statusCode, ...res.json() };
  };
  /** a check-repeat write */
  const write = async (who: Tokens, url: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(who), 'x-idempotence-key': await key(who) },
      payload,
    });
    return { http: res.statusCode, ...res.json() };
  };
  const menuTree = async () => (await read(admin, 'GET', '/v2/sys/staff/resource/tree')).data as Node[];
  const deptTree = async (who = admin) => (await read(who, 'GET', '/v2/sys/staff/dept/tree')).data as Node[];
  /** Grants keys to a seeded role in the database and waits until every access cache has dropped. */
  const grant = async (roleCode: string, keys: string[]) => {
    const [role] = await t.p.db.select().from(roles).where(eq(roles.code, roleCode));
    const res = await t.p.db.select().from(resources).where(inArray(resources.international, keys));
    await t.p.db
      .insert(roleResources)
      .values(res.map((r) => ({ roleId: role!.id, resourceId: r.id })))
      .onConflictDoNothing();
    await accessChanged(t.p);
  };

  describe('menu resources', () => {
    it('lists the whole tree with role counts; creates, edits, moves and deletes a node', async () => {
      const tree = await menuTree();
      const user = find(tree, (n) => n.international === Perm.SYS_USER_LIST)!;
      expect(user).toMatchObject({ router: '/setModule/authManage/user', roleCount: 1 });
      expect(user.children.map((c) => c.international)).toContain(Perm.SYS_USER_EDIT);
      const group = find(tree, (n) => n.international === 'setModule:group:authManage')!;

      const created = await write(admin, '/v2/sys/staff/resource/save', {
        parentId: user.id,
        type: 'button',
        name: '导出用户',
        nameEn: 'Export users',
        international: 'setModule:authManage:user:export',
      });
      expect(created.code).toBe(0);
      const id = created.data.id as number;
      const edited = await write(admin, '/v2/sys/staff/resource/save', {
        id,
        parentId: user.id,
        type: 'button',
        name: '导出用户列表',
        nameEn: 'Export the user list',
        international: 'setModule:authManage:user:export',
      });
      expect(edited.code).toBe(0);
      // a button takes no children; a node cannot go under its own descendant
      expect((await write(admin, '/v2/sys/staff/resource/move', { id: group.id, parentId: id, index: 0 })).code).toBe(
        Errors.PARENT_INVALID.code,
      );
      const cycle = await write(admin, '/v2/sys/staff/resource/move', { id: group.id, parentId: user.id, index: 0 });
      expect(cycle).toMatchObject({ http: 400, code: Errors.TREE_CYCLE.code });
      // move the new button first among the user screen's children
      expect((await write(admin, '/v2/sys/staff/resource/move', { id, parentId: user.id, index: 0 })).code).toBe(0);
      const after = find(await menuTree(), (n) => n.id === user.id)!;
      expect(after.children[0]).toMatchObject({ id, name: '导出用户列表', nameEn: 'Export the user list' });
      expect((await write(admin, '/v2/sys/staff/resource/delete', { id })).code).toBe(0);
      expect(find(await menuTree(), (n) => n.id === id)).toBeUndefined();
    });

    it('refuses deleting a node with children or held by roles, duplicate keys and bad input', async () => {
      const tree = await menuTree();
      const user = find(tree, (n) => n.international === Perm.SYS_USER_LIST)!;
      const edit = find(tree, (n) => n.international === Perm.SYS_USER_EDIT)!;
      const parent = await write(admin, '/v2/sys/staff/resource/delete', { id: user.id });
      expect(parent).toMatchObject({ http: 409, code: Errors.TREE_HAS_CHILDREN.code });
      const held = await write(admin, '/v2/sys/staff/resource/delete', { id: edit.id });
      expect(held).toMatchObject({ http: 409, code: Errors.RESOURCE_IN_USE.code });
      expect(held.msg).toContain('Administrator');
      const dupe = await write(admin, '/v2/sys/staff/resource/save', {
        parentId: user.id,
        type: 'button',
        name: 'x',
        nameEn: 'x',
        international: Perm.SYS_USER_EDIT,
      });
      expect(dupe.code).toBe(Errors.DUPLICATE.code);
      const bad = await write(admin, '/v2/sys/staff/resource/save', {
        parentId: user.id,
        type: 'widget',
        name: '',
        nameEn: 'x',
        international: 'has space',
      });
      expect(bad).toMatchObject({ http: 400, code: Errors.VALIDATION_FAILED.code });
      const orphan = await write(admin, '/v2/sys/staff/resource/save', {
        parentId: 2_000_000_000,
        type: 'menu',
        name: 'x',
        nameEn: 'x',
        international: 'x:orphan',
      });
      expect(orphan.code).toBe(Errors.PARENT_INVALID.code);
      expect(find(await menuTree(), (n) => n.international === 'x:orphan')).toBeUndefined();
    });

    it('answers 403 without the keys, and exports the tree', async () => {
      expect((await read(sales, 'GET', '/v2/sys/staff/resource/tree')).http).toBe(403);
      const denied = await write(sales, '/v2/sys/staff/resource/delete', { id: 1 });
      expect(denied).toMatchObject({ http: 403, code: Errors.NO_PERMISSION.code });
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/resource/export',
        headers: { ...bearer(admin), 'accept-language': 'en' },
        payload: { format: 'xlsx', keyword: 'authManage' },
      });
      expect(res.statusCode).toBe(200);
      const [sheet] = await xlsxSheets(res.rawPayload);
      expect(sheet![0]).toEqual(expect.arrayContaining(['Path', 'Permission key']));
      expect(sheet!.some((row) => row.includes(Perm.SYS_USER_EDIT))).toBe(true);
      expect(sheet!.every((row, i) => i === 0 || String(row[3]).includes('authManage'))).toBe(true);
    });
  });

  describe('roles', () => {
    it('creates a role with grants and members; a guard sees its keys at once; edits and deletes it', async () => {
      const tree = await menuTree();
      const logNode = find(tree, (n) => n.international === Perm.SYS_LOG)!;
      const ops = await signIn(t.app, DEMO.ops01);
      expect((await read(ops, 'POST', '/v2/sys/staff/log/page', {})).http).toBe(403);

      const created = await write(admin, '/v2/sys/staff/role/save', {
        code: 'auditor',
        name: '审计员',
        nameEn: 'Auditor',
        dataScope: 'custom',
        departmentIds: [deptId.get('ops')],
        resourceIds: [logNode.id],
      });
      expect(created.code).toBe(0);
      const id = created.data.id as number;
      expect(
        (await write(admin, '/v2/sys/staff/role/members/add', { roleId: id, userIds: [userId.get('ops01')] })).code,
      ).toBe(0);
      // no waiting: the change reached the access cache before the answer
      expect((await read(ops, 'POST', '/v2/sys/staff/log/page', {})).code).toBe(0);

      const detail = await read(admin, 'GET', `/v2/sys/staff/role/detail?id=${id}`);
      expect(detail.data).toMatchObject({
        code: 'auditor',
        dataScope: 'custom',
        departmentIds: [deptId.get('ops')],
        resourceIds: [logNode.id],
        memberCount: 1,
      });
      const members = await read(admin, 'POST', '/v2/sys/staff/role/members', { roleId: id });
      expect(members.data.records.map((m: { username: string }) => m.username)).toEqual(['ops01']);
      const page = await read(admin, 'POST', '/v2/sys/staff/role/page', { keyword: 'audit' });
      expect(page.data.records).toEqual([expect.objectContaining({ code: 'auditor', memberCount: 1 })]);

      const inUse = await write(admin, '/v2/sys/staff/role/delete', { id });
      expect(inUse).toMatchObject({ http: 409, code: Errors.ROLE_IN_USE.code });
      // taking the grant away closes the screen at once
      const edited = await write(admin, '/v2/sys/staff/role/save', {
        id,
        code: 'auditor',
        name: '审计员',
        nameEn: 'Auditor',
        dataScope: 'own',
        resourceIds: [],
      });
      expect(edited.code).toBe(0);
      expect((await read(ops, 'POST', '/v2/sys/staff/log/page', {})).http).toBe(403);
      expect(
        (await write(admin, '/v2/sys/staff/role/members/remove', { roleId: id, userIds: [userId.get('ops01')] })).code,
      ).toBe(0);
      expect((await write(admin, '/v2/sys/staff/role/delete', { id })).code).toBe(0);
      expect((await read(admin, 'GET', `/v2/sys/staff/role/detail?id=${id}`)).code).toBe(Errors.NOT_FOUND.code);
    });

    it('a custom data scope covers exactly the chosen departments', async () => {
      const userList = find(await menuTree(), (n) => n.international === Perm.SYS_USER_LIST)!;
      const created = await write(admin, '/v2/sys/staff/role/save', {
        code: 'sales1_viewer',
        name: '销售一组查看',
        nameEn: 'Sales team 1 viewer',
        dataScope: 'custom',
        departmentIds: [deptId.get('sales-1')],
        resourceIds: [userList.id],
      });
      await write(admin, '/v2/sys/staff/role/members/add', {
        roleId: created.data.id,
        userIds: [userId.get('ops02')],
      });
      const ops02 = await signIn(t.app, { username: 'ops02', password: 'Ops#2026' });
      const users = await read(ops02, 'POST', '/v2/sys/staff/user/page', { size: 200 });
      const names: string[] = users.data.records.map((u: { username: string }) => u.username);
      expect(names).toContain('sales01');
      expect(names).toContain('ops02');
      expect(names).not.toContain('salesmgr');
      expect(names).not.toContain('finance01');
    });

    it('refuses bad input, unknown ids and duplicates, changing nothing', async () => {
      const before = (await read(admin, 'POST', '/v2/sys/staff/role/page', { size: 200 })).data.total;
      const bad = await write(admin, '/v2/sys/staff/role/save', {
        code: 'Bad Code',
        name: '',
        nameEn: 'x',
        dataScope: 'everything',
      });
      expect(bad).toMatchObject({ http: 400, code: Errors.VALIDATION_FAILED.code });
      const noDepts = await write(admin, '/v2/sys/staff/role/save', {
        code: 'x1',
        name: 'x',
        nameEn: 'x',
        dataScope: 'custom',
        departmentIds: [],
      });
      expect(noDepts.code).toBe(Errors.VALIDATION_FAILED.code);
      const unknown = await write(admin, '/v2/sys/staff/role/save', {
        code: 'x2',
        name: 'x',
        nameEn: 'x',
        dataScope: 'own',
        resourceIds: [2_000_000_000],
      });
      expect(unknown.code).toBe(Errors.VALIDATION_FAILED.code);
      const dupe = await write(admin, '/v2/sys/staff/role/save', {
        code: 'sales',
        name: 'x',
        nameEn: 'x',
        dataScope: 'own',
      });
      expect(dupe.code).toBe(Errors.DUPLICATE.code);
      expect((await read(admin, 'POST', '/v2/sys/staff/role/page', { size: 200 })).data.total).toBe(before);
      expect((await read(sales, 'POST', '/v2/sys/staff/role/page', {})).http).toBe(403);
    });

    it('an editor cannot grant beyond their own reach', async () => {
      await grant('finance', [Perm.SYS_ROLE_LIST, Perm.SYS_ROLE_EDIT]);
      const tree = (await read(finance, 'GET', '/v2/sys/staff/role/resources')).data as (Node & {
        grantable: boolean;
      })[];
      const userList = find(tree, (n) => n.international === Perm.SYS_USER_LIST) as Node & { grantable: boolean };
      expect(userList.grantable).toBe(false);
      const roleList = find(tree, (n) => n.international === Perm.SYS_ROLE_LIST) as Node & { grantable: boolean };
      expect(roleList.grantable).toBe(true);
      const base = { code: 'fin_helper', name: '财务助理', nameEn: 'Finance helper' };
      const wider = await write(finance, '/v2/sys/staff/role/save', { ...base, dataScope: 'all' });
      expect(wider).toMatchObject({ http: 403, code: Errors.ROLE_NOT_GRANTABLE.code });
      const keys = await write(finance, '/v2/sys/staff/role/save', {
        ...base,
        dataScope: 'own',
        resourceIds: [userList.id],
      });
      expect(keys.code).toBe(Errors.ROLE_NOT_GRANTABLE.code);
      const otherDept = await write(finance, '/v2/sys/staff/role/save', {
        ...base,
        dataScope: 'custom',
        departmentIds: [deptId.get('sales')],
      });
      expect(otherDept.code).toBe(Errors.ROLE_NOT_GRANTABLE.code);
      const [adminRole] = await t.p.db.select().from(roles).where(eq(roles.code, 'admin'));
      const adminEdit = await write(finance, '/v2/sys/staff/role/save', {
        id: adminRole!.id,
        code: 'admin',
        name: 'x',
        nameEn: 'x',
        dataScope: 'own',
      });
      expect(adminEdit.code).toBe(Errors.ROLE_NOT_GRANTABLE.code);
      expect((await t.p.db.select().from(roles).where(eq(roles.code, 'admin')))[0]!.name).toBe('系统管理员');
      const within = await write(finance, '/v2/sys/staff/role/save', {
        ...base,
        dataScope: 'custom',
        departmentIds: [deptId.get('finance')],
        resourceIds: [roleList.id],
      });
      expect(within.code).toBe(0);
      // members only from the editor's own scope
      const outside = await write(finance, '/v2/sys/staff/role/members/add', {
        roleId: within.data.id,
        userIds: [userId.get('sales01')],
      });
      expect(outside.code).toBe(Errors.USER_OUT_OF_SCOPE.code);
    });

    it('exports roles with the page filters, in the reader language', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/role/export',
        headers: { ...bearer(admin), 'accept-language': 'zh-CN' },
        payload: { format: 'xlsx', keyword: 'sales' },
      });
      expect(res.statusCode).toBe(200);
      const [sheet] = await xlsxSheets(res.rawPayload);
      expect(sheet![0]!.slice(0, 3)).toEqual(['编码', '名称', '数据范围']);
      expect(
        sheet!
          .slice(1)
          .map((r) => r[0])
          .sort(),
      ).toEqual(['sales', 'sales1_viewer', 'sales_manager']);
      expect(sheet!.find((r) => r[0] === 'sales_manager')![2]).toBe('本部门及下级');
    });
  });

  describe('departments', () => {
    it('creates, renames with a leader, moves (refusing cycles) and deletes a department', async () => {
      const created = await write(admin, '/v2/sys/staff/dept/save', {
        parentId: deptId.get('sales'),
        code: 'sales-3',
        name: '销售三组',
        nameEn: 'Sales team 3',
      });
      expect(created.code).toBe(0);
      const id = created.data.id as number;
      const renamed = await write(admin, '/v2/sys/staff/dept/save', {
        id,
        parentId: deptId.get('sales'),
        code: 'sales-3',
        name: '销售三组（华南）',
        nameEn: 'Sales team 3 (South)',
        leaderUserId: userId.get('salesmgr'),
      });
      expect(renamed.code).toBe(0);
      const node = find(await deptTree(), (n) => n.id === id)!;
      expect(node).toMatchObject({ name: '销售三组（华南）', leaderName: '刘洋', memberCount: 0, editable: true });
      const salesNode = find(await deptTree(), (n) => n.code === 'sales')!;
      expect(salesNode.children.map((c) => c.code)).toEqual(['sales-1', 'sales-2', 'sales-3']);

      // sales under its own child: refused, nothing moved
      const cycle = await write(admin, '/v2/sys/staff/dept/move', { id: deptId.get('sales'), parentId: id, index: 0 });
      expect(cycle).toMatchObject({ http: 400, code: Errors.TREE_CYCLE.code });
      const self = await write(admin, '/v2/sys/staff/dept/move', { id, parentId: id, index: 0 });
      expect(self.code).toBe(Errors.TREE_CYCLE.code);
      expect(find(await deptTree(), (n) => n.code === 'sales')!.parentId).toBe(deptId.get('hq'));

      const moved = await write(admin, '/v2/sys/staff/dept/move', { id, parentId: deptId.get('hq'), index: 0 });
      expect(moved.code).toBe(0);
      const hq = find(await deptTree(), (n) => n.code === 'hq')!;
      expect(hq.children[0]!.id).toBe(id);

      const full = await write(admin, '/v2/sys/staff/dept/delete', { id: deptId.get('finance') });
      expect(full).toMatchObject({ http: 409, code: Errors.DEPT_IN_USE.code });
      const parent = await write(admin, '/v2/sys/staff/dept/delete', { id: deptId.get('sales') });
      expect(parent.code).toBe(Errors.TREE_HAS_CHILDREN.code);
      expect((await write(admin, '/v2/sys/staff/dept/delete', { id })).code).toBe(0);
      expect(find(await deptTree(), (n) => n.id === id)).toBeUndefined();
    });

    it('refuses bad input and shows members within the data scope', async () => {
      const bad = await write(admin, '/v2/sys/staff/dept/save', {
        parentId: null,
        code: 'BAD CODE',
        name: '',
        nameEn: '',
      });
      expect(bad.code).toBe(Errors.VALIDATION_FAILED.code);
      const leader = await write(admin, '/v2/sys/staff/dept/save', {
        parentId: deptId.get('hq'),
        code: 'x-leader',
        name: 'x',
        nameEn: 'x',
        leaderUserId: 2_000_000_000,
      });
      expect(leader.code).toBe(Errors.VALIDATION_FAILED.code);
      const dupe = await write(admin, '/v2/sys/staff/dept/save', {
        parentId: deptId.get('hq'),
        code: 'finance',
        name: 'x',
        nameEn: 'x',
      });
      expect(dupe.code).toBe(Errors.DUPLICATE.code);
      expect(find(await deptTree(), (n) => n.code === 'x-leader')).toBeUndefined();
      const members = await read(admin, 'POST', '/v2/sys/staff/dept/members', { departmentId: deptId.get('finance') });
      expect(members.data.total).toBe(5);
      expect((await read(sales, 'GET', '/v2/sys/staff/dept/tree')).http).toBe(403);
    });

    it('an editor with a department scope changes only departments inside it', async () => {
      await grant('finance', [Perm.SYS_DEPT_LIST, Perm.SYS_DEPT_EDIT]);
      const tree = await deptTree(finance);
      expect(find(tree, (n) => n.code === 'finance')).toMatchObject({ editable: true });
      expect(find(tree, (n) => n.code === 'sales')).toMatchObject({ editable: false });
      const renameOwn = await write(finance, '/v2/sys/staff/dept/save', {
        id: deptId.get('finance'),
        parentId: deptId.get('hq'),
        code: 'finance',
        name: '财务部',
        nameEn: 'Finance department',
      });
      // its parent (hq) lies outside the scope: the department stays where it is, renamed
      expect(renameOwn.code).toBe(Errors.DEPT_OUT_OF_SCOPE.code);
      const child = await write(finance, '/v2/sys/staff/dept/save', {
        parentId: deptId.get('finance'),
        code: 'finance-ap',
        name: '应付组',
        nameEn: 'Accounts payable',
      });
      expect(child.code).toBe(0);
      const other = await write(finance, '/v2/sys/staff/dept/save', {
        id: deptId.get('sales'),
        parentId: deptId.get('hq'),
        code: 'sales',
        name: 'x',
        nameEn: 'x',
      });
      expect(other).toMatchObject({ http: 403, code: Errors.DEPT_OUT_OF_SCOPE.code });
      const members = await read(finance, 'POST', '/v2/sys/staff/dept/members', {
        departmentId: deptId.get('sales-1'),
      });
      expect(members.data.total).toBe(0);
    });

    it('exports the tree in the reader language', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/dept/export',
        headers: { ...bearer(admin), 'accept-language': 'en' },
        payload: { format: 'xlsx' },
      });
      expect(res.statusCode).toBe(200);
      const [sheet] = await xlsxSheets(res.rawPayload);
      expect(sheet![0]).toEqual(['Path', 'Code', 'Name', 'Leader', 'Members']);
      expect(sheet![1]).toEqual(['总部', 'hq', 'Headquarters', '系统管理员', '0']);
      expect(sheet!.find((r) => r[1] === 'sales-1')![0]).toBe('总部 / 销售部 / 销售一组');
    });
  });

  describe('system log', () => {
    type Entry = { path: string; username: string; statusCode: number; resultCode: number; subject: string | null };
    const page = async (who: Tokens, q: object) => read(who, 'POST', '/v2/sys/staff/log/page', q);

    it('lists audited calls with who, what, result and duration; filters by user, keyword, result, record', async () => {
      const entries = await poll(
        async () => (await page(admin, { keyword: '/v2/sys/staff/dept/', size: 200 })).data.records as Entry[],
        (r) => r.length >= 8,
      );
      const refused = entries.find((e) => e.resultCode === Errors.TREE_CYCLE.code)!;
      expect(refused).toMatchObject({ username: 'admin', statusCode: 400, path: '/v2/sys/staff/dept/move' });
      expect(refused).toMatchObject({ summary: 'Move a department', subject: expect.stringMatching(/^dept:\d+$/) });
      expect((refused as unknown as { durationMs: number }).durationMs).toBeGreaterThanOrEqual(0);

      const failures = (await page(admin, { result: 'failure', size: 200 })).data.records as Entry[];
      expect(failures.length).toBeGreaterThan(0);
      expect(failures.every((e) => e.statusCode >= 400)).toBe(true);
      const byFinance = (await page(admin, { userId: userId.get('finance01'), size: 200 })).data.records as Entry[];
      expect(byFinance.length).toBeGreaterThan(0);
      expect(byFinance.every((e) => e.username === 'finance01')).toBe(true);
      const history = (await page(admin, { subject: `dept:${deptId.get('sales')}` })).data.records as Entry[];
      expect(history.length).toBeGreaterThan(0);
      expect(history.every((e) => e.subject === `dept:${deptId.get('sales')}`)).toBe(true);
      // an old window holds nothing
      const old = await page(admin, { from: '2020-01-01T00:00:00Z', to: '2020-01-05T00:00:00Z' });
      expect(old.data.total).toBe(0);
    });

    it('refuses bad ranges and filters, and callers without the key', async () => {
      const reversed = await page(admin, { from: '2026-01-05T00:00:00Z', to: '2026-01-01T00:00:00Z' });
      expect(reversed).toMatchObject({ http: 400, code: Errors.LOG_RANGE_INVALID.code });
      const wide = await page(admin, { from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
      expect(wide.code).toBe(Errors.LOG_RANGE_INVALID.code);
      expect((await page(admin, { from: 'yesterday' })).code).toBe(Errors.VALIDATION_FAILED.code);
      expect((await page(admin, { result: 'maybe' })).code).toBe(Errors.VALIDATION_FAILED.code);
      expect((await page(sales, {})).http).toBe(403);
    });

    it('a caller with a department scope sees only entries of users in it', async () => {
      await grant('finance', [Perm.SYS_LOG]);
      const seen = (await page(finance, { size: 200 })).data.records as Entry[];
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen.map((e) => e.username))).toEqual(new Set(['finance01']));
    });

    it('exports the filtered log', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/sys/staff/log/export',
        headers: { ...bearer(admin), 'accept-language': 'en' },
        payload: { format: 'xlsx', keyword: '/v2/sys/staff/resource/', result: 'failure' },
      });
      expect(res.statusCode).toBe(200);
      const [sheet] = await xlsxSheets(res.rawPayload);
      expect(sheet![0]!.slice(0, 3)).toEqual(['Time (UTC)', 'User', 'Action']);
      expect(sheet!.length).toBeGreaterThan(1);
      expect(sheet!.slice(1).every((r) => String(r[4]).startsWith('/v2/sys/staff/resource/'))).toBe(true);
      expect(sheet!.slice(1).every((r) => Number(r[5]) >= 400)).toBe(true);
    });
  });

  it('role and department names are stored in both languages', async () => {
    const rows = await t.p.db.select({ n: sql<number>`count(*)::int` }).from(roles).where(sql`name_en = ''`);
    expect(rows[0]!.n).toBe(0);
  });
});
