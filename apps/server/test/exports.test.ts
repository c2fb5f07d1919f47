import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Errors, exportEstimateMinutes, Perm } from '@portal/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mcMessages } from '../src/modules/messages/schema.js';
import { resources, roleResources, roles } from '../src/platform/access/schema.js';
import { exportTasks } from '../src/platform/exports/schema.js';
import { defineExportSource } from '../src/platform/exports/source.js';
import { createExportTask, recoverExportTasks } from '../src/platform/exports/tasks.js';
import { writeRows } from '../src/platform/exports/writer.js';
import {
  accessChanged,
  bearer,
  DEMO,
  onPostgres,
  poll,
  signIn,
  startTestApp,
  type TestApp,
  type Tokens,
  xlsxSheets,
} from './harness.js';

type Row = {
  username: string;
  name: string;
  jobNumber: string;
  email: string | null;
  status: string;
  deptNames: string[];
  roleNames: string[];
};
/** departments and roles as the export writes them */
const joined = (v: string[]) => [...v].sort().join(', ');

defineExportSource({
  key: 'test.broken',
  perm: Perm.SYS_USER_LIST,
  query: z.object({}),
  title: { 'zh-CN': '坏的', en: 'broken' },
  columns: [{ zh: '列', en: 'col' }],
  count: async () => 1,
  select: () => ({ sql: 'select no_such_column from staff_users', params: [] }),
  cells: (row) => [String(row[0])],
});

