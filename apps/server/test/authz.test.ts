import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AI_API, Errors, IDEMPOTENCE_HEADER, Perm } from '@portal/contracts';
import { STAFF_PICK_PATH } from '@portal/contracts/staff';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wfInstances } from '../src/modules/approval/schema.js';
import { feedbacks } from '../src/modules/feedback/schema.js';
import { departments, resources, roleResources, roles, staffUsers } from '../src/platform/access/schema.js';
import { filesOf } from '../src/platform/files/service.js';
import { stageStream } from '../src/platform/files/staging.js';
import { type Answer, approvalWorld, demoProcessId, type Person, taskOf, type Wf } from './approval-support.js';
import { bearer, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const form = (extra: Record<string, unknown> = {}) => ({
  subject: 'Team offsite',
  amount: 100,
  reason: 'Quarterly planning',
  ...extra,
});

/** Object-level authorisation: files attached to records, user administration, notices, hand-overs, pickers. */
describe('object-level authorisation', () => {
  let t: TestApp & { url: string };
  let w: Wf;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-authz-'));
    t = await startTestApp({ listen: true, env: { DATA_DIR: dataDir, AI_EMBEDDED_PAUSE_MS: '0' } });
    w = await approvalWorld(t);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const key = async (tok: Tokens) =>
    (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(tok) })).json().data
      .key as string;
  /** any API call; `repeat` sends a fresh idempotence key (check-repeat routes) */
  const call = async (tok: Tokens, method: 'GET' | 'POST', url: string, payload?: object, repeat = false) => {
    const headers = { ...bearer(tok), ...(repeat ? { [IDEMPOTENCE_HEADER]: await key(tok) } : {}) };
    const r = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return r.json() as Answer;
  };
  /** a file through the system upload service; answers its id */
  const upload = async (who: Person, name: string, bytes: Buffer) => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${t.url}/v2/sys/staff/file/upload`, {
      method: 'POST',
      headers: bearer(w.tok[who]),
      body,
    });
    const answer = (await res.json()) as Answer;
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    return answer.data.id as string;
  };
  /** an export file of `who`, stored exactly as the export task stores it */
  const exportFile = async (who: Person, name: string, bytes: Buffer) => {
    const files = await filesOf(t.p);
    const staged = await stageStream(Readable.from([bytes]), files.settings.tmpDir, 10 * 1024 * 1024);
    const info = await files.storeStaged(staged, {
      name,
      purpose: 'export',
      ownerUserId: w.ids[who],
      expiresAt: new Date(Date.now() + 3_600_000),
      trusted: true,
    });
    return info.id;
  };

  describe('file ids on records', () => {
    const instances = async () => (await t.p.db.select({ n: count() }).from(wfInstances))[0]!.n;

    it('attaches only the caller’s own uploads to an approval request, never an export', async () => {
      const demo = await demoProcessId(t);
      const start = (attachments: string[]) =>
        w.op('sales01', 'start', { processId: demo, title: 'Attach', formData: form({ attachments }) });
      const mine = await upload('sales01', 'quote.txt', Buffer.from('quote 42'));
      const theirs = await upload('admin', 'salary.txt', Buffer.from('salaries'));
      const myExport = await exportFile('sales01', 'customers.csv', Buffer.from('a,b\n1,2\n'));
      const before = await instances();

      const other = await start([mine, theirs]);
      expect(other.code, JSON.stringify(other)).toBe(Errors.WF_ATTACHMENT_UNKNOWN.code);
      expect(other.msg).toContain(theirs);
      const exported = await start([myExport]);
      expect(exported.code, JSON.stringify(exported)).toBe(Errors.FILE_PURPOSE_NOT_ATTACHABLE.code);
      expect(await instances()).toBe(before);

      const ok = await start([mine]);
      expect(ok.code, JSON.stringify(ok)).toBe(0);
      const detail = await w.post('sales01', 'instanceDetail', { instanceId: ok.data.instanceId });
      expect(detail.data.attachments.map((a: { id: string }) => a.id)).toEqual([mine]);
    });

    it('refuses another user’s upload and an export as feedback screenshots', async () => {
      const sales = w.tok.sales01;
      const questionId = (await call(sales, 'GET', '/v2/sys/staff/feedback/questionList')).data[0].id as number;
      const commit = (screenshotIds: string[]) =>
        call(sales, 'POST', '/v2/sys/staff/feedback/commitFeedback', { questionId, content: 'x', screenshotIds }, true);
      const before = (await t.p.db.select({ n: count() }).from(feedbacks))[0]!.n;
      const theirs = await commit([await upload('admin', 'admin.png', PNG)]);
      expect(theirs.code).toBe(Errors.VALIDATION_FAILED.code);
      const exported = await commit([await exportFile('sales01', 'shot.png', PNG)]);
      expect(exported.code).toBe(Errors.FILE_PURPOSE_NOT_ATTACHABLE.code);
      expect((await t.p.db.select({ n: count() }).from(feedbacks))[0]!.n).toBe(before);
      expect((await commit([await upload('sales01', 'mine.png', PNG)])).code).toBe(0);
    });

    it('refuses an export file as a knowledge document', async () => {
      const res = await call(w.tok.admin, 'POST', `${AI_API}/knowledge/documents`, {
        fileId: await exportFile('admin', 'guide.txt', Buffer.from('an exported guide')),
      });
      expect(res.code).toBe(Errors.KB_FILE_PURPOSE.code);
    });
  });

  describe('user administration within the caller’s reach', () => {
    // finmgr: the finance role plus a user-edit role with department scope, in the finance department
    let finmgr: Tokens;
    const dept = new Map<string, number>();
    const role = new Map<string, number>();
    const save = (tok: Tokens, body: object) => call(tok, 'POST', '/v2/sys/staff/user/save', body, true);
    let n = 0;
    const newUser = (departmentIds: number[], roleIds: number[]) => {
      n++;
      return {
        username: `scoped${n}`,
        name: `Scoped ${n}`,
        jobNumber: `SC${n}`,
        password: 'Scoped#2026',
        departmentIds,
        roleIds,
      };
    };

    beforeAll(async () => {
      for (const d of await t.p.db.select().from(departments)) dept.set(d.code, d.id);
      for (const r of await t.p.db.select().from(roles)) role.set(r.code, r.id);
      const [editor] = await t.p.db
        .insert(roles)
        .values({ code: 'user_editor', name: '用户编辑', nameEn: 'User editor', dataScope: 'dept' })
        .returning();
      role.set('user_editor', editor!.id);
      const keys = await t.p.db
        .select({ id: resources.id })
        .from(resources)
        .where(inArray(resources.international, [Perm.SYS_USER_LIST, Perm.SYS_USER_EDIT]));
      expect(keys).toHaveLength(2);
      await t.p.db.insert(roleResources).values(keys.map((k) => ({ roleId: editor!.id, resourceId: k.id })));
      const made = await save(w.tok.admin, {
        username: 'finmgr',
        name: 'Finance manager',
        jobNumber: 'FM01',
        password: 'Finance#2026',
        departmentIds: [dept.get('finance')],
        roleIds: [role.get('finance'), editor!.id],
      });
      expect(made.code, JSON.stringify(made)).toBe(0);
      finmgr = await signIn(t.app, { username: 'finmgr', password: 'Finance#2026' });
    });

    it('creates users only in departments within the caller’s scope', async () => {
      const users = async () => (await t.p.db.select({ n: count() }).from(staffUsers))[0]!.n;
      const before = await users();
      for (const depts of [[dept.get('ops')!], [dept.get('finance')!, dept.get('ops')!], []]) {
        const res = await save(finmgr, newUser(depts, []));
        expect(res.code, JSON.stringify(depts)).toBe(Errors.USER_OUT_OF_SCOPE.code);
      }
      expect(await users()).toBe(before);
      const ok = await save(finmgr, newUser([dept.get('finance')!], [role.get('finance')!]));
      expect(ok.code, JSON.stringify(ok)).toBe(0);
    });

    it('grants no role that holds more than the caller', async () => {
      const finance = [dept.get('finance')!];
      for (const code of ['admin', 'sales_manager', 'ops']) {
        const res = await save(finmgr, newUser(finance, [role.get(code)!]));
        expect(res.code, code).toBe(Errors.ROLE_NOT_GRANTABLE.code);
      }
      // the same keys as the caller's own but a wider data scope
      const [wide] = await t.p.db
        .insert(roles)
        .values({ code: 'user_editor_all', name: '全部用户编辑', nameEn: 'User editor, all', dataScope: 'all' })
        .returning();
      const editorKeys = await t.p.db
        .select({ resourceId: roleResources.resourceId })
        .from(roleResources)
        .where(eq(roleResources.roleId, role.get('user_editor')!));
      await t.p.db.insert(roleResources).values(editorKeys.map((k) => ({ roleId: wide!.id, ...k })));
      expect((await save(finmgr, newUser(finance, [wide!.id]))).code).toBe(Errors.ROLE_NOT_GRANTABLE.code);
      expect(
        (
          await t.p.db
            .select()
            .from(staffUsers)
            .where(eq(staffUsers.username, `scoped${n}`))
        ).length,
      ).toBe(0);
      // what the caller holds may be granted; the administrator may grant anything
      expect((await save(finmgr, newUser(finance, [role.get('user_editor')!]))).code).toBe(0);
      expect((await save(w.tok.admin, newUser([dept.get('ops')!], [role.get('admin')!]))).code).toBe(0);
    });

    it('enables and disables only users within the caller’s scope', async () => {
      const status = (id: number, s: 'active' | 'disabled') =>
        call(finmgr, 'POST', '/v2/sys/staff/user/status', { id, status: s }, true);
      expect((await status(w.ids.ops01, 'disabled')).code).toBe(Errors.NOT_FOUND.code);
      expect((await status(w.ids.admin, 'disabled')).code).toBe(Errors.NOT_FOUND.code);
      const [ops01] = await t.p.db.select().from(staffUsers).where(eq(staffUsers.id, w.ids.ops01));
      expect(ops01!.status).toBe('active');
      expect((await status(w.ids.finance03, 'disabled')).code).toBe(0);
      expect((await status(w.ids.finance03, 'active')).code).toBe(0);
    });
  });

  it('shows an unpublished ding notice only to those who manage notices', async () => {
    const D = '/v2/sys/staff/dingNotice';
    const saved = await call(w.tok.admin, 'POST', `${D}/save`, { title: '草稿', content: '未发布', link: null }, true);
    expect(saved.code, JSON.stringify(saved)).toBe(0);
    const id = saved.data.id as number;
    const detail = (who: Person) => call(w.tok[who], 'GET', `${D}/detail?id=${id}`);
    expect((await detail('sales01')).code).toBe(Errors.NOT_FOUND.code);
    expect((await detail('admin')).data).toMatchObject({ id, enabled: false });
    expect((await call(w.tok.admin, 'POST', `${D}/enable`, { id, enabled: true })).code).toBe(0);
    expect((await detail('sales01')).data).toMatchObject({ id, title: '草稿', enabled: true });
    expect((await call(w.tok.admin, 'POST', `${D}/enable`, { id, enabled: false })).code).toBe(0);
    expect((await detail('sales01')).code).toBe(Errors.NOT_FOUND.code);
  });

  describe('hand-over of a to-do and the staff picker', () => {
    let staff01: number;
    beforeAll(async () => {
      const [row] = await t.p.db.select().from(staffUsers).where(eq(staffUsers.username, 'staff01'));
      staff01 = row!.id; // active, but holds no role: no approver key
    });

    it('refuses to hand a to-do to a user without the approval key, and the task stays', async () => {
      const demo = await demoProcessId(t);
      const started = await w.op('sales01', 'start', { processId: demo, title: 'Hand-over', formData: form() });
      expect(started.code, JSON.stringify(started)).toBe(0);
      const id = started.data.instanceId as number;
      const task = await taskOf(w, 'salesmgr', id);
      const refused = await w.op('salesmgr', 'transmit', { taskId: task, toUserId: staff01, opinion: 'yours' });
      expect(refused.code, JSON.stringify(refused)).toBe(Errors.HANDOVER_NO_APPROVAL_PERMISSION.code);
      expect(await taskOf(w, 'salesmgr', id)).toBe(task);
      const ok = await w.op('salesmgr', 'transmit', { taskId: task, toUserId: w.ids.finance01, opinion: 'yours' });
      expect(ok.code, JSON.stringify(ok)).toBe(0);
      expect(await taskOf(w, 'finance01', id)).toBeGreaterThan(0);
    });

    it('the transmit picker offers only users who may act', async () => {
      const ids = async (query: string) =>
        ((await w.get('admin', `select/user?limit=20&${query}`)).data as { id: number }[]).map((u) => u.id);
      const [row] = await t.p.db.select().from(staffUsers).where(eq(staffUsers.id, staff01));
      expect(await ids(`keyword=${row!.jobNumber}`)).toEqual([staff01]);
      expect(await ids(`keyword=${row!.jobNumber}&approvers=true`)).toEqual([]);
      expect(await ids(`keyword=${row!.jobNumber}&approvers=false`)).toEqual([staff01]);
    });

    it('the picker shows no login names or contacts and keeps to the caller’s data scope', async () => {
      const pick = async (who: Person) => {
        const res = await w.get(who, 'select/user?limit=20');
        expect(res.code, JSON.stringify(res)).toBe(0);
        return res.data as Record<string, unknown>[];
      };
      for (const u of await pick('admin')) {
        expect(Object.keys(u).sort()).toEqual(['deptNames', 'id', 'jobNumber', 'name']);
      }
      expect(JSON.stringify(await pick('admin'))).not.toMatch(/"(username|email|phone|mobile)"/);
      // own scope: only oneself; department scope: only the department's staff
      expect((await pick('sales01')).map((u) => u.id)).toEqual([w.ids.sales01]);
      const finance = await pick('finance01');
      expect(finance.map((u) => u.id)).toContain(w.ids.finance03);
      expect(finance.map((u) => u.id)).not.toContain(w.ids.ops01);
      // no language header: the caller reads English, department names too
      for (const u of finance) expect(u.deptNames).toContain('Finance');
      // a login name finds nobody
      expect((await w.get('admin', 'select/user?keyword=sales01')).data).toEqual([]);
    });

    it('the platform picker answers what the approval path answers, with the same scope, for every caller', async () => {
      const platform = (who: Person, query: string) => call(w.tok[who], 'GET', `${STAFF_PICK_PATH}?${query}`);
      for (const who of ['admin', 'sales01', 'finance01', 'ops01'] as const) {
        const pairs: [platformQuery: string, approvalQuery: string][] = [
          ['limit=20', 'limit=20'],
          ['limit=5&keyword=0', 'limit=5&keyword=0'],
          [`limit=20&holds=${Perm.APPROVAL_TODO}`, 'limit=20&approvers=true'],
        ];
        for (const [query, alias] of pairs) {
          const mine = await platform(who, query);
          expect(mine.code, JSON.stringify(mine)).toBe(0);
          expect(mine.data).toEqual((await w.get(who, `select/user?${alias}`)).data);
        }
      }
      const [row] = await t.p.db.select().from(staffUsers).where(eq(staffUsers.id, staff01));
      const ids = async (query: string) => ((await platform('admin', query)).data as { id: number }[]).map((u) => u.id);
      expect(await ids(`keyword=${row!.jobNumber}`)).toEqual([staff01]);
      expect(await ids(`keyword=${row!.jobNumber}&holds=${Perm.APPROVAL_TODO}`)).toEqual([]);
      // only known permission keys, limits as before; nothing without a token
      for (const bad of ['holds=no:such:key', 'limit=0', 'limit=21', `keyword=${'x'.repeat(65)}`])
        expect((await platform('admin', bad)).code, bad).toBe(Errors.VALIDATION_FAILED.code);
      expect((await t.app.inject({ url: STAFF_PICK_PATH })).statusCode).toBe(401);
    });
  });
});
