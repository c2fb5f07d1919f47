import { Errors } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '../src/platform/access/schema.js';
import { defineMessageTemplates, templated } from '../src/platform/i18n/message-templates.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const M = '/v2/sys/mc/message';

describe('message center calls', () => {
  let t: TestApp;
  let sales: Tokens;
  let admin: Tokens;
  let salesId: number;
  beforeAll(async () => {
    t = await startTestApp();
    [sales, admin] = await Promise.all([signIn(t.app, DEMO.sales01), signIn(t.app, DEMO.admin)]);
    const [u] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'sales01'));
    salesId = u!.id;
  });
  afterAll(async () => t?.close());

  const get = (url: string, tok: Tokens = sales) => t.app.inject({ url, headers: bearer(tok) }).then((r) => r.json());
  const post = (url: string, payload: object, tok: Tokens = sales) =>
    t.app
      .inject({ method: 'POST', url, headers: bearer(tok), payload })
      .then((r) => ({ status: r.statusCode, ...r.json() }));
  const notify = (n: Partial<{ type: string; title: string; content: string; link: string }> = {}) =>
    t.p.notifier.send({ userIds: [salesId], type: 'system', title: 't', content: 'c', ...n });

  it('answers the server time and the filter options', async () => {
    const time = (await get(`${M}/getServerTime`)).data;
    expect(Math.abs(time.epochMs - Date.now())).toBeLessThan(5000);
    expect(new Date(time.now).getTime()).toBe(time.epochMs);
    const drop = (await get(`${M}/getDropList`)).data;
    expect(drop.types.map((x: { value: string }) => x.value)).toContain('approval');
    expect(drop.statuses).toEqual([{ value: 0 }, { value: 1 }]);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ url: `${M}/thereAreUnreadMessages` });
    expect(res.statusCode).toBe(401);
  });

  it('stores notifications, flags unread, counts by type and feeds the home figure', async () => {
    expect((await get(`${M}/thereAreUnreadMessages`)).data).toEqual({ unread: false, total: 0 });
    expect((await get('/v2/sys/staff/home/summary')).data.unread).toBe(false);
    await notify({ type: 'approval', title: 'to do 1', link: '/general/process/sponsor' });
    await notify({ type: 'approval', title: 'to do 2' });
    await notify({ type: 'alarm', title: 'alarm fired' });
    expect((await get(`${M}/thereAreUnreadMessages`)).data).toEqual({ unread: true, total: 3 });
    expect((await get(`${M}/thereAreUnreadMessages`, admin)).data.unread).toBe(false);
    expect((await get('/v2/sys/staff/home/summary')).data.unread).toBe(true);
    expect((await get(`${M}/getMsgTypeCount`)).data).toEqual([
      { type: 'alarm', unread: 1, total: 1 },
      { type: 'approval', unread: 2, total: 2 },
    ]);
  });

  it('pages and filters the center list; the bell list gives the latest', async () => {
    const all = await post(`${M}/query/center/message/list`, { page: 1, size: 2 });
    expect(all.data.total).toBe(3);
    expect(all.data.records).toHaveLength(2);
    expect(all.data.records[0].title).toBe('alarm fired');
    const approvals = await post(`${M}/query/center/message/list`, { type: 'approval', keyword: 'do 1' });
    expect(approvals.data.records.map((r: { title: string }) => r.title)).toEqual(['to do 1']);
    expect(approvals.data.records[0].link).toBe('/general/process/sponsor');
    const home = await post(`${M}/query/home/message/list`, { size: 2 });
    expect(home.data.map((r: { title: string }) => r.title)).toEqual(['alarm fired', 'to do 2']);
    expect((await post(`${M}/query/center/message/list`, {}, admin)).data.total).toBe(0);
  });

  it('marks read by ids, by one id and all; never another user’s', async () => {
    const list = (await post(`${M}/query/center/message/list`, {})).data.records as { id: number; title: string }[];
    const alarm = list.find((r) => r.title === 'alarm fired')!;
    expect((await post(`${M}/changeMsgStatusByMsgId`, { msgId: alarm.id })).data.changed).toBe(1);
    expect((await post(`${M}/changeMsgStatusByMsgId`, { msgId: alarm.id })).data.changed).toBe(0);
    expect((await post(`${M}/changeMsgStatusByMsgId`, { msgId: alarm.id }, admin)).code).toBe(Errors.NOT_FOUND.code);
    expect(
      (await post(`${M}/query/home/message/change/status`, { ids: [alarm.id], status: 0 }, admin)).data.changed,
    ).toBe(0);
    const unread = await post(`${M}/query/center/message/list`, { status: 0 });
    expect(unread.data.total).toBe(2);
    const todo = unread.data.records[0].id;
    expect((await post(`${M}/query/home/message/change/status`, { ids: [todo], status: 1 })).data.changed).toBe(1);
    expect((await get(`${M}/thereAreUnreadMessages`)).data.total).toBe(1);
    expect((await post(`${M}/readAll`, {})).data.changed).toBe(1);
    expect((await get(`${M}/thereAreUnreadMessages`)).data).toEqual({ unread: false, total: 0 });
    const read = await post(`${M}/query/center/message/list`, { status: 1 });
    expect(read.data.records.every((r: { readAt: string | null }) => r.readAt !== null)).toBe(true);
  });

  it('refuses bad input with 10000001', async () => {
    const bad = [
      [`${M}/query/center/message/list`, { page: 0 }],
      [`${M}/query/center/message/list`, { size: 1000 }],
      [`${M}/query/center/message/list`, { type: 'gossip' }],
      [`${M}/query/center/message/list`, { status: 2 }],
      [`${M}/query/center/message/list`, { from: 'yesterday' }],
      [`${M}/query/home/message/list`, { size: 0 }],
      [`${M}/query/home/message/change/status`, { ids: [], status: 1 }],
      [`${M}/query/home/message/change/status`, { ids: ['x'], status: 1 }],
      [`${M}/changeMsgStatusByMsgId`, { msgId: -1 }],
      [`${M}/readAll`, { type: 7 }],
    ] as const;
    for (const [url, body] of bad) {
      const res = await post(url, body);
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.code).toBe(Errors.VALIDATION_FAILED.code);
    }
  });

  it('finds a templated message by keyword in either language', async () => {
    defineMessageTemplates('searchtest', {
      overdue: {
        title: { 'zh-CN': '节点超时', en: 'Step overdue' },
        content: { 'zh-CN': '「{node}」已超时', en: 'Step "{node}" passed its deadline' },
      },
    });
    const [u] = await t.p.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.username, 'admin'));
    await t.p.notifier.send({
      userIds: [u!.id],
      type: 'approval',
      ...templated('searchtest.overdue', { node: { zh: '财务总监审批', en: 'Finance director' } }),
    });
    const titles = async (keyword: string) =>
      (await post(`${M}/query/center/message/list`, { keyword }, admin)).data.records.map(
        (r: { title: string }) => r.title,
      );
    expect(await titles('财务总监')).toEqual(['Step overdue']);
    expect(await titles('finance DIRECTOR')).toEqual(['Step overdue']);
    expect(await titles('deadline')).toEqual(['Step overdue']);
    // neither a variable's name nor the JSON around it is text to match
    expect(await titles('node')).toEqual([]);
    expect(await titles('zh')).toEqual([]);
    expect(await titles('Marketing')).toEqual([]);
  });

  it('answers one message and exports the list: the caller’s own only, in the reader’s language', async () => {
    const call = (url: string, payload: object, tok: Tokens, locale: string) =>
      t.app.inject({ method: 'POST', url, headers: { ...bearer(tok), 'accept-language': locale }, payload });
    const [msg] = (await post(`${M}/query/center/message/list`, {}, admin)).data.records as { id: number }[];
    const detail = async (tok: Tokens, locale: string) =>
      (await call(`${M}/detail`, { id: msg!.id }, tok, locale)).json();
    expect((await detail(admin, 'zh-CN')).data).toMatchObject({ title: '节点超时', content: '「财务总监审批」已超时' });
    expect((await detail(admin, 'en')).data).toMatchObject({ title: 'Step overdue', type: 'approval', status: 0 });
    expect((await detail(sales, 'en')).code).toBe(Errors.NOT_FOUND.code);
    // a personal list's fields: every signed-in user may ask
    const fields = await call('/v2/sys/staff/resource/field/get', { resource: 'messages.center' }, sales, 'en');
    expect(fields.json().data.fields).toContain('title');

    const file = await call(`${M}/query/center/message/list/export`, { format: 'csv' }, admin, 'en');
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Type,Title,Content,State,Time (UTC),Read at (UTC)');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Approval,Step overdue,"Step ""Finance director"" passed its deadline",Unread,/);
    const theirs = await call(
      `${M}/query/center/message/list/export`,
      { format: 'csv', type: 'approval' },
      sales,
      'zh-CN',
    );
    expect(theirs.body).not.toContain('节点超时');
    expect(theirs.body).toContain('类型,标题,内容,状态');
  });
});
