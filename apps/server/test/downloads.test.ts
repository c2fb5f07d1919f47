import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Errors, Perm } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exportTasks } from '../src/platform/exports/schema.js';
import { defineExportSource } from '../src/platform/exports/source.js';
import { expireExportTasks, retryExportTask, runExportTask, taskRow } from '../src/platform/exports/tasks.js';
import { EXPORT_TASKS_RESOURCE, HEARTBEAT_STALE_SECONDS } from '../src/platform/exports/topics.js';
import { files } from '../src/platform/files/schema.js';
import { RECORD_CHANGED } from '../src/platform/live/record-changes.js';
import { bearer, DEMO, onPostgres, poll, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const API = '/v2/download/downloadCenter/api/task';

/** a list whose query takes 6 s and writes no row meanwhile (PostgreSQL: pg_sleep) */
defineExportSource({
  key: 'test.slow',
  perm: Perm.SYS_USER_LIST,
  query: z.object({}),
  title: { 'zh-CN': '慢', en: 'slow' },
  columns: [{ zh: '列', en: 'col' }],
  count: async () => 1,
  select: () => ({ sql: 'select pg_sleep(6)::text', params: [] }),
  cells: (row) => [String(row[0])],
});

describe('download center: my export tasks', () => {
  let t: TestApp & { url: string };
  let admin: Tokens;
  let ops: Tokens;
  let dataDir: string;
  const prevSync = process.env.EXPORT_SYNC_MAX_ROWS;

  beforeAll(async () => {
    process.env.EXPORT_SYNC_MAX_ROWS = '0'; // every export is a task
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-downloads-'));
    t = await startTestApp({ listen: true, jobs: true, env: { DATA_DIR: dataDir } });
    admin = await signIn(t.app, DEMO.admin);
    ops = await signIn(t.app, DEMO.ops01);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (prevSync === undefined) delete process.env.EXPORT_SYNC_MAX_ROWS;
    else process.env.EXPORT_SYNC_MAX_ROWS = prevSync;
  });

  const call = async (method: 'GET' | 'POST', url: string, tok: Tokens, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: bearer(tok), ...(payload ? { payload } : {}) });
    // biome-ignore lint/suspicious/noExplicitAny: the calls answer several shapes, checked field by field
    return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) };
  };
  const page = (tok: Tokens, q: object = {}) => call('POST', `${API}/page`, tok, { page: 1, size: 20, ...q });
  const startExport = async (body: object = {}) => {
    const res = await call('POST', '/v2/sys/staff/user/export', admin, body);
    expect(res.code).toBe(0);
    return res.data as { taskId: number; totalNum: number };
  };
  const stateOf = async (id: number) => (await call('GET', `${API}/${id}`, admin)).data;

  it('lists my tasks with rows, size and state, publishes changes, and hands out a signed URL', async () => {
    const seen: string[] = [];
    const off = t.p.bus.subscribe(RECORD_CHANGED, (id) => seen.push(id));
    const { taskId, totalNum } = await startExport({ keyword: 'sales' });
    const done = await poll(
      () => stateOf(taskId),
      (x) => x.state === 'done',
    );
    expect(done).toMatchObject({ state: 'done', progress: 100, totalNum, rowsWritten: totalNum });
    expect(done.size).toBeGreaterThan(0);
    expect(done.name).toMatch(/^staff-users_\d{14}\.xlsx$/);
    // created, running, done: every change was published with the task id (on PostgreSQL the
    // notifications arrive asynchronously, after the state the poll saw)
    await expect
      .poll(() => seen.filter((id) => id === `${EXPORT_TASKS_RESOURCE}:${taskId}`).length)
      .toBeGreaterThanOrEqual(3);
    off();

    const mine = await page(admin);
    expect(mine.data.records.map((r: { id: number }) => r.id)).toContain(taskId);
    expect(mine.data.active).toBe(0);
    expect((await page(admin, { state: 'failed' })).data.records).toEqual([]);
    // another user sees none of it and cannot touch it
    expect((await page(ops)).data.total).toBe(0);
    expect((await call('GET', `${API}/${taskId}/url`, ops)).status).toBe(404);
    expect((await call('POST', `${API}/delete`, ops, { id: taskId })).status).toBe(404);

    const { data } = await call('GET', `${API}/${taskId}/url`, admin);
    const file = await fetch(`${t.url}${data.url}`);
    expect(file.status).toBe(200);
    expect(Number(file.headers.get('content-length'))).toBe(done.size);
  });

  it('refuses a URL before the file exists, retries only failed or expired tasks', async () => {
    const [queued] = await t.p.db
      .insert(exportTasks)
      .values({ userId: 1, source: 'system.users', name: 'later.xlsx', format: 'xlsx', query: {}, locale: 'en' })
      .returning();
    expect((await call('GET', `${API}/${queued!.id}/url`, admin)).code).toBe(Errors.EXPORT_NOT_READY.code);
    expect((await call('POST', `${API}/retry`, admin, { id: queued!.id })).code).toBe(Errors.EXPORT_NOT_RETRYABLE.code);

    await t.p.db
      .update(exportTasks)
      .set({ state: 'failed', reason: 'Export failed: disk full' })
      .where(eq(exportTasks.id, queued!.id));
    const failedRow = (await page(admin, { state: 'failed' })).data.records[0];
    expect(failedRow).toMatchObject({ id: queued!.id, reason: 'Export failed: disk full' });

    const retried = await call('POST', `${API}/retry`, admin, { id: queued!.id });
    expect(retried.data).toMatchObject({ state: 'queued', reason: null });
    const done = await poll(
      () => stateOf(queued!.id),
      (x) => x.state === 'done',
    );
    expect(done.state).toBe('done');
  });

  it('a running task whose heartbeat stopped shows as stalled and may be retried at once', async () => {
    const [task] = await t.p.db
      .insert(exportTasks)
      .values({ userId: 1, source: 'system.users', name: 'stuck.xlsx', format: 'xlsx', query: {}, locale: 'en' })
      .returning();
    const id = task!.id;
    // a worker that beats: running, not stalled, not retryable
    const beatAt = new Date();
    await t.p.db
      .update(exportTasks)
      .set({ state: 'running', attempt: 1, heartbeatAt: beatAt, worker: 'gone:1' })
      .where(eq(exportTasks.id, id));
    expect(await stateOf(id)).toMatchObject({ state: 'running', stalled: false });
    expect((await call('POST', `${API}/retry`, admin, { id })).code).toBe(Errors.EXPORT_NOT_RETRYABLE.code);
    const [row] = await t.p.db.select().from(exportTasks).where(eq(exportTasks.id, id));
    // the clock moves on (injected, no sleeping): 25 s without a beat is fine, 31 s is a dead worker
    expect(taskRow(row!, new Date(beatAt.getTime() + 25_000)).stalled).toBe(false);
    expect(taskRow(row!, new Date(beatAt.getTime() + (HEARTBEAT_STALE_SECONDS + 1) * 1000)).stalled).toBe(true);
    await expect(retryExportTask(t.p, 1, id, new Date(beatAt.getTime() + 25_000))).rejects.toMatchObject({
      def: Errors.EXPORT_NOT_RETRYABLE,
    });

    // the worker died long ago: the list says so and the retry runs it again as a new attempt
    await t.p.db
      .update(exportTasks)
      .set({ heartbeatAt: new Date(Date.now() - (HEARTBEAT_STALE_SECONDS + 1) * 1000) })
      .where(eq(exportTasks.id, id));
    const listed = (await page(admin)).data.records.find((r: { id: number }) => r.id === id);
    expect(listed).toMatchObject({ state: 'running', stalled: true });
    const retried = await call('POST', `${API}/retry`, admin, { id });
    expect(retried.code).toBe(0);
    expect(retried.data).toMatchObject({ state: 'queued', stalled: false });
    const done = await poll(
      () => stateOf(id),
      (x) => x.state === 'done',
    );
    expect(done).toMatchObject({ state: 'done', stalled: false });
    const [after] = await t.p.db.select().from(exportTasks).where(eq(exportTasks.id, id));
    expect(after!.attempt).toBe(2);
  });

  it.skipIf(!onPostgres)('a running task beats its heartbeat while its query is slow (no rows yet)', async () => {
    const [task] = await t.p.db
      .insert(exportTasks)
      .values({ userId: 1, source: 'test.slow', name: 'slow.xlsx', format: 'xlsx', query: {}, locale: 'en' })
      .returning();
    await runExportTask(t.p, { taskId: task!.id, attempt: task!.attempt });
    const [after] = await t.p.db.select().from(exportTasks).where(eq(exportTasks.id, task!.id));
    expect(after!.state).toBe('done');
    // beats every 5 s: during the 6 s query at least one beat came after the start
    expect(after!.heartbeatAt!.getTime() - after!.startedAt!.getTime()).toBeGreaterThanOrEqual(4000);
  });

  it('expires old files in the cleanup: the task shows expired, the file and its URL are gone', async () => {
    const { taskId } = await startExport({ keyword: 'ops' });
    const done = await poll(
      () => stateOf(taskId),
      (x) => x.state === 'done',
    );
    const { data } = await call('GET', `${API}/${taskId}/url`, admin);
    const fileRow = (await t.p.db.select().from(files).where(eq(files.id, done.fileId)))[0]!;
    const stored = path.join(dataDir, 'files', fileRow.storageKey);
    expect(fs.existsSync(stored)).toBe(true);

    expect(await expireExportTasks(t.p, new Date(Date.now() + 30 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await stateOf(taskId)).toMatchObject({ state: 'expired', fileId: null });
    expect(fs.existsSync(stored)).toBe(false);
    expect((await fetch(`${t.url}${data.url}`)).status).toBe(404);
    expect((await call('GET', `${API}/${taskId}/url`, admin)).code).toBe(Errors.EXPORT_EXPIRED.code);
    // an expired task can run again
    expect((await call('POST', `${API}/retry`, admin, { id: taskId })).code).toBe(0);
    await poll(
      () => stateOf(taskId),
      (x) => x.state === 'done',
    );
  });

  it('deletes a task with its file', async () => {
    const { taskId } = await startExport({ keyword: 'finance' });
    const done = await poll(
      () => stateOf(taskId),
      (x) => x.state === 'done',
    );
    expect((await call('POST', `${API}/delete`, admin, { id: taskId })).code).toBe(0);
    expect((await call('GET', `${API}/${taskId}`, admin)).status).toBe(404);
    expect(await t.p.db.select().from(files).where(eq(files.id, done.fileId))).toEqual([]);
  });
});
