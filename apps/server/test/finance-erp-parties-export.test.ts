import { Errors } from '@portal/contracts';
import { erpPartyApi } from '@portal/contracts/finance';
import { resourcePath } from '@portal/contracts/resource';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpPartiesExports } from '../src/modules/finance/erp/parties-export.js';
import { erpMappings } from '../src/modules/finance/erp/resources.js';
import { staffUsers } from '../src/platform/access/schema.js';
import { rowsOf } from '../src/platform/db/index.js';
import { streamRows } from '../src/platform/exports/reader.js';
import { exportTasks } from '../src/platform/exports/schema.js';
import { bearer, DEMO, poll, signIn, startTestApp, type TestApp, type Tokens, xlsxSheets } from './harness.js';
import { testAccount } from './support/finance-fixture.js';
import { keyedPost } from './support/signed-in.js';
import { testSupplier } from './support/supplier-fixture.js';

// biome-ignore lint/suspicious/noExplicitAny: answers read field by field
type Answer = { code: number; msg: string; data: any };

/**
 * The basic-data lists' export (decision 0140): the list's filters, data scope and columns; small
 * answers are the file, larger ones a download-center task; bad input and callers without the key change nothing.
 */
let t: TestApp;
let fin: Tokens;
let sales: Tokens;
let adminId: number;
let adminName: string;
const codes: string[] = [];
const SUP = erpPartyApi('supplier');
const prevSync = process.env.EXPORT_SYNC_MAX_ROWS;

const list = (tok: Tokens, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(tok) }).then((r) => r.json() as Answer);
const exportCall = (tok: Tokens, url: string, payload: object, locale = 'en') =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(tok), 'accept-language': locale }, payload });
/** a CSV answer's rows, the header first */
const csvRows = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => line.split(','));
const taskCount = async () => (await t.p.db.select({ n: sql<number>`count(*)::int` }).from(exportTasks))[0]!.n;

beforeAll(async () => {
  // more than three rows go to the download center
  process.env.EXPORT_SYNC_MAX_ROWS = '3';
  t = await startTestApp({ jobs: true, env: { LOGIN_RATE_PER_IP: '1000' } });
  [fin, sales] = await Promise.all([signIn(t.app, DEMO.finance01), signIn(t.app, DEMO.sales01)]);
  const [admin] = await t.p.db
    .select({ id: staffUsers.id, name: staffUsers.name, nameEn: staffUsers.nameEn })
    .from(staffUsers)
    .where(eq(staffUsers.username, 'admin'));
  adminId = admin!.id;
  adminName = admin!.nameEn || admin!.name;
  for (let i = 0; i < 4; i++) {
    const s = await testSupplier(t.p.db, { prefix: 'XPE', ownerId: adminId });
    const [row] = await t.p.db
      .execute(sql`select code from srm_suppliers where id = ${s.id}`)
      .then((r) => rowsOf<{ code: string }>(r));
    codes.push(row!.code);
  }
  const saved = await keyedPost<Answer>(t, fin, resourcePath(erpMappings.def, 'save'), {
    kind: 'supplier',
    ourCode: codes[0],
    kingdeeCode: `KD.${codes[0]}`,
    kingdeeName: 'Kingdee carrier',
  });
  expect(saved.code, JSON.stringify(saved)).toBe(0);
}, 240_000);
afterAll(async () => {
  if (prevSync === undefined) delete process.env.EXPORT_SYNC_MAX_ROWS;
  else process.env.EXPORT_SYNC_MAX_ROWS = prevSync;
  await t?.close();
});

