import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Errors } from '@portal/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackQuestions, feedbacks } from '../src/modules/feedback/schema.js';
import { mcMessages } from '../src/modules/messages/schema.js';
import { dingNotices, versionNotices } from '../src/modules/notices/schema.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { exportTasks } from '../src/platform/exports/schema.js';
import { bearer, DEMO, poll, signIn, startTestApp, type TestApp, type Tokens, xlsxSheets } from './harness.js';

/** Sheet rows (values as text) of an XLSX's first sheet. */
const xlsxRows = async (buf: Buffer) => (await xlsxSheets(buf))[0]!;

const utc = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') : '');
const SYNC_MAX = 4;

describe('exports of the feedback and notices lists', () => {
  let t: TestApp & { url: string };
  let admin: Tokens;
  let sales: Tokens;
  let dataDir: string;
  const prevSync = process.env.EXPORT_SYNC_MAX_ROWS;

  beforeAll(async () => {
    // more than SYNC_MAX rows go to the download center
    process.env.EXPORT_SYNC_MAX_ROWS = String(SYNC_MAX);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-list-exports-'));
    t = await startTestApp({ listen: true, jobs: true, env: { DATA_DIR: dataDir } });
    [admin, sales] = await Promise.all([signIn(t.app, DEMO.admin), signIn(t.app, DEMO.sales01)]);

    const users = await t.p.db
      .select({ id: staffUsers.id, username: staffUsers.username })
      .from(staffUsers)
      .where(inArray(staffUsers.username, ['sales01', 'finance01']));
    const questions = await t.p.db.select({ id: feedbackQuestions.id }).from(feedbackQuestions);
    const base = Date.parse('2026-03-01T08:00:00Z');
    await t.p.db.insert(feedbacks).values(
      Array.from({ length: 9 }, (_, i) => ({
        userId: users[i % users.length]!.id,
        questionId: questions[i % questions.length]!.id,
        content: i % 3 === 0 ? `导出 export check ${i}` : `other feedback ${i}`,
        page: i % 2 ? `/crm/customer?i=${i}` : null,
        status: (['pending', 'replied', 'closed'] as const)[i % 3],
        replyCount: i % 3,
        imageCount: 0,
        createdAt: new Date(base + i * 3_600_000),
        updatedAt: new Date(base + i * 3_600_000),
      })),
    );
    await t.p.db.insert(versionNotices).values(
      Array.from({ length: 7 }, (_, i) => ({
        version: `9.${i}.0`,
        innerVersion: `exp-${i}`,
        title: `Export test release ${i}`,
        content: `notes ${i}`,
        popup: i % 2 === 0,
        publishedAt: i < 5 ? new Date(base + i * 86_400_000) : null,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    await t.p.db.insert(dingNotices).values(
      Array.from({ length: 6 }, (_, i) => ({
        title: `Export ding ${i}`,
        content: `ding body ${i}`,
        link: i % 2 ? `https://example.com/${i}` : null,
        enabled: i % 2 === 1,
        pushCount: i,
        createdAt: new Date(base + i * 60_000),
      })),
    );
  });
  // messages of two users: sales01 has 6 (half read), finance01 has 3
  const seedMessages = async () => {
    const users = await t.p.db
      .select({ id: staffUsers.id, username: staffUsers.username })
      .from(staffUsers)
      .where(inArray(staffUsers.username, ['sales01', 'finance01']));
    const id = (u: string) => users.find((x) => x.username === u)!.id;
    const base = Date.parse('2026-04-01T08:00:00Z');
    await t.p.db.insert(mcMessages).values([
      ...Array.from({ length: 6 }, (_, i) => ({
        userId: id('sales01'),
        type: i % 2 ? 'approval' : 'system',
        title: `Export msg ${i}`,
        content: `message body ${i}`,
        status: i % 2,
        createdAt: new Date(base + i * 60_000),
      })),
      ...Array.from({ length: 3 }, (_, i) => ({
        userId: id('finance01'),
        type: 'system',
        title: `Export msg of finance ${i}`,
        content: `not for sales ${i}`,
        createdAt: new Date(base + i * 60_000),
      })),
    ]);
  };

  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (prevSync === undefined) delete process.env.EXPORT_SYNC_MAX_ROWS;
    else process.env.EXPORT_SYNC_MAX_ROWS = prevSync;
  });

  const list = async <R>(url: string, tok: Tokens, filters: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(tok),
      payload: { page: 1, size: 200, ...filters },
    });
    expect(res.json().code).toBe(0);
    return res.json().data as { total: number; records: R[] };
  };
  const exportCall = (url: string, tok: Tokens, body: object, locale = 'en') =>
    fetch(`${t.url}${url}`, {
      method: 'POST',
      headers: { ...bearer(tok), 'content-type': 'application/json', 'accept-language': locale },
      body: JSON.stringify(body),
    });
  const taskCount = async () => (await t.p.db.select({ n: sql<number>`count(*)::int` }).from(exportTasks))[0]!.n;
  /** the export's rows (header first): answered as the file, or through a download-center task */
  const exported = async (url: string, tok: Tokens, body: object, locale = 'en') => {
    const res = await exportCall(url, tok, body, locale);
    expect(res.status).toBe(200);
    if (!res.headers.get('content-type')?.includes('json')) {
      return { via: 'file' as const, rows: await xlsxRows(Buffer.from(await res.arrayBuffer())) };
    }
    const accepted = (await res.json()) as { code: number; data: { syncFlag: boolean; taskId: number } };
    expect(accepted.code).toBe(0);
    expect(accepted.data.syncFlag).toBe(true);
    const done = await poll(
      async () => (await t.p.db.select().from(exportTasks).where(eq(exportTasks.id, accepted.data.taskId)))[0]!,
      (x) => x.state === 'done' || x.state === 'failed',
    );
    expect(done.state).toBe('done');
    const link = await t.app.inject({
      method: 'GET',
      url: `/v2/download/downloadCenter/api/task/${done.id}/url`,
      headers: bearer(tok),
    });
    const file = await fetch(`${t.url}${link.json().data.url}`);
    expect(file.status).toBe(200);
    return { via: 'task' as const, rows: await xlsxRows(Buffer.from(await file.arrayBuffer())) };
  };
  const refused = async (url: string, tok: Tokens) => {
    const before = await taskCount();
    const res = await exportCall(url, tok, {});
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: number }).code).toBe(Errors.NO_PERMISSION.code);
    expect(await taskCount()).toBe(before);
  };

  type Feedback = {
    id: number;
    userName: string;
    questionName: string | null;
    content: string;
    page: string | null;
    status: string;
    replyCount: number;
    createdAt: string;
  };
  const FB_LIST = '/v2/sys/staff/feedback/feedbackManagePage';
  const FB_EXPORT = `${FB_LIST}/export`;
  const STATUS_EN: Record<string, string> = { pending: 'Waiting', replied: 'Replied', closed: 'Closed' };
  const fbRow = (r: Feedback) => [
    String(r.id),
    r.userName,
    r.questionName ?? '',
    r.content,
    r.page ?? '',
    STATUS_EN[r.status]!,
    String(r.replyCount),
    '0',
    utc(r.createdAt),
  ];

  it('feedback: a filtered export is the file with exactly the list rows, in the list order', async () => {
    const filters = {
      keyword: 'export check',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-01T23:59:59.999Z',
      sortOrder: 'ascend',
    };
    const page = await list<Feedback>(FB_LIST, admin, filters);
    expect(page.total).toBe(3);
    const { via, rows } = await exported(FB_EXPORT, admin, filters);
    expect(via).toBe('file');
    expect(rows[0]).toEqual([
      'ID',
      'From',
      'Type',
      'Feedback',
      'Page',
      'State',
      'Replies',
      'Screenshots',
      'Sent at (UTC)',
      'Updated (UTC)',
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 9))).toEqual(page.records.map(fbRow));

    const closed = await list<Feedback>(FB_LIST, admin, { status: 'closed' });
    const zh = await exported(FB_EXPORT, admin, { status: 'closed' }, 'zh-CN');
    expect(zh.rows[0]![0]).toBe('编号');
    expect(zh.rows.slice(1).map((r) => [r[0], r[5]])).toEqual(closed.records.map((r) => [String(r.id), '已关闭']));
  });

  it('feedback: a large export becomes a task whose file holds the list rows', async () => {
    const page = await list<Feedback>(FB_LIST, admin);
    expect(page.total).toBeGreaterThan(SYNC_MAX);
    const { via, rows } = await exported(FB_EXPORT, admin, {});
    expect(via).toBe('task');
    expect(rows.slice(1).map((r) => r.slice(0, 9))).toEqual(page.records.map(fbRow));
  });

  it('feedback: a user without the management permission is refused and no task is created', async () => {
    await refused(FB_EXPORT, sales);
  });

  type Version = {
    version: string;
    innerVersion: string | null;
    title: string;
    content: string;
    popup: boolean;
    publishedAt: string | null;
    createdAt: string;
  };
  const V_LIST = '/v2/sys/staff/version/page';
  const V_EXPORT = '/v2/sys/staff/version/export';
  const versionRow = (r: Version) => [
    r.version,
    r.innerVersion ?? '',
    r.title,
    r.content,
    r.popup ? 'Yes' : 'No',
    r.publishedAt ? utc(r.publishedAt) : 'Draft',
    utc(r.createdAt),
  ];

  it('version records: exports the list rows for the same filters, sync and as a task', async () => {
    const published = await list<Version>(V_LIST, admin, { keyword: 'Export test', published: 'yes' });
    expect(published.total).toBe(5);
    const task = await exported(V_EXPORT, admin, { keyword: 'Export test', published: 'yes' });
    expect(task.via).toBe('task');
    expect(task.rows.slice(1)).toEqual(published.records.map(versionRow));

    const drafts = await list<Version>(V_LIST, admin, { keyword: 'Export test', published: 'no' });
    expect(drafts.total).toBe(2);
    const file = await exported(V_EXPORT, admin, { keyword: 'Export test', published: 'no' });
    expect(file.via).toBe('file');
    expect(file.rows[0]).toEqual([
      'Version',
      'Inner version',
      'Title',
      'Release notes',
      'Popup on start',
      'Published (UTC)',
      'Created (UTC)',
    ]);
    expect(file.rows.slice(1)).toEqual(drafts.records.map(versionRow));
  });

  type Ding = {
    title: string;
    content: string;
    link: string | null;
    enabled: boolean;
    pushCount: number;
    pushedAt: string | null;
    createdAt: string;
  };
  const D_LIST = '/v2/sys/staff/dingNotice/page';
  const D_EXPORT = '/v2/sys/staff/dingNotice/export';
  const dingRow = (r: Ding) => [
    r.title,
    r.content,
    r.link ?? '',
    r.enabled ? 'Yes' : 'No',
    String(r.pushCount),
    utc(r.pushedAt),
    utc(r.createdAt),
  ];

  it('ding notices: exports the list rows for the same filters, sync and as a task', async () => {
    const on = await list<Ding>(D_LIST, admin, { keyword: 'Export ding', enabled: 'yes' });
    expect(on.total).toBe(3);
    const file = await exported(D_EXPORT, admin, { keyword: 'Export ding', enabled: 'yes' });
    expect(file.via).toBe('file');
    expect(file.rows.slice(1)).toEqual(on.records.map(dingRow));

    const all = await list<Ding>(D_LIST, admin, { keyword: 'Export ding' });
    expect(all.total).toBe(6);
    const task = await exported(D_EXPORT, admin, { keyword: 'Export ding' });
    expect(task.via).toBe('task');
    expect(task.rows.slice(1)).toEqual(all.records.map(dingRow));
  });

  it('notices: a user without the notice settings permission is refused and no task is created', async () => {
    await refused(V_EXPORT, sales);
    await refused(D_EXPORT, sales);
  });

  type Message = {
    type: string;
    title: string;
    content: string;
    status: 0 | 1;
    createdAt: string;
    readAt: string | null;
  };
  const M_LIST = '/v2/sys/mc/message/query/center/message/list';
  const M_EXPORT = `${M_LIST}/export`;
  const msgRow = (r: Message) => [
    r.type === 'approval' ? 'Approval' : 'System',
    r.title,
    r.content,
    r.status === 1 ? 'Read' : 'Unread',
    utc(r.createdAt),
  ];
  /** the first five cells (an empty last cell is not in the sheet) */
  const firstFive = (rows: string[][]) => rows.map((r) => r.slice(0, 5));

  it('messages: any signed-in user exports only their own messages, with the list filters, sync and as a task', async () => {
    await seedMessages();
    const unread = await list<Message>(M_LIST, sales, { keyword: 'Export msg', status: 0 });
    expect(unread.total).toBe(3);
    const file = await exported(M_EXPORT, sales, { keyword: 'Export msg', status: 0 });
    expect(file.via).toBe('file');
    expect(file.rows[0]).toEqual(['Type', 'Title', 'Content', 'State', 'Time (UTC)', 'Read at (UTC)']);
    expect(firstFive(file.rows.slice(1))).toEqual(unread.records.map(msgRow));

    // more than SYNC_MAX: a download-center task, run later with the caller's identity; never finance01's rows
    const all = await list<Message>(M_LIST, sales, { keyword: 'Export msg' });
    expect(all.total).toBe(6);
    const task = await exported(M_EXPORT, sales, { keyword: 'Export msg' });
    expect(task.via).toBe('task');
    expect(firstFive(task.rows.slice(1))).toEqual(all.records.map(msgRow));
    expect(task.rows.flat().join(' ')).not.toContain('finance');

    // someone who is not signed in gets nothing
    const anonymous = await fetch(`${t.url}${M_EXPORT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
  });
});