describe('exports: the list export service', () => {
  let t: TestApp & { url: string };
  let admin: Tokens;
  let dataDir: string;
  const prevSync = process.env.EXPORT_SYNC_MAX_ROWS;

  beforeAll(async () => {
    // more than 5 rows go to the download center
    process.env.EXPORT_SYNC_MAX_ROWS = '5';
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-exports-'));
    t = await startTestApp({ listen: true, jobs: true, env: { DATA_DIR: dataDir } });
    admin = await signIn(t.app, DEMO.admin);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (prevSync === undefined) delete process.env.EXPORT_SYNC_MAX_ROWS;
    else process.env.EXPORT_SYNC_MAX_ROWS = prevSync;
  });

  const listAll = async (tok: Tokens, filters: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/user/page',
      headers: bearer(tok),
      payload: { page: 1, size: 200, ...filters },
    });
    expect(res.json().code).toBe(0);
    return res.json().data as { total: number; records: Row[] };
  };
  const exportCall = (tok: Tokens, body: object, locale = 'en') =>
    fetch(`${t.url}/v2/sys/staff/user/export`, {
      method: 'POST',
      headers: { ...bearer(tok), 'content-type': 'application/json', 'accept-language': locale },
      body: JSON.stringify(body),
    });
  const task = async (id: number) => (await t.p.db.select().from(exportTasks).where(eq(exportTasks.id, id)))[0]!;
  /** exports through the download center and returns the XLSX sheets */
  const exportViaTask = async (tok: Tokens, body: object) => {
    const res = await exportCall(tok, body);
    const accepted = (await res.json()) as {
      code: number;
      data: { syncFlag: boolean; taskId: number; totalNum: number };
    };
    expect(accepted.code).toBe(0);
    expect(accepted.data.syncFlag).toBe(true);
    const done = await poll(
      () => task(accepted.data.taskId),
      (x) => x.state === 'done' || x.state === 'failed',
    );
    expect(done.state).toBe('done');
    const url = await t.app.inject({
      method: 'GET',
      url: `/v2/download/downloadCenter/api/task/${done.id}/url`,
      headers: bearer(tok),
    });
    const file = await fetch(`${t.url}${url.json().data.url}`);
    expect(file.status).toBe(200);
    return { accepted: accepted.data, task: done, sheets: await xlsxSheets(Buffer.from(await file.arrayBuffer())) };
  };

  it('answers a small export as the file itself, with the list filters and order', async () => {
    const list = await listAll(admin, { keyword: 'finance', sortField: 'username', sortOrder: 'ascend' });
    expect(list.total).toBeGreaterThan(0);
    expect(list.total).toBeLessThanOrEqual(5);
    const res = await exportCall(admin, { keyword: 'finance', sortField: 'username', sortOrder: 'ascend' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/staff-users_\d{14}\.xlsx/);
    const [sheet] = await xlsxSheets(Buffer.from(await res.arrayBuffer()));
    expect(sheet![0]).toEqual([
      'Username',
      'Name',
      'Job number',
      'E-mail',
      'Status',
      'Departments',
      'Roles',
      'Created (UTC)',
    ]);
    expect(sheet!.slice(1).map((r) => r.slice(0, 4))).toEqual(
      list.records.map((r) => [r.username, r.name, r.jobNumber, r.email ?? '']),
    );
  });

  it('writes CSV with Chinese headers when asked', async () => {
    const res = await exportCall(admin, { keyword: 'ops01', format: 'csv' }, 'zh-CN');
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
    expect(text.startsWith('\ufeff用户名,姓名,工号')).toBe(true);
    expect(text.split('\r\n')[1]).toMatch(/^ops01,/);
  });

  it('creates a download-center task for a large export; its file holds exactly the list rows', async () => {
    const list = await listAll(admin);
    expect(list.total).toBeGreaterThan(5);
    const { accepted, task: done, sheets } = await exportViaTask(admin, {});
    expect(accepted.totalNum).toBe(list.total);
    expect(done.rowsWritten).toBe(list.total);
    expect(done.size).toBeGreaterThan(0);
    expect(done.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(sheets[0]!.slice(1).map((r) => [r[0], r[5], r[6]])).toEqual(
      list.records.map((r) => [r.username, joined(r.deptNames), joined(r.roleNames)]),
    );
    // the owner is told the file arrived (message center, pushed live), stored as a template and
    // read in the reader's language
    const told = await t.p.db
      .select()
      .from(mcMessages)
      .where(and(eq(mcMessages.sourceKind, 'export'), eq(mcMessages.sourceId, String(done.id))));
    expect(told).toEqual([
      expect.objectContaining({
        userId: done.userId,
        type: 'system',
        templateKey: 'export.ready',
        templateVars: { name: done.name },
        link: '/general/download',
      }),
    ]);
    const bellIn = async (lang: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v2/sys/mc/message/query/home/message/list',
          headers: { ...bearer(admin), 'accept-language': lang },
          payload: { size: 50 },
        })
      )
        .json()
        .data.find((m: { id: number }) => m.id === told[0]!.id);
    expect((await bellIn('en')).title).toBe(`Export ready: ${done.name}`);
    expect((await bellIn('zh-CN')).title).toBe(`导出完成：${done.name}`);
  });

  it('refuses the export to a user who may not run the list (403), and creates nothing', async () => {
    const sales = await signIn(t.app, DEMO.sales01);
    const before = await t.p.db.select({ n: sql<number>`count(*)::int` }).from(exportTasks);
    const res = await exportCall(sales, {});
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: number }).code).toBe(Errors.NO_PERMISSION.code);
    expect(await t.p.db.select({ n: sql<number>`count(*)::int` }).from(exportTasks)).toEqual(before);
  });

  it('exports exactly the rows a scoped user sees in the list (data scope), sync and async', async () => {
    const [res] = await t.p.db
      .select({ id: resources.id })
      .from(resources)
      .where(eq(resources.international, Perm.SYS_USER_LIST));
    const roleRows = await t.p.db
      .select({ id: roles.id })
      .from(roles)
      .where(inArray(roles.code, ['sales_manager', 'sales']));
    await t.p.db
      .insert(roleResources)
      .values(roleRows.map((r) => ({ roleId: r.id, resourceId: res!.id })))
      .onConflictDoNothing();
    await accessChanged(t.p);

    const mgr = await signIn(t.app, { username: 'salesmgr', password: 'Sales#2026' });
    const mgrList = await listAll(mgr);
    const adminList = await listAll(admin);
    expect(mgrList.total).toBeGreaterThan(5); // the sales department tree
    expect(mgrList.total).toBeLessThan(adminList.total);
    const { sheets } = await exportViaTask(mgr, {});
    expect(sheets[0]!.slice(1).map((r) => r[0])).toEqual(mgrList.records.map((r) => r.username));

    const sales = await signIn(t.app, DEMO.sales01);
    const own = await listAll(sales);
    expect(own.records.map((r) => r.username)).toEqual(['sales01']);
    const small = await exportCall(sales, {});
    const [sheet] = await xlsxSheets(Buffer.from(await small.arrayBuffer()));
    expect(sheet!.slice(1).map((r) => r[0])).toEqual(['sales01']);
  });

  it('marks a task whose job fails as failed, with the reason', async () => {
    const created = await createExportTask(t.p, {
      userId: 1,
      sourceKey: 'test.broken',
      query: {},
      format: 'xlsx',
      locale: 'en',
      totalNum: 1,
      name: 'broken.xlsx',
    });
    const failed = await poll(
      () => task(created.id),
      (x) => x.state === 'failed',
    );
    expect(failed.state).toBe('failed');
    expect(failed.reason).toMatch(/^Export failed: .*no_such_column/);
    expect(failed.fileId).toBeNull();
    expect(fs.readdirSync(path.join(dataDir, 'tmp')).filter((f) => f.startsWith('export-'))).toEqual([]);
  });

  it('recovers a task a dead process left running: queued again and finished', async () => {
    const [stuck] = await t.p.db
      .insert(exportTasks)
      .values({
        userId: 1,
        source: 'system.users',
        name: 'stuck.xlsx',
        format: 'xlsx',
        query: { page: 1, size: 20 },
        locale: 'en',
        state: 'running',
        totalNum: 10,
        rowsWritten: 3,
        worker: 'dead-host:1',
        heartbeatAt: new Date(Date.now() - 10 * 60_000),
        startedAt: new Date(Date.now() - 11 * 60_000),
      })
      .returning();
    if (onPostgres) {
      // a second server process starting on the same database finds it
      const second = await startTestApp({
        databaseUrl: t.databaseUrl,
        seed: false,
        jobs: true,
        env: { DATA_DIR: dataDir },
      });
      await second.close();
    } else {
      // PGlite has one process: what the app start runs
      expect(await recoverExportTasks(t.p, { atStart: true })).toBe(1);
    }
    const done = await poll(
      () => task(stuck!.id),
      (x) => x.state === 'done',
    );
    expect(done.state).toBe('done');
    expect(done.attempt).toBe(2);
    expect(done.rowsWritten).toBeGreaterThan(0);
  });

  it('fails a task interrupted too often instead of leaving it running', async () => {
    const [stuck] = await t.p.db
      .insert(exportTasks)
      .values({
        userId: 1,
        source: 'system.users',
        name: 'again.xlsx',
        format: 'xlsx',
        query: {},
        locale: 'zh-CN',
        state: 'running',
        attempt: 3,
        heartbeatAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    await recoverExportTasks(t.p);
    const after = await task(stuck!.id);
    expect(after.state).toBe('failed');
    expect(after.reason).toContain('导出失败');
  });
});

