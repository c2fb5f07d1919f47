import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { openSse, type SseStream } from './live-client.js';

const F = '/v2/sys/staff/feedback';
const MC = '/v2/sys/mc/message';
const LIVE = '/v2/sys/mc/sse/connection';
const ZH = { 'accept-language': 'zh-CN' };
const EN = { 'accept-language': 'en' };

const streams: SseStream[] = [];
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

/** Opens a live stream in a language (the web sends its UI language). */
async function openIn(url: string, token: string, lang: string): Promise<SseStream> {
  const s = await openSse(url, token, { 'accept-language': lang });
  streams.push(s);
  await s.next((e) => e.event === 'connection');
  return s;
}

describe('data in the reader’s language (both databases)', () => {
  let t: TestApp & { url: string };
  let admin: Tokens;
  let sales: Tokens;
  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    [admin, sales] = await Promise.all([signIn(t.app, DEMO.admin), signIn(t.app, DEMO.sales01)]);
  });
  afterAll(async () => t?.close());

  const call = async (method: 'GET' | 'POST', url: string, who: Tokens, lang: object, payload?: object) => {
    const headers: Record<string, string> = { ...bearer(who), ...(lang as Record<string, string>) };
    if (method === 'POST' && /feedback|save/.test(url)) {
      const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(who) })).json()
        .data.key as string;
      headers['x-idempotence-key'] = key;
    }
    const r = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return r.json();
  };
  const bell = async (lang: object) =>
    (await call('POST', `${MC}/query/home/message/list`, sales, lang, { size: 10 })).data as {
      title: string;
      content: string;
      type: string;
    }[];

  it('renders one stored message in the language of each read, and pushes it in the stream’s language', async () => {
    const [zhStream, enStream] = await Promise.all([
      openIn(`${t.url}${LIVE}`, sales.token, 'zh-CN'),
      openIn(`${t.url}${LIVE}`, sales.token, 'en'),
    ]);
    const questions = (await call('GET', `${F}/questionList`, sales, ZH)).data as { id: number }[];
    const sent = await call('POST', `${F}/commitFeedback`, sales, ZH, {
      questionId: questions[0]!.id,
      content: '导出按钮找不到',
    });
    expect(sent.code).toBe(0);
    const replied = await call('POST', `${F}/feedbackReply`, admin, ZH, { id: sent.data.id, content: '在列表右上角' });
    expect(replied.code).toBe(0);

    const [zh] = await bell(ZH);
    const [en] = await bell(EN);
    expect(zh).toMatchObject({ type: 'feedback', title: '您的反馈有新回复', content: '在列表右上角' });
    expect(en).toMatchObject({ type: 'feedback', title: 'Your feedback has a reply', content: '在列表右上角' });

    const pushedZh = JSON.parse((await zhStream.next((e) => e.event === 'message')).data);
    const pushedEn = JSON.parse((await enStream.next((e) => e.event === 'message')).data);
    expect(pushedZh.title).toBe('您的反馈有新回复');
    expect(pushedEn.title).toBe('Your feedback has a reply');
  });

  it('keeps old untemplated messages as they were stored', async () => {
    const salesId = (await call('GET', '/v2/sys/staff/overseas/getUserInfo', sales, ZH)).data.userId as number;
    await t.p.notifier.send({ userIds: [salesId], type: 'system', title: '旧消息', content: '原文' });
    expect((await bell(EN))[0]).toMatchObject({ title: '旧消息', content: '原文' });
    expect((await bell(ZH))[0]).toMatchObject({ title: '旧消息', content: '原文' });
  });

  it('gives notice titles in the reader’s language, both forms to the editor, and pushes a ding notice per reader', async () => {
    const saved = await call('POST', '/v2/sys/staff/version/save', admin, ZH, {
      version: 'V7.0',
      innerVersion: '7.0.0-bi',
      title: '七月版本',
      titleEn: 'July release',
      content: '-',
      publishedAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ title: '七月版本', titleZh: '七月版本', titleEn: 'July release' });
    const timelineIn = async (lang: object) =>
      (await call('POST', '/v2/sys/staff/version/timeline', sales, lang, { page: 1, size: 50 })).data.records.find(
        (r: { id: number }) => r.id === saved.data.id,
      );
    expect((await timelineIn(ZH)).title).toBe('七月版本');
    expect((await timelineIn(EN)).title).toBe('July release');

    // no English form: English readers get the Chinese one
    const ding = await call('POST', '/v2/sys/staff/dingNotice/save', admin, ZH, {
      title: '停电通知',
      content: '今晚停电',
    });
    expect(ding.code).toBe(0);
    expect((await call('GET', `/v2/sys/staff/dingNotice/detail?id=${ding.data.id}`, admin, EN)).data.title).toBe(
      '停电通知',
    );
    const withEn = await call('POST', '/v2/sys/staff/dingNotice/save', admin, ZH, {
      id: ding.data.id,
      title: '停电通知',
      titleEn: 'Power cut',
      content: '今晚停电',
    });
    expect(withEn.code).toBe(0);
    const enabled = await call('POST', '/v2/sys/staff/dingNotice/enable', admin, ZH, {
      id: ding.data.id,
      enabled: true,
    });
    expect(enabled.code).toBe(0);
    expect((await bell(EN))[0]).toMatchObject({ type: 'notice', title: 'Power cut', content: '今晚停电' });
    expect((await bell(ZH))[0]).toMatchObject({ type: 'notice', title: '停电通知' });
  });

  it('gives English readers a person’s English name where one is kept, else the name', async () => {
    const info = async (who: Tokens, lang: object) =>
      (await call('GET', '/v2/sys/staff/overseas/getUserInfo', who, lang)).data.name;
    expect(await info(admin, ZH)).toBe('系统管理员');
    expect(await info(admin, EN)).toBe('Administrator');
    expect(await info(sales, EN)).toBe('王伟');
  });

  it('names departments and roles in the reader’s language', async () => {
    const infoZh = (await call('GET', '/v2/sys/staff/overseas/getUserInfo', sales, ZH)).data;
    const infoEn = (await call('GET', '/v2/sys/staff/overseas/getUserInfo', sales, EN)).data;
    expect(infoZh.deptNames.length).toBeGreaterThan(0);
    expect(infoZh.deptNames.every((n: string) => /[\u4e00-\u9fff]/.test(n))).toBe(true);
    expect(infoEn.deptNames.every((n: string) => /^[A-Za-z0-9 ]+$/.test(n))).toBe(true);

    const page = async (lang: object) =>
      (await call('POST', '/v2/sys/staff/user/page', admin, lang, { page: 1, size: 50, keyword: 'sales01' })).data
        .records as { username: string; deptNames: string[]; roleNames: string[] }[];
    const [zhRow] = (await page(ZH)).filter((r) => r.username === 'sales01');
    const [enRow] = (await page(EN)).filter((r) => r.username === 'sales01');
    expect(zhRow!.roleNames).toContain('销售');
    expect(enRow!.roleNames).toContain('Sales');
    expect(enRow!.deptNames).toEqual(infoEn.deptNames);
  });
});
