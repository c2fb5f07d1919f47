import { describe, expect, it } from 'vitest';
import { messageResource } from '../message-center.js';
import { dingNoticeResource, versionRecordResource } from '../notices.js';
import { Perm } from '../permissions.js';
import { userResource } from '../system/user.js';
import { commandPath, defineResource, resourceButtons, resourcePath, SIGNED_IN } from './define.js';
import { resourceSchemas } from './schemas.js';

const s = resourceSchemas(userResource);

describe('resource definitions derive their schemas', () => {
  it('memoises the schemas per definition', () => {
    expect(resourceSchemas(userResource)).toBe(s);
  });
  it('the create body takes the writable fields with their rules; secrets stay untrimmed', () => {
    const ok = { username: 'ann.lee', name: 'Ann', jobNumber: '0042', password: ' spaced pw ' };
    expect(s.create.parse(ok)).toMatchObject({ password: ' spaced pw ', departmentIds: [], roleIds: [] });
    expect(s.create.safeParse({ ...ok, username: '9abc' }).success).toBe(false);
    expect(s.create.safeParse({ ...ok, password: 'short' }).success).toBe(false);
    expect(s.create.safeParse({ ...ok, status: 'active' }).data).not.toHaveProperty('status');
    expect(s.create.safeParse({ ...ok, departmentIds: ['x'] }).success).toBe(false);
  });
  it('the update body needs id and version; create-only and read-only fields are not in it', () => {
    expect(s.update.safeParse({ id: 1, name: 'A' }).success).toBe(false);
    const parsed = s.update.parse({ id: 1, version: 3, name: 'A', username: 'x', status: 'disabled' });
    expect(parsed).toEqual({ id: 1, version: 3, name: 'A' });
    expect(s.update.safeParse({ id: 1, version: 3, name: null }).success).toBe(false);
    expect(s.update.parse({ id: 1, version: 3, email: null })).toEqual({ id: 1, version: 3, email: null });
  });
  it('the list query is a page query plus one key per filter', () => {
    expect(s.listQuery.parse({ departmentId: '7', status: 'active', keyword: ' a ' })).toMatchObject({
      page: 1,
      size: 20,
      departmentId: 7,
      status: 'active',
      keyword: 'a',
    });
    expect(s.listQuery.safeParse({ status: 'gone' }).success).toBe(false);
  });
  it('an enum of numbers (a message state, 0 or 1) takes and answers those numbers only', () => {
    const m = resourceSchemas(messageResource);
    expect(m.listQuery.parse({ status: 0, type: 'approval' })).toMatchObject({ status: 0, type: 'approval' });
    for (const status of [2, '0', 'unread'])
      expect(m.listQuery.safeParse({ status }).success, String(status)).toBe(false);
    const row = { id: 1, version: 1, userId: 2, type: 'system', msgType: 1, title: 't', content: 'c' };
    const times = { link: null, sourceKind: null, sourceId: null, createdAt: '2026-01-01T00:00:00Z', readAt: null };
    expect(m.row.safeParse({ ...row, ...times, status: 1 }).success).toBe(true);
    expect(m.row.safeParse({ ...row, ...times, status: '1' }).success).toBe(false);
  });
  it('a yes / no filter takes a boolean or the words, and nothing else', () => {
    const q = resourceSchemas(dingNoticeResource).listQuery;
    expect(q.parse({ enabled: 'no' }).enabled).toBe(false);
    expect(q.parse({ enabled: 'yes' }).enabled).toBe(true);
    expect(q.parse({ enabled: true }).enabled).toBe(true);
    expect(q.safeParse({ enabled: 'maybe' }).success).toBe(false);
    expect(q.parse({}).enabled).toBeUndefined();
  });
  it('rows never carry secrets; commands take the id and their input', () => {
    expect(Object.keys(s.row.shape)).not.toContain('password');
    expect(s.commands.resetPassword!.safeParse({ id: 2, password: 'longenough' }).success).toBe(true);
    expect(s.commands.status!.safeParse({ id: 2, status: 'x' }).success).toBe(false);
  });
  it('paths, spec-fixed paths and button keys come from the definition', () => {
    expect(resourcePath(userResource, 'page')).toBe('/v2/sys/staff/user/page');
    expect(commandPath(userResource, 'resetPassword')).toBe('/v2/sys/staff/user/resetPassword');
    expect(resourceButtons(userResource).map((b) => b.key)).toEqual([
      Perm.SYS_USER_EDIT,
      Perm.SYS_USER_RESET_PASSWORD,
      Perm.SYS_USER_EMAIL,
    ]);
  });
  it('a definition naming an unknown field fails at load', () => {
    expect(() => defineResource({ ...userResource, list: { ...userResource.list, columns: ['nope'] } })).toThrow(
      /unknown fields nope/,
    );
  });

  it('a field may not take a row key: version (optimistic) or names', () => {
    const named = (k: string) => ({ ...userResource.fields, [k]: { kind: 'text', label: { zh: k, en: k } } }) as const;
    for (const k of ['version', 'names'])
      expect(() => defineResource({ ...userResource, fields: named(k) })).toThrow(`no field may be named ${k}`);
    // with another version key, `version` is a field like any other and that key is reserved
    const keyed = { ...userResource, versionKey: 'rowVersion' };
    expect(defineResource({ ...keyed, fields: named('version') }).versionKey).toBe('rowVersion');
    expect(() => defineResource({ ...keyed, fields: named('rowVersion') })).toThrow('no field may be named rowVersion');
  });

  it('a version key carries the optimistic version in rows, updates and deletes; `version` stays the field', () => {
    const v = resourceSchemas(versionRecordResource);
    const row = { id: 1, rowVersion: 2, version: 'V2.0', innerVersion: null, popup: false, publishedAt: null };
    const shown = { title: 't', titleZh: 't', titleEn: '', content: '', contentZh: '', contentEn: '' };
    const times = { createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
    expect(v.row.parse({ ...row, ...shown, ...times })).toMatchObject({ rowVersion: 2, version: 'V2.0' });
    expect(v.row.safeParse({ ...row, ...shown, ...times, rowVersion: undefined }).success).toBe(false);
    expect(v.idVersion.parse({ id: 1, rowVersion: 2, version: 2 })).toEqual({ id: 1, rowVersion: 2 });
  });

  it('a set filter takes yes or no, and nothing else', () => {
    const q = resourceSchemas(versionRecordResource).listQuery;
    expect(q.parse({ published: 'no' })).toMatchObject({ published: 'no' });
    for (const bad of ['maybe', true, 1]) expect(q.safeParse({ published: bad }).success).toBe(false);
    expect(() =>
      defineResource({
        ...versionRecordResource,
        list: {
          ...versionRecordResource.list,
          filters: {
            popup: { op: 'eq', field: 'popup', choices: versionRecordResource.list.filters.published.choices },
          },
        },
      }),
    ).toThrow(/choices but is no set filter/);
  });
});

describe('personal resources and bounded ranges', () => {
  const personal = (owner?: string) =>
    defineResource({
      key: 'test.mine',
      title: { zh: '我的', en: 'Mine' },
      api: '/v2/test/mine',
      routes: { list: '/test/mine' },
      titleField: 'name',
      fields: {
        name: { kind: 'text', label: { zh: '名称', en: 'Name' } },
        userId: { kind: 'user', label: { zh: '用户', en: 'User' }, readOnly: true },
        at: { kind: 'datetime', label: { zh: '时间', en: 'At' }, readOnly: true },
      },
      list: {
        columns: ['name', 'at'],
        filters: { at: { op: 'range', field: 'at', bounds: ['from', 'to'] } },
        sortable: ['at'],
        defaultSort: { field: 'at', order: 'descend' },
      },
      form: { sections: [] },
      access: { list: SIGNED_IN, ...(owner ? { owner } : {}) },
    });
  it('a personal resource needs an owner field', () => {
    expect(() => personal()).toThrow(/owner/);
    expect(personal('userId').access.list).toBe(SIGNED_IN);
  });
  it('a range with bounds is two query keys with the field’s value rule', () => {
    const q = resourceSchemas(personal('userId')).listQuery;
    expect(q.parse({ from: '2026-01-01T00:00:00Z' })).toMatchObject({ from: '2026-01-01T00:00:00Z' });
    expect(q.parse({ at: ['2026-01-01T00:00:00Z', null] })).not.toHaveProperty('at');
    expect(q.safeParse({ to: 'today' }).success).toBe(false);
  });
});
