import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Errors, Perm } from '@portal/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/system/users.js';
import {
  resources,
  roleResources,
  roles,
  staffUsers,
  userDepartments,
  userRoles,
} from '../src/platform/access/schema.js';
import type { AuthContext } from '../src/platform/auth/context.js';
import { followUpOn, type RecordHistoryOptions } from '../src/platform/history/entries.js';
import type { AppError } from '../src/platform/http/errors.js';
import { RECORD_CHANGED } from '../src/platform/live/record-changes.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

/** staff users keep their history under their resource key */
const USER_ENTITY = users.def.key;

const U = '/v2/sys/staff/user';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('record history routes (staff user records)', () => {
  let t: TestApp & { url: string };
  let dataDir: string;
  let admin: Tokens;
  let finance: Tokens;
  let ops: Tokens;
  let sales: Tokens;
  const ids = new Map<string, number>();
  const id = (username: string) => ids.get(username)!;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-history-'));
    t = await startTestApp({ listen: true, env: { DATA_DIR: dataDir } });
    for (const u of await t.p.db.select({ id: staffUsers.id, username: staffUsers.username }).from(staffUsers)) {
      ids.set(u.username, u.id);
    }
    // finance01 and ops01 may read the users of their own department: a role with the list key, scope 'dept'
    const [role] = await t.p.db
      .insert(roles)
      .values({ code: 'user_reader', name: '用户查看', nameEn: 'User reader', dataScope: 'dept' })
      .returning({ id: roles.id });
    const keys = await t.p.db
      .select({ id: resources.id })
      .from(resources)
      .where(inArray(resources.international, [Perm.SYS_USER_LIST]));
    await t.p.db.insert(roleResources).values(keys.map((k) => ({ roleId: role!.id, resourceId: k.id })));
    await t.p.db.insert(userRoles).values([
      { userId: id('finance01'), roleId: role!.id },
      { userId: id('ops01'), roleId: role!.id },
    ]);
    t.p.access.drop();
    [admin, finance, ops, sales] = await Promise.all([
      signIn(t.app, DEMO.admin),
      signIn(t.app, DEMO.finance01),
      signIn(t.app, DEMO.ops01),
      signIn(t.app, DEMO.sales01),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const key = async (who: Tokens) =>
    (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(who) })).json().data
      .key as string;
  const timeline = async (who: Tokens, recordId: number, extra = '') => {
    // in Chinese, as the web asks: actors' names follow the reader's language (decision 0059)
    const r = await t.app.inject({
      url: `${U}/timeline?id=${recordId}${extra}`,
      headers: { ...bearer(who), 'accept-language': 'zh-CN' },
    });
    return { status: r.statusCode, ...r.json() };
  };
  const comment = async (who: Tokens, payload: object, repeat = true) => {
    const headers = { ...bearer(who), ...(repeat ? { 'x-idempotence-key': await key(who) } : {}) };
    const r = await t.app.inject({ method: 'POST', url: `${U}/comment`, headers, payload });
    return { status: r.statusCode, ...r.json() };
  };
  const messagesOf = async (who: Tokens) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/v2/sys/mc/message/query/center/message/list',
        headers: { ...bearer(who), 'accept-language': 'zh-CN' },
        payload: { page: 1, size: 50 },
      })
    ).json().data.records as { title: string; content: string; sourceKind: string; sourceId: string; link: string }[];

  it("reads history through the record's own scope: out of reach is NOT_FOUND, without the key 403", async () => {
    const own = await timeline(finance, id('finance01'));
    expect(own).toMatchObject({ code: 0, data: { records: [], nextCursor: null } });
    // ops01 holds the key but finance01 lies outside the ops department
    for (const res of [
      await timeline(ops, id('finance01')),
      await comment(ops, { id: id('finance01'), body: 'hello' }),
      await timeline(admin, 99_999_999),
    ]) {
      expect(res.status).toBe(404);
      expect(res.code).toBe(Errors.NOT_FOUND.code);
    }
    const noKey = await timeline(sales, id('sales01'));
    expect(noKey.status).toBe(403);
    expect((await timeline(finance, id('finance01'))).data.records).toEqual([]);
  });

  it('notifies mentioned users who may read the record, and only them', async () => {
    const before = {
      finance: (await messagesOf(finance)).length,
      ops: (await messagesOf(ops)).length,
      sales: (await messagesOf(sales)).length,
    };
    const res = await comment(admin, {
      id: id('finance01'),
      body: '请 @李娜 补充入职资料',
      mentions: [id('finance01'), id('ops01'), id('sales01'), id('admin'), id('finance01')],
    });
    expect(res.code).toBe(0);
    // ops01 is out of scope for this record, sales01 lacks the key, the author is not told about themself
    expect(res.data.notified).toEqual([id('finance01')]);
    const financeMessages = await messagesOf(finance);
    expect(financeMessages).toHaveLength(before.finance + 1);
    expect(financeMessages[0]).toMatchObject({
      title: '系统管理员 在「李娜」中提到了您',
      content: '请 @李娜 补充入职资料',
      sourceKind: USER_ENTITY,
      sourceId: String(id('finance01')),
    });
    expect(await messagesOf(ops)).toHaveLength(before.ops);
    expect(await messagesOf(sales)).toHaveLength(before.sales);

    const page = await timeline(finance, id('finance01'));
    expect(page.data.records[0]).toMatchObject({
      id: res.data.id,
      kind: 'comment',
      actorId: id('admin'),
      actorName: '系统管理员',
      body: '请 @李娜 补充入职资料',
      data: {
        mentions: [id('finance01'), id('ops01'), id('sales01'), id('admin')],
        mentionNames: {
          [id('finance01')]: '李娜',
          [id('ops01')]: '张磊',
          [id('sales01')]: '王伟',
          [id('admin')]: '系统管理员',
        },
      },
    });
  });

  it('announces a comment as a change of the record, so open timelines refetch', async () => {
    const seen: string[] = [];
    const off = t.p.bus.subscribe(RECORD_CHANGED, (payload) => seen.push(payload));
    try {
      expect((await comment(admin, { id: id('salesmgr'), body: 'live', mentions: [] })).code).toBe(0);
      // on PostgreSQL the notification arrives asynchronously
      await expect.poll(() => seen).toContain(`${USER_ENTITY}:${id('salesmgr')}`);
      // a refused comment announces nothing
      expect((await comment(admin, { id: 999999, body: 'nobody', mentions: [] })).code).toBe(Errors.NOT_FOUND.code);
      expect(seen.filter((s) => s.endsWith(':999999'))).toEqual([]);
    } finally {
      off();
    }
  });

  it('offers as mention candidates only active users who may read the record', async () => {
    const lookup = async (who: Tokens, recordId: number, keyword = '') => {
      const r = await t.app.inject({
        url: `${U}/mentionable?id=${recordId}&keyword=${encodeURIComponent(keyword)}`,
        headers: bearer(who),
      });
      return { status: r.statusCode, ...r.json() };
    };
    const forFinance = (await lookup(admin, id('finance01'))).data.map((u: { id: number }) => u.id);
    // admin (the caller) is left out; ops01 holds the key but not this record's scope; sales01 lacks the key
    expect(forFinance).toContain(id('finance01'));
    expect(forFinance).not.toContain(id('ops01'));
    expect(forFinance).not.toContain(id('sales01'));
    expect(forFinance).not.toContain(id('admin'));
    const byName = await lookup(ops, id('ops01'), '系统');
    expect(byName.data).toEqual([{ id: id('admin'), name: '系统管理员', jobNumber: expect.any(String) }]);
    expect((await lookup(ops, id('finance01'))).code).toBe(Errors.NOT_FOUND.code);
  });

  it('refuses bad comments with a clear code and writes nothing', async () => {
    const count = async () => (await timeline(admin, id('ops01'), '&limit=100')).data.records.length;
    const before = await count();
    const unknown = await comment(admin, { id: id('ops01'), body: 'x', mentions: [99_999_999] });
    expect(unknown).toMatchObject({ status: 400, code: Errors.HISTORY_MENTION_UNKNOWN.code });
    await t.p.db.update(staffUsers).set({ status: 'disabled' }).where(eq(staffUsers.username, 'ops02'));
    const disabled = await comment(admin, { id: id('ops01'), body: 'x', mentions: [id('ops02')] });
    expect(disabled.code).toBe(Errors.HISTORY_MENTION_UNKNOWN.code);
    await t.p.db.update(staffUsers).set({ status: 'active' }).where(eq(staffUsers.username, 'ops02'));
    expect((await comment(admin, { id: id('ops01'), body: '   ' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await comment(admin, { id: id('ops01'), body: 'x'.repeat(2001) })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await comment(admin, { id: 'abc', body: 'x' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await comment(admin, { id: id('ops01'), body: 'x' }, false)).code).toBe(
      Errors.IDEMPOTENCE_KEY_MISSING.code,
    );
    expect(await count()).toBe(before);
  });

  it('pages the timeline by cursor over the API; a forged cursor or unknown kind is refused', async () => {
    const target = id('ops01');
    for (let i = 0; i < 5; i++) expect((await comment(ops, { id: target, body: `note ${i}` })).code).toBe(0);
    const seen: string[] = [];
    let cursor = '';
    for (let guard = 0; guard < 10; guard++) {
      const page = await timeline(ops, target, `&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.code).toBe(0);
      seen.push(...page.data.records.map((r: { body: string }) => r.body));
      if (!page.data.nextCursor) break;
      cursor = page.data.nextCursor;
    }
    expect(seen).toEqual(['note 4', 'note 3', 'note 2', 'note 1', 'note 0']);
    const onlyComments = await timeline(ops, target, '&kinds=comment,follow_up');
    expect(onlyComments.data.records).toHaveLength(5);
    expect(await timeline(ops, target, '&cursor=AAAA')).toMatchObject({
      status: 400,
      code: Errors.HISTORY_CURSOR_INVALID.code,
    });
    expect((await timeline(ops, target, '&kinds=gossip')).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await timeline(ops, target, '&limit=101')).code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('records follow-ups with a dictionary type, own files and the record contacts', async () => {
    // a follow-up-enabled history over the same records: contacts are colleagues of the same department
    const opts: RecordHistoryOptions = {
      base: U,
      entity: USER_ENTITY,
      perm: Perm.SYS_USER_LIST,
      canRead: async (db, auth, recordId) => {
        if (auth.scope.kind === 'all') return true;
        const rows = await db
          .select({ d: userDepartments.departmentId })
          .from(userDepartments)
          .where(eq(userDepartments.userId, recordId));
        return rows.some((r) => auth.scope.departmentIds.includes(r.d)) || recordId === auth.userId;
      },
      followUp: {
        typeDict: 'crm.follow_up_type',
        async contactsOf(db, recordId, wanted) {
          const rows = await db
            .select({ u: userDepartments.userId })
            .from(userDepartments)
            .where(
              and(
                inArray(userDepartments.userId, [...wanted]),
                inArray(
                  userDepartments.departmentId,
                  db
                    .select({ d: userDepartments.departmentId })
                    .from(userDepartments)
                    .where(eq(userDepartments.userId, recordId)),
                ),
              ),
            );
          return new Set(rows.map((r) => r.u));
        },
      },
    };
    const authOf = async (username: string): Promise<AuthContext> => {
      const a = (await t.p.access.get(id(username)))!;
      return { userId: a.userId, username: a.username, sessionId: 's', perms: a.perms, scope: a.scope };
    };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'visit.png');
    const up = await fetch(`${t.url}/v2/sys/staff/file/upload`, { method: 'POST', headers: bearer(ops), body: form });
    const file = ((await up.json()) as { data: { id: string } }).data;
    const body = {
      type: 'visit',
      content: '上门拜访，确认了需求',
      nextAt: '2026-12-01T09:00:00+08:00',
      fileIds: [file.id],
      contacts: [id('ops02')],
    };
    const target = id('ops01');
    const refusal = (p: Promise<unknown>) => p.then(() => null).catch((e: AppError) => e.def);
    const opsAuth = await authOf('ops01');
    expect(await refusal(followUpOn(t.p, opts, opsAuth, target, { ...body, type: 'fax' }))).toBe(
      Errors.HISTORY_FOLLOW_UP_TYPE_UNKNOWN,
    );
    expect(await refusal(followUpOn(t.p, opts, opsAuth, target, { ...body, contacts: [id('sales01')] }))).toBe(
      Errors.HISTORY_CONTACT_UNKNOWN,
    );
    // someone else's upload is not attachable
    expect(await refusal(followUpOn(t.p, opts, await authOf('admin'), target, body))).toBe(Errors.FILE_NOT_ATTACHABLE);
    expect(await refusal(followUpOn(t.p, opts, await authOf('finance01'), target, body))).toBe(Errors.NOT_FOUND);

    const done = await followUpOn(t.p, opts, opsAuth, target, body);
    const page = await timeline(ops, target, '&kinds=follow_up');
    expect(page.data.records).toHaveLength(1);
    const [event] = page.data.records;
    expect(event).toMatchObject({
      id: done.id,
      kind: 'follow_up',
      body: '上门拜访，确认了需求',
      data: { type: 'visit', nextAt: body.nextAt, contacts: [id('ops02')] },
    });
    // files come back with a signed URL that serves them
    expect(event.data.files).toEqual([expect.objectContaining({ id: file.id, name: 'visit.png', size: PNG.length })]);
    const download = await fetch(`${t.url}${event.data.files[0].url}`);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG);
  });
});
