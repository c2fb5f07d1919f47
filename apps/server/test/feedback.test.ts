import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Errors } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../src/platform/access/schema.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const F = '/v2/sys/staff/feedback';
// a real 1x1 PNG and GIF
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

describe('feedback and rating calls', () => {
  let t: TestApp & { url: string };
  let sales: Tokens;
  let admin: Tokens;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-feedback-'));
    t = await startTestApp({ listen: true, env: { DATA_DIR: dataDir } });
    [sales, admin] = await Promise.all([signIn(t.app, DEMO.sales01), signIn(t.app, DEMO.admin)]);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** a file through the platform upload service; answers its id */
  const upload = async (name: string, bytes: Buffer, who: Tokens = sales) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${t.url}/v2/sys/staff/file/upload`, { method: 'POST', headers: bearer(who), body: form });
    const body = (await res.json()) as { code: number; data: { id: string } };
    expect(body.code).toBe(0);
    return body.data.id;
  };

  const key = async (who: Tokens) =>
    (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(who) })).json().data
      .key as string;
  const get = (url: string, who: Tokens = sales) =>
    t.app.inject({ url, headers: bearer(who) }).then((r) => ({ status: r.statusCode, ...r.json() }));
  const post = async (url: string, payload: object, who: Tokens = sales, repeat = false) => {
    const headers = { ...bearer(who), ...(repeat ? { 'x-idempotence-key': await key(who) } : {}) };
    const r = await t.app.inject({ method: 'POST', url, headers, payload });
    return { status: r.statusCode, ...r.json() };
  };

  let questionId: number;
  let feedbackId: number;
  let pngId: string;
  let gifId: string;

  it('lists the feedback types and the tips; settings change them', async () => {
    const list = (await get(`${F}/questionList`)).data as { id: number; name: string }[];
    expect(list.map((q) => q.name)).toEqual(['功能建议', '系统问题', '使用咨询', '其他']);
    questionId = list[0]!.id;
    const other = list[3]!.id;
    // sales may not change settings
    expect((await post(`${F}/questionList/update`, { questions: [{ name: 'x' }] }, sales, true)).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    const updated = await post(
      `${F}/questionList/update`,
      {
        questions: [{ id: questionId, name: '功能建议' }, { id: list[1]!.id, name: '系统缺陷' }, { name: '数据问题' }],
      },
      admin,
      true,
    );
    expect(updated.code).toBe(0);
    const enabled = (await get(`${F}/questionList`)).data as { id: number; name: string }[];
    expect(enabled.map((q) => q.name)).toEqual(['功能建议', '系统缺陷', '数据问题']);
    const all = (await get(`${F}/questionList?all=1`, admin)).data as { id: number; enabled: boolean }[];
    expect(all.find((q) => q.id === other)?.enabled).toBe(false);

    expect((await get(`${F}/feedbackConfig/tips`)).data.tips).toBe('');
    expect((await post(`${F}/feedbackConfig/tips/update`, { tips: '请描述问题' }, sales)).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    expect((await post(`${F}/feedbackConfig/tips/update`, { tips: '请描述问题' }, admin)).code).toBe(0);
    expect((await get(`${F}/feedbackConfig/tips`)).data.tips).toBe('请描述问题');
  });

  it('configures which menu items ask for a rating (the popup triggers)', async () => {
    const [menu] = await t.p.db.select().from(resources).where(eq(resources.international, 'crm'));
    const saved = await post(
      `${F}/feedbackPopupConfig/save`,
      { resourceId: menu!.id, enabled: true, question: '客户管理好用吗？', questionEn: 'CRM?', periodDays: 7 },
      admin,
    );
    expect(saved.code).toBe(0);
    const page = await post(`${F}/feedbackPopupConfig`, { page: 1, size: 50 }, admin);
    expect(page.data.records).toContainEqual(
      expect.objectContaining({
        resourceId: menu!.id,
        question: '客户管理好用吗？',
        questionEn: 'CRM?',
        periodDays: 7,
      }),
    );
    expect((await get(`${F}/needScore?resourceId=${menu!.id}`)).data).toEqual({
      need: true,
      question: '客户管理好用吗？',
      questionEn: 'CRM?',
    });
    expect((await post(`${F}/commitScore`, { resourceId: menu!.id, score: 5 })).code).toBe(0);
    expect((await get(`${F}/needScore?resourceId=${menu!.id}`)).data.need).toBe(false);
    expect((await post(`${F}/feedbackPopupConfig/delete`, { resourceId: menu!.id }, admin)).code).toBe(0);
    expect((await get(`${F}/needScore?resourceId=${menu!.id}`, admin)).data.need).toBe(false);
    expect((await post(`${F}/feedbackPopupConfig/save`, { resourceId: 99999999, enabled: true }, admin)).code).toBe(
      Errors.NOT_FOUND.code,
    );
    expect((await post(`${F}/feedbackPopupConfig`, {}, sales)).code).toBe(Errors.NO_PERMISSION.code);
  });

  it('takes feedback with screenshots uploaded through the upload service', async () => {
    expect((await get(`${F}/checkUserHasFeedback`)).data.has).toBe(false);
    [pngId, gifId] = [await upload('shot.png', PNG), await upload('shot.gif', GIF)];
    const sent = await post(
      `${F}/commitFeedback`,
      { questionId, content: '表格导出太慢', page: '/crm/customer', screenshotIds: [pngId, gifId] },
      sales,
      true,
    );
    expect(sent.code).toBe(0);
    feedbackId = sent.data.id;
    expect((await get(`${F}/checkUserHasFeedback`)).data.has).toBe(true);

    const refused = async (screenshotIds: string[], who: Tokens = sales) => {
      const res = await post(`${F}/commitFeedback`, { questionId, content: 'x', screenshotIds }, who, true);
      expect(res.code, JSON.stringify(screenshotIds)).toBe(Errors.VALIDATION_FAILED.code);
      return res.data as { field: string; message: string }[];
    };
    // an id the upload service never gave out
    const unknown = await refused(['00000000-0000-4000-8000-000000000000']);
    expect(unknown).toEqual([expect.objectContaining({ field: 'body.screenshotIds' })]);
    // a real file that is not an image, and an image over 1 MB: their own codes
    const textId = await upload('notes.txt', Buffer.from('hello world, not an image'));
    const notImage = await post(
      `${F}/commitFeedback`,
      { questionId, content: 'x', screenshotIds: [pngId, textId] },
      sales,
      true,
    );
    expect(notImage).toMatchObject({
      code: Errors.FEEDBACK_IMAGE_INVALID.code,
      data: [{ field: 'body.screenshotIds', message: textId }],
    });
    const bigId = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    const tooBig = await post(`${F}/commitFeedback`, { questionId, content: 'x', screenshotIds: [bigId] }, sales, true);
    expect(tooBig).toMatchObject({
      code: Errors.FEEDBACK_IMAGE_TOO_LARGE.code,
      data: [{ field: 'body.screenshotIds', message: bigId }],
    });
    // another user's upload counts as unknown
    const adminPng = await upload('admin.png', PNG, admin);
    await refused([adminPng]);
    // more than three, repeated ids, not uuids
    await refused([pngId, gifId, pngId, gifId]);
    await refused([pngId, pngId]);
    await refused(['shot.png']);
    // nothing was stored by the refused calls
    expect((await post(`${F}/myFeedbackPage`, { page: 1, size: 10 })).data.total).toBe(1);
    const disabled = (await get(`${F}/questionList?all=1`, admin)).data.find((q: { enabled: boolean }) => !q.enabled);
    expect((await post(`${F}/commitFeedback`, { questionId: disabled.id, content: 'x' }, sales, true)).code).toBe(
      Errors.FEEDBACK_QUESTION_UNKNOWN.code,
    );
  });

  it('lists my feedback and all feedback for managers, with filters', async () => {
    const mine = await post(`${F}/myFeedbackPage`, { page: 1, size: 10 });
    expect(mine.data.total).toBe(1);
    expect(mine.data.records[0]).toMatchObject({
      id: feedbackId,
      status: 'pending',
      imageCount: 2,
      questionName: '功能建议',
    });
    expect((await post(`${F}/myFeedbackPage`, {}, admin)).data.total).toBe(0);
    expect((await post(`${F}/feedbackManagePage`, {}, sales)).code).toBe(Errors.NO_PERMISSION.code);
    const managed = await post(`${F}/feedbackManagePage`, { status: 'pending', keyword: '导出' }, admin);
    expect(managed.data.records.map((r: { id: number }) => r.id)).toEqual([feedbackId]);
    expect((await post(`${F}/feedbackManagePage`, { status: 'closed' }, admin)).data.total).toBe(0);
    expect((await get(`${F}/countUnReply`, admin)).data.count).toBe(1);
    expect((await get(`${F}/countUnReply`, sales)).code).toBe(Errors.NO_PERMISSION.code);
  });

  it('a reply reaches the author as a message; opening the feedback clears its mark', async () => {
    const replied = await post(`${F}/feedbackReply`, { id: feedbackId, content: '已优化，请再试' }, admin, true);
    expect(replied.code).toBe(0);
    expect((await get(`${F}/countResponeFeedback`)).data.count).toBe(1);
    expect((await get(`${F}/countUnReply`, admin)).data.count).toBe(0);
    const msgs = await post('/v2/sys/mc/message/query/center/message/list', { type: 'feedback' });
    expect(msgs.data.records[0]).toMatchObject({
      content: '已优化，请再试',
      link: `/csc/feedbackmanagement/feedback?id=${feedbackId}`,
      sourceKind: 'feedback',
      sourceId: String(feedbackId),
    });
    const detail = (await get(`${F}/getFeedbackDetail?id=${feedbackId}`)).data;
    expect(detail.screenshots).toEqual([
      { id: pngId, name: 'shot.png', size: PNG.length, url: expect.stringMatching(/^\/v2\/files\//) },
      { id: gifId, name: 'shot.gif', size: GIF.length, url: expect.any(String) },
    ]);
    // the signed URLs download the very bytes uploaded
    for (const [shot, bytes] of [
      [detail.screenshots[0], PNG],
      [detail.screenshots[1], GIF],
    ] as const) {
      const dl = await fetch(`${t.url}${shot.url}`);
      expect(dl.status).toBe(200);
      expect(Buffer.from(await dl.arrayBuffer()).equals(bytes)).toBe(true);
    }
    // the manager sees them too
    const managed = (await get(`${F}/getFeedbackDetail?id=${feedbackId}`, admin)).data;
    expect(managed.screenshots.map((s: { id: string }) => s.id)).toEqual([pngId, gifId]);
    expect(detail.replies).toEqual([
      expect.objectContaining({ content: '已优化，请再试', userName: expect.any(String) }),
    ]);
    expect(detail.status).toBe('replied');
    expect((await get(`${F}/countResponeFeedback`)).data.count).toBe(0);
    // another user without the management key cannot read it
    const finance = await signIn(t.app, DEMO.finance01);
    expect((await get(`${F}/getFeedbackDetail?id=${feedbackId}`, finance)).code).toBe(Errors.NOT_FOUND.code);
  });

  it('closes; a closed feedback takes no reply', async () => {
    expect((await post(`${F}/feedbackClose`, { id: feedbackId }, admin)).code).toBe(0);
    expect((await post(`${F}/feedbackClose`, { id: feedbackId }, admin)).code).toBe(Errors.FEEDBACK_CLOSED.code);
    expect((await post(`${F}/feedbackReply`, { id: feedbackId, content: 'more' }, admin, true)).code).toBe(
      Errors.FEEDBACK_CLOSED.code,
    );
    expect((await post(`${F}/feedbackReply`, { id: 99999999, content: 'x' }, admin, true)).code).toBe(
      Errors.NOT_FOUND.code,
    );
    expect((await get(`${F}/getFeedbackDetail?id=${feedbackId}`)).data.closedAt).not.toBeNull();
  });

  it('refuses bad input with 10000001', async () => {
    const cases: [string, object, Tokens][] = [
      [`${F}/commitFeedback`, { questionId, content: '' }, sales],
      [`${F}/commitFeedback`, { questionId: 'a', content: 'x' }, sales],
      [`${F}/commitFeedback`, { questionId, content: 'x', screenshotIds: ['http://example.com/a.png'] }, sales],
      [`${F}/commitFeedback`, { questionId, content: 'x', page: 'no-slash' }, sales],
      [`${F}/myFeedbackPage`, { status: 'lost' }, sales],
      [`${F}/feedbackManagePage`, { from: 'today' }, admin],
      [`${F}/feedbackReply`, { id: feedbackId, content: '  ' }, admin],
      [`${F}/feedbackClose`, { id: 0 }, admin],
      [`${F}/questionList/update`, { questions: [] }, admin],
      [`${F}/feedbackConfig/tips/update`, { tips: 'x'.repeat(501) }, admin],
      [`${F}/feedbackPopupConfig/save`, { resourceId: 1, enabled: true, periodDays: 0 }, admin],
      [`${F}/commitScore`, { resourceId: 1, score: 0 }, sales],
    ];
    for (const [url, body, who] of cases) {
      const res = await post(
        url,
        body,
        who,
        url.endsWith('commitFeedback') || url.endsWith('update') || url.endsWith('feedbackReply'),
      );
      expect(res.code, `${url} ${JSON.stringify(body)}`).toBe(Errors.VALIDATION_FAILED.code);
    }
    expect((await get(`${F}/getFeedbackDetail?id=abc`)).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await get(`${F}/needScore?resourceId=-2`)).code).toBe(Errors.VALIDATION_FAILED.code);
  });
});