describe('export writer', () => {
  it('starts a new sheet after the sheet row limit, each with the header', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c) => chunks.push(c));
    async function* rows() {
      for (let i = 1; i <= 7; i++) yield [`r${i}`, i];
    }
    const n = await writeRows(rows(), out, { format: 'xlsx', headers: ['name', 'n'], sheetRows: 3 });
    expect(n).toBe(7);
    const sheets = await xlsxSheets(Buffer.concat(chunks));
    expect(sheets.map((s) => s.map((r) => r[0]))).toEqual([
      ['name', 'r1', 'r2', 'r3'],
      ['name', 'r4', 'r5', 'r6'],
      ['name', 'r7'],
    ]);
  });

  it('quotes CSV cells and defuses formulas', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (c) => {
      text += c;
    });
    async function* rows() {
      yield ['a,b', 'say "hi"', '=1+1', null, 3];
    }
    await writeRows(rows(), out, { format: 'csv', headers: ['x'] });
    expect(text).toBe('\ufeffx\r\n"a,b","say ""hi""",\'=1+1,,3\r\n');
  });

  it('estimates 3 minutes per million rows, at least 3', () => {
    expect(exportEstimateMinutes(10)).toBe(3);
    expect(exportEstimateMinutes(999_999)).toBe(3);
    expect(exportEstimateMinutes(2_500_000)).toBe(8);
  });
});
