import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Errors } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const V = '/v2/sys/staff/version';
const D = '/v2/sys/staff/dingNotice';

describe('version records and ding notices', () => {
  let t: TestApp;
  let sales: Tokens;
  let admin: Tokens;
  let hook: http.Server;
  const hookBodies: unknown[] = [];
  beforeAll(async () => {
    hook = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        hookBodies.push(JSON.parse(body));
        res.end('{"errcode":0}');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    process.env.DING_WEBHOOK_URL = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/robot/send`;
    t = await startTestApp({ jobs: true });
    [sales, admin] = await Promise.all([signIn(t.app, DEMO.sales01), signIn(t.app, DEMO.admin)]);
  });
  afterAll(async () => {
    delete process.env.DING_WEBHOOK_URL;
    await t?.close();
    hook?.close();
  });

  const key = async (who: Tokens) =>
    (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(who) })).json().data
      .key as string;
  const get = (url: string, who: Tokens = sales) =>
    t.app.inject({ url, headers: bearer(who) }).then((r) => ({ status: r.statusCode, ...r.json() }));
  const post = async (url: string, payload: object, who: Tokens = admin, repeat = false) => {
    const headers = { ...bearer(who), ...(repeat ? { 'x-idempotence-key': await key(who) } : {}) };
    const r = await t.app.inject({ method: 'POST', url, headers, payload });
    return { status: r.statusCode, ...r.json() };
  };

  let v2: number;

  it('saves drafts and published records; inner versions stay unique', async () => {
    expect((await get(`${V}/innerVersion/exist?innerVersion=2.0.0-b1`, admin)).data.exists).toBe(false);
    const draft = await post(
      `${V}/save`,
      { version: 'V2.0', innerVersion: '2.0.0-b1', title: '二期', content: '- 新功能' },
      admin,
      true,
    );
    expect(draft.code).toBe(0);
    v2 = draft.data.id;
    expect(draft.data.publishedAt).toBeNull();
    expect((await get(`${V}/innerVersion/exist?innerVersion=2.0.0-b1`, admin)).data.exists).toBe(true);
    expect((await get(`${V}/innerVersion/exist?innerVersion=2.0.0-b1&excludeId=${v2}`, admin)).data.exists).toBe(false);
    const dup = await post(`${V}/save`, { version: 'V2.0b', innerVersion: '2.0.0-b1', title: 'dup' }, admin, true);
    expect(dup.code).toBe(Errors.INNER_VERSION_TAKEN.code);
    expect(dup.msg).toContain('2.0.0-b1');
    expect((await post(`${V}/save`, { version: 'x', title: 'x' }, sales, true)).code).toBe(Errors.NO_PERMISSION.code);
    // drafts are not on the timeline and hidden from readers
    const timeline = (await post(`${V}/timeline`, {}, sales)).data;
    expect(timeline.records.map((r: { id: number }) => r.id)).not.toContain(v2);
    expect((await get(`${V}/detail?id=${v2}`, sales)).code).toBe(Errors.NOT_FOUND.code);
    expect((await get(`${V}/detail?id=${v2}`, admin)).data.title).toBe('二期');
  });

  it('publishes, edits the notes, shows the popup, lists and deletes', async () => {
    const published = await post(
      `${V}/save`,
      {
        id: v2,
        version: 'V2.0',
        innerVersion: '2.0.0-b1',
        title: '二期',
        content: '- 新功能',
        popup: true,
        publishedAt: new Date().toISOString(),
      },
      admin,
      true,
    );
    expect(published.code).toBe(0);
    expect((await post(`${V}/updateDoc`, { id: v2, content: '- 新功能\n- 修复' })).code).toBe(0);
    expect((await get(`${V}/detail?id=${v2}`, sales)).data.content).toBe('- 新功能\n- 修复');
    const popup = (await get(`${V}/popup`, sales)).data;
    expect(popup).toMatchObject({ popupState: 1, versionDetail: { id: v2, version: 'V2.0' } });
    expect((await get(`${V}/option`, sales)).data.map((o: { id: number }) => o.id)).toContain(v2);
    const year = new Date().getUTCFullYear();
    expect((await post(`${V}/timeline`, { year }, sales)).data.records[0].id).toBe(v2);
    expect((await post(`${V}/timeline`, { year: year - 5 }, sales)).data.total).toBe(0);
    const page = await post(`${V}/page`, { keyword: '二期', published: 'yes' });
    expect(page.data.records.map((r: { id: number }) => r.id)).toEqual([v2]);
    expect((await post(`${V}/page`, {}, sales)).code).toBe(Errors.NO_PERMISSION.code);
    expect((await post(`${V}/deleteDoc`, { id: v2 })).code).toBe(0);
    expect((await post(`${V}/deleteDoc`, { id: v2 })).code).toBe(Errors.NOT_FOUND.code);
    expect((await get(`${V}/detail?id=${v2}`, admin)).code).toBe(Errors.NOT_FOUND.code);
    expect((await get(`${V}/innerVersion/exist?innerVersion=2.0.0-b1`, admin)).data.exists).toBe(false);
  });

  it('ding notices: saved, pushed to every staff member and the webhook when enabled', async () => {
    const saved = await post(
      `${D}/save`,
      { title: '系统维护', content: '今晚 22:00 维护', link: '/message/publicnotice/timeaxis' },
      admin,
      true,
    );
    expect(saved.code).toBe(0);
    const id = saved.data.id;
    expect(saved.data).toMatchObject({ enabled: false, pushCount: 0 });
    expect((await post(`${D}/enable`, { id, enabled: true }, sales)).code).toBe(Errors.NO_PERMISSION.code);
    expect((await post(`${D}/enable`, { id, enabled: true })).code).toBe(0);
    const msgs = await post('/v2/sys/mc/message/query/center/message/list', { type: 'notice' }, sales);
    expect(msgs.data.records[0]).toMatchObject({
      title: '系统维护',
      link: '/message/publicnotice/timeaxis',
      sourceKind: 'dingNotice',
    });
    const detail = (await get(`${D}/detail?id=${id}`)).data;
    expect(detail).toMatchObject({ enabled: true, pushCount: 1 });
    for (let i = 0; i < 100 && hookBodies.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(hookBodies).toEqual([{ msgtype: 'text', text: { content: '系统维护\n今晚 22:00 维护' } }]);
    expect((await post(`${D}/enable`, { id, enabled: false })).code).toBe(0);
    const page = await post(`${D}/page`, { enabled: 'no', keyword: '维护' });
    expect(page.data.records.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await post(`${D}/enable`, { id: 9999999, enabled: true })).code).toBe(Errors.NOT_FOUND.code);
  });

  it('ding notice links: an http(s) address or a portal path with one leading slash, never //host', async () => {
    const total = async () => (await post(`${D}/page`, { size: 100 })).data.total as number;
    const before = await total();
    for (const link of [
      '//evil.example',
      '//evil.example/message/list',
      '/\\evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://files.example/x',
      'message/list',
    ]) {
      const res = await post(`${D}/save`, { title: 'Link', content: 'x', link }, admin, true);
      expect(res.code, link).toBe(Errors.VALIDATION_FAILED.code);
      expect(JSON.stringify(res), link).toContain('link');
    }
    expect(await total()).toBe(before);
    for (const link of ['/message/publicnotice/timeaxis', 'https://wiki.example.com/maintenance?id=1#now']) {
      const res = await post(`${D}/save`, { title: 'Link', content: 'x', link }, admin, true);
      expect(res.code, link).toBe(0);
      expect(res.data.link).toBe(link);
    }
  });

  it('refuses bad input with 10000001', async () => {
    const cases: [string, object][] = [
      [`${V}/save`, { version: '', title: 'x' }],
      [`${V}/save`, { version: 'v', title: 'x', innerVersion: 'has space' }],
      [`${V}/save`, { version: 'v', title: 'x', publishedAt: 'soon' }],
      [`${V}/updateDoc`, { id: 'x', content: '' }],
      [`${V}/deleteDoc`, {}],
      [`${V}/page`, { published: 'maybe' }],
      [`${V}/timeline`, { year: 1900 }],
      [`${D}/save`, { title: '', content: 'x' }],
      [`${D}/enable`, { id: 1 }],
      [`${D}/page`, { size: 0 }],
    ];
    for (const [url, body] of cases) {
      const res = await post(url, body, admin, url.endsWith('/save'));
      expect(res.code, `${url} ${JSON.stringify(body)}`).toBe(Errors.VALIDATION_FAILED.code);
    }
    expect((await get(`${V}/detail?id=0`)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get(`${V}/innerVersion/exist`, admin)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await post(`${V}/popup/read`, { id: 'x' }, sales)).code).toBe(Errors.VALIDATION_FAILED.code);
  });
});
