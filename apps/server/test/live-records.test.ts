import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { publishRecordChanged } from '../src/platform/live/record-changes.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';
import { openSse, type SseEvent, type SseStream } from './live-client.js';

const LIVE = '/v2/sys/mc/sse/connection';
const D = '/v2/sys/staff/dingNotice';
const F = '/v2/sys/staff/feedback';
const V = '/v2/sys/staff/version';

const streams: SseStream[] = [];
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

const change = (resource: string, id?: number) => (e: SseEvent) => {
  if (e.event !== 'record.changed') return false;
  const d = JSON.parse(e.data);
  return d.resource === resource && (id === undefined || d.id === String(id));
};

describe('record changes on the live channel', () => {
  let t: TestApp & { url: string };
  let admin: Tokens;
  let sales: Tokens;
  let finance: Tokens;
  beforeAll(async () => {
    t = await startTestApp({ listen: true });
    [admin, sales, finance] = await Promise.all([
      signIn(t.app, DEMO.admin),
      signIn(t.app, DEMO.sales01),
      signIn(t.app, DEMO.finance01),
    ]);
  });
  afterAll(async () => t?.close());

  const open = async (who: Tokens) => {
    const s = await openSse(`${t.url}${LIVE}`, who.token);
    streams.push(s);
    await s.next((e) => e.event === 'connection');
    return s;
  };
  const post = async (url: string, payload: object, who: Tokens) => {
    const key = (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(who) })).json()
      .data.key as string;
    const r = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(who), 'x-idempotence-key': key },
      payload,
    });
    return r.json();
  };

  it('tells only the holders of the list permission, with the resource and id only', async () => {
    const [a, s] = await Promise.all([open(admin), open(sales)]);
    const saved = await post(`${D}/save`, { title: '维护', content: '今晚维护' }, admin);
    expect(saved.code).toBe(0);
    const got = await a.next(change('notices.ding', saved.data.id));
    expect(JSON.parse(got.data)).toEqual({
      event: 'record.changed',
      resource: 'notices.ding',
      id: String(saved.data.id),
    });
    // a change every signed-in user may list, published after: once sales has it, the ding change would have arrived
    const version = await post(
      `${V}/save`,
      { version: 'V9.9', innerVersion: '9.9.0-live', title: 'x', content: '-' },
      admin,
    );
    expect(version.code).toBe(0);
    await s.next(change('notices.versions', version.data.id));
    await a.next(change('notices.versions', version.data.id));
    expect(s.events.some(change('notices.ding'))).toBe(false);
  });

  it('tells a personal record only to the users it concerns', async () => {
    const [a, s, f] = await Promise.all([open(admin), open(sales), open(finance)]);
    const questions = (await t.app.inject({ url: `${F}/questionList`, headers: bearer(sales) })).json().data as {
      id: number;
    }[];
    const sent = await post(`${F}/commitFeedback`, { questionId: questions[0]!.id, content: '列表不刷新' }, sales);
    expect(sent.code).toBe(0);
    const id = sent.data.id as number;
    await s.next(change('feedback.mine', id));
    await a.next(change('feedback.manage', id)); // the manager's list
    // finance neither wrote it nor manages feedback; a later public change shows its stream is live
    await publishRecordChanged(t.p.bus, 'notices.versions', 1);
    await f.next(change('notices.versions', 1));
    expect(f.events.some((e) => change('feedback.manage')(e) || change('feedback.mine')(e))).toBe(false);
    expect(a.events.some(change('feedback.mine'))).toBe(false);
    expect(s.events.some(change('feedback.manage'))).toBe(false);
  });

  it('forwards nothing for a resource nobody declared', async () => {
    const a = await open(admin);
    await publishRecordChanged(t.p.bus, 'nobody.declared', 7);
    await publishRecordChanged(t.p.bus, 'notices.versions', 2);
    await a.next(change('notices.versions', 2));
    expect(a.events.some((e) => e.event === 'record.changed' && e.data.includes('nobody.declared'))).toBe(false);
  });
});