describe('the ERP basic-data export', () => {
  it('exports the list’s rows and columns under its filters, in the caller’s language', async () => {
    const page = await list(fin, `${SUP}?keyword=SXPE&mapped=no`);
    expect(page.data.total).toBe(3);
    const res = await exportCall(fin, `${SUP}/export`, { keyword: 'SXPE', mapped: 'no', format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-export-rows']).toBe('3');
    const rows = csvRows(res.body);
    expect(rows[0]).toEqual(['Code', 'Name', 'Country', 'Owner', 'Kingdee code', 'Kingdee name']);
    expect(rows.slice(1)).toEqual(
      page.data.records.map((r: { code: string; name: string; country: string }) => [
        r.code,
        r.name,
        r.country,
        adminName,
        '',
        '',
      ]),
    );
    const mapped = await exportCall(fin, `${SUP}/export`, { keyword: 'SXPE', mapped: 'yes' }, 'zh-CN');
    expect(mapped.statusCode).toBe(200);
    const [sheet] = await xlsxSheets(mapped.rawPayload);
    expect(sheet![0]).toEqual(['编号', '名称', '国家/地区', '负责人', '金蝶编码', '金蝶名称']);
    expect(sheet!.slice(1)).toEqual([
      [codes[0], expect.any(String), 'SG', expect.any(String), `KD.${codes[0]}`, 'Kingdee carrier'],
    ]);
  });

  it('customers too: the list’s keyword, through CRM’s port', async () => {
    const accountId = await testAccount(t.p.db, adminId, {
      customer: 'XPEC',
      name: 'Export check customer',
      alias: 'xpec',
      account: 'XPECA',
    });
    const [c] = await t.p.db
      .execute(
        sql`select c.code from crm_customers c join fin_accounts a on a.customer_id = c.id where a.id = ${accountId}`,
      )
      .then((r) => rowsOf<{ code: string }>(r));
    const res = await exportCall(fin, `${erpPartyApi('customer')}/export`, { keyword: c!.code, format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(csvRows(res.body).slice(1)).toEqual([
      [c!.code, expect.stringMatching(/^Export check customer \d+$/), 'SG', adminName, '', ''],
    ]);
  });

  it('more rows than answered at once: a download-center task with the same rows', async () => {
    const before = await taskCount();
    const res = await exportCall(fin, `${SUP}/export`, { keyword: 'SXPE' });
    const accepted = res.json() as Answer;
    expect(accepted, res.body).toMatchObject({ code: 0, data: { syncFlag: true, totalNum: 4 } });
    expect(await taskCount()).toBe(before + 1);
    // the queued task runs on the job queue, as it does for a user
    const task = await poll(
      async () => (await t.p.db.select().from(exportTasks).where(eq(exportTasks.id, accepted.data.taskId)))[0],
      (x) => x?.state === 'done' || x?.state === 'failed',
      120_000,
    );
    expect(task).toMatchObject({ state: 'done', rowsWritten: 4 });
    const link = await t.app.inject({
      method: 'GET',
      url: `/v2/download/downloadCenter/api/task/${task!.id}/url`,
      headers: bearer(fin),
    });
    const file = await t.app.inject({ method: 'GET', url: link.json().data.url });
    expect(file.statusCode).toBe(200);
    const [sheet] = await xlsxSheets(file.rawPayload);
    expect(sheet!.slice(1).map((r) => r[0])).toEqual([...codes].reverse());
  });

  it('keeps the data scope: an own-scope reader counts and exports only its records', async () => {
    const other = await testSupplier(t.p.db, { prefix: 'XPE' });
    const own = {
      userId: adminId,
      username: 'admin',
      sessionId: 'x',
      perms: new Set<string>(),
      scope: { kind: 'own' as const, departmentIds: [] },
    };
    const src = erpPartiesExports.supplier;
    const q = src.query.parse({ keyword: 'SXPE' });
    expect(await src.count(t.p.db, own, q)).toBe(4);
    const rows: unknown[][] = [];
    for await (const r of streamRows(t.p.database, src.select(t.p.db, own, q, 'en'))) rows.push(r);
    expect(rows.map((r) => r[0])).toEqual([...codes].reverse());
    const all = { ...own, scope: { kind: 'all' as const, departmentIds: [] } };
    expect(await src.count(t.p.db, all, q)).toBe(5);
    expect(other.id).toBeGreaterThan(0);
  });

  it('refuses bad filters and callers without the screen key, and starts nothing', async () => {
    const before = await taskCount();
    for (const body of [{ mapped: 'maybe' }, { keyword: 'x'.repeat(65) }, { format: 'pdf' }, { size: 0 }]) {
      const res = await exportCall(fin, `${SUP}/export`, body);
      expect(res.json().code, JSON.stringify(body)).toBe(Errors.VALIDATION_FAILED.code);
    }
    expect((await exportCall(sales, `${SUP}/export`, {})).json().code).toBe(Errors.NO_PERMISSION.code);
    expect((await exportCall(sales, `${erpPartyApi('customer')}/export`, {})).json().code).toBe(
      Errors.NO_PERMISSION.code,
    );
    expect(await taskCount()).toBe(before);
  });
});
