import { Errors, Perm } from '@portal/contracts';
import { STAFF_PICK_PATH } from '@portal/contracts/staff';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refRates } from '../src/modules/system/reference/schema.js';
import {
  departments,
  resources,
  roleResources,
  roles,
  staffUsers,
  userDepartments,
  userRoles,
} from '../src/platform/access/schema.js';
import { appendRecordEvents, timelinePage } from '../src/platform/history/service.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const U = '/v2/sys/staff/user';
const ZH = { 'accept-language': 'zh-CN' };
const EN = { 'accept-language': 'en' };
const DAY = 86_400_000;

describe('people in the reader’s language, history on the platform clock (decision 0059)', () => {
  let t: TestApp;
  let admin: Tokens;
  const ids = new Map<string, number>();
  const id = (username: string) => ids.get(username)!;

  beforeAll(async () => {
    t = await startTestApp();
    for (const u of await t.p.db.select({ id: staffUsers.id, username: staffUsers.username }).from(staffUsers)) {
      ids.set(u.username, u.id);
    }
    // finance01 may read staff records (to be mentioned on one)
    const [role] = await t.p.db
      .insert(roles)
      .values({ code: 'names_reader', name: '用户查看', nameEn: 'User reader', dataScope: 'all' })
      .returning({ id: roles.id });
    const keys = await t.p.db
      .select({ id: resources.id })
      .from(resources)
      .where(inArray(resources.international, [Perm.SYS_USER_LIST]));
    await t.p.db.insert(roleResources).values(keys.map((k) => ({ roleId: role!.id, resourceId: k.id })));
    await t.p.db.insert(userRoles).values({ userId: id('finance01'), roleId: role!.id });
    t.p.access.drop();
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(async () => t?.close());

  const getJson = async (url: string, lang: object) =>
    (await t.app.inject({ url, headers: { ...bearer(admin), ...lang } })).json();
  const comment = async (recordId: number, body: string, lang: object, mentions: number[] = []) => {
    const key = (await getJson('/v2/sys/staff/common/request/idempotence', ZH)).data.key as string;
    const r = await t.app.inject({
      method: 'POST',
      url: `${U}/comment`,
      headers: { ...bearer(admin), ...lang, 'x-idempotence-key': key },
      payload: { id: recordId, body, mentions },
    });
    return r.json();
  };

  it('lists and details carry the names of the people their user fields hold, in the reader’s language (decision 0068)', async () => {
    const RATE = '/v2/sys/staff/ref/rate';
    const key = (await getJson('/v2/sys/staff/common/request/idempotence', ZH)).data.key as string;
    const saved = await t.app.inject({
      method: 'POST',
      url: `${RATE}/save`,
      headers: { ...bearer(admin), ...EN, 'x-idempotence-key': key },
      payload: { from: 'USD', to: 'CNY', rate: '7.1234', day: '2026-03-04' },
    });
    expect(saved.json().code).toBe(0);
    const rateId = saved.json().data.id as number;
    const post = async (url: string, payload: object, lang: object) =>
      (await t.app.inject({ method: 'POST', url, headers: { ...bearer(admin), ...lang }, payload })).json();
    const listed = async (lang: object) =>
      (await post(`${RATE}/page`, { size: 50, from: 'USD', to: 'CNY' }, lang)).data.records.find(
        (r: { id: number }) => r.id === rateId,
      ) as { updatedBy: number; names?: Record<string, Record<string, string>> };
    const detail = async (lang: object) => (await post(`${RATE}/detail`, { id: rateId }, lang)).data;
    const admins = (name: string) => ({ updatedBy: { [String(id('admin'))]: name } });
    expect((await listed(ZH)).names).toEqual(admins('系统管理员'));
    expect((await listed(EN)).names).toEqual(admins('Administrator'));
    expect((await detail(EN)).names).toEqual(admins('Administrator'));
    expect((await detail(ZH)).names).toEqual(admins('系统管理员'));

    // a colleague without an English name reads as written in both languages
    await t.p.db.insert(staffUsers).values({
      username: 'names_only_zh',
      passwordHash: 'x',
      name: '赵六',
      jobNumber: 'N0059',
      staffId: 'SN0059',
    });
    const [zhao] = await t.p.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.username, 'names_only_zh'));
    await t.p.db.update(refRates).set({ updatedBy: zhao!.id }).where(eq(refRates.id, rateId));
    expect((await listed(EN)).names).toEqual({ updatedBy: { [String(zhao!.id)]: '赵六' } });
    // an id no longer found keeps its number and no name
    await t.p.db.update(refRates).set({ updatedBy: 99_999_999 }).where(eq(refRates.id, rateId));
    const gone = await listed(EN);
    expect(gone.updatedBy).toBe(99_999_999);
    expect(gone.names).toBeUndefined();

    // a list of departments (a user's) is named too, each in the reader's language
    const [dept] = await t.p.db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .innerJoin(userDepartments, eq(userDepartments.departmentId, departments.id))
      .where(eq(userDepartments.userId, id('sales01')));
    await t.p.db.update(departments).set({ nameEn: 'Sales East' }).where(eq(departments.id, dept!.id));
    const user = async (lang: object) => (await post(`${U}/detail`, { id: id('sales01') }, lang)).data;
    expect((await user(EN)).names.departmentIds[String(dept!.id)]).toBe('Sales East');
    expect((await user(ZH)).names.departmentIds[String(dept!.id)]).toBe(dept!.name);
    const users = (await post(`${U}/page`, { size: 100 }, EN)).data.records as {
      id: number;
      names?: Record<string, Record<string, string>>;
    }[];
    expect(users.find((u) => u.id === id('sales01'))?.names?.departmentIds?.[String(dept!.id)]).toBe('Sales East');
  });

  it('the staff picker shows and finds people by their English name for English readers', async () => {
    const en = await getJson(`${STAFF_PICK_PATH}?keyword=Administr`, EN);
    expect(en.data.map((u: { id: number; name: string }) => [u.id, u.name])).toEqual([[id('admin'), 'Administrator']]);
    const zh = await getJson(`${STAFF_PICK_PATH}?keyword=Administr`, ZH);
    expect(zh.data.map((u: { name: string }) => u.name)).toEqual(['系统管理员']);
  });

  it('the timeline names its actors in the reader’s language', async () => {
    const sent = await comment(id('finance01'), '资料已核对', ZH);
    expect(sent.code).toBe(0);
    const mine = (page: { data: { records: { id: number; actorName: string }[] } }) =>
      page.data.records.find((e) => e.id === sent.data.id);
    expect(mine(await getJson(`${U}/timeline?id=${id('finance01')}`, EN))?.actorName).toBe('Administrator');
    expect(mine(await getJson(`${U}/timeline?id=${id('finance01')}`, ZH))?.actorName).toBe('系统管理员');
  });

  it('tells a mentioned reader in their language: the message is a template, rendered when read', async () => {
    const finance = await signIn(t.app, DEMO.finance01);
    const sent = await comment(id('ops01'), '请 @李娜 看一下', ZH, [id('finance01')]);
    expect(sent.data.notified).toEqual([id('finance01')]);
    const newest = async (lang: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/sys/mc/message/query/center/message/list',
          headers: { ...bearer(finance), ...lang },
          payload: { page: 1, size: 5 },
        })
      ).json().data.records[0] as { title: string; content: string };
    const [ops] = await t.p.db
      .select({ name: staffUsers.name })
      .from(staffUsers)
      .where(eq(staffUsers.id, id('ops01')));
    const opsName = ops!.name;
    expect(await newest(ZH)).toMatchObject({
      title: `系统管理员 在「${opsName}」中提到了您`,
      content: '请 @李娜 看一下',
    });
    expect(await newest(EN)).toMatchObject({
      title: `Administrator mentioned you on “${opsName}”`,
      content: '请 @李娜 看一下',
    });
  });

  it('answers a request naming no language in the user’s saved language, else English (decision 0068)', async () => {
    const finance = await signIn(t.app, DEMO.finance01);
    const missing = async (who: Tokens, lang: object = {}) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `${U}/detail`,
          headers: { ...bearer(who), ...lang },
          payload: { id: 99_999_999 },
        })
      ).json() as { code: number; msg: string };
    const pref = async (who: Tokens, value: unknown) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/sys/staff/pref/save',
          headers: { ...bearer(who), ...EN },
          payload: { scope: 'ui', key: 'ui.locale', value },
        })
      ).json() as { code: number };
    const zhMsg = Errors.NOT_FOUND.zh;
    const enMsg = Errors.NOT_FOUND.en;
    // nothing saved: English, as for a client that says nothing of Chinese
    expect(await missing(admin)).toMatchObject({ code: Errors.NOT_FOUND.code, msg: enMsg });
    // a bad value is refused and changes nothing
    expect((await pref(admin, 'fr')).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await pref(admin, 'zh-CN')).code).toBe(0);
    // saved: followed when the request names no language, never over a language it names
    expect((await missing(admin)).msg).toBe(zhMsg);
    expect((await missing(admin, { 'accept-language': '*' })).msg).toBe(zhMsg);
    expect((await missing(admin, EN)).msg).toBe(enMsg);
    expect((await missing(admin, { 'x-lang': 'en' })).msg).toBe(enMsg);
    // names too: the timeline's actor in the saved language
    const timeline = (
      await t.app.inject({ url: `${U}/timeline?id=${id('finance01')}`, headers: bearer(admin) })
    ).json();
    expect(timeline.data.records.some((e: { actorName: string }) => e.actorName === '系统管理员')).toBe(true);
    // another user's preference is their own
    expect((await missing(finance)).msg).toBe(enMsg);
    expect((await pref(admin, 'en')).code).toBe(0);
    expect((await missing(admin)).msg).toBe(enMsg);
    const dropped = await t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/pref/delete',
      headers: { ...bearer(admin), ...ZH },
      payload: { scope: 'ui', key: 'ui.locale' },
    });
    expect(dropped.json().code).toBe(0);
    expect((await missing(admin)).msg).toBe(enMsg);
  });

  it('writes history at the platform clock’s time: a moved test clock shows moved times', async () => {
    t.clock.advance(3 * DAY);
    admin = await signIn(t.app, DEMO.admin); // the old token expired on the moved clock
    const expected = t.clock.now().getTime();
    const sent = await comment(id('ops01'), '三天后的备注', ZH);
    expect(sent.code).toBe(0);
    const page = await getJson(`${U}/timeline?id=${id('ops01')}`, ZH);
    const event = page.data.records.find((e: { id: number }) => e.id === sent.data.id);
    const at = Date.parse(event.at);
    // the clock runs on while the call is served: the time is the clock's, not the database's (3 days behind)
    expect(at).toBeGreaterThanOrEqual(expected - 1000);
    expect(at).toBeLessThan(expected + 60_000);

    // a caller may pass the moment it already read, or the clock to read
    const moment = new Date(Date.UTC(2030, 0, 2, 3, 4, 5));
    const [pinned] = await appendRecordEvents(
      t.p.db,
      [{ entity: 'test.entity', recordId: 1, actorId: null, kind: 'comment', body: 'pinned' }],
      moment,
    );
    const [clocked] = await appendRecordEvents(
      t.p.db,
      [{ entity: 'test.entity', recordId: 1, actorId: null, kind: 'comment', body: 'clock time' }],
      t.p.clock,
    );
    const events = (await timelinePage(t.p.db, { entity: 'test.entity', recordId: 1, limit: 10 })).records;
    expect(events.find((e) => e.id === pinned)?.at).toBe(moment.toISOString());
    expect(Date.parse(events.find((e) => e.id === clocked)!.at)).toBeGreaterThanOrEqual(expected);
  });
});
